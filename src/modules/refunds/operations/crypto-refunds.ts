// §10.8 / §9.3 cryptoRefunds: a customer's refunds, newest first.
import { list } from '../../../core/list.js';
import { createdRange, exact, values } from '../../../core/list-filters.js';
import { underCustomer } from '../../customers/index.js';
import { listRefunds } from '../repository.js';

export default list('cryptoRefunds', {
  session: { customer: 'customerId' }, // §17.2
  rest: { method: 'GET', path: '/partner/v1/customers/:customerId/crypto/refunds' },
  scope: underCustomer,
  // The values themselves are the enum's: GraphQL (and REST through it) refuses others at /statuses.
  filters: { statuses: values(), depositId: exact(), collectionPaymentId: exact(), ...createdRange },
  sort: ['string', 'string'],
  fetch: ({ db, args, after, filters: f, limit }) =>
    listRefunds(db, args.customerId, { ...f, before: after, from: f.createdFrom, until: f.createdBefore, limit }),
  cursor: (r) => [r.createdAt, r.refundId],
});
