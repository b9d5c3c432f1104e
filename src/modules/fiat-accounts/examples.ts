// §14.4 fiat accounts and §14.3's loop: the documented example requests, run in the walk behind
// docs/api/operations.md (src/core/example.ts) and the source of the cross-cutting suites' requests.
// Each surface's customer applies (EUR on GraphQL, USD on REST; the walk's partner has SEPA and ACH,
// tools/api-examples/provision.ts), is asked for the source of funds, answers, and is issued its account.
import type { Example } from '../../core/example.js';

export default [
  {
    at: 1100,
    op: 'fiatAccountCapabilities',
    args: (s, w) => ({ customerId: w.per(s, 'customerId') }),
    // The first review of each customer's application asks for information, so that 1130 answers it.
    asksInformation: (w) => [w.per('graphql', 'customerId'), w.per('rest', 'customerId')].filter(Boolean),
  },
  {
    at: 1110,
    op: 'createFiatAccountApplication',
    args: (s, w) => ({
      customerId: w.per(s, 'customerId'),
      input: {
        currency: s === 'graphql' ? 'EUR' : 'USD',
        accountHolderName: 'Ada Lovelace',
        expectedMonthlyVolumeMinor: '500000',
        sourceOfFunds: 'Salary',
        accountPurpose: 'Receiving customer payments',
      },
    }),
    keep: (s, r, w) => w.keep(s, 'fiatApplicationId', r.applicationId),
    // The review's two steps (IN_REVIEW, then the request for information).
    worker: 2,
  },
  { at: 1120, op: 'fiatAccountApplication', args: (s, w) => ({ applicationId: w.per(s, 'fiatApplicationId') }) },
  {
    at: 1130,
    op: 'submitFiatAccountApplicationAdditionalInformation',
    args: (s, w) => ({
      applicationId: w.per(s, 'fiatApplicationId'),
      input: { items: [{ key: 'SOURCE_OF_FUNDS', text: 'Salary from employment at Analytical Engines Ltd.' }] },
    }),
    // The review after an answer approves and issues the account (§14.3, §14.4).
    worker: true,
  },
  {
    at: 1140,
    op: 'fiatAccounts',
    args: (s, w) => ({ customerId: w.per(s, 'customerId'), first: 2 }),
    keep: (s, r, w) => w.keep(s, 'fiatAccountId', (r.items as { fiatAccountId: string }[])[0]?.fiatAccountId),
  },
  { at: 1150, op: 'fiatAccount', args: (s, w) => ({ fiatAccountId: w.per(s, 'fiatAccountId') }) },
  { at: 1160, op: 'fiatDepositInstructions', args: (s, w) => ({ fiatAccountId: w.per(s, 'fiatAccountId') }) },
] satisfies Example[];
