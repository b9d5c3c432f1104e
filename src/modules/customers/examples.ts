// §4.1 customers: the documented example requests, run in the walk behind docs/api/operations.md
// (src/core/example.ts) and the source of the cross-cutting suites' requests.
import type { Example } from '../../core/example.js';

export default [
  {
    at: 100,
    op: 'createCustomer',
    // One customer per surface: externalRef is unique per partner.
    args: (s) => ({ input: { externalRef: s === 'graphql' ? 'crm-4711' : 'crm-4712', type: 'INDIVIDUAL', displayName: 'Ada Lovelace' } }),
    keep: (s, r, w) => w.keep(s, 'customerId', r.customerId),
  },
  { at: 110, op: 'customer', args: (s, w) => ({ customerId: w.per(s, 'customerId') }) },
  {
    // After the files (120–123): the identity check names the LINK file.
    at: 130,
    op: 'submitCustomerVerificationEvidence',
    // Its review waits for the worker: an operator decides instead, so the customers may convert (§12.4).
    verifies: (w) => [w.per('graphql', 'customerId'), w.per('rest', 'customerId')].filter(Boolean),
    args: (s, w) => {
      const now = new Date().toISOString();
      return {
        customerId: w.per(s, 'customerId'),
        input: {
          subject: { legalName: 'Ada Lovelace', country: 'GB', dateOfBirth: '1985-12-10' },
          checks: [
            { type: 'IDENTITY_DOCUMENT', result: 'PASSED', completedAt: now, providerName: 'IDV Inc.', providerReference: 'idv-7f3a', fileIds: [w.per(s, 'linkedFileId')] },
            { type: 'SANCTIONS_SCREENING', result: 'PASSED', completedAt: now },
            { type: 'PEP_SCREENING', result: 'PASSED', completedAt: now },
          ],
          attestedAt: now,
          attestedByPartnerUserRef: 'compliance-officer-12',
          attestedByPartnerPolicyRef: 'kyc-policy-v3',
        },
      };
    },
  },
] satisfies Example[];
