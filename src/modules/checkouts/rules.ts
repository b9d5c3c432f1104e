// §15.2–§15.3 checkouts: what the API shows of one, its amounts and statusInfo (one function of its
// counters), its lifecycle (each change one transition(): compare-and-set on the version, event) and the
// ownership rule the operations share.
import type { Exec } from '../../db/exec.js';
import type { CallContext } from '../../core/context.js';
import { requireOwn } from '../../core/ownership.js';
import type { Lifecycle } from '../lifecycle/index.js';
import { checkoutRecord } from './records.js';
import { findCheckout, updateCheckout } from './repository.js';
import type { CheckoutRow } from './tables.js';

export type CheckoutStatus = (typeof checkoutRecord.statuses)[number];

// Exactly the GraphQL fields, so that nothing else (the client id, the version, the link count) reaches a
// response, a stored idempotent result or an event.
export type CheckoutView = Omit<CheckoutRow, 'clientId' | 'version' | 'linkCount' | 'status'> & { status: CheckoutStatus };
export function checkoutView(c: CheckoutRow): CheckoutView {
  const { clientId: _c, version: _v, linkCount: _l, ...shown } = c;
  return { ...shown, status: c.status as CheckoutStatus };
}

/** §15.3 the counters a checkout keeps; the rest of its amounts follow from them. */
export type Counters = { paid: bigint; pending: bigint; late: bigint };

export const countersOf = (c: CheckoutRow): Counters => ({
  paid: BigInt(c.amountPaidMinor),
  pending: BigInt(c.amountPendingMinor),
  late: BigInt(c.lateAmountMinor),
});

const max0 = (n: bigint) => (n > 0n ? n : 0n);
const accepting = (s: string) => s === 'OPEN' || s === 'PARTIALLY_PAID';

/** §15.3's status table: the statusInfo of a status with `paid` paid of `amount`. */
export function statusInfoOf(status: CheckoutStatus, paid: bigint, amount: bigint): string {
  switch (status) {
    case 'OPEN':
      return 'Awaiting payment';
    case 'PARTIALLY_PAID':
      return 'Partially paid';
    case 'PAID':
      return paid > amount ? 'Overpaid' : 'Paid';
    case 'EXPIRED':
      return paid === 0n ? 'Expired' : 'Expired, partially paid';
    case 'CLOSED':
      return paid === 0n ? 'Closed by merchant' : 'Closed, partially paid';
  }
}

/** §15.3's field table: every amount and the statusInfo of a checkout in `status` with these counters. */
export function amountsOf(c: Pick<CheckoutRow, 'amountMinor'>, status: CheckoutStatus, n: Counters) {
  const amount = BigInt(c.amountMinor);
  return {
    amountPaidMinor: n.paid.toString(),
    amountPendingMinor: n.pending.toString(),
    amountDueMinor: (accepting(status) ? max0(amount - n.paid - n.pending) : 0n).toString(),
    overpaidMinor: max0(n.paid - amount).toString(),
    lateAmountMinor: n.late.toString(),
    statusInfo: statusInfoOf(status, n.paid, amount),
  };
}

/**
 * §15.3 the status after a settlement of an on-time payment, first match: paid ≥ target → PAID; at or
 * after expiresAt with nothing pending → EXPIRED; paid > 0 → PARTIALLY_PAID; else OPEN. A final status stays.
 */
export function statusAfterSettlement(c: CheckoutRow, n: Counters, at: string): CheckoutStatus {
  const status = c.status as CheckoutStatus;
  if (!accepting(status)) return status;
  const target = BigInt(c.amountMinor) - BigInt(c.underpaymentToleranceMinor);
  if (n.paid >= target) return 'PAID';
  if (Date.parse(at) >= Date.parse(c.expiresAt) && n.pending === 0n) return 'EXPIRED';
  if (n.paid > 0n) return 'PARTIALLY_PAID';
  return 'OPEN';
}

/** §15.3: a payment detected at `detectedAt` is on time iff the checkout accepts and expiresAt is still ahead. */
export const isOnTime = (c: CheckoutRow, detectedAt: string) => accepting(c.status) && Date.parse(detectedAt) < Date.parse(c.expiresAt);

/** §15.3, §16.4: a checkout's changes compare-and-set on its version as read by the caller, with its status. */
export function checkoutLifecycle(version: number): Lifecycle<CheckoutRow> {
  return {
    record: checkoutRecord,
    compareAndSet: (tx, id, from, set) => updateCheckout(tx, id, from, version, set),
    view: async (_tx, row) => checkoutView(row),
  };
}

/** §4: unknown → 404 NOT_FOUND, another partner's → 403. */
export async function requireOwnCheckout(tx: Exec, ctx: CallContext, checkoutId: string): Promise<CheckoutRow> {
  return requireOwn(ctx, await findCheckout(tx, checkoutId), 'NOT_FOUND', 'checkout', checkoutId);
}
