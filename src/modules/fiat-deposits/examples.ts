// §14.8 fiat deposits: the documented example requests, run in the walk behind docs/api/operations.md
// (src/core/example.ts) and the source of the cross-cutting suites' requests. Each surface's customer is
// paid into the account it was issued at 1100–1160 (EUR on GraphQL by SEPA, USD on REST by ACH); a worker
// round credits it, so later steps read it COMPLETED and may spend the balance.
import type { Example } from '../../core/example.js';

export default [
  {
    at: 1192,
    op: 'simulateFiatDeposit',
    args: (s, w) => ({
      fiatAccountId: w.per(s, 'fiatAccountId'),
      input:
        s === 'graphql'
          ? { amountMinor: '250000', senderName: 'Charles Babbage', senderAccountIdentifier: 'GB82 WEST 1234 5698 7654 32', rail: 'SEPA', paymentReference: 'Invoice 2026-001' }
          : { amountMinor: '250000', senderName: 'Charles Babbage', senderAccountIdentifier: '011000015:40917356214', paymentReference: 'Invoice 2026-001' },
    }),
    keep: (s, r, w) => w.keep(s, 'fiatDepositId', r.fiatDepositId),
    // The step credits it (§14.8, §14.9).
    worker: true,
  },
  { at: 1194, op: 'fiatDeposit', args: (s, w) => ({ fiatDepositId: w.per(s, 'fiatDepositId') }) },
  { at: 1196, op: 'fiatDeposits', args: (s, w) => ({ customerId: w.per(s, 'customerId'), first: 2, statuses: ['COMPLETED'] }) },
] satisfies Example[];
