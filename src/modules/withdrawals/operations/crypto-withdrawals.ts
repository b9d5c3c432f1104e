// §9.3 / §9.5 cryptoWithdrawals: a customer's withdrawals, newest first; REST items render the
// interface document's fields (§9.4).
import { list } from '../../../core/list.js';
import { createdRange, exact, text, values } from '../../../core/list-filters.js';
import { underCustomer } from '../../customers/index.js';
import { listWithdrawals } from '../repository.js';
import { CRYPTO_WITHDRAWAL_REST_FIELDS, WITHDRAWAL_STATUSES } from '../rules.js';

export default list('cryptoWithdrawals', {
  session: { customer: 'customerId' }, // §17.2
  rest: { method: 'GET', path: '/partner/v1/customers/:customerId/crypto-withdrawals', fields: CRYPTO_WITHDRAWAL_REST_FIELDS },
  scope: underCustomer,
  filters: { statuses: values(WITHDRAWAL_STATUSES), routeCode: text(64), clientReference: text(128), walletBeneficiaryId: exact(), ...createdRange },
  sort: ['string', 'string'],
  fetch: ({ db, args, after, filters: f, limit }) =>
    listWithdrawals(db, args.customerId, { ...f, before: after, from: f.createdFrom, until: f.createdBefore, limit }),
  cursor: (r) => [r.createdAt, r.withdrawalId],
});
