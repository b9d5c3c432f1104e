// §10.9 / §9.3 cryptoWalletBeneficiaries: a customer's beneficiaries, newest first; REST items carry the
// interface document's fields (§9.4).
import { list } from '../../../core/list.js';
import { text, values } from '../../../core/list-filters.js';
import { BLOCKCHAINS } from '../../../core/validate.js';
import { underCustomer } from '../../customers/index.js';
import { listBeneficiaries } from '../repository.js';
import { BENEFICIARY_STATUSES, WALLET_BENEFICIARY_REST_FIELDS } from '../rules.js';

export default list('cryptoWalletBeneficiaries', {
  session: { customer: 'customerId' }, // §17.2
  rest: { method: 'GET', path: '/partner/v1/customers/:customerId/crypto/wallet-beneficiaries', fields: WALLET_BENEFICIARY_REST_FIELDS },
  scope: underCustomer,
  filters: { beneficiaryStatuses: values(BENEFICIARY_STATUSES), blockchain: text(16, BLOCKCHAINS) },
  sort: ['string', 'string'],
  fetch: ({ db, args, after, filters: f, limit }) =>
    listBeneficiaries(db, args.customerId, { before: after, statuses: f.beneficiaryStatuses, blockchain: f.blockchain, limit }),
  cursor: (r) => [r.createdAt, r.walletBeneficiaryId],
});
