// Crypto deposits' rows: plain reads and writes, no rules.
import { eq } from 'drizzle-orm';
import type { Exec } from '../../db/exec.js';
import { cryptoDeposits, type CryptoDepositRow } from '../../db/schema.js';

export async function findDeposit(db: Exec, depositId: string): Promise<CryptoDepositRow | undefined> {
  return db.select().from(cryptoDeposits).where(eq(cryptoDeposits.depositId, depositId)).get();
}

export async function insertDeposit(db: Exec, row: CryptoDepositRow): Promise<CryptoDepositRow> {
  return db.insert(cryptoDeposits).values(row).returning().get();
}
