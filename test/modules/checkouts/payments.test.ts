// §15.3 checkout payments through collections' simulateCollectionPayment and its steps, on an injected
// clock: on time and late, under- and overpayment with the tolerance, the expiry that waits for a pending
// payment, close refused while pending or at expiresAt; every counter exact after every step, every change
// one event whose data is the checkout as read (E8), E6's order; detection racing close (compare-and-set).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { denyAddress } from '../../../src/modules/routes/operators.js';
import { ETH_ADDRESS, startTestServer, type TestServer } from '../../helpers/harness.js';
import { checkLedgerInvariants } from '../../helpers/ledger-checks.js';
import { expectRestProblem } from '../../helpers/problems.js';
import { balanceOf, eventsOf, ledgerOf } from '../../helpers/withdrawals.js';
import { amounts, Co } from './checkouts.js';

const STEP_DELAY = 600_000; // the harness's SANDBOX_STEP_DELAY_MS: a payment confirms then
const TIMEOUT = 86_400_000; // COLLECTION_CONFIRMATION_TIMEOUT_SECONDS' default

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  server.clock.freeze();
});
afterAll(() => server.stop());

/** Moves the clock by `ms` and runs every step then due. */
async function at(ms: number): Promise<void> {
  server.clock.advance(ms);
  for (let i = 0; i < 3; i++) await server.service.worker.drain();
}

/** The checkout's event types; the last one's data is the checkout as read now (E8). */
async function events(co: Co, checkoutId: string): Promise<string[]> {
  const list = await eventsOf(server, checkoutId);
  expect(list.at(-1)!.data).toEqual(await co.view(checkoutId));
  return list.map((e) => e.type);
}

const A = (status: string, statusInfo: string, paid: string, pending: string, due: string, overpaid = '0', late = '0') => ({
  status, statusInfo, paid, pending, due, overpaid, late,
});

