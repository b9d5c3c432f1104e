// §15.6 collection payments on a wallet target: simulateCollectionPayment's check table in order, the
// confirmation and timeout steps on an injected clock (COMPLETED with one COLLECTION row, FROZEN on the
// deny list, DROPPED), `late`, the wallet's amountReceivedMinor, events in E6's order, uq_collection_payment_tx
// under concurrent requests; §15.7 refunds of a payment through §10.8's unchanged pipeline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRouteState } from '../../../src/cli/operators.js';
import { denyAddress } from '../../../src/modules/routes/operators.js';
import { suspendCustomer } from '../../../src/modules/customers/operators.js';
import { Coll, FROM } from '../../helpers/collections.js';
import { ETH_ADDRESS, evidenceFor, startTestServer, type TestServer } from '../../helpers/harness.js';
import { checkLedgerInvariants } from '../../helpers/ledger-checks.js';
import { expectGraphQLProblem, expectRestProblem } from '../../helpers/problems.js';
import { balanceOf, eventsOf, ledgerOf } from '../../helpers/withdrawals.js';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

/** Runs the worker past the sandbox step delay (the confirmation is due then). */
const confirmNow = () => server.advanceWorker(2);

describe('simulateCollectionPayment (§15.6)', () => {
  it('DETECTED, then COMPLETED by the confirmation step: one COLLECTION row, the wallet’s amountReceivedMinor, events payment → wallet → transaction.posted', async () => {
    const c = await Coll.create(server);
    const w = await c.wallet();
    // toAddress in another case of the same address (canonical form) finds the wallet.
    const p = await c.pay(w.address.toLowerCase(), '2500000');
    expect(p).toEqual({
      collectionPaymentId: expect.stringMatching(/^[0-9a-f-]{36}$/), customerId: c.customerId, targetType: 'COLLECTION_WALLET',
      checkoutId: null, collectionWalletId: w.collectionWalletId, buyerId: w.buyerId, routeCode: c.routeCode, blockchain: 'ETH',
      amountMinor: '2500000', currency: 'USDT', currencyScale: 6, fromAddress: FROM, toAddress: w.address,
      txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/), late: false, status: 'DETECTED', statusInfo: 'Awaiting confirmations',
      refundableAmountMinor: '0', detectedAt: expect.stringMatching(ISO), creditedAt: null, createdAt: p.detectedAt, updatedAt: p.detectedAt,
    });
    expect(await balanceOf(server, c.customerId)).toEqual({ available: '0', held: '0' });
    await confirmNow();
    const done = (await c.getPayment(p.collectionPaymentId)).body;
    expect(done).toMatchObject({ status: 'COMPLETED', statusInfo: 'Credited', refundableAmountMinor: '2500000', creditedAt: done.updatedAt });
    expect(await ledgerOf(server, p.collectionPaymentId)).toEqual([['COLLECTION', '2500000']]);
    expect(await balanceOf(server, c.customerId)).toEqual({ available: '2500000', held: '0' });
    expect((await c.getWallet(w.collectionWalletId)).body.amountReceivedMinor).toBe('2500000');
    // E6 within the step's transaction: the payment's event, the wallet's, then transaction.posted.
    const tx = await server.db.get<{ transaction_id: string }>('SELECT transaction_id FROM ledger_transactions WHERE resource_id = ?', p.collectionPaymentId);
    const events = await server.db.all<{ type: string }>(
      'SELECT type FROM events WHERE resource_id IN (?, ?, ?) ORDER BY position', p.collectionPaymentId, w.collectionWalletId, tx!.transaction_id);
    expect(events.map((e) => e.type)).toEqual([
      'collection_wallet.active', 'collection_payment.detected', 'collection_payment.completed', 'collection_wallet.updated', 'transaction.posted',
    ]);
    // E4: the payment's event data leaves refundableAmountMinor out; otherwise the by-id view (E8).
    const { refundableAmountMinor: _r, ...shown } = done;
    expect((await eventsOf(server, p.collectionPaymentId)).at(-1)!.data).toEqual(shown);
    await checkLedgerInvariants(server, c.customerId);
    // The list and its filters.
    const list = await c.rest('GET', `/partner/v1/customers/${c.customerId}/crypto/collection-payments?targetType=COLLECTION_WALLET&collectionWalletId=${w.collectionWalletId}&statuses=COMPLETED`);
    expect(list.body.items).toEqual([done]);
    const none = await c.rest('GET', `/partner/v1/customers/${c.customerId}/crypto/collection-payments?targetType=CHECKOUT`);
    expect(none.body.items).toEqual([]);
  });

  it('FROZEN when the source is on the deny list at confirmation; DROPPED at the timeout when confirm is false', async () => {
    const c = await Coll.create(server);
    const w = await c.wallet();
    const frozen = await c.pay(w.address, '1000', { fromAddress: ETH_ADDRESS });
    // The list as it is at confirmation, not at detection.
    await server.operator((db) => denyAddress(db, 'ETH', ETH_ADDRESS));
    const dropped = await c.pay(w.address, '2000', { confirm: false });
    await confirmNow();
    expect((await c.getPayment(frozen.collectionPaymentId)).body).toMatchObject({ status: 'FROZEN', statusInfo: 'Source address failed screening', creditedAt: null, refundableAmountMinor: '0' });
    expect((await c.getPayment(dropped.collectionPaymentId)).body.status).toBe('DETECTED');
    // COLLECTION_CONFIRMATION_TIMEOUT_SECONDS (86400) after detection: DROPPED.
    server.clock.advance(86_400_000);
    await server.advanceWorker(1);
    expect((await c.getPayment(dropped.collectionPaymentId)).body).toMatchObject({ status: 'DROPPED', statusInfo: 'Not confirmed in time', creditedAt: null });
    expect(await ledgerOf(server, frozen.collectionPaymentId)).toEqual([]);
    expect(await ledgerOf(server, dropped.collectionPaymentId)).toEqual([]);
    expect((await c.getWallet(w.collectionWalletId)).body.amountReceivedMinor).toBe('0');
    expect((await eventsOf(server, dropped.collectionPaymentId)).map((e) => e.type)).toEqual(['collection_payment.detected', 'collection_payment.dropped']);
  });

  it('late: a payment to an EXPIRED or DEACTIVATED wallet is late, and still credited (R13)', async () => {
    const c = await Coll.create(server);
    const w = await c.wallet();
    await c.rest('POST', `/partner/v1/crypto/collection-wallets/${w.collectionWalletId}/deactivation`);
    // No gate and no route-enabled check: money arrives anyway.
    await server.operator((db) => suspendCustomer(db, c.customerId, true));
    await server.operator((db) => setRouteState(db, c.routeCode, false));
    const p = await c.pay(w.address, '7000');
    expect(p.late).toBe(true);
    await confirmNow();
    expect((await c.getPayment(p.collectionPaymentId)).body).toMatchObject({ status: 'COMPLETED', late: true });
    expect((await c.getWallet(w.collectionWalletId)).body).toMatchObject({ status: 'DEACTIVATED', amountReceivedMinor: '7000' });
  });

  it('order of checks: SANDBOX_ONLY → shape → target (404, never revealing another partner’s) → rail → addresses → DUPLICATE_TX_HASH', async () => {
    const c = await Coll.create(server);
    const w = await c.wallet();
    const base = { routeCode: c.routeCode, toAddress: w.address, amountMinor: '1000', fromAddress: FROM };
    // B: every fault at once.
    const shape = expectGraphQLProblem(await c.simulateGql({ routeCode: '', toAddress: '', amountMinor: '0', fromAddress: '', txHash: '' }), 400, 'VALIDATION_FAILED');
    expect(shape.errors!.map((e) => e.pointer).sort()).toEqual(['/amountMinor', '/fromAddress', '/routeCode', '/toAddress', '/txHash']);
    // D: an address no target of this partner has on the route; an unknown route; another partner's wallet.
    expectGraphQLProblem(await c.simulateGql({ ...base, toAddress: ETH_ADDRESS }), 404, 'NOT_FOUND');
    expectGraphQLProblem(await c.simulateGql({ ...base, routeCode: 'NOPE', fromAddress: 'bad' }), 404, 'NOT_FOUND');
    const other = await Coll.create(server);
    const theirs = await other.wallet();
    expectGraphQLProblem(await c.simulateGql({ ...base, toAddress: theirs.address }), 404, 'NOT_FOUND');
    // G: both faults named at once.
    const g = expectGraphQLProblem(await c.simulateGql({ ...base, fromAddress: 'not-an-address', txHash: 'zz' }), 400, 'VALIDATION_FAILED');
    expect(g.errors!.map((e) => e.pointer).sort()).toEqual(['/fromAddress', '/txHash']);
    expectGraphQLProblem(await c.simulateGql({ ...base, fromAddress: 'not-an-address' }), 400, 'INVALID_WALLET_ADDRESS');
    // H: one payment per (chain, stored txHash, toAddress).
    const hash = `0x${'ab'.repeat(32)}`;
    await c.pay(w.address, '1000', { txHash: hash.toUpperCase().replace('0X', '0x') });
    expectGraphQLProblem(await c.simulateGql({ ...base, txHash: hash }), 409, 'DUPLICATE_TX_HASH');
    // The same transaction may pay another address.
    const w2 = await c.wallet();
    expect((await c.pay(w2.address, '1000', { txHash: hash })).txHash).toBe(hash);
    // §18.5: an EVM route → ROUTE_RAIL_UNSUPPORTED after the target, before the address checks.
    await server.db.run(`UPDATE routes SET rail = 'EVM' WHERE route_code = ?`, c.routeCode);
    expectGraphQLProblem(await c.simulateGql({ ...base, fromAddress: 'bad' }), 409, 'ROUTE_RAIL_UNSUPPORTED');
    expectGraphQLProblem(await c.simulateGql({ ...base, toAddress: ETH_ADDRESS }), 404, 'NOT_FOUND');
    await server.db.run(`UPDATE routes SET rail = 'SANDBOX' WHERE route_code = ?`, c.routeCode);
  });

  it('outside sandbox mode: 403 SANDBOX_ONLY before anything else', async () => {
    const prod = await startTestServer({ PARTNER_SANDBOX: 'false' });
    try {
      const client = await prod.newClient();
      const r = await prod.gql(client, `mutation($i: SimulateCollectionPaymentInput!) { simulateCollectionPayment(input: $i) { collectionPaymentId } }`, {
        i: { routeCode: '', toAddress: '', amountMinor: 'x', fromAddress: '' },
      });
      expectGraphQLProblem(r, 403, 'SANDBOX_ONLY');
    } finally {
      await prod.stop();
    }
  });

  it('§16.4 race: the same transaction to the same address, sent concurrently: one payment, the others 409 DUPLICATE_TX_HASH', async () => {
    const c = await Coll.create(server);
    const w = await c.wallet();
    const hash = `0x${'cd'.repeat(32)}`;
    const rs = await Promise.all(Array.from({ length: 6 }, () => c.simulateGql({ routeCode: c.routeCode, toAddress: w.address, amountMinor: '1000', fromAddress: FROM, txHash: hash })));
    const ok = rs.filter((r) => r.status === 200 && !r.body.errors);
    expect(ok).toHaveLength(1);
    for (const r of rs.filter((x) => !ok.includes(x))) expectGraphQLProblem(r, 409, 'DUPLICATE_TX_HASH');
    expect(await server.db.count(`SELECT count(*) AS n FROM collection_payments WHERE tx_hash = '${hash}'`)).toBe(1);
  });
});

