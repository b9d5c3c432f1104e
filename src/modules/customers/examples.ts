// §4.1 customers: the documented example requests, run in the walk behind docs/api/operations.md
// (src/core/example.ts) and the source of the cross-cutting suites' requests.
import type { Example } from '../../core/example.js';

export default [
  {
    at: 100,
    op: 'createCustomer',
    args: () => ({ input: { externalRef: 'crm-4711', type: 'INDIVIDUAL', displayName: 'Ada Lovelace' } }),
    keep: (s, r, w) => w.keep(s, 'customerId', r.customerId),
  },
  { at: 110, op: 'customer', args: (_s, w) => ({ customerId: w.ids.customerId }) },
] satisfies Example[];
