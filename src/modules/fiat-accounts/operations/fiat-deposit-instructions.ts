// §14.4 fiatDepositInstructions: id 400 → D (404 NOT_FOUND on REST, null on GraphQL; 403) → a SUSPENDED
// account → 409 INVALID_STATE.
import { query } from '../../../core/operation.js';
import { Problem } from '../../../core/problem.js';
import { depositInstructions, ownFiatAccountOrNull } from '../rules.js';

export default query('fiatDepositInstructions', {
  rest: { method: 'GET', path: '/partner/v1/fiat/accounts/:fiatAccountId/deposit-instructions', notFound: 'NOT_FOUND' },
  run: async (ctx, { fiatAccountId }) => {
    const account = await ownFiatAccountOrNull(ctx, fiatAccountId);
    if (!account) return null;
    if (account.status !== 'ACTIVE') throw new Problem('INVALID_STATE', `Fiat account ${fiatAccountId} is SUSPENDED: it takes no deposits.`);
    return depositInstructions(account);
  },
});
