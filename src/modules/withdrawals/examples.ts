// §10.5–§10.6 withdrawals: the documented example requests, run in the walk behind docs/api/operations.md
// (src/core/example.ts) and the source of the cross-cutting suites' requests.
import type { Example } from '../../core/example.js';

export default [
  {
    at: 400,
    op: 'createCryptoWithdrawalQuote',
    args: (_s, w) => ({ customerId: w.ids.customerId, input: { routeCode: w.routeCode, amountMinor: '100000000', currency: 'USDT', currencyScale: 6 } }),
    keep: (s, r, w) => w.keep(s, 'quoteId', r.quoteId),
  },
  {
    at: 410,
    op: 'createCryptoWithdrawalApprovalDraft',
    args: (s, w) => ({
      customerId: w.ids.customerId,
      input: w.authorized('CRYPTO_WITHDRAWAL_CREATE', w.ids.customerId!, {
        routeCode: w.routeCode, walletBeneficiaryId: w.ids.walletBeneficiaryId, amountMinor: '100000000', currency: 'USDT', currencyScale: 6,
        quoteId: w.per(s, 'quoteId'), clientReference: `payout-${s}`, purposeOfPayment: 1,
      }),
    }),
    keep: (s, r, w) => w.keep(s, 'withdrawalId', r.withdrawalId),
  },
  {
    at: 420,
    op: 'submitCryptoWithdrawal',
    args: (s, w) => ({ withdrawalId: w.per(s, 'withdrawalId'), input: w.authorized('CRYPTO_WITHDRAWAL_SUBMIT', w.per(s, 'withdrawalId'), {}) }),
  },
  { at: 430, op: 'cryptoWithdrawal', args: (_s, w) => ({ withdrawalId: w.ids.withdrawalId }) },
  { at: 440, op: 'cryptoWithdrawals', args: (_s, w) => ({ customerId: w.ids.customerId, first: 1 }) },
] satisfies Example[];
