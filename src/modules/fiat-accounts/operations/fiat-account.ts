// §14.2 fiatAccount: unknown → null (REST GET: 404 NOT_FOUND), another partner's → FORBIDDEN.
import { query } from '../../../core/operation.js';
import { fiatAccountView, ownFiatAccountOrNull } from '../rules.js';

export default query('fiatAccount', {
  session: { owner: (r) => r.customerId }, // §17.2
  rest: { method: 'GET', path: '/partner/v1/fiat/accounts/:fiatAccountId', notFound: 'NOT_FOUND' },
  run: async (ctx, { fiatAccountId }) => {
    const row = await ownFiatAccountOrNull(ctx, fiatAccountId);
    return row && fiatAccountView(row);
  },
});
