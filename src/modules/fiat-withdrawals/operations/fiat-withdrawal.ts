// §14.2 fiatWithdrawal: unknown → null (REST GET: 404 NOT_FOUND), another partner's → FORBIDDEN.
import { query } from '../../../core/operation.js';
import { ownFiatWithdrawalOrNull } from '../rules.js';

export default query('fiatWithdrawal', {
  session: { owner: (r) => r.customerId }, // §17.2
  rest: { method: 'GET', path: '/partner/v1/fiat/withdrawals/:fiatWithdrawalId', notFound: 'NOT_FOUND' },
  run: (ctx, { fiatWithdrawalId }) => ownFiatWithdrawalOrNull(ctx, fiatWithdrawalId),
});
