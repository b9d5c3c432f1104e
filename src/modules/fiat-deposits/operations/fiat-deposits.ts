// §14.2 fiatDeposits: a customer's fiat deposits, newest first (createdAt, then fiatDepositId, descending; §9.3).
import { list } from '../../../core/list.js';
import { createdRange, exact, text, values } from '../../../core/list-filters.js';
import { underCustomer } from '../../customers/index.js';
import { listFiatDeposits } from '../repository.js';
import { FIAT_DEPOSIT_STATUSES, fiatDepositView } from '../rules.js';

export default list('fiatDeposits', {
  session: { customer: 'customerId' }, // §17.2
  rest: { method: 'GET', path: '/partner/v1/customers/:customerId/fiat/deposits' },
  scope: underCustomer,
  // `currency` as fiatAccounts' (text, 1–16): an unknown currency is an empty page.
  filters: { statuses: values(FIAT_DEPOSIT_STATUSES), currency: text(16), fiatAccountId: exact(), ...createdRange },
  sort: ['string', 'string'],
  fetch: ({ db, args, after, filters: f, limit }) =>
    listFiatDeposits(db, args.customerId, { ...f, before: after, from: f.createdFrom, until: f.createdBefore, limit }),
  cursor: (r) => [r.createdAt, r.fiatDepositId],
  view: (rows) => rows.map(fiatDepositView),
});
