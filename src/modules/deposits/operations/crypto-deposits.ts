// §9.3 / §9.5 cryptoDeposits: a customer's deposits, newest first (createdAt, then depositId, descending).
import { list } from '../../../core/list.js';
import { createdRange, text, values } from '../../../core/list-filters.js';
import { underCustomer } from '../../customers/index.js';
import { listDeposits } from '../repository.js';
import { DEPOSIT_STATUSES, depositView } from '../rules.js';

export default list('cryptoDeposits', {
  session: { customer: 'customerId' }, // §17.2
  rest: { method: 'GET', path: '/partner/v1/customers/:customerId/crypto/deposits' },
  scope: underCustomer,
  filters: { statuses: values(DEPOSIT_STATUSES), routeCode: text(64), ...createdRange },
  sort: ['string', 'string'],
  fetch: ({ db, args, after, filters: f, limit }) =>
    listDeposits(db, args.customerId, { ...f, before: after, from: f.createdFrom, until: f.createdBefore, limit }),
  cursor: (r) => [r.createdAt, r.depositId],
  view: (rows, { db }) => Promise.all(rows.map((r) => depositView(db, r))),
});
