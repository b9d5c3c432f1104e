// §15.6 / §9.3 collectionPayments: a customer's collection payments, newest first.
import { list } from '../../../core/list.js';
import { createdRange, exact, values } from '../../../core/list-filters.js';
import { underCustomer } from '../../customers/index.js';
import { listPayments } from '../repository.js';
import { paymentView } from '../rules.js';

export default list('collectionPayments', {
  session: { customer: 'customerId' }, // §17.2
  rest: { method: 'GET', path: '/partner/v1/customers/:customerId/crypto/collection-payments' },
  scope: underCustomer,
  filters: { statuses: values(), targetType: exact(), checkoutId: exact(), collectionWalletId: exact(), buyerId: exact(), ...createdRange },
  sort: ['string', 'string'],
  fetch: ({ db, args, after, filters: f, limit }) =>
    listPayments(db, args.customerId, { ...f, before: after, from: f.createdFrom, until: f.createdBefore, limit }),
  cursor: (r) => [r.createdAt, r.collectionPaymentId],
  view: (rows, { db }) => Promise.all(rows.map((r) => paymentView(db, r))),
});
