// §14.2 bankAccount: unknown → null (REST GET: 404 BANK_ACCOUNT_NOT_FOUND), another partner's → FORBIDDEN.
import { ownOrNull } from '../../../core/ownership.js';
import { query } from '../../../core/operation.js';
import { findBankAccount } from '../repository.js';
import { bankAccountView } from '../rules.js';

export default query('bankAccount', {
  session: { owner: (r) => r.customerId }, // §17.2
  rest: { method: 'GET', path: '/partner/v1/fiat/bank-accounts/:bankAccountId', notFound: 'BANK_ACCOUNT_NOT_FOUND' },
  run: async (ctx, { bankAccountId }) => {
    const b = ownOrNull(ctx, await findBankAccount(ctx.services.db, bankAccountId), 'bank account');
    return b && bankAccountView(b);
  },
});
