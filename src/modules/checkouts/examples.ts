// §15.2–§15.3 checkouts: the documented example requests, run in the walk behind docs/api/operations.md
// (src/core/example.ts) and the source of the cross-cutting suites' requests. Links and POS requests
// (§15.4) take positions between the reads and the close.
import type { Example } from '../../core/example.js';

export default [
  {
    at: 1400,
    op: 'createCryptoCheckout',
    args: (s, w) => ({
      customerId: w.ids.customerId,
      input: {
        routeCode: w.routeCode,
        amountMinor: '25000000',
        currency: 'USDT',
        currencyScale: 6,
        expiresInSeconds: 1800,
        underpaymentToleranceMinor: '10000',
        merchantReference: `order-1042-${s}`,
        description: 'Order 1042: 2 × espresso beans',
        buyerId: w.per(s, 'buyerId'),
        successUrl: 'https://shop.example.com/orders/1042/paid',
        cancelUrl: 'https://shop.example.com/orders/1042',
      },
    }),
    keep: (s, r, w) => {
      w.keep(s, 'checkoutId', r.checkoutId);
      w.keep(s, 'checkoutAddress', r.address);
    },
  },
  { at: 1410, op: 'cryptoCheckout', args: (_s, w) => ({ checkoutId: w.ids.checkoutId }) },
  { at: 1420, op: 'cryptoCheckouts', args: (_s, w) => ({ customerId: w.ids.customerId, first: 1, statuses: ['OPEN'] }) },
  // §15.4: a link to the hosted page (valid until the checkout's expiresAt), then a POS request of the amount due.
  { at: 1430, op: 'createCheckoutLink', args: (s, w) => ({ checkoutId: w.per(s, 'checkoutId'), input: {} }) },
  { at: 1440, op: 'createCheckoutPosPaymentRequest', args: (s, w) => ({ checkoutId: w.per(s, 'checkoutId'), input: { terminalRef: 'till-3', expiresInSeconds: 300 } }) },
  { at: 1490, op: 'closeCryptoCheckout', args: (s, w) => ({ checkoutId: w.per(s, 'checkoutId') }) },
] satisfies Example[];
