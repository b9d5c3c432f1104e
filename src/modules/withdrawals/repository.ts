// Crypto withdrawals' rows: plain reads and writes, no rules.
import { and, eq } from 'drizzle-orm';
import type { Exec } from '../../db/exec.js';
import type { CryptoWithdrawalRow } from '../../db/schema.js';

export async function findWithdrawal(x: Exec, withdrawalId: string): Promise<CryptoWithdrawalRow | undefined> {
  const t = x.t.cryptoWithdrawals;
  return (await x.q.select().from(t).where(eq(t.withdrawalId, withdrawalId)))[0];
}

export async function findWithdrawalByClientReference(x: Exec, customerId: string, clientReference: string) {
  const t = x.t.cryptoWithdrawals;
  return (await x.q.select({ id: t.withdrawalId }).from(t).where(and(eq(t.customerId, customerId), eq(t.clientReference, clientReference))))[0];
}

export async function insertWithdrawal(x: Exec, row: CryptoWithdrawalRow): Promise<CryptoWithdrawalRow> {
  return (await x.q.insert(x.t.cryptoWithdrawals).values(row).returning())[0]!;
}
