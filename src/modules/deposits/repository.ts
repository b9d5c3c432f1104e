// Crypto deposits' rows: plain reads and writes, no rules.
import { eq, sql } from 'drizzle-orm';
import type { Exec } from '../../db/exec.js';
import type { CryptoDepositRow } from '../../db/schema.js';

export async function findDeposit(x: Exec, depositId: string): Promise<CryptoDepositRow | undefined> {
  const t = x.t.cryptoDeposits;
  return (await x.q.select().from(t).where(eq(t.depositId, depositId)))[0];
}

/**
 * The deposit, claimed for the rest of the transaction, so that refund drafts racing on it from several
 * processes check its refundable amount one at a time. On PostgreSQL a write of the row (to itself): a
 * concurrent draft waits for it, and then fails on the changed row and runs again with a snapshot that
 * sees the first draft's refund. On SQLite every write job already runs alone.
 */
export async function lockDeposit(x: Exec, depositId: string): Promise<CryptoDepositRow | undefined> {
  const t = x.t.cryptoDeposits;
  if (x.engine === 'pg') return (await x.q.update(t).set({ status: sql`${t.status}` }).where(eq(t.depositId, depositId)).returning())[0];
  return (await x.q.select().from(t).where(eq(t.depositId, depositId)))[0];
}

export async function insertDeposit(x: Exec, row: CryptoDepositRow): Promise<CryptoDepositRow> {
  return (await x.q.insert(x.t.cryptoDeposits).values(row).returning())[0]!;
}
