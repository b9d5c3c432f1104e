// Crypto refunds' rows: plain reads and writes, no rules.
import { and, eq, sql } from 'drizzle-orm';
import type { Exec } from '../../db/exec.js';
import { cryptoRefunds, type CryptoRefundRow } from '../../db/schema.js';

export async function findRefund(db: Exec, refundId: string): Promise<CryptoRefundRow | undefined> {
  return db.select().from(cryptoRefunds).where(eq(cryptoRefunds.refundId, refundId)).get();
}

/** Amounts of a deposit's refunds that still count against it (there is no cancelled state yet). */
export async function refundAmountsOfDeposit(db: Exec, depositId: string): Promise<string[]> {
  return db
    .select({ amountMinor: cryptoRefunds.amountMinor })
    .from(cryptoRefunds)
    .where(and(eq(cryptoRefunds.depositId, depositId), sql`${cryptoRefunds.status} <> 'CANCELLED'`))
    .all()
    .map((r) => r.amountMinor);
}

export async function insertRefund(db: Exec, row: CryptoRefundRow): Promise<CryptoRefundRow> {
  return db.insert(cryptoRefunds).values(row).returning().get();
}

/** Moves a refund from one state to the next; undefined when it was no longer in `from`. */
export async function transitionRefund(
  db: Exec,
  refundId: string,
  from: string,
  set: Partial<CryptoRefundRow>,
): Promise<CryptoRefundRow | undefined> {
  return db
    .update(cryptoRefunds)
    .set(set)
    .where(and(eq(cryptoRefunds.refundId, refundId), eq(cryptoRefunds.status, from)))
    .returning()
    .get();
}
