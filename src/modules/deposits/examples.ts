// §10.3–§10.4 deposits: the documented example requests, run in the walk behind docs/api/operations.md
// (src/core/example.ts) and the source of the cross-cutting suites' requests.
import type { Example } from '../../core/example.js';

const FROM = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

export default [
  { at: 200, op: 'cryptoDepositWallets', args: (_s, w) => ({ customerId: w.ids.customerId, first: 2 }) },
  {
    at: 210,
    op: 'simulateCryptoDeposit',
    args: (_s, w) => ({ customerId: w.ids.customerId, input: { routeCode: w.routeCode, amountMinor: '250000000', fromAddress: FROM } }),
    keep: (s, r, w) => w.keep(s, 'depositId', r.depositId),
  },
  // Above the route's Travel Rule threshold: held until its information arrives, one per surface.
  {
    at: 220,
    op: 'simulateCryptoDeposit',
    args: (_s, w) => ({ customerId: w.ids.customerId, input: { routeCode: w.routeCode, amountMinor: '2000000000', fromAddress: FROM } }),
    keep: (s, r, w) => w.keep(s, 'heldDeposit', r.depositId),
  },
  {
    at: 240,
    op: 'submitCryptoDepositTravelRuleInformation',
    args: (s, w) => ({
      depositId: w.per(s, 'heldDeposit'),
      input: { originator: { name: 'Ada Lovelace', type: 'INDIVIDUAL', country: 'GB', walletType: 'PRIVATE_WALLET' } },
    }),
  },
  { at: 250, op: 'cryptoDeposit', args: (_s, w) => ({ depositId: w.ids.depositId }) },
  { at: 260, op: 'cryptoDeposits', args: (_s, w) => ({ customerId: w.ids.customerId, first: 1 }) },
] satisfies Example[];
