// What must hold of a checkout once its payments have settled, read from the database as it is (for the
// suites that race or kill server processes): every counter is the sum of its payments (§15.3: paid of the
// on-time completed, late of the late completed, pending of the detected), the counters are the sum of the
// payments' COLLECTION ledger rows, each completed payment has exactly one such row and a detected one
// none, the derived amounts follow from the counters, and its events are one per change (§16.4).
import { expect } from 'vitest';
import { amountsOf, type CheckoutStatus } from '../../../src/modules/checkouts/rules.js';
import type { TestDb } from '../../helpers/test-db.js';

type Row = Record<string, any>;
const FINAL_EVENT: Record<string, string> = { PAID: 'crypto_checkout.paid', EXPIRED: 'crypto_checkout.expired', CLOSED: 'crypto_checkout.closed' };

/** Checks one checkout; answers its row and payments for the suite's own assertions. */
export async function checkCheckout(db: TestDb, checkoutId: string): Promise<{ c: Row; payments: Row[] }> {
  const c = (await db.get<Row>(`SELECT * FROM checkouts WHERE checkout_id = ?`, checkoutId))!;
  const payments = await db.all<Row>(`SELECT * FROM collection_payments WHERE checkout_id = ? ORDER BY detected_at, collection_payment_id`, checkoutId);
  const sum = (f: (p: Row) => boolean) => payments.filter(f).reduce((s, p) => s + BigInt(p.amount_minor), 0n);
  const late = (p: Row) => p.late === true || Number(p.late) === 1;
  const counters = {
    paid: sum((p) => p.status === 'COMPLETED' && !late(p)),
    pending: sum((p) => p.status === 'DETECTED' && !late(p)),
    late: sum((p) => p.status === 'COMPLETED' && late(p)),
  };
  expect([checkoutId, c.amount_paid_minor, c.amount_pending_minor, c.late_amount_minor]).toEqual([
    checkoutId, counters.paid.toString(), counters.pending.toString(), counters.late.toString(),
  ]);
  // The derived amounts are those of the counters: no half-written row.
  const derived = amountsOf({ amountMinor: c.amount_minor }, c.status as CheckoutStatus, counters);
  expect([checkoutId, c.amount_due_minor, c.overpaid_minor, c.status_info]).toEqual([checkoutId, derived.amountDueMinor, derived.overpaidMinor, derived.statusInfo]);

  // The ledger: one COLLECTION row per completed payment, of its amount; none for any other.
  let ledgered = 0n;
  for (const p of payments) {
    const rows = await db.all<Row>(`SELECT type, amount_minor FROM ledger_transactions WHERE resource_id = ? ORDER BY sequence`, p.collection_payment_id);
    const expected = p.status === 'COMPLETED' ? [['COLLECTION', p.amount_minor]] : [];
    expect([p.collection_payment_id, rows.map((r) => [r.type, String(r.amount_minor)])]).toEqual([p.collection_payment_id, expected]);
    for (const r of rows) ledgered += BigInt(r.amount_minor);
  }
  expect([checkoutId, ledgered]).toEqual([checkoutId, counters.paid + counters.late]);

  // Events: sequences 1..n; each one a change (its data differs from the one before); the last is the
  // checkout as it is; exactly one event of the final status, and none after a final status but the
  // late amount's updates.
  const events = await db.all<Row>(`SELECT type, sequence, data FROM events WHERE resource_id = ? ORDER BY sequence`, checkoutId);
  expect([checkoutId, events.map((e) => Number(e.sequence))]).toEqual([checkoutId, events.map((_, i) => i + 1)]);
  expect([checkoutId, events[0]?.type]).toEqual([checkoutId, 'crypto_checkout.open']);
  const data = events.map((e) => JSON.parse(String(e.data)) as Row);
  for (let i = 1; i < data.length; i++) expect([checkoutId, i, JSON.stringify(data[i]) === JSON.stringify(data[i - 1])]).toEqual([checkoutId, i, false]);
  const last = data.at(-1)!;
  expect([checkoutId, last.status, last.amountPaidMinor, last.amountPendingMinor, last.lateAmountMinor, last.version]).toEqual([
    checkoutId, c.status, c.amount_paid_minor, c.amount_pending_minor, c.late_amount_minor, undefined,
  ]);
  const finals = events.filter((e) => Object.values(FINAL_EVENT).includes(String(e.type)));
  if (FINAL_EVENT[c.status]) {
    expect([checkoutId, finals.map((e) => e.type)]).toEqual([checkoutId, [FINAL_EVENT[c.status]]]);
    const after = events.slice(events.indexOf(finals[0]!) + 1);
    expect([checkoutId, after.every((e) => e.type === 'crypto_checkout.updated')]).toEqual([checkoutId, true]);
  } else expect([checkoutId, finals]).toEqual([checkoutId, []]);
  return { c, payments };
}
