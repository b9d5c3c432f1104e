// §10.1 / §9.3 customerTransactions: newest first.
import { list } from '../../../core/list.js';
import { createdRange, exact, text, values } from '../../../core/list-filters.js';
import { underCustomer } from '../../../core/customer-ownership.js';
import { listLedgerTransactions } from '../repository.js';
import { transactionView } from '../rules.js';

export default list('customerTransactions', {
  session: { customer: 'customerId' }, // §17.2
  rest: { method: 'GET', path: '/partner/v1/customers/:customerId/transactions' },
  scope: underCustomer,
  filters: { types: values(), currency: text(16), resourceType: exact(), resourceId: exact(), ...createdRange },
  sort: ['string', 'number'],
  fetch: ({ db, args, after, filters: f, limit }) =>
    listLedgerTransactions(db, args.customerId, { ...f, before: after, from: f.createdFrom, until: f.createdBefore, limit }),
  cursor: (r) => [r.createdAt, r.postingPosition],
  view: (rows) => rows.map(transactionView),
});
