// §4.3, §10.9 wallet beneficiaries: the documented example requests, run in the walk behind
// docs/api/operations.md (src/core/example.ts) and the source of the cross-cutting suites' requests.
import type { Example } from '../../core/example.js';

/** One wallet per surface: a customer registers an address once. */
const WALLETS = { graphql: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', rest: '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB' };

export default [
  {
    at: 300,
    op: 'createCryptoWalletBeneficiary',
    args: (s, w) => ({
      customerId: w.ids.customerId,
      input: {
        routeCode: w.routeCode, label: s === 'graphql' ? 'Cold wallet' : 'Exchange wallet', blockchain: 'ETH', walletAddress: WALLETS[s],
        isOwner: true, walletType: 'PRIVATE_WALLET', ownerType: 'INDIVIDUAL',
      },
    }),
    keep: (s, r, w) => w.keep(s, 'walletBeneficiaryId', r.walletBeneficiaryId),
  },
  { at: 310, op: 'cryptoWalletBeneficiary', args: (_s, w) => ({ walletBeneficiaryId: w.ids.walletBeneficiaryId }) },
  { at: 320, op: 'cryptoWalletBeneficiaries', args: (_s, w) => ({ customerId: w.ids.customerId, first: 1 }) },
  { at: 330, op: 'syncCryptoWalletBeneficiary', args: (_s, w) => ({ walletBeneficiaryId: w.ids.walletBeneficiaryId }) },
  // Last in the walk: a removed beneficiary takes no new withdrawals.
  { at: 10_000, op: 'removeCryptoWalletBeneficiary', args: (s, w) => ({ walletBeneficiaryId: w.per(s, 'walletBeneficiaryId') }) },
] satisfies Example[];
