// §4's 38-digit bound on a collection payment's COLLECTION credit, as on every other credit: at detection
// (simulateCollectionPayment) a payment that will confirm and would take the customer's balance (available
// + held) past 38 digits → 400 AMOUNT_OUT_OF_RANGE at /amountMinor, stage G before the duplicate (409),
// nothing written; one that will never confirm credits nothing and is taken. At the confirmation step a
// credit that no longer fits (the balance filled since detection) is not made: the payment stays DETECTED,
// nothing written, no worker error, and the timeout does not drop it.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Coll, FROM } from '../../helpers/collections.js';
import { TestServer } from '../../helpers/harness.js';
import { deposit } from '../../helpers/deposits.js';
import { expectGraphQLProblem, expectRestProblem } from '../../helpers/problems.js';
import { balanceOf, ledgerOf } from '../../helpers/withdrawals.js';

const MAX = '9'.repeat(38);
const SIMULATIONS = '/partner/v1/crypto/collection-payment-simulations';

let server: TestServer;
/** The service's log lines at error level (a step that threw). */
const errors: string[] = [];
beforeAll(async () => {
  server = new TestServer();
  server.logger = pino({ level: 'error' }, { write: (line: string) => void errors.push(line) });
  await server.start();
});
afterAll(() => server.stop());

/** A customer with a collection wallet and, when `filled`, a balance of `filled` from a deposit. */
async function collector(filled?: string) {
  const c = await Coll.create(server);
  const w = await c.wallet();
  if (filled) await deposit(server, c.s, c.customerId, { amountMinor: filled });
  return { c, w };
}

const snapshot = async (c: Coll) => ({
  payments: await server.db.count('SELECT count(*) AS n FROM collection_payments WHERE customer_id = ?', c.customerId),
  rows: await server.db.count('SELECT count(*) AS n FROM ledger_transactions WHERE customer_id = ?', c.customerId),
  events: await server.db.count('SELECT count(*) AS n FROM events WHERE customer_id = ?', c.customerId),
  balance: await balanceOf(server, c.customerId),
});

describe('simulateCollectionPayment: the credit within 38 digits', () => {
  it('a balance at the bound: a payment of 1 → 400 AMOUNT_OUT_OF_RANGE at /amountMinor on both surfaces, nothing written', async () => {
    const { c, w } = await collector(MAX);
    const before = await snapshot(c);
    expect(before.balance).toEqual({ available: MAX, held: '0' });
    const input = { routeCode: c.routeCode, toAddress: w.address, amountMinor: '1', fromAddress: FROM };
    expectGraphQLProblem(await c.simulateGql(input), 400, 'AMOUNT_OUT_OF_RANGE', '/amountMinor');
    expectRestProblem(await c.rest('POST', SIMULATIONS, input), 400, 'AMOUNT_OUT_OF_RANGE', '/amountMinor');
    expect(await snapshot(c)).toEqual(before);
  });

  it('a balance reaching exactly 38 nines is credited', async () => {
    const { c, w } = await collector(`${'9'.repeat(37)}0`);
    const p = await c.pay(w.address, '9');
    await server.advanceWorker(2);
    expect((await c.getPayment(p.collectionPaymentId)).body.status).toBe('COMPLETED');
    expect(await balanceOf(server, c.customerId)).toEqual({ available: MAX, held: '0' });
  });

  it('both faults: the bound (400, stage G) answers before the duplicate (409 DUPLICATE_TX_HASH, stage H)', async () => {
    const { c, w } = await collector();
    const txHash = `0x${'cd'.repeat(32)}`;
    await c.pay(w.address, MAX, { txHash });
    await server.advanceWorker(2);
    expect(await balanceOf(server, c.customerId)).toEqual({ available: MAX, held: '0' });
    const input = { routeCode: c.routeCode, toAddress: w.address, fromAddress: FROM, txHash };
    expectGraphQLProblem(await c.simulateGql({ ...input, amountMinor: '1' }), 400, 'AMOUNT_OUT_OF_RANGE', '/amountMinor');
    // confirm: false credits nothing, so only the duplicate is left.
    expectGraphQLProblem(await c.simulateGql({ ...input, amountMinor: '1', confirm: false }), 409, 'DUPLICATE_TX_HASH');
  });

  it('a payment that never confirms (confirm: false) credits nothing: taken at the bound, DROPPED at the timeout', async () => {
    const { c, w } = await collector(MAX);
    const p = await c.pay(w.address, '1', { confirm: false });
    expect(p.status).toBe('DETECTED');
    server.clock.advance(86_400_000);
    await server.advanceWorker(1);
    expect((await c.getPayment(p.collectionPaymentId)).body.status).toBe('DROPPED');
    expect(await balanceOf(server, c.customerId)).toEqual({ available: MAX, held: '0' });
  });
});

describe('the confirmation step: a credit that no longer fits', () => {
  it('two payments of 38 nines detected together: one COMPLETED, the other stays DETECTED with no row and no worker error, past the timeout too', async () => {
    const { c, w } = await collector();
    const first = await c.pay(w.address, MAX);
    const second = await c.pay(w.address, MAX);
    errors.length = 0;
    await server.advanceWorker(2);
    const statuses = [(await c.getPayment(first.collectionPaymentId)).body.status, (await c.getPayment(second.collectionPaymentId)).body.status];
    expect([...statuses].sort()).toEqual(['COMPLETED', 'DETECTED']);
    const [credited, held] = statuses[0] === 'COMPLETED' ? [first, second] : [second, first];
    expect(await ledgerOf(server, credited.collectionPaymentId)).toEqual([['COLLECTION', MAX]]);
    expect(await ledgerOf(server, held.collectionPaymentId)).toEqual([]);
    expect(await balanceOf(server, c.customerId)).toEqual({ available: MAX, held: '0' });
    expect((await c.getWallet(w.collectionWalletId)).body.amountReceivedMinor).toBe(MAX);
    // Past COLLECTION_CONFIRMATION_TIMEOUT_SECONDS: money that arrived is not dropped.
    server.clock.advance(86_400_000);
    await server.advanceWorker(2);
    expect((await c.getPayment(held.collectionPaymentId)).body).toMatchObject({ status: 'DETECTED', creditedAt: null });
    expect(await ledgerOf(server, held.collectionPaymentId)).toEqual([]);
    expect(errors.filter((l) => l.includes('worker step failed'))).toEqual([]);
  });
});
