// test: PostgreSQL only — two server processes on one database
// Checkout payments racing close and expiry across two server processes and their workers on one
// PostgreSQL database (§15.3, §16.4). Payments arrive at one process while the other closes the checkout,
// or while both workers' expiry steps come due (the servers run on the real clock: each expiry-raced
// checkout's expiresAt is moved to a moment inside the burst of payments). Each checkout has exactly one
// outcome — a close answered 200 iff it ended CLOSED, its payment then late; PAID iff its payments were on
// time and enough — every counter is the sum of its payments and of their ledger rows, and its events
// are one per change. Runs with `npm run test:pg`.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createRoute } from '../../../src/cli/operators.js';
import { SecretBox } from '../../../src/core/secret-box.js';
import { openEngine } from '../../../src/db/engine.js';
import { verificationDecide } from '../../../src/modules/customers/operators.js';
import { sleep } from '../../helpers/harness.js';
import { checkLedgerInvariants } from '../../helpers/ledger-checks.js';
import { createPgSchema, type PgSchema } from '../../helpers/pg.js';
import { PgTestDb } from '../../helpers/pg-test-db.js';
import { processKit, type Spawned, signedSend } from '../../helpers/processes.js';
import { checkCheckout } from './checkout-invariants.js';

const kit = processKit({ tempPrefix: 'partner-checkouts-xproc-' });
const CLOSE_RACES = 24;
const EXPIRY_RACES = 24;
const AMOUNT = 1_000_000n;
const routeCode = 'USDT-ETH';
const FROM = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

let schema: PgSchema;
let db: PgTestDb;
let servers: Spawned[] = [];
let client: { clientId: string; secret: string };
let customerId: string;

beforeAll(async () => {
  schema = await createPgSchema('coxproc');
  db = new PgTestDb(schema.url, schema.schema);
  const engine = await openEngine({ kind: 'pg', url: schema.url }, { poolSize: 1 });
  try {
    client = await createClient(engine, SecretBox.development(), { name: 'Two processes' });
    await createRoute(engine, { code: routeCode, clientId: client.clientId, blockchain: 'ETH', currency: 'USDT', scale: 6, minMinor: '1', maxMinor: '1000000000000', feeMinor: '7' });
  } finally {
    await engine.close();
  }
  const env = { DATABASE_URL: schema.url, LOG_LEVEL: 'warn', SANDBOX_STEP_DELAY_MS: '20', WORKER_POLL_INTERVAL_MS: '10', RATE_LIMIT_RPS: '100000', RATE_LIMIT_BURST: '100000' };
  servers = await Promise.all([kit.startMain(env), kit.startMain(env)]);
  const c = await send(servers[0]!, 'POST', '/graphql', {
    query: 'mutation($i: CreateCustomerInput!) { createCustomer(input: $i) { customerId } }',
    variables: { i: { externalRef: `co-${randomUUID()}`, type: 'INDIVIDUAL' } },
  });
  customerId = c.body.data.createCustomer.customerId;
  const e = await openEngine({ kind: 'pg', url: schema.url }, { poolSize: 1 });
  try {
    await verificationDecide(e, customerId, 'VERIFIED', undefined);
  } finally {
    await e.close();
  }
}, 60_000);

