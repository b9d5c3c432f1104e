// Bank accounts and the bank deny list: plain reads and writes, no rules.
import { and, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { Exec } from '../../db/exec.js';
import { newestFirst, olderThan } from '../../db/keyset.js';
import type { BankAccountRow } from './tables.js';

export async function findBankAccount(x: Exec, bankAccountId: string): Promise<BankAccountRow | undefined> {
  const t = x.t.bankAccounts;
  return (await x.q.select().from(t).where(eq(t.bankAccountId, bankAccountId)))[0];
}

/** §14.5: the customer's ACTIVE account with this fingerprint, other than `except`, if any. */
export async function findActiveByFingerprint(x: Exec, customerId: string, fingerprint: string, except?: string): Promise<BankAccountRow | undefined> {
  const t = x.t.bankAccounts;
  const where = [eq(t.customerId, customerId), eq(t.fingerprint, fingerprint), eq(t.status, 'ACTIVE')];
  if (except !== undefined) where.push(ne(t.bankAccountId, except));
  return (await x.q.select().from(t).where(and(...where)))[0];
}

export async function insertBankAccount(x: Exec, row: BankAccountRow): Promise<BankAccountRow> {
  return (await x.q.insert(x.t.bankAccounts).values(row).returning())[0]!;
}

/** A status change, compare-and-set on the status as read. */
export async function updateBankAccount(x: Exec, bankAccountId: string, from: string, set: Partial<BankAccountRow>): Promise<BankAccountRow | undefined> {
  const t = x.t.bankAccounts;
  return (await x.q.update(t).set(set).where(and(eq(t.bankAccountId, bankAccountId), eq(t.status, from))).returning())[0];
}

export async function listBankAccounts(
  x: Exec,
  customerId: string,
  f: { before?: readonly [string, string]; statuses?: string[]; currency?: string; limit: number },
): Promise<BankAccountRow[]> {
  const t = x.t.bankAccounts;
  const where: (SQL | undefined)[] = [eq(t.customerId, customerId), olderThan(t.createdAt, t.bankAccountId, f.before)];
  if (f.statuses) where.push(inArray(t.status, f.statuses));
  if (f.currency !== undefined) where.push(eq(t.currency, f.currency));
  return x.q
    .select()
    .from(t)
    .where(and(...where))
    .orderBy(...newestFirst(t.createdAt, t.bankAccountId))
    .limit(f.limit);
}

// The bank deny list (§14.8), by fingerprint.

/** Adds an entry; whether it was new. */
export async function insertDeniedBank(x: Exec, fingerprint: string, createdAt: string): Promise<boolean> {
  const t = x.t.bankDenyList;
  return (await x.q.insert(t).values({ fingerprint, createdAt }).onConflictDoNothing().returning({ f: t.fingerprint })).length > 0;
}

/** Removes an entry; whether there was one. */
export async function deleteDeniedBank(x: Exec, fingerprint: string): Promise<boolean> {
  const t = x.t.bankDenyList;
  return (await x.q.delete(t).where(eq(t.fingerprint, fingerprint)).returning({ f: t.fingerprint })).length > 0;
}

export async function isBankDenied(x: Exec, fingerprint: string): Promise<boolean> {
  const t = x.t.bankDenyList;
  return (await x.q.select({ f: t.fingerprint }).from(t).where(eq(t.fingerprint, fingerprint))).length > 0;
}
