// §15.5 / §9.3 collectionBuyers: a customer's buyers, newest first.
import { list } from '../../../core/list.js';
import { text, values } from '../../../core/list-filters.js';
import { underCustomer } from '../../customers/index.js';
import { listBuyers } from '../repository.js';
import { buyerView } from '../rules.js';

export default list('collectionBuyers', {
  session: { customer: 'customerId' }, // §17.2
  rest: { method: 'GET', path: '/partner/v1/customers/:customerId/crypto/collection-buyers' },
  scope: underCustomer,
  filters: { statuses: values(), externalRef: text(128) },
  sort: ['string', 'string'],
  fetch: ({ db, args, after, filters: f, limit }) => listBuyers(db, args.customerId, { ...f, before: after, limit }),
  cursor: (r) => [r.createdAt, r.buyerId],
  view: (rows) => rows.map(buyerView),
});
