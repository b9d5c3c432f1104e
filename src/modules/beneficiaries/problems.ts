// What the wallet beneficiary codes (§7) mean for a partner and what to do about them: the text of
// `/problems/<code>` and docs/problems.md. The codes and their statuses are in schema.graphql
// (`extend enum ProblemCode`); a code there without its guide here does not compile.
import type { ProblemGuides } from '../../core/problem-guide.js';

export const problemGuides: ProblemGuides<'beneficiaries'> = {
  WALLET_BENEFICIARY_NOT_FOUND: {
    when: 'The walletBeneficiaryId names no wallet beneficiary.',
    action: 'Create the beneficiary first (createCryptoWalletBeneficiary), or check the id.',
  },
  DUPLICATE_WALLET_BENEFICIARY: {
    when: 'The customer already has an active beneficiary with this wallet address on this blockchain.',
    action: 'Use the existing beneficiary.',
  },
  BENEFICIARY_NOT_ACTIVE: {
    when: 'The wallet beneficiary is not ACTIVE (BLOCKED: it failed screening).',
    action: 'Pay out to another beneficiary; syncCryptoWalletBeneficiary screens it again.',
  },
  BENEFICIARY_REMOVED: {
    when: 'The wallet beneficiary was removed.',
    action: 'Create the beneficiary again or pay out to another one.',
  },
};
