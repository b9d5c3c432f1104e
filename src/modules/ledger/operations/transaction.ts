// §10.1 transaction: unknown → null (REST GET: 404 NOT_FOUND), another partner's → FORBIDDEN.
import { ownOrNull } from '../../../core/ownership.js';
import { query } from '../../../core/operation.js';
import { findLedgerTransaction } from '../repository.js';
import { transactionView } from '../rules.js';

export default query('transaction', {
  session: { owner: (r) => r.customerId }, // §17.2
  rest: { method: 'GET', path: '/partner/v1/transactions/:transactionId', notFound: 'NOT_FOUND' },
  run: async (ctx, { transactionId }) => {
    const row = ownOrNull(ctx, await findLedgerTransaction(ctx.services.db, transactionId), 'transaction');
    return row && transactionView(row);
  },
});