afterAll(async () => {
  for (const s of servers) await kit.stopMain(s);
  await db?.close();
  await schema?.drop();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const send = (server: Spawned, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> => signedSend(server, client, method, path, body);

async function checkout(server: Spawned): Promise<{ checkoutId: string; address: string }> {
  const r = await send(server, 'POST', `/partner/v1/customers/${customerId}/crypto/checkouts`, { routeCode, amountMinor: AMOUNT.toString(), currency: 'USDT', currencyScale: 6, expiresInSeconds: 3600 });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

async function pay(server: Spawned, address: string, amount: bigint): Promise<{ collectionPaymentId: string; late: boolean }> {
  const r = await send(server, 'POST', '/graphql', {
    query: 'mutation($i: SimulateCollectionPaymentInput!) { simulateCollectionPayment(input: $i) { collectionPaymentId late } }',
    variables: { i: { routeCode, toAddress: address, amountMinor: amount.toString(), fromAddress: FROM, txHash: `0x${randomBytes(32).toString('hex')}` } },
  });
  expect([r.status, r.body.errors]).toEqual([200, undefined]);
  return r.body.data.simulateCollectionPayment;
}

/** Waits (bounded) until no payment of these checkouts is pending and none of them may still change by a worker step. */
async function settled(ids: string[]): Promise<void> {
  const list = ids.map((id) => `'${id}'`).join(', ');
  for (let i = 0; i < 600; i++) {
    const detected = await db.count(`SELECT COUNT(*) AS n FROM collection_payments WHERE checkout_id IN (${list}) AND status = 'DETECTED'`);
    const due = await db.count(`SELECT COUNT(*) AS n FROM checkouts WHERE checkout_id IN (${list}) AND status IN ('OPEN', 'PARTIALLY_PAID') AND expires_at <= ?`, new Date().toISOString());
    if (detected === 0 && due === 0) return;
    await sleep(100);
  }
}

describe('checkout payments racing close and expiry across two processes (§15.3)', () => {
  it('a close on one process against a full payment on the other: exactly one outcome, counters exact', async () => {
    const made = await Promise.all(Array.from({ length: CLOSE_RACES }, (_, i) => checkout(servers[i % 2]!)));
    const races = await Promise.all(
      made.map(async (c, i) => {
        // The close leaves later and later, so that both sides win some of the races.
        const [close, payment] = await Promise.all([
          sleep(i * 2).then(() => send(servers[i % 2]!, 'POST', `/partner/v1/crypto/checkouts/${c.checkoutId}/closure`)),
          pay(servers[(i + 1) % 2]!, c.address, AMOUNT),
        ]);
        return { ...c, close, payment };
      }),
    );
    await settled(made.map((c) => c.checkoutId));
    const outcomes = new Map<string, number>();
    for (const r of races) {
      const { c, payments } = await checkCheckout(db, r.checkoutId);
      outcomes.set(c.status, (outcomes.get(c.status) ?? 0) + 1);
      // Closed iff the close was answered 200, and then the payment is late; refused iff the payment was
      // pending, and then it paid the checkout.
      if (r.close.status === 200) {
        expect([r.checkoutId, c.status, r.payment.late, c.late_amount_minor, c.amount_paid_minor]).toEqual([r.checkoutId, 'CLOSED', true, AMOUNT.toString(), '0']);
      } else {
        expect([r.checkoutId, r.close.status, r.close.body.code]).toEqual([r.checkoutId, 409, 'INVALID_STATE']);
        expect([r.checkoutId, c.status, r.payment.late, c.amount_paid_minor]).toEqual([r.checkoutId, 'PAID', false, AMOUNT.toString()]);
      }
      expect(payments.map((p) => p.status)).toEqual(['COMPLETED']);
    }
    expect([...outcomes.keys()].every((s) => s === 'CLOSED' || s === 'PAID'), JSON.stringify([...outcomes])).toBe(true);
    await checkLedgerInvariants({ db }, customerId);
  }, 120_000);

  it('payments on both processes while both workers expire the checkouts: exactly one outcome, counters exact', async () => {
    const made = await Promise.all(Array.from({ length: EXPIRY_RACES }, (_, i) => checkout(servers[i % 2]!)));
    // The expiries come due over the burst below, later and later after each checkout's payments leave,
    // so that both sides win some of the races.
    const base = Date.now();
    for (const [i, c] of made.entries()) await db.run(`UPDATE checkouts SET expires_at = ? WHERE checkout_id = ?`, new Date(base + i * 60).toISOString(), c.checkoutId);
    // Per checkout: the full amount in one payment, or in two halves sent to both processes at once.
    const sent = await Promise.all(
      made.map(async (c, i) => {
        await sleep(i * 8);
        const parts = i % 2 === 0 ? [AMOUNT] : [AMOUNT / 2n, AMOUNT / 2n];
        return { ...c, payments: await Promise.all(parts.map((a, k) => pay(servers[(i + k) % 2]!, c.address, a))) };
      }),
    );
    await settled(made.map((c) => c.checkoutId));
    const outcomes = new Map<string, number>();
    for (const s of sent) {
      const { c, payments } = await checkCheckout(db, s.checkoutId);
      outcomes.set(c.status, (outcomes.get(c.status) ?? 0) + 1);
      expect([s.checkoutId, payments.map((p) => p.status)]).toEqual([s.checkoutId, s.payments.map(() => 'COMPLETED')]);
      const onTime = s.payments.filter((p) => !p.late).length;
      // PAID iff every part came on time; otherwise EXPIRED with the on-time parts paid, the rest late.
      expect([s.checkoutId, c.status]).toEqual([s.checkoutId, onTime === s.payments.length ? 'PAID' : 'EXPIRED']);
    }
    expect([...outcomes.keys()].every((s) => s === 'EXPIRED' || s === 'PAID'), JSON.stringify([...outcomes])).toBe(true);
    await checkLedgerInvariants({ db }, customerId);
  }, 120_000);
});
