// §15.4 links and POS payment requests: plain reads and writes, no rules.
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Exec } from '../../db/exec.js';
import type { CheckoutLinkRow, CheckoutPosPaymentRequestRow, CheckoutRow } from './tables.js';

/**
 * §16.4 the link count: one more link while fewer than `max` exist and the checkout still takes payments,
 * by compare-and-set in the update. Not the version: a link changes no field a payment step or the expiry
 * compares. Undefined when nothing was counted (the limit reached, or the checkout moved on meanwhile).
 */
export async function countLink(x: Exec, checkoutId: string, max: number): Promise<CheckoutRow | undefined> {
  const t = x.t.checkouts;
  return (
    await x.q
      .update(t)
      .set({ linkCount: sql`${t.linkCount} + 1` })
      .where(and(eq(t.checkoutId, checkoutId), lt(t.linkCount, max), inArray(t.status, ['OPEN', 'PARTIALLY_PAID'])))
      .returning()
  )[0];
}

export async function insertLink(x: Exec, row: CheckoutLinkRow): Promise<void> {
  await x.q.insert(x.t.checkoutLinks).values(row);
}

export async function insertPosPaymentRequest(x: Exec, row: CheckoutPosPaymentRequestRow): Promise<void> {
  await x.q.insert(x.t.checkoutPosPaymentRequests).values(row);
}

/** The page's one read: the link of a token hash with its checkout. */
export async function findLinkWithCheckout(x: Exec, tokenHash: string): Promise<{ link: CheckoutLinkRow; checkout: CheckoutRow } | undefined> {
  const l = x.t.checkoutLinks;
  const c = x.t.checkouts;
  const rows = await x.q.select({ link: l, checkout: c }).from(l).innerJoin(c, eq(c.checkoutId, l.checkoutId)).where(eq(l.tokenHash, tokenHash));
  return rows[0];
}
