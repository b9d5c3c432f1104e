// §14.6, §14.7 fiat withdrawals: the documented example requests, run in the walk behind
// docs/api/operations.md (src/core/example.ts) and the source of the cross-cutting suites' requests.
// The walk's first customer holds its EUR account and an ACTIVE SEPA capability by now
// (src/modules/fiat-accounts/examples.ts, src/modules/fiat-withdrawal-capabilities/examples.ts), its IBAN
// bank account (src/modules/bank-accounts/examples.ts) and EUR from the conversion (900s). Each surface
// withdraws 50.00 EUR to that IBAN; the walk's operator set that identifier's first review to ask for the
// purpose of the payment (tools/api-examples/provision.ts), so the answer is documented too.
import type { Example } from '../../core/example.js';

export default [
  {
    at: 1200,
    op: 'createFiatWithdrawalQuote',
    args: (_s, w) => ({
      customerId: w.ids.customerId,
      input: { rail: 'SEPA', bankAccountId: w.ids.bankAccountId, amountMinor: '5000', currency: 'EUR', currencyScale: 2 },
    }),
    keep: (s, r, w) => w.keep(s, 'fiatWithdrawalQuoteId', r.quoteId),
  },
  {
    at: 1210,
    op: 'createFiatWithdrawalApprovalDraft',
    args: (s, w) => ({
      customerId: w.ids.customerId,
      input: w.authorized('FIAT_WITHDRAWAL_CREATE', w.ids.customerId!, {
        rail: 'SEPA',
        bankAccountId: w.ids.bankAccountId,
        amountMinor: '5000',
        currency: 'EUR',
        currencyScale: 2,
        quoteId: w.per(s, 'fiatWithdrawalQuoteId'),
        paymentReference: 'Invoice 2026-117',
        clientReference: `fiat-withdrawal-${s}`,
        purposeOfPayment: 2,
      }),
    }),
    keep: (s, r, w) => w.keep(s, 'fiatWithdrawalId', r.fiatWithdrawalId),
  },
  {
    at: 1220,
    op: 'submitFiatWithdrawal',
    args: (s, w) => ({ fiatWithdrawalId: w.per(s, 'fiatWithdrawalId'), input: w.authorized('FIAT_WITHDRAWAL_SUBMIT', w.per(s, 'fiatWithdrawalId'), {}) }),
    // The review's two steps (COMPLIANCE_REVIEW, then the request for information).
    worker: 2,
  },
  { at: 1230, op: 'fiatWithdrawal', args: (s, w) => ({ fiatWithdrawalId: w.per(s, 'fiatWithdrawalId') }) },
  {
    at: 1240,
    op: 'submitFiatWithdrawalAdditionalInformation',
    args: (s, w) => ({
      fiatWithdrawalId: w.per(s, 'fiatWithdrawalId'),
      input: { items: [{ key: 'PAYMENT_PURPOSE_DETAIL', text: 'Payment of invoice 2026-117 for engine parts.' }] },
    }),
    // The review after an answer passes: SENT_TO_BANK, then COMPLETED (§14.7).
    worker: 2,
  },
  { at: 1250, op: 'fiatWithdrawals', args: (_s, w) => ({ customerId: w.ids.customerId, first: 2, rail: 'SEPA' }) },
] satisfies Example[];
