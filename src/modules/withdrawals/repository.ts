// Crypto withdrawals' rows: plain reads and writes, no rules.
import { and, eq } from 'drizzle-orm';
import type { Exec } from '../../db/exec.js';
import { cryptoWithdrawals, type CryptoWithdrawalRow } from '../../db/schema.js';

export async function findWithdrawal(db: Exec, withdrawalId: string): Promise<CryptoWithdrawalRow | undefined> {
  return db.select().from(cryptoWithdrawals).where(eq(cryptoWithdrawals.withdrawalId, withdrawalId)).get();
}

export async function findWithdrawalByClientReference(db: Exec, customerId: string, clientReference: string) {
  return db
    .select({ id: cryptoWithdrawals.withdrawalId })
    .from(cryptoWithdrawals)
    .where(and(eq(cryptoWithdrawals.customerId, customerId), eq(cryptoWithdrawals.clientReference, clientReference)))
    .get();
}

export async function insertWithdrawal(db: Exec, row: CryptoWithdrawalRow): Promise<CryptoWithdrawalRow> {
  return db.insert(cryptoWithdrawals).values(row).returning().get();
}