describe('checkout payments (§15.3)', () => {
  it('on time, in full: pending at detection (.updated), PAID at confirmation with paidAt; events payment → checkout → transaction.posted', async () => {
    const co = await Co.create(server);
    const c = await co.checkout({ amountMinor: '1000000' });
    const p = await co.pay(c.address, '1000000');
    expect(p).toMatchObject({ targetType: 'CHECKOUT', checkoutId: c.checkoutId, late: false, status: 'DETECTED' });
    expect(amounts(await co.view(c.checkoutId))).toEqual(A('OPEN', 'Awaiting payment', '0', '1000000', '0'));
    expect(await events(co, c.checkoutId)).toEqual(['crypto_checkout.open', 'crypto_checkout.updated']);
    await at(STEP_DELAY);
    const paid = await co.view(c.checkoutId);
    expect(amounts(paid)).toEqual(A('PAID', 'Paid', '1000000', '0', '0'));
    expect(paid.paidAt).toBe(server.clock.now().toISOString());
    expect(paid.updatedAt).toBe(paid.paidAt);
    expect(await events(co, c.checkoutId)).toEqual(['crypto_checkout.open', 'crypto_checkout.updated', 'crypto_checkout.paid']);
    expect(await ledgerOf(server, p.collectionPaymentId)).toEqual([['COLLECTION', '1000000']]);
    expect(await balanceOf(server, co.customerId)).toEqual({ available: '1000000', held: '0' });
    // E6: in the confirmation's transaction, the payment's event, the checkout's, then transaction.posted.
    const tx = await server.db.get<{ transaction_id: string }>('SELECT transaction_id FROM ledger_transactions WHERE resource_id = ?', p.collectionPaymentId);
    const order = await server.db.all<{ type: string }>(
      'SELECT type FROM events WHERE resource_id IN (?, ?, ?) ORDER BY position', p.collectionPaymentId, c.checkoutId, tx!.transaction_id);
    expect(order.map((e) => e.type)).toEqual([
      'crypto_checkout.open', 'collection_payment.detected', 'crypto_checkout.updated', 'collection_payment.completed', 'crypto_checkout.paid', 'transaction.posted',
    ]);
    await checkLedgerInvariants(server, co.customerId);
  });

  it('underpayment within the tolerance: PARTIALLY_PAID, then PAID at target = amount − tolerance; a payment after PAID is late (lateAmountMinor, no status change)', async () => {
    const co = await Co.create(server);
    const c = await co.checkout({ amountMinor: '1000000', underpaymentToleranceMinor: '1000', expiresInSeconds: 7200 });
    await co.pay(c.address, '400000');
    await at(STEP_DELAY);
    expect(amounts(await co.view(c.checkoutId))).toEqual(A('PARTIALLY_PAID', 'Partially paid', '400000', '0', '600000'));
    await co.pay(c.address, '598999');
    expect(amounts(await co.view(c.checkoutId))).toEqual(A('PARTIALLY_PAID', 'Partially paid', '400000', '598999', '1001'));
    await at(STEP_DELAY);
    // 998999 < target 999000.
    expect(amounts(await co.view(c.checkoutId))).toEqual(A('PARTIALLY_PAID', 'Partially paid', '998999', '0', '1001'));
    await co.pay(c.address, '1');
    await at(STEP_DELAY);
    expect(amounts(await co.view(c.checkoutId))).toEqual(A('PAID', 'Paid', '999000', '0', '0'));
    // Late: detected while PAID; its detection writes no checkout event, its completion adds to lateAmountMinor.
    const before = await events(co, c.checkoutId);
    const late = await co.pay(c.address, '5000');
    expect(late.late).toBe(true);
    expect(await events(co, c.checkoutId)).toEqual(before);
    await at(STEP_DELAY);
    expect(amounts(await co.view(c.checkoutId))).toEqual(A('PAID', 'Paid', '999000', '0', '0', '0', '5000'));
    expect(await events(co, c.checkoutId)).toEqual([
      'crypto_checkout.open',
      'crypto_checkout.updated', 'crypto_checkout.partially_paid',
      'crypto_checkout.updated', 'crypto_checkout.updated',
      'crypto_checkout.updated', 'crypto_checkout.paid',
      'crypto_checkout.updated',
    ]);
    expect(await balanceOf(server, co.customerId)).toEqual({ available: '1004000', held: '0' });
    await checkLedgerInvariants(server, co.customerId);
  });

  it('overpayment: two on-time payments pending at once; PAID "Overpaid" with overpaidMinor; one still pending after PAID counts when it completes, a dropped one only leaves pending', async () => {
    const co = await Co.create(server);
    const c = await co.checkout({ amountMinor: '1000' });
    await co.pay(c.address, '800');
    await co.pay(c.address, '700');
    const dropped = await co.pay(c.address, '300', { confirm: false });
    expect(amounts(await co.view(c.checkoutId))).toEqual(A('OPEN', 'Awaiting payment', '0', '1800', '0'));
    await at(STEP_DELAY);
    expect(amounts(await co.view(c.checkoutId))).toEqual(A('PAID', 'Overpaid', '1500', '300', '0', '500'));
    const types = await events(co, c.checkoutId);
    expect(types.slice(0, 4)).toEqual(['crypto_checkout.open', 'crypto_checkout.updated', 'crypto_checkout.updated', 'crypto_checkout.updated']);
    // The two confirmations: PARTIALLY_PAID then PAID (one step each).
    expect(types.slice(4)).toEqual(['crypto_checkout.partially_paid', 'crypto_checkout.paid']);
    await at(TIMEOUT);
    expect((await co.getPayment(dropped.collectionPaymentId)).body.status).toBe('DROPPED');
    expect(amounts(await co.view(c.checkoutId))).toEqual(A('PAID', 'Overpaid', '1500', '0', '0', '500'));
    expect((await events(co, c.checkoutId)).at(-1)).toBe('crypto_checkout.updated');
    await checkLedgerInvariants(server, co.customerId);
  });

  it('FROZEN on time: pending released, nothing paid, the status stays', async () => {
    const co = await Co.create(server);
    const c = await co.checkout({ amountMinor: '1000' });
    // On REST this time (§15.6's simulation path), to the address in lower case (canonical form).
    const r = await co.rest('POST', '/partner/v1/crypto/collection-payment-simulations', { routeCode: co.routeCode, toAddress: c.address.toLowerCase(), amountMinor: '1000', fromAddress: ETH_ADDRESS });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ targetType: 'CHECKOUT', checkoutId: c.checkoutId, toAddress: c.address, late: false });
    await server.operator((db) => denyAddress(db, 'ETH', ETH_ADDRESS));
    await at(STEP_DELAY);
    expect(amounts(await co.view(c.checkoutId))).toEqual(A('OPEN', 'Awaiting payment', '0', '0', '1000'));
    expect(await events(co, c.checkoutId)).toEqual(['crypto_checkout.open', 'crypto_checkout.updated', 'crypto_checkout.updated']);
  });

  it('expiry: OPEN → EXPIRED "Expired", PARTIALLY_PAID → "Expired, partially paid" at expiresAt; a payment detected at expiresAt is late and credited later', async () => {
    const co = await Co.create(server);
    const none = await co.checkout({ amountMinor: '1000', expiresInSeconds: 900 });
    const part = await co.checkout({ amountMinor: '1000', expiresInSeconds: 900 });
    await co.pay(part.address, '400');
    await at(STEP_DELAY);
    expect((await co.view(part.checkoutId)).status).toBe('PARTIALLY_PAID');
    // At expiresAt exactly: a payment is late (detectedAt ≥ expiresAt), whether or not the worker's own poll
    // has taken the expiry step yet; a late detection changes no field.
    server.clock.advance(300_000);
    const late = await co.pay(none.address, '1000');
    expect(late.late).toBe(true);
    await at(0);
    expect(amounts(await co.view(none.checkoutId))).toEqual(A('EXPIRED', 'Expired', '0', '0', '0'));
    expect(amounts(await co.view(part.checkoutId))).toEqual(A('EXPIRED', 'Expired, partially paid', '400', '0', '0'));
    await at(STEP_DELAY);
    expect(amounts(await co.view(none.checkoutId))).toEqual(A('EXPIRED', 'Expired', '0', '0', '0', '0', '1000'));
    expect(await events(co, none.checkoutId)).toEqual(['crypto_checkout.open', 'crypto_checkout.expired', 'crypto_checkout.updated']);
    expect(await events(co, part.checkoutId)).toEqual(['crypto_checkout.open', 'crypto_checkout.updated', 'crypto_checkout.partially_paid', 'crypto_checkout.expired']);
    await checkLedgerInvariants(server, co.customerId);
  });

  it('the expiry waits for a pending on-time payment: close refused meanwhile; the settlement decides (PAID, or EXPIRED when dropped)', async () => {
    const co = await Co.create(server);
    const paid = await co.checkout({ amountMinor: '1000', expiresInSeconds: 300 });
    const dropped = await co.checkout({ amountMinor: '1000', expiresInSeconds: 300 });
    await co.pay(paid.address, '1000');
    await co.pay(dropped.address, '1000', { confirm: false });
    // Before expiresAt: close refused while a payment is pending.
    const refused = expectRestProblem(await co.closeRest(dropped.checkoutId), 409, 'INVALID_STATE');
    expect(refused.detail).toMatch(/pending/);
    await at(400_000);
    // Past expiresAt, nothing moved: both wait; close refused.
    expect(amounts(await co.view(paid.checkoutId))).toEqual(A('OPEN', 'Awaiting payment', '0', '1000', '0'));
    expectRestProblem(await co.closeRest(paid.checkoutId), 409, 'INVALID_STATE');
    await at(200_000);
    expect(amounts(await co.view(paid.checkoutId))).toEqual(A('PAID', 'Paid', '1000', '0', '0'));
    expect((await co.view(dropped.checkoutId)).status).toBe('OPEN');
    await at(TIMEOUT);
    expect(amounts(await co.view(dropped.checkoutId))).toEqual(A('EXPIRED', 'Expired', '0', '0', '0'));
    expect(await events(co, dropped.checkoutId)).toEqual(['crypto_checkout.open', 'crypto_checkout.updated', 'crypto_checkout.expired']);
  });

  it('a payment to a CLOSED checkout is late: credited, lateAmountMinor grows, CLOSED stays (R13)', async () => {
    const co = await Co.create(server);
    const c = await co.checkout({ amountMinor: '1000' });
    await co.pay(c.address, '300');
    await at(STEP_DELAY);
    const closed = await co.closeRest(c.checkoutId);
    expect(amounts(closed.body)).toEqual(A('CLOSED', 'Closed, partially paid', '300', '0', '0'));
    const p = await co.pay(c.address, '700');
    expect(p.late).toBe(true);
    await at(STEP_DELAY);
    expect(amounts(await co.view(c.checkoutId))).toEqual(A('CLOSED', 'Closed, partially paid', '300', '0', '0', '0', '700'));
    expect(await balanceOf(server, co.customerId)).toEqual({ available: '1000', held: '0' });
    expect((await events(co, c.checkoutId)).slice(-2)).toEqual(['crypto_checkout.closed', 'crypto_checkout.updated']);
  });

  it('§16.4 race: detection against close, repeated: exactly one outcome each time (closed and the payment late, or pending and close refused)', async () => {
    const co = await Co.create(server);
    for (let i = 0; i < 8; i++) {
      const c = await co.checkout({ amountMinor: '1000' });
      const [close, pay] = await Promise.all([
        co.closeRest(c.checkoutId),
        co.c.simulateGql({ routeCode: co.routeCode, toAddress: c.address, amountMinor: '1000', fromAddress: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359' }),
      ]);
      const payment = pay.body.data.simulateCollectionPayment;
      const view = await co.view(c.checkoutId);
      if (close.status === 200) {
        expect(payment.late).toBe(true);
        expect(amounts(view)).toEqual(A('CLOSED', 'Closed by merchant', '0', '0', '0'));
      } else {
        expectRestProblem(close, 409, 'INVALID_STATE');
        expect(payment.late).toBe(false);
        expect(amounts(view)).toEqual(A('OPEN', 'Awaiting payment', '0', '1000', '0'));
      }
    }
    await at(STEP_DELAY);
    await checkLedgerInvariants(server, co.customerId);
  });
  it('§16.4 concurrent detections into one checkout: every one counted once (compare-and-set on the version, the loser run again)', async () => {
    const co = await Co.create(server);
    const c = await co.checkout({ amountMinor: '100000' });
    const amounts10 = Array.from({ length: 10 }, (_, i) => 1000 + i);
    const rs = await Promise.all(amounts10.map((a) => co.c.simulateGql({ routeCode: co.routeCode, toAddress: c.address, amountMinor: String(a), fromAddress: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359' })));
    for (const r of rs) expect(r.body.data?.simulateCollectionPayment?.late, r.text).toBe(false);
    const total = String(amounts10.reduce((n, a) => n + a, 0));
    expect(amounts(await co.view(c.checkoutId))).toEqual(A('OPEN', 'Awaiting payment', '0', total, String(100000 - Number(total))));
    await at(STEP_DELAY);
    expect(amounts(await co.view(c.checkoutId))).toEqual(A('PARTIALLY_PAID', 'Partially paid', total, '0', String(100000 - Number(total))));
    // One event per detection and per confirmation.
    expect((await events(co, c.checkoutId)).length).toBe(1 + 2 * amounts10.length);
    await checkLedgerInvariants(server, co.customerId);
  });
});
