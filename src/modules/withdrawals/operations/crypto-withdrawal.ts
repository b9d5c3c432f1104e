// §4 / §9.4 cryptoWithdrawal: unknown → null (REST GET: 404 NOT_FOUND), another partner's → FORBIDDEN.
import { ownOrNull } from '../../../core/ownership.js';
import { query } from '../../../core/operation.js';
import { findWithdrawal } from '../repository.js';
import { CRYPTO_WITHDRAWAL_REST_FIELDS } from '../rules.js';

export default query('cryptoWithdrawal', {
  session: { owner: (r) => r.customerId }, // §17.2
  rest: { method: 'GET', path: '/partner/v1/crypto/withdrawals/:withdrawalId', fields: CRYPTO_WITHDRAWAL_REST_FIELDS, notFound: 'NOT_FOUND' },
  run: async (ctx, { withdrawalId }) => ownOrNull(ctx, await findWithdrawal(ctx.services.db, withdrawalId), 'withdrawal'),
});
