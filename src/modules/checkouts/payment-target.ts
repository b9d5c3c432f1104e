// §15.3 a checkout as a collection payment's target (the CHECKOUT kind, registered with collections from
// hooks.ts). Collections owns the payments; the checkout keeps its counters exact by the payments' steps,
// each in the step's transaction: an on-time detection adds to pending; its settlement moves it out of
// pending (into paid when COMPLETED) and recomputes the status; a late payment counts only when it
// completes (lateAmountMinor, R13). Every change is a compare-and-set on the version (§16.4) with its event.
import type { Exec } from '../../db/exec.js';
import type { CollectionPaymentRow, PaymentTargetKind } from '../collections/index.js';
import { transition } from '../lifecycle/index.js';
import { findCheckout } from './repository.js';
import { amountsOf, checkoutLifecycle, countersOf, isOnTime, statusAfterSettlement, type CheckoutStatus, type Counters } from './rules.js';
import type { CheckoutRow } from './tables.js';

async function checkoutOf(tx: Exec, checkoutId: string | null): Promise<CheckoutRow> {
  const c = checkoutId === null ? undefined : await findCheckout(tx, checkoutId);
  if (!c) throw new Error(`checkout ${checkoutId} is missing`);
  return c;
}

/** The checkout's change to `to` with counters `n`; its compare-and-set losing throws (the job runs again). */
async function change(tx: Exec, c: CheckoutRow, to: CheckoutStatus, n: Counters, at: string): Promise<void> {
  const set = { ...amountsOf(c, to, n), ...(to === 'PAID' && c.status !== 'PAID' ? { paidAt: at } : {}) };
  const row = await transition(tx, checkoutLifecycle(c.version), { id: c.checkoutId, from: c.status, to, at, set });
  if (!row) throw new Error(`checkout ${c.checkoutId} changed inside the transaction`);
}

export const checkoutTarget: PaymentTargetKind = {
  targetType: 'CHECKOUT',
  async load(tx, targetId) {
    const c = await findCheckout(tx, targetId);
    if (!c) return undefined;
    return { targetId, customerId: c.customerId, clientId: c.clientId, checkoutId: c.checkoutId, collectionWalletId: null, buyerId: c.buyerId };
  },
  async isLate(tx, targetId, detectedAt) {
    return !isOnTime(await checkoutOf(tx, targetId), detectedAt);
  },
  // §15.3: an on-time detection is pending (amountPendingMinor up, amountDueMinor down; the status stays);
  // a late one changes no field and writes no event.
  async detected(tx, payment, at) {
    if (payment.late) return;
    const c = await checkoutOf(tx, payment.checkoutId);
    const n = countersOf(c);
    await change(tx, c, c.status as CheckoutStatus, { ...n, pending: n.pending + BigInt(payment.amountMinor) }, at);
  },
  async settled(tx: Exec, payment: CollectionPaymentRow, at: string) {
    const amount = BigInt(payment.amountMinor);
    const completed = payment.status === 'COMPLETED';
    const c = await checkoutOf(tx, payment.checkoutId);
    const n = countersOf(c);
    if (payment.late) {
      // R13: credited when it completes, changing no status; freezing or dropping changes nothing.
      if (completed) await change(tx, c, c.status as CheckoutStatus, { ...n, late: n.late + amount }, at);
      return;
    }
    const after = { ...n, pending: n.pending - amount, paid: completed ? n.paid + amount : n.paid };
    await change(tx, c, statusAfterSettlement(c, after, at), after, at);
  },
};
