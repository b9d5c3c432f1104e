// §13.3 conversionQuotes: a customer's conversion quotes, newest first; EXPIRED is computed at the
// request's clock, so the statuses filter splits stored OPEN quotes by expiresAt.
import { list } from '../../../core/list.js';
import { text, values } from '../../../core/list-filters.js';
import { underCustomer } from '../../customers/index.js';
import { listConversionQuotes } from '../repository.js';
import { quoteView } from '../rules.js';

export default list('conversionQuotes', {
  session: { customer: 'customerId' }, // §17.2
  rest: { method: 'GET', path: '/partner/v1/customers/:customerId/conversion-quotes' },
  scope: underCustomer,
  filters: { sourceCurrency: text(16), targetCurrency: text(16), statuses: values() },
  sort: ['string', 'string'],
  fetch: ({ db, ctx, args, after, filters: f, limit }) =>
    listConversionQuotes(db, args.customerId, { ...f, before: after, now: ctx.now.toISOString(), limit }),
  cursor: (r) => [r.createdAt, r.quoteId],
  view: (rows, { ctx }) => rows.map((r) => quoteView(r, ctx.now)),
});
