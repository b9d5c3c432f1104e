// §15.5–§15.7 collections: the documented example requests, run in the walk behind docs/api/operations.md
// (src/core/example.ts) and the source of the cross-cutting suites' requests.
import type { Example } from '../../core/example.js';

const FROM = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

export default [
  {
    at: 1300,
    op: 'createCollectionBuyer',
    args: (s, w) => ({
      customerId: w.ids.customerId,
      input: { externalRef: `buyer-${s}`, type: 'INDIVIDUAL', name: 'Grace Hopper', email: 'grace@example.com', country: 'US' },
    }),
    keep: (s, r, w) => w.keep(s, 'buyerId', r.buyerId),
  },
  { at: 1310, op: 'updateCollectionBuyer', args: (s, w) => ({ buyerId: w.per(s, 'buyerId'), input: { name: 'Grace B. Hopper' } }) },
  { at: 1320, op: 'collectionBuyer', args: (_s, w) => ({ buyerId: w.ids.buyerId }) },
  { at: 1330, op: 'collectionBuyers', args: (_s, w) => ({ customerId: w.ids.customerId, first: 1 }) },
  {
    at: 1340,
    op: 'createCollectionWallet',
    args: (s, w) => ({ customerId: w.ids.customerId, input: { buyerId: w.per(s, 'buyerId'), routeCode: w.routeCode, label: 'Monthly invoices' } }),
    keep: (s, r, w) => {
      w.keep(s, 'collectionWalletId', r.collectionWalletId);
      w.keep(s, 'collectionWalletAddress', r.address);
    },
  },
  // No expiresAt: the wallet never expires (as it was: answered unchanged).
  { at: 1350, op: 'updateCollectionWalletExpiry', args: (s, w) => ({ collectionWalletId: w.per(s, 'collectionWalletId'), input: {} }) },
  { at: 1360, op: 'collectionWallet', args: (_s, w) => ({ collectionWalletId: w.ids.collectionWalletId }) },
  { at: 1370, op: 'collectionWallets', args: (_s, w) => ({ customerId: w.ids.customerId, first: 1 }) },
  {
    at: 1380,
    op: 'simulateCollectionPayment',
    args: (_s, w) => ({ input: { routeCode: w.routeCode, toAddress: w.ids.collectionWalletAddress, amountMinor: '25000000', fromAddress: FROM } }),
    keep: (s, r, w) => w.keep(s, 'collectionPaymentId', r.collectionPaymentId),
    // The sandbox confirmation (§15.6) settles it COMPLETED, so that it may be refunded below.
    worker: true,
  },
  { at: 1390, op: 'collectionPayment', args: (_s, w) => ({ collectionPaymentId: w.ids.collectionPaymentId }) },
  { at: 1391, op: 'collectionPayments', args: (_s, w) => ({ customerId: w.ids.customerId, first: 1 }) },
  {
    at: 1392,
    op: 'createCollectionPaymentRefundApprovalDraft',
    args: (_s, w) => ({
      collectionPaymentId: w.ids.collectionPaymentId,
      input: w.authorized('CRYPTO_REFUND_CREATE', w.ids.collectionPaymentId!, { amountMinor: '5000000', reason: 'Overpayment of order 42' }, 'collectionPaymentId'),
    }),
  },
  { at: 1395, op: 'deactivateCollectionWallet', args: (s, w) => ({ collectionWalletId: w.per(s, 'collectionWalletId') }) },
] satisfies Example[];
