// §4 / §9.4 cryptoRefund: unknown → null (REST GET: 404 NOT_FOUND), another partner's → FORBIDDEN.
import { ownOrNull } from '../../../core/ownership.js';
import { query } from '../../../core/operation.js';
import { findRefund } from '../repository.js';

export default query('cryptoRefund', {
  session: { owner: (r) => r.customerId }, // §17.2
  rest: { method: 'GET', path: '/partner/v1/crypto/refunds/:refundId', notFound: 'NOT_FOUND' },
  run: async (ctx, { refundId }) => ownOrNull(ctx, await findRefund(ctx.services.db, refundId), 'refund'),
});
