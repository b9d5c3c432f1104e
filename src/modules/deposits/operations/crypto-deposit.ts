// §4 / §9.4 cryptoDeposit: unknown → null (REST GET: 404 NOT_FOUND), another partner's → FORBIDDEN.
import { ownOrNull } from '../../../core/ownership.js';
import { query } from '../../../core/operation.js';
import { findDeposit } from '../repository.js';
import { depositView } from '../rules.js';

export default query('cryptoDeposit', {
  session: { owner: (r) => r.customerId }, // §17.2
  rest: { method: 'GET', path: '/partner/v1/crypto/deposits/:depositId', notFound: 'NOT_FOUND' },
  run: async (ctx, { depositId }) => {
    const row = ownOrNull(ctx, await findDeposit(ctx.services.db, depositId), 'deposit');
    return row && depositView(ctx.services.db, row);
  },
});
