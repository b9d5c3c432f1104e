// §10.1 / §9.3 customerBalances: currency ascending.
import { list } from '../../../core/list.js';
import { text } from '../../../core/list-filters.js';
import { underCustomer } from '../../../core/customer-ownership.js';
import { listBalances } from '../repository.js';
import { balanceView } from '../rules.js';

export default list('customerBalances', {
  session: { customer: 'customerId' }, // §17.2
  rest: { method: 'GET', path: '/partner/v1/customers/:customerId/balances' },
  scope: underCustomer,
  filters: { currency: text(16) },
  sort: ['string'],
  fetch: ({ db, args, after, filters: f, limit }) => listBalances(db, args.customerId, { ...f, afterCurrency: after?.[0], limit }),
  cursor: (r) => [r.currency],
  view: (rows) => rows.map(balanceView),
});
