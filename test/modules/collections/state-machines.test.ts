// §15.5–§15.6 the wallet and payment state machines against a model (fast-check): random sequences of
// expiry updates, deactivations, payments (confirmed or not) and clock moves (the worker's expiry,
// confirmation and timeout steps then run), each answer and every record compared with the model.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Coll } from '../../helpers/collections.js';
import { startTestServer, type TestServer } from '../../helpers/harness.js';

const STEP_DELAY = 600_000; // the harness's SANDBOX_STEP_DELAY_MS
const TIMEOUT = 86_400_000; // COLLECTION_CONFIRMATION_TIMEOUT_SECONDS' default

type Payment = { id: string; amount: bigint; confirm: boolean; detectedAt: number; late: boolean; status: string };
type Model = { status: 'ACTIVE' | 'EXPIRED' | 'DEACTIVATED'; expiresAt: number | null; received: bigint; payments: Payment[] };

type Cmd =
  | { kind: 'expiry'; offsetMs: number | null }
  | { kind: 'deactivate' }
  | { kind: 'pay'; amount: number; confirm: boolean }
  | { kind: 'advance'; ms: number };

const cmd: fc.Arbitrary<Cmd> = fc.oneof(
  fc.record({ kind: fc.constant('expiry' as const), offsetMs: fc.constantFrom(null, 2 * 3600_000, 26 * 3600_000) }),
  fc.record({ kind: fc.constant('deactivate' as const) }),
  fc.record({ kind: fc.constant('pay' as const), amount: fc.integer({ min: 1, max: 1_000_000 }), confirm: fc.boolean() }),
  fc.record({ kind: fc.constant('advance' as const), ms: fc.constantFrom(60_000, STEP_DELAY, 3 * 3600_000, TIMEOUT + 1000) }),
);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

/** What the steps due at `now` do, in the worker's order: wallet expiry, then confirmation before timeout. */
function settle(m: Model, now: number): void {
  if (m.status === 'ACTIVE' && m.expiresAt !== null && m.expiresAt <= now) m.status = 'EXPIRED';
  for (const p of m.payments) {
    if (p.status !== 'DETECTED') continue;
    const confirmDue = p.detectedAt + STEP_DELAY;
    if (p.confirm && confirmDue <= now) {
      p.status = 'COMPLETED';
      m.received += p.amount;
    } else if (p.detectedAt + TIMEOUT <= now) p.status = 'DROPPED';
  }
}

describe('wallet and payment state machines (model-based)', () => {
  it('every sequence of operations and clock moves leaves the records where the model says', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(cmd, { minLength: 1, maxLength: 7 }), async (cmds) => {
        const c = await Coll.create(server);
        const w = await c.wallet();
        const m: Model = { status: 'ACTIVE', expiresAt: null, received: 0n, payments: [] };
        for (const k of cmds) {
          const now = server.clock.now().getTime();
          if (k.kind === 'expiry') {
            const at = k.offsetMs === null ? null : new Date(now + k.offsetMs).toISOString();
            const r = await c.rest('POST', `/partner/v1/crypto/collection-wallets/${w.collectionWalletId}/expiry`, { expiresAt: at });
            if (m.status === 'DEACTIVATED') expect(r.body.code, r.text).toBe('INVALID_STATE');
            else {
              expect(r.status, r.text).toBe(200);
              m.status = 'ACTIVE';
              m.expiresAt = at === null ? null : Date.parse(at);
            }
          } else if (k.kind === 'deactivate') {
            const r = await c.rest('POST', `/partner/v1/crypto/collection-wallets/${w.collectionWalletId}/deactivation`);
            expect(r.status, r.text).toBe(200);
            m.status = 'DEACTIVATED';
          } else if (k.kind === 'pay') {
            const p = await c.pay(w.address, String(k.amount), { confirm: k.confirm });
            const late = m.status !== 'ACTIVE' || (m.expiresAt !== null && now >= m.expiresAt);
            expect(p.late).toBe(late);
            m.payments.push({ id: p.collectionPaymentId, amount: BigInt(k.amount), confirm: k.confirm, detectedAt: Date.parse(p.detectedAt), late, status: 'DETECTED' });
          } else {
            server.clock.advance(k.ms);
            for (let i = 0; i < 3; i++) await server.service.worker.drain();
            settle(m, server.clock.now().getTime());
          }
          const wallet = (await c.getWallet(w.collectionWalletId)).body;
          expect({ status: wallet.status, received: wallet.amountReceivedMinor }).toEqual({ status: m.status, received: m.received.toString() });
          for (const p of m.payments) {
            const got = (await c.getPayment(p.id)).body;
            expect({ status: got.status, late: got.late }).toEqual({ status: p.status, late: p.late });
          }
        }
      }),
      { numRuns: 12 },
    );
  }, 240_000);
});
