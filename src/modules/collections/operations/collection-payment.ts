// §15.6 collectionPayment: unknown → null (REST GET: 404 NOT_FOUND), another partner's → FORBIDDEN.
import { ownOrNull } from '../../../core/ownership.js';
import { query } from '../../../core/operation.js';
import { findPayment } from '../repository.js';
import { paymentView } from '../rules.js';

export default query('collectionPayment', {
  session: { owner: (r) => r.customerId }, // §17.2
  rest: { method: 'GET', path: '/partner/v1/crypto/collection-payments/:collectionPaymentId' },
  run: async (ctx, { collectionPaymentId }) => {
    const db = ctx.services.db;
    const p = ownOrNull(ctx, await findPayment(db, collectionPaymentId), 'collection payment');
    return p && paymentView(db, p);
  },
});
