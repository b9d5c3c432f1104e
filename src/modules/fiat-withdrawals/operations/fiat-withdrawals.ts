// §14.2 fiatWithdrawals: a customer's fiat withdrawals, newest first (§9.3).
import { list } from '../../../core/list.js';
import { createdRange, exact, text, values } from '../../../core/list-filters.js';
import { enumValues } from '../../../graphql/generated/enums.js';
import { underCustomer } from '../../customers/index.js';
import { listFiatWithdrawals } from '../repository.js';
import { fiatWithdrawalView } from '../rules.js';

export default list('fiatWithdrawals', {
  session: { customer: 'customerId' }, // §17.2
  rest: { method: 'GET', path: '/partner/v1/customers/:customerId/fiat/withdrawals' },
  scope: underCustomer,
  filters: { statuses: values(enumValues.PartnerFiatWithdrawalStatus), rail: exact(), bankAccountId: exact(), clientReference: text(128), ...createdRange },
  sort: ['string', 'string'],
  fetch: ({ db, args, after, filters: f, limit }) =>
    listFiatWithdrawals(db, args.customerId, { ...f, before: after, from: f.createdFrom, until: f.createdBefore, limit }),
  cursor: (r) => [r.createdAt, r.fiatWithdrawalId],
  view: (rows, { db }) => Promise.all(rows.map((r) => fiatWithdrawalView(db, r))),
});
