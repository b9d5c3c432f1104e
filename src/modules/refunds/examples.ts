// §10.8 refunds: the documented example requests, run in the walk behind docs/api/operations.md
// (src/core/example.ts) and the source of the cross-cutting suites' requests.
import type { Example } from '../../core/example.js';

export default [
  {
    at: 500,
    op: 'createCryptoRefundApprovalDraft',
    args: (_s, w) => ({ depositId: w.ids.depositId, input: w.authorized('CRYPTO_REFUND_CREATE', w.ids.depositId!, { amountMinor: '5000000', reason: 'Sent by mistake' }) }),
    keep: (s, r, w) => w.keep(s, 'refundId', r.refundId),
  },
  { at: 510, op: 'submitCryptoRefund', args: (s, w) => ({ refundId: w.per(s, 'refundId'), input: w.authorized('CRYPTO_REFUND_SUBMIT', w.per(s, 'refundId'), {}) }) },
  { at: 520, op: 'confirmCryptoRefund', args: (s, w) => ({ refundId: w.per(s, 'refundId'), input: w.authorized('CRYPTO_REFUND_CONFIRM', w.per(s, 'refundId'), {}) }) },
  { at: 530, op: 'cryptoRefund', args: (_s, w) => ({ refundId: w.ids.refundId }) },
  { at: 540, op: 'cryptoRefunds', args: (_s, w) => ({ customerId: w.ids.customerId, first: 1 }) },
] satisfies Example[];
