// Crypto deposits' rows: plain reads and writes, no rules.
import { eq } from 'drizzle-orm';
import type { Exec } from '../../db/exec.js';
import type { CryptoDepositRow } from '../../db/schema.js';

export async function findDeposit(x: Exec, depositId: string): Promise<CryptoDepositRow | undefined> {
  const t = x.t.cryptoDeposits;
  return (await x.q.select().from(t).where(eq(t.depositId, depositId)))[0];
}

export async function insertDeposit(x: Exec, row: CryptoDepositRow): Promise<CryptoDepositRow> {
  return (await x.q.insert(x.t.cryptoDeposits).values(row).returning())[0]!;
}
