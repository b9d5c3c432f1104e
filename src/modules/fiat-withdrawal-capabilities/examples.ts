// §14.6 withdrawal capabilities and §14.3's loop: the documented example requests, run in the walk behind
// docs/api/operations.md (src/core/example.ts) and the source of the cross-cutting suites' requests.
// Each surface's customer holds its fiat account by now (src/modules/fiat-accounts/examples.ts: EUR on
// GraphQL, USD on REST) and activates that currency's rail (SEPA, ACH); the first review asks for the
// source of funds (the walk's operator set it at 1100), the answer follows, and the capability is ACTIVE.
import type { Example } from '../../core/example.js';

const railOf = (s: 'graphql' | 'rest') => (s === 'graphql' ? 'SEPA' : 'ACH');

export default [
  { at: 1161, op: 'fiatWithdrawalCapabilities', args: (s, w) => ({ customerId: w.per(s, 'customerId') }) },
  {
    at: 1163,
    op: 'activateFiatWithdrawalCapability',
    args: (s, w) => ({
      customerId: w.per(s, 'customerId'),
      rail: railOf(s),
      input: { expectedMonthlyVolumeMinor: '250000', withdrawalPurpose: 'Paying suppliers' },
    }),
    // The review, which asks for information.
    worker: 1,
  },
  {
    at: 1165,
    op: 'submitFiatWithdrawalCapabilityActivationAdditionalInformation',
    args: (s, w) => ({
      customerId: w.per(s, 'customerId'),
      rail: railOf(s),
      input: { items: [{ key: 'SOURCE_OF_FUNDS', text: 'Revenue from the sale of analytical engines.' }] },
    }),
    // The review after an answer activates the capability (§14.3, §14.6).
    worker: true,
  },
] satisfies Example[];
