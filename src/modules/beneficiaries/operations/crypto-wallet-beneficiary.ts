// §4 / §9.4 cryptoWalletBeneficiary: unknown → null (REST GET: 404), another partner's → FORBIDDEN.
import { ownOrNull } from '../../../core/ownership.js';
import { query } from '../../../core/operation.js';
import { findBeneficiary } from '../repository.js';
import { WALLET_BENEFICIARY_REST_FIELDS } from '../rules.js';

export default query('cryptoWalletBeneficiary', {
  session: { owner: (r) => r.customerId }, // §17.2
  rest: {
    method: 'GET',
    path: '/partner/v1/crypto/wallet-beneficiaries/:walletBeneficiaryId',
    fields: WALLET_BENEFICIARY_REST_FIELDS,
    notFound: 'WALLET_BENEFICIARY_NOT_FOUND',
  },
  run: async (ctx, { walletBeneficiaryId }) =>
    ownOrNull(ctx, await findBeneficiary(ctx.services.db, walletBeneficiaryId), 'wallet beneficiary'),
});
