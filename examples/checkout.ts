// The merchant path, end to end (docs/api/getting-paid.md): a verified customer (the merchant) and its buyer, a
// checkout of 25 USDT, a link and a POS payment request, the hosted page, a buyer who sends 30 USDT
// (sandbox), the checkout PAID and "Overpaid", the 5 USDT sent back by a refund of that payment authorized
// by evidence, then a collection wallet of the buyer and a payment into it; the checkout's events, the
// ledger rows and the balances.
//
//   PARTNER_SECRET=<secret> npx tsx examples/checkout.ts                # GraphQL
//   PARTNER_SECRET=<secret> SURFACE=rest npx tsx examples/checkout.ts   # REST
import { randomUUID } from 'node:crypto';
import { approver, BASE_URL, client, main, newCustomer, ROUTE, settle, show, SURFACE, trail, verify } from './setup.js';

const CHECKOUT = `checkoutId status statusInfo address amountMinor amountPaidMinor amountPendingMinor amountDueMinor overpaidMinor lateAmountMinor expiresAt paidAt`;
const PAYMENT = `collectionPaymentId targetType checkoutId collectionWalletId amountMinor fromAddress late status statusInfo refundableAmountMinor`;
const BUYER_ADDRESS = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

type Checkout = { checkoutId: string; address: string; status: string; overpaidMinor: string };
type Payment = { collectionPaymentId: string; status: string };

/** One operation on the chosen surface: its GraphQL document (one root field) or its REST call. */
async function call<T>(gql: { query: string; variables: Record<string, unknown> }, rest: { method: 'GET' | 'POST'; path: string; body?: unknown }): Promise<T> {
  if (SURFACE === 'rest') return rest.method === 'GET' ? client.get<T>(rest.path) : client.post<T>(rest.path, rest.body ?? {});
  return Object.values(await client.execute<Record<string, T>>(gql.query, gql.variables))[0]!;
}

