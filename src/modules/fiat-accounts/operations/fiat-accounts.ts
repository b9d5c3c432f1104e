// §14.2 fiatAccounts: a customer's fiat accounts, newest first (§9.3).
import { list } from '../../../core/list.js';
import { text, values } from '../../../core/list-filters.js';
import { enumValues } from '../../../graphql/generated/enums.js';
import { underCustomer } from '../../customers/index.js';
import { listFiatAccounts } from '../repository.js';
import { fiatAccountView } from '../rules.js';

export default list('fiatAccounts', {
  session: { customer: 'customerId' }, // §17.2
  rest: { method: 'GET', path: '/partner/v1/customers/:customerId/fiat/accounts' },
  scope: underCustomer,
  filters: { currency: text(16), statuses: values(enumValues.PartnerFiatAccountStatus) },
  sort: ['string', 'string'],
  fetch: ({ db, args, after, filters: f, limit }) => listFiatAccounts(db, args.customerId, { ...f, before: after, limit }),
  cursor: (r) => [r.createdAt, r.fiatAccountId],
  view: (rows) => rows.map(fiatAccountView),
});
