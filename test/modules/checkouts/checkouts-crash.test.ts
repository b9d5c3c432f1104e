// test: slow — a server process applying checkout payments and expiries, SIGKILLed again and again
// Crash safety of checkouts (§15.3, §10.1 L4, §10.7): the real server (a separate process) is killed with
// SIGKILL again and again while payments into checkouts arrive and its worker confirms them and expires
// the checkouts as their expiresAt passes (the server runs on the real clock: the checkouts' expiresAt are
// moved to moments spread over the kills). A payment whose answer was cut off is sent again with the same
// key and body. Afterwards, once a last start has let the worker finish, every checkout's counters equal
// the sum of its payments and of their COLLECTION ledger rows, nothing is half written, and L1–L5 hold.
// On both engines.
import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { databaseTargetFromUrl, openEngine } from '../../../src/db/engine.js';
import { verificationDecide } from '../../../src/modules/customers/operators.js';
import { signedFetch, sleep, toReply, type Client } from '../../helpers/harness.js';
import { checkLedgerInvariants } from '../../helpers/ledger-checks.js';
import { MODE_VARS, processKit, type Spawned } from '../../helpers/processes.js';
import { spawnedDatabase } from '../../helpers/spawned-db.js';
import { checkCheckout } from './checkout-invariants.js';

const KILLS = 6;
const CHECKOUTS = 16;
const PAYMENTS_EACH = 3;
const AMOUNT = 900_000n;
const FROM = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

const { tempDir, startMain, stopMain } = processKit({ tempPrefix: 'partner-checkouts-crash-', unset: [...MODE_VARS, 'PARTNER_SECRET_KEY'] });

type Answer = { status: number; body: any; text: string };

async function send(url: string, client: Client, p: string, key: string | null, payload: unknown): Promise<Answer> {
  const { res } = await signedFetch(url, client, { path: p, idempotencyKey: key, body: JSON.stringify(payload), signal: AbortSignal.timeout(15_000) });
  const r = await toReply(res);
  return { status: r.status, body: r.body, text: r.text };
}

