// §15.3 the checkout state machine against a model (fast-check): random sequences of payments (confirmed
// or not), closes and clock moves (the worker's expiry, confirmation and timeout steps then run), each
// answer, every counter and the number of checkout events compared with the model after every command.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/harness.js';
import { eventsOf } from '../../helpers/withdrawals.js';
import { Co } from './checkouts.js';

const STEP_DELAY = 600_000; // the harness's SANDBOX_STEP_DELAY_MS
const TIMEOUT = 86_400_000; // COLLECTION_CONFIRMATION_TIMEOUT_SECONDS' default
const AMOUNT = 1000n;
const TOLERANCE = 100n;
const TTL_MS = 900_000;

type Status = 'OPEN' | 'PARTIALLY_PAID' | 'PAID' | 'EXPIRED' | 'CLOSED';
type Payment = { id: string; amount: bigint; confirm: boolean; detectedAt: number; late: boolean; status: string };
type Model = { status: Status; expiresAt: number; paid: bigint; pending: bigint; late: bigint; events: number; payments: Payment[] };

type Cmd = { kind: 'pay'; amount: number; confirm: boolean } | { kind: 'close' } | { kind: 'advance'; ms: number };

const cmd: fc.Arbitrary<Cmd> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('pay' as const), amount: fc.constantFrom(100, 400, 850, 900, 1000, 1200), confirm: fc.boolean() }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('close' as const) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('advance' as const), ms: fc.constantFrom(60_000, 300_000, STEP_DELAY, TIMEOUT + 1000) }), weight: 2 },
);

const accepting = (s: Status) => s === 'OPEN' || s === 'PARTIALLY_PAID';
const statusInfo = (m: Model): string =>
  ({
    OPEN: 'Awaiting payment',
    PARTIALLY_PAID: 'Partially paid',
    PAID: m.paid > AMOUNT ? 'Overpaid' : 'Paid',
    EXPIRED: m.paid === 0n ? 'Expired' : 'Expired, partially paid',
    CLOSED: m.paid === 0n ? 'Closed by merchant' : 'Closed, partially paid',
  })[m.status];

/** §15.3: a settlement's recomputation, first match. */
function recompute(m: Model, now: number): void {
  if (!accepting(m.status)) return;
  if (m.paid >= AMOUNT - TOLERANCE) m.status = 'PAID';
  else if (now >= m.expiresAt && m.pending === 0n) m.status = 'EXPIRED';
  else if (m.paid > 0n) m.status = 'PARTIALLY_PAID';
  else m.status = 'OPEN';
}

function settle(m: Model, p: Payment, to: 'COMPLETED' | 'DROPPED', now: number): void {
  p.status = to;
  if (p.late) {
    if (to === 'COMPLETED') {
      m.late += p.amount;
      m.events++;
    }
    return;
  }
  m.pending -= p.amount;
  if (to === 'COMPLETED') m.paid += p.amount;
  recompute(m, now);
  m.events++;
}

/** What the worker does at `now`: the expiry step, the confirmations, the timeouts (the order changes no end state). */
function steps(m: Model, now: number): void {
  const expire = () => {
    if (accepting(m.status) && m.expiresAt <= now && m.pending === 0n) {
      m.status = 'EXPIRED';
      m.events++;
    }
  };
  expire();
  for (const p of m.payments) if (p.status === 'DETECTED' && p.confirm && p.detectedAt + STEP_DELAY <= now) settle(m, p, 'COMPLETED', now);
  for (const p of m.payments) if (p.status === 'DETECTED' && p.detectedAt + TIMEOUT <= now) settle(m, p, 'DROPPED', now);
  expire();
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  server.clock.freeze();
});
afterAll(() => server.stop());

describe('checkout state machine (model-based)', () => {
  it('every sequence of payments, closes and clock moves leaves the checkout and its payments where the model says', async () => {
    const co = await Co.create(server);
    await fc.assert(
      fc.asyncProperty(fc.array(cmd, { minLength: 1, maxLength: 8 }), async (cmds) => {
        const c = await co.checkout({ amountMinor: String(AMOUNT), underpaymentToleranceMinor: String(TOLERANCE), expiresInSeconds: TTL_MS / 1000 });
        const m: Model = { status: 'OPEN', expiresAt: Date.parse(c.expiresAt), paid: 0n, pending: 0n, late: 0n, events: 1, payments: [] };
        for (const k of cmds) {
          const now = server.clock.now().getTime();
          if (k.kind === 'pay') {
            const p = await co.pay(c.address, String(k.amount), { confirm: k.confirm });
            const late = !(accepting(m.status) && now < m.expiresAt);
            expect(p.late).toBe(late);
            m.payments.push({ id: p.collectionPaymentId, amount: BigInt(k.amount), confirm: k.confirm, detectedAt: now, late, status: 'DETECTED' });
            if (!late) {
              m.pending += BigInt(k.amount);
              m.events++;
            }
          } else if (k.kind === 'close') {
            const r = await co.closeRest(c.checkoutId);
            if (m.status === 'CLOSED') expect(r.status, r.text).toBe(200);
            else if (!accepting(m.status) || now >= m.expiresAt || m.pending > 0n) expect([r.status, r.body.code], r.text).toEqual([409, 'INVALID_STATE']);
            else {
              expect(r.status, r.text).toBe(200);
              m.status = 'CLOSED';
              m.events++;
            }
          } else {
            server.clock.advance(k.ms);
            for (let i = 0; i < 3; i++) await server.service.worker.drain();
            steps(m, server.clock.now().getTime());
          }
          const v = await co.view(c.checkoutId);
          const amount = AMOUNT;
          expect({
            status: v.status, statusInfo: v.statusInfo, paid: v.amountPaidMinor, pending: v.amountPendingMinor, due: v.amountDueMinor,
            overpaid: v.overpaidMinor, late: v.lateAmountMinor,
          }).toEqual({
            status: m.status, statusInfo: statusInfo(m), paid: String(m.paid), pending: String(m.pending),
            due: String(accepting(m.status) && amount - m.paid - m.pending > 0n ? amount - m.paid - m.pending : 0n),
            overpaid: String(m.paid > amount ? m.paid - amount : 0n), late: String(m.late),
          });
          // Every change one event; the last one's data is the checkout as read (E8).
          const events = await eventsOf(server, c.checkoutId);
          expect(events.length).toBe(m.events);
          expect(events.at(-1)!.data).toEqual(v);
          // The counters are §15.3's sums over the checkout's payments as collections lists them.
          const listedReply = await co.rest('GET', `/partner/v1/customers/${co.customerId}/crypto/collection-payments?checkoutId=${c.checkoutId}&limit=100`);
          expect(listedReply.status, listedReply.text).toBe(200);
          const listed = listedReply.body.items as {
            amountMinor: string; late: boolean; status: string;
          }[];
          const sum = (f: (p: { late: boolean; status: string }) => boolean) => String(listed.filter(f).reduce((n, p) => n + BigInt(p.amountMinor), 0n));
          expect([v.amountPaidMinor, v.amountPendingMinor, v.lateAmountMinor]).toEqual([
            sum((p) => !p.late && p.status === 'COMPLETED'), sum((p) => !p.late && p.status === 'DETECTED'), sum((p) => p.late && p.status === 'COMPLETED'),
          ]);
          for (const p of m.payments) {
            const got = (await co.getPayment(p.id)).body;
            expect({ status: got.status, late: got.late }).toEqual({ status: p.status, late: p.late });
          }
        }
      }),
      { numRuns: 15 },
    );
  }, 300_000);
});
