// §15.1 / §9.3 cryptoCheckouts: a customer's checkouts, newest first.
import { list } from '../../../core/list.js';
import { createdRange, exact, text, values } from '../../../core/list-filters.js';
import { underCustomer } from '../../customers/index.js';
import { listCheckouts } from '../repository.js';
import { checkoutView } from '../rules.js';

export default list('cryptoCheckouts', {
  session: { customer: 'customerId' }, // §17.2
  rest: { method: 'GET', path: '/partner/v1/customers/:customerId/crypto/checkouts' },
  scope: underCustomer,
  filters: { statuses: values(), routeCode: text(64), merchantReference: text(128), buyerId: exact(), ...createdRange },
  sort: ['string', 'string'],
  fetch: ({ db, args, after, filters: f, limit }) =>
    listCheckouts(db, args.customerId, { ...f, before: after, from: f.createdFrom, until: f.createdBefore, limit }),
  cursor: (r) => [r.createdAt, r.checkoutId],
  view: (rows) => rows.map(checkoutView),
});