/** §15.4 the hosted page as a buyer's app reads it (JSON; a browser gets HTML): unsigned, by the link's token. */
async function hostedPage(url: string): Promise<unknown> {
  // Here at the server's own address; in production CHECKOUT_LINK_BASE_URL is the public one.
  const token = url.slice(url.lastIndexOf('/') + 1);
  const res = await fetch(`${BASE_URL}/pay/${token}`, { headers: { accept: 'application/json' } });
  if (res.status !== 200) throw new Error(`GET /pay/{token}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** §15.6 a sandbox payment from the buyer's address. */
function pay(toAddress: string, amountMinor: string): Promise<Payment> {
  const input = { routeCode: ROUTE, toAddress, amountMinor, fromAddress: BUYER_ADDRESS };
  return call<Payment>(
    { query: `mutation($input: SimulateCollectionPaymentInput!) { simulateCollectionPayment(input: $input) { ${PAYMENT} } }`, variables: { input } },
    { method: 'POST', path: '/partner/v1/crypto/collection-payment-simulations', body: input },
  );
}

const getPayment = (id: string) =>
  call<Payment>(
    { query: `query($id: UUID!) { collectionPayment(collectionPaymentId: $id) { ${PAYMENT} } }`, variables: { id } },
    { method: 'GET', path: `/partner/v1/crypto/collection-payments/${id}` },
  );

/** The worker's confirmation step (sandbox: SANDBOX_STEP_DELAY_MS after detection); this polls the payment. */
async function confirmed(payment: Payment): Promise<Payment> {
  let now = payment;
  for (let i = 0; i < 240 && now.status === 'DETECTED'; i++) {
    await new Promise((r) => setTimeout(r, 250));
    now = await getPayment(payment.collectionPaymentId);
  }
  if (now.status !== 'COMPLETED') throw new Error(`payment ended ${now.status}`);
  return now;
}

main(async () => {
  // The merchant, VERIFIED: checkouts and collections need it (§12.4).
  const customerId = await newCustomer();
  await verify(customerId);

  // §15.5: the merchant's buyer, by the merchant's own reference.
  const buyerInput = { externalRef: `buyer-${randomUUID()}`, type: 'INDIVIDUAL', name: 'Grace Hopper', email: 'grace@example.com', country: 'US' };
  const buyer = await call<{ buyerId: string }>(
    {
      query: `mutation($customerId: UUID!, $input: CreateCollectionBuyerInput!) { createCollectionBuyer(customerId: $customerId, input: $input) { buyerId externalRef status } }`,
      variables: { customerId, input: buyerInput },
    },
    { method: 'POST', path: `/partner/v1/customers/${customerId}/crypto/collection-buyers`, body: buyerInput },
  );
  show('buyer', buyer);

  // §15.2: 25 USDT for order 42, an address of its own, open for 30 minutes.
  const checkoutInput = {
    routeCode: ROUTE, amountMinor: '25000000', currency: 'USDT', currencyScale: 6, expiresInSeconds: 1800,
    merchantReference: `order-42-${randomUUID()}`, description: 'Two concert tickets', buyerId: buyer.buyerId,
  };
  const checkout = await call<Checkout>(
    {
      query: `mutation($customerId: UUID!, $input: CreateCryptoCheckoutInput!) { createCryptoCheckout(customerId: $customerId, input: $input) { ${CHECKOUT} } }`,
      variables: { customerId, input: checkoutInput },
    },
    { method: 'POST', path: `/partner/v1/customers/${customerId}/crypto/checkouts`, body: checkoutInput },
  );
  show('checkout', checkout);
  const checkoutId = checkout.checkoutId;

  // §15.4: a link for the buyer (its URL appears only in this answer: send it, do not log it) ...
  const link = await call<{ url: string; expiresAt: string }>(
    { query: `mutation($id: UUID!) { createCheckoutLink(checkoutId: $id, input: {}) { linkId url expiresAt } }`, variables: { id: checkoutId } },
    { method: 'POST', path: `/partner/v1/crypto/checkouts/${checkoutId}/links` },
  );
  // ... and a POS payment request for a till: the payment URI its QR code shows.
  const posInput = { terminalRef: 'till-3' };
  const pos = await call<{ paymentUri: string }>(
    {
      query: `mutation($id: UUID!, $input: CreateCheckoutPosPaymentRequestInput!) { createCheckoutPosPaymentRequest(checkoutId: $id, input: $input) { terminalRef address amountDueMinor paymentUri expiresAt } }`,
      variables: { id: checkoutId, input: posInput },
    },
    { method: 'POST', path: `/partner/v1/crypto/checkouts/${checkoutId}/pos-payment-requests`, body: posInput },
  );
  show('pos payment request', pos);
  show('hosted page', await hostedPage(link.url));

  // §15.6: the buyer sends 30 USDT (sandbox); detected, then credited at confirmation.
  const payment = await pay(checkout.address, '30000000');
  show('payment detected', payment);
  show('payment completed', await confirmed(payment));

  // §15.3: paid ≥ amount → PAID, "Overpaid" by 5 USDT; the page shows nothing due.
  const paid = await call<Checkout>(
    { query: `query($id: UUID!) { cryptoCheckout(checkoutId: $id) { ${CHECKOUT} } }`, variables: { id: checkoutId } },
    { method: 'GET', path: `/partner/v1/crypto/checkouts/${checkoutId}` },
  );
  show('checkout paid', paid);
  show('hosted page after payment', await hostedPage(link.url));

  // §15.7: the overpayment back to where it came from — a draft of that payment's refund with evidence,
  // then §10.8's submission (held), confirmation and the worker until COMPLETED.
  const draft = await client.createCollectionPaymentRefundApprovalDraft(
    payment.collectionPaymentId,
    { amountMinor: paid.overpaidMinor, reason: 'Overpayment of order 42' },
    approver(),
    { surface: SURFACE },
  );
  show('refund draft', { refundId: draft.refundId, collectionPaymentId: draft.collectionPaymentId, amountMinor: draft.amountMinor, refundAddress: draft.refundAddress, status: draft.status });
  await client.submitCryptoRefund(draft.refundId, approver(), { surface: SURFACE });
  const confirmedRefund = await client.confirmCryptoRefund(draft.refundId, approver(), { surface: SURFACE });
  const status = await settle('refund', draft.refundId, confirmedRefund.status);
  if (status !== 'COMPLETED') throw new Error(`refund ended ${status}`);
  show('payment after the refund', await getPayment(payment.collectionPaymentId));

  // §15.5: the buyer's standing address on the route, for payments without a checkout.
  const walletInput = { buyerId: buyer.buyerId, routeCode: ROUTE, label: 'top-ups' };
  const wallet = await call<{ collectionWalletId: string; address: string }>(
    {
      query: `mutation($customerId: UUID!, $input: CreateCollectionWalletInput!) { createCollectionWallet(customerId: $customerId, input: $input) { collectionWalletId address status amountReceivedMinor } }`,
      variables: { customerId, input: walletInput },
    },
    { method: 'POST', path: `/partner/v1/customers/${customerId}/crypto/collection-wallets`, body: walletInput },
  );
  await confirmed(await pay(wallet.address, '10000000'));
  show(
    'collection wallet',
    await call(
      { query: `query($id: UUID!) { collectionWallet(collectionWalletId: $id) { collectionWalletId status amountReceivedMinor } }`, variables: { id: wallet.collectionWalletId } },
      { method: 'GET', path: `/partner/v1/crypto/collection-wallets/${wallet.collectionWalletId}` },
    ),
  );

  await trail(customerId, checkoutId);
});
