// §14.2 fiatDeposit: unknown → null (REST GET: 404 NOT_FOUND, §9.4), another partner's → 403 FORBIDDEN.
import { ownOrNull } from '../../../core/ownership.js';
import { query } from '../../../core/operation.js';
import { findFiatDeposit } from '../repository.js';
import { fiatDepositView } from '../rules.js';

export default query('fiatDeposit', {
  session: { owner: (r) => r.customerId }, // §17.2
  rest: { method: 'GET', path: '/partner/v1/fiat/deposits/:fiatDepositId', notFound: 'NOT_FOUND' },
  run: async (ctx, { fiatDepositId }) => {
    const row = ownOrNull(ctx, await findFiatDeposit(ctx.services.db, fiatDepositId), 'fiat deposit');
    return row && fiatDepositView(row);
  },
});
