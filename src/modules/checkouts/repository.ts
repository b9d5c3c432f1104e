// Checkouts: plain reads and writes, no rules.
import { and, asc, eq, inArray, lte, type SQL } from 'drizzle-orm';
import type { Exec } from '../../db/exec.js';
import { createdWithin, newestFirst, olderThan } from '../../db/keyset.js';
import type { CheckoutRow } from './tables.js';

export async function findCheckout(x: Exec, checkoutId: string): Promise<CheckoutRow | undefined> {
  const t = x.t.checkouts;
  return (await x.q.select().from(t).where(eq(t.checkoutId, checkoutId)))[0];
}

export async function findCheckoutByMerchantReference(x: Exec, customerId: string, merchantReference: string): Promise<CheckoutRow | undefined> {
  const t = x.t.checkouts;
  return (await x.q.select().from(t).where(and(eq(t.customerId, customerId), eq(t.merchantReference, merchantReference))))[0];
}

export async function insertCheckout(x: Exec, row: CheckoutRow): Promise<CheckoutRow> {
  return (await x.q.insert(x.t.checkouts).values(row).returning())[0]!;
}

/** §15.3, §16.4: compare-and-set on (status, version); the version moves on with every change. */
export async function updateCheckout(x: Exec, checkoutId: string, from: string, version: number, set: Partial<CheckoutRow>): Promise<CheckoutRow | undefined> {
  const t = x.t.checkouts;
  return (
    await x.q
      .update(t)
      .set({ ...set, version: version + 1 })
      .where(and(eq(t.checkoutId, checkoutId), eq(t.status, from), eq(t.version, version)))
      .returning()
  )[0];
}

export type CheckoutFilter = {
  before?: readonly [string, string];
  statuses?: string[];
  routeCode?: string;
  merchantReference?: string;
  buyerId?: string;
  from?: string;
  until?: string;
  limit: number;
};

export async function listCheckouts(x: Exec, customerId: string, f: CheckoutFilter): Promise<CheckoutRow[]> {
  const t = x.t.checkouts;
  const where: (SQL | undefined)[] = [eq(t.customerId, customerId), olderThan(t.createdAt, t.checkoutId, f.before)];
  if (f.statuses) where.push(inArray(t.status, f.statuses));
  if (f.routeCode !== undefined) where.push(eq(t.routeCode, f.routeCode));
  if (f.merchantReference !== undefined) where.push(eq(t.merchantReference, f.merchantReference));
  if (f.buyerId !== undefined) where.push(eq(t.buyerId, f.buyerId));
  where.push(createdWithin(t.createdAt, f.from, f.until));
  return x.q
    .select()
    .from(t)
    .where(and(...where))
    .orderBy(...newestFirst(t.createdAt, t.checkoutId))
    .limit(f.limit);
}

/**
 * §15.3 the expiry step: OPEN or PARTIALLY_PAID checkouts whose expiresAt has come with nothing pending,
 * soonest first (one with a payment pending waits for the payment's settlement, which decides).
 */
export async function dueCheckoutExpiries(x: Exec, now: string, limit: number): Promise<string[]> {
  const t = x.t.checkouts;
  const rows = await x.q
    .select({ id: t.checkoutId })
    .from(t)
    .where(and(inArray(t.status, ['OPEN', 'PARTIALLY_PAID']), lte(t.expiresAt, now), eq(t.amountPendingMinor, '0')))
    .orderBy(asc(t.expiresAt), asc(t.checkoutId))
    .limit(limit);
  return rows.map((r) => r.id);
}
