// Crypto refunds' rows: plain reads and writes, no rules.
import { and, eq, sql } from 'drizzle-orm';
import type { Exec } from '../../db/exec.js';
import type { CryptoRefundRow } from '../../db/schema.js';

export async function findRefund(x: Exec, refundId: string): Promise<CryptoRefundRow | undefined> {
  const t = x.t.cryptoRefunds;
  return (await x.q.select().from(t).where(eq(t.refundId, refundId)))[0];
}

/** Amounts of a deposit's refunds that still count against it (there is no cancelled state yet). */
export async function refundAmountsOfDeposit(x: Exec, depositId: string): Promise<string[]> {
  const t = x.t.cryptoRefunds;
  const rows = await x.q
    .select({ amountMinor: t.amountMinor })
    .from(t)
    .where(and(eq(t.depositId, depositId), sql`${t.status} <> 'CANCELLED'`));
  return rows.map((r) => r.amountMinor);
}

export async function insertRefund(x: Exec, row: CryptoRefundRow): Promise<CryptoRefundRow> {
  return (await x.q.insert(x.t.cryptoRefunds).values(row).returning())[0]!;
}

/** Moves a refund from one state to the next; undefined when it was no longer in `from`. */
export async function transitionRefund(x: Exec, refundId: string, from: string, set: Partial<CryptoRefundRow>): Promise<CryptoRefundRow | undefined> {
  const t = x.t.cryptoRefunds;
  return (await x.q.update(t).set(set).where(and(eq(t.refundId, refundId), eq(t.status, from))).returning())[0];
}
