// §10.1 ledger: the documented example requests, run in the walk behind docs/api/operations.md
// (src/core/example.ts) and the source of the cross-cutting suites' requests.
import type { Example } from '../../core/example.js';

export default [
  { at: 600, op: 'customerBalances', args: (_s, w) => ({ customerId: w.ids.customerId }) },
  {
    at: 610,
    op: 'customerTransactions',
    args: (_s, w) => ({ customerId: w.ids.customerId, first: 1 }),
    keep: (_s, r, w) => void (w.ids.transactionId ??= (r.items as { transactionId: string }[])[0]!.transactionId),
  },
  { at: 620, op: 'transaction', args: (_s, w) => ({ transactionId: w.ids.transactionId }) },
] satisfies Example[];
