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
] satisfies Example[];
