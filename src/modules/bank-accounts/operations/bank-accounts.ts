// §14.2 / §9.3 bankAccounts: a customer's bank accounts, newest first.
import { list } from '../../../core/list.js';
import { text, values } from '../../../core/list-filters.js';
import { underCustomer } from '../../customers/index.js';
import { listBankAccounts } from '../repository.js';
import { bankAccountView } from '../rules.js';

export default list('bankAccounts', {
  session: { customer: 'customerId' }, // §17.2
  rest: { method: 'GET', path: '/partner/v1/customers/:customerId/fiat/bank-accounts' },
  scope: underCustomer,
  filters: { statuses: values(), currency: text(16) },
  sort: ['string', 'string'],
  fetch: ({ db, args, after, filters: f, limit }) => listBankAccounts(db, args.customerId, { ...f, before: after, limit }),
  cursor: (r) => [r.createdAt, r.bankAccountId],
  view: (rows) => rows.map(bankAccountView),
});