describe('checkouts under SIGKILL', () => {
  it(`${KILLS} SIGKILLs while payments and expiries are applied: counters equal the payments' ledger rows, L1–L5`, async () => {
    const spawned = await spawnedDatabase(tempDir(), 'cocrash', '0');
    const { db, client, routeCode } = spawned;
    try {
      const start = () =>
        startMain({ DATABASE_URL: spawned.url, LOG_LEVEL: 'warn', SANDBOX_STEP_DELAY_MS: '40', WORKER_POLL_INTERVAL_MS: '10', RATE_LIMIT_RPS: '1000000', RATE_LIMIT_BURST: '1000000' });

      // Set-up through the API: a verified customer and its checkouts; the payments each will receive.
      let customerId: string;
      const checkouts: { checkoutId: string; address: string }[] = [];
      {
        const s = await start();
        try {
          const c = await send(s.url, client, '/graphql', randomUUID(), {
            query: 'mutation($i: CreateCustomerInput!) { createCustomer(input: $i) { customerId } }',
            variables: { i: { externalRef: `cocrash-${randomUUID()}`, type: 'INDIVIDUAL' } },
          });
          expect(c.status, c.text).toBe(200);
          customerId = c.body.data.createCustomer.customerId;
          const e = await openEngine(databaseTargetFromUrl(spawned.url), { poolSize: 1 });
          try {
            await verificationDecide(e, customerId, 'VERIFIED', undefined);
          } finally {
            await e.close();
          }
          for (let i = 0; i < CHECKOUTS; i++) {
            const r = await send(s.url, client, `/partner/v1/customers/${customerId}/crypto/checkouts`, randomUUID(), {
              routeCode, amountMinor: AMOUNT.toString(), currency: 'USDT', currencyScale: 6, expiresInSeconds: 3600,
            });
            expect(r.status, r.text).toBe(200);
            checkouts.push({ checkoutId: r.body.checkoutId, address: r.body.address });
          }
        } finally {
          await stopMain(s, 'SIGKILL');
        }
      }
      // Thirds of the amount, so that a checkout is PAID only if all its payments came on time.
      const payments = checkouts.flatMap((c) =>
        Array.from({ length: PAYMENTS_EACH }, () => ({
          checkoutId: c.checkoutId,
          key: randomUUID(),
          payload: {
            query: 'mutation($i: SimulateCollectionPaymentInput!) { simulateCollectionPayment(input: $i) { collectionPaymentId late } }',
            variables: { i: { routeCode, toAddress: c.address, amountMinor: (AMOUNT / BigInt(PAYMENTS_EACH)).toString(), fromAddress: FROM, txHash: `0x${randomBytes(32).toString('hex')}` } },
          },
        })),
      );

      const answered = new Set<string>();
      const pay = async (s: Spawned, p: (typeof payments)[number]) => {
        const a = await send(s.url, client, '/graphql', p.key, p.payload);
        if (a.status !== 200 || a.body.errors) throw new Error(`unexpected answer ${a.status} ${a.text}`);
        answered.add(p.key);
      };
      let killedMidway = 0;
      let killedWhileMoving = 0;
      for (let round = 0; round < KILLS; round++) {
        const s = await start();
        // The expiries come due one checkout after another over the first rounds (a start takes seconds).
        if (round === 0) {
          const now = Date.now();
          for (const [i, c] of checkouts.entries()) await db.run(`UPDATE checkouts SET expires_at = ? WHERE checkout_id = ?`, new Date(now + 300 + i * 250).toISOString(), c.checkoutId);
        }
        const pending = payments.filter((p) => !answered.has(p.key)).slice(0, 2 * CHECKOUTS);
        const inFlight = pending.map((p) => pay(s, p).catch((e: Error) => (e.message.startsWith('unexpected') ? Promise.reject(e) : undefined)));
        await sleep(round === 0 ? 20 : 50 + Math.floor(Math.random() * 400));
        await stopMain(s, 'SIGKILL');
        await Promise.all(inFlight);
        if (pending.some((p) => !answered.has(p.key))) killedMidway += 1;
        const moving =
          (await db.count(`SELECT COUNT(*) AS n FROM collection_payments WHERE customer_id = ? AND status = 'DETECTED'`, customerId)) +
          (await db.count(`SELECT COUNT(*) AS n FROM checkouts WHERE customer_id = ? AND status IN ('OPEN', 'PARTIALLY_PAID') AND expires_at <= ?`, customerId, new Date().toISOString()));
        if (moving > 0) killedWhileMoving += 1;
      }

      // A last start: the rest answered, then the worker confirms every payment and expires every checkout.
      const s = await start();
      try {
        for (const p of payments.filter((x) => !answered.has(x.key))) await pay(s, p);
        // Any expiry still ahead is moved to now, so that every checkout ends.
        const now = new Date().toISOString();
        await db.run(`UPDATE checkouts SET expires_at = ? WHERE customer_id = ? AND expires_at > ?`, now, customerId, now);
        for (let i = 0; i < 600; i++) {
          const open =
            (await db.count(`SELECT COUNT(*) AS n FROM collection_payments WHERE customer_id = ? AND status = 'DETECTED'`, customerId)) +
            (await db.count(`SELECT COUNT(*) AS n FROM checkouts WHERE customer_id = ? AND status IN ('OPEN', 'PARTIALLY_PAID')`, customerId));
          if (open === 0) break;
          await sleep(100);
        }
      } finally {
        await stopMain(s, 'SIGTERM');
      }

      // Every payment exists once (a resend with its key was a replay or the first run); every checkout
      // ended, PAID iff all its payments were on time, its counters those of its payments and ledger rows.
      const stored = await db.count(`SELECT COUNT(*) AS n FROM collection_payments WHERE customer_id = ?`, customerId);
      expect(stored).toBe(payments.length);
      const byStatus = new Map<string, number>();
      for (const c of checkouts) {
        const { c: row, payments: ps } = await checkCheckout(db, c.checkoutId);
        byStatus.set(row.status, (byStatus.get(row.status) ?? 0) + 1);
        expect([c.checkoutId, ps.map((p) => p.status)]).toEqual([c.checkoutId, ps.map(() => 'COMPLETED')]);
        const allOnTime = ps.length === PAYMENTS_EACH && ps.every((p) => !(p.late === true || Number(p.late) === 1));
        expect([c.checkoutId, row.status]).toEqual([c.checkoutId, allOnTime ? 'PAID' : 'EXPIRED']);
      }
      // The kills hit work in progress (which kind depends on the machine's speed).
      expect(killedMidway + killedWhileMoving, `cut off ${killedMidway}, moving ${killedWhileMoving}, ${JSON.stringify([...byStatus])}`).toBeGreaterThan(0);
      // One transaction.posted per ledger row, and L1–L5.
      const ledgerRows = await db.count(`SELECT COUNT(*) AS n FROM ledger_transactions WHERE customer_id = ?`, customerId);
      const posted = await db.count(`SELECT COUNT(*) AS n FROM events WHERE customer_id = ? AND type = 'transaction.posted'`, customerId);
      expect([ledgerRows, posted]).toEqual([payments.length, payments.length]);
      await checkLedgerInvariants({ db }, customerId);
    } finally {
      await spawned.close();
    }
  }, 300_000);
});
