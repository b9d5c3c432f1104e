// §13.3 conversions: a customer's conversions, newest first (§9.3).
import { list } from '../../../core/list.js';
import { createdRange, text } from '../../../core/list-filters.js';
import { underCustomer } from '../../customers/index.js';
import { listConversions } from '../repository.js';

export default list('conversions', {
  session: { customer: 'customerId' }, // §17.2
  rest: { method: 'GET', path: '/partner/v1/customers/:customerId/conversions' },
  scope: underCustomer,
  filters: { sourceCurrency: text(16), targetCurrency: text(16), clientReference: text(128), ...createdRange },
  sort: ['string', 'string'],
  fetch: ({ db, args, after, filters: f, limit }) =>
    listConversions(db, args.customerId, { ...f, before: after, from: f.createdFrom, until: f.createdBefore, limit }),
  cursor: (r) => [r.createdAt, r.conversionId],
});