describe('refunds of collection payments (§15.7)', () => {
  it('a draft APPROVED with depositId null; submit and confirm as §10.8; the refundable amount; cryptoRefunds filters by payment', async () => {
    const c = await Coll.create(server);
    const w = await c.wallet();
    const p = await c.pay(w.address, '1000000');
    // INVALID_STATE while DETECTED.
    expectRestProblem(await c.refundRest(p.collectionPaymentId, c.refundInput(p.collectionPaymentId)), 409, 'INVALID_STATE');
    await confirmNow();
    const r = await c.refundRest(p.collectionPaymentId, c.refundInput(p.collectionPaymentId, { amountMinor: '600000' }));
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({
      depositId: null, collectionPaymentId: p.collectionPaymentId, customerId: c.customerId, routeCode: c.routeCode, amountMinor: '600000',
      currency: 'USDT', currencyScale: 6, refundAddress: FROM, status: 'APPROVED', statusInfo: 'Awaiting submission',
    });
    expect((await eventsOf(server, r.body.refundId)).map((e) => e.type)).toEqual(['crypto_refund.approved']);
    expect((await c.getPayment(p.collectionPaymentId)).body.refundableAmountMinor).toBe('400000');
    // REFUND_EXCEEDS_DEPOSIT guards payments too.
    expectGraphQLProblem(await c.refundGql(p.collectionPaymentId, c.refundInput(p.collectionPaymentId, { amountMinor: '400001' })), 409, 'REFUND_EXCEEDS_DEPOSIT');
    // §10.8 unchanged from here: submit holds, confirm, the pipeline pays out (REFUND).
    const step = (action: string, type: string) =>
      c.rest('POST', `/partner/v1/crypto/refunds/${r.body.refundId}/${action}`, {
        operationAuthorization: evidenceFor(type, { refundId: r.body.refundId }, {}, { authorizedAt: server.clock.now() }),
      });
    expect((await step('submission', 'CRYPTO_REFUND_SUBMIT')).body.status).toBe('AWAITING_CONFIRMATION');
    expect((await step('confirmation', 'CRYPTO_REFUND_CONFIRM')).body.status).toBe('CONFIRMED');
    await server.advanceWorker();
    const refund = await c.rest('GET', `/partner/v1/crypto/refunds/${r.body.refundId}`);
    expect(refund.body.status).toBe('COMPLETED');
    expect(await balanceOf(server, c.customerId)).toEqual({ available: '400000', held: '0' });
    const list = await c.rest('GET', `/partner/v1/customers/${c.customerId}/crypto/refunds?collectionPaymentId=${p.collectionPaymentId}`);
    expect(list.body.items.map((x: { refundId: string }) => x.refundId)).toEqual([r.body.refundId]);
    expect((await c.rest('GET', `/partner/v1/customers/${c.customerId}/crypto/refunds?depositId=${p.collectionPaymentId}`)).body.items).toEqual([]);
    // Refunds change none of the wallet's amounts.
    expect((await c.getWallet(w.collectionWalletId)).body.amountReceivedMinor).toBe('1000000');
    await checkLedgerInvariants(server, c.customerId);
  });

  it('order of checks: D (404 / 403) → E route → F evidence → G refundAddress → H gate → INVALID_STATE → REFUND_EXCEEDS_DEPOSIT → AUTHORIZATION_ALREADY_USED', async () => {
    const c = await Coll.create(server);
    const w = await c.wallet();
    const p = await c.pay(w.address, '1000000');
    const id = p.collectionPaymentId;
    expectRestProblem(await c.refundRest('00000000-0000-4000-8000-000000000003', c.refundInput('00000000-0000-4000-8000-000000000003')), 404, 'NOT_FOUND');
    const other = await Coll.create(server);
    expectRestProblem(await other.refundRest(id, other.refundInput(id)), 403, 'FORBIDDEN');
    // F: evidence hashed over another path id (a deposit's) is refused.
    const wrong = { amountMinor: '1000', operationAuthorization: evidenceFor('CRYPTO_REFUND_CREATE', { depositId: id }, { amountMinor: '1000' }, { authorizedAt: server.clock.now() }) };
    expectRestProblem(await c.refundRest(id, wrong), 403, 'OPERATION_HASH_MISMATCH');
    // G before H's INVALID_STATE (the payment is still DETECTED).
    expectRestProblem(await c.refundRest(id, c.refundInput(id, { refundAddress: 'not-an-address' })), 400, 'INVALID_WALLET_ADDRESS');
    expectRestProblem(await c.refundRest(id, c.refundInput(id)), 409, 'INVALID_STATE');
    await confirmNow();
    // E: the route disabled → 403 before F and everything after.
    await server.operator((db) => setRouteState(db, c.routeCode, false));
    expectRestProblem(await c.refundRest(id, c.refundInput(id, { refundAddress: 'bad' })), 403, 'ROUTE_NOT_PERMITTED');
    await server.operator((db) => setRouteState(db, c.routeCode, true));
    // H: the gate first among the 409s.
    await server.operator((db) => suspendCustomer(db, c.customerId, true));
    expectRestProblem(await c.refundRest(id, c.refundInput(id, { amountMinor: '2000000' })), 409, 'CUSTOMER_SUSPENDED');
    await server.operator((db) => suspendCustomer(db, c.customerId, false));
    expectRestProblem(await c.refundRest(id, c.refundInput(id, { amountMinor: '2000000' })), 409, 'REFUND_EXCEEDS_DEPOSIT');
    const input = c.refundInput(id, { amountMinor: '1000' });
    expect((await c.refundRest(id, input)).status).toBe(200);
    expectRestProblem(await c.refundRest(id, input), 409, 'AUTHORIZATION_ALREADY_USED');
  });

  it('concurrent drafts spend the refundable amount once: exactly as far as it goes', async () => {
    const c = await Coll.create(server);
    const w = await c.wallet();
    const p = await c.pay(w.address, '1000000');
    await confirmNow();
    const rs = await Promise.all(Array.from({ length: 5 }, (_, i) => c.refundRest(p.collectionPaymentId, c.refundInput(p.collectionPaymentId, { amountMinor: '300000', reason: `part ${i}` }))));
    expect(rs.map((r) => r.status).sort()).toEqual([200, 200, 200, 409, 409]);
    for (const r of rs.filter((x) => x.status !== 200)) expectRestProblem(r, 409, 'REFUND_EXCEEDS_DEPOSIT');
    expect((await c.getPayment(p.collectionPaymentId)).body.refundableAmountMinor).toBe('100000');
  });
});
