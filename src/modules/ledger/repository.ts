// Balances and ledger rows (§10.1): plain reads and writes, no rules. Rows are only ever inserted (L4).
import { and, asc, desc, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Exec } from '../../db/exec.js';
import { createdWithin } from '../../db/keyset.js';
import type { BalanceRow, LedgerTransactionRow } from './tables.js';

export async function findBalance(x: Exec, customerId: string, currency: string): Promise<BalanceRow | undefined> {
  const t = x.t.balances;
  return (await x.q.select().from(t).where(and(eq(t.customerId, customerId), eq(t.currency, currency))))[0];
}

/** Writes a balance's new amounts; the CHECKs of the table refuse a negative one (L1). */
export async function saveBalance(x: Exec, row: BalanceRow, isNew: boolean): Promise<void> {
  const t = x.t.balances;
  if (isNew) await x.q.insert(t).values(row);
  else
    await x.q
      .update(t)
      .set({ availableMinor: row.availableMinor, heldMinor: row.heldMinor, lastSequence: row.lastSequence, updatedAt: row.updatedAt })
      .where(and(eq(t.customerId, row.customerId), eq(t.currency, row.currency)));
}

export async function insertLedgerTransaction(x: Exec, row: LedgerTransactionRow, postings: { account: string; amountMinor: string }[]): Promise<void> {
  await x.q.insert(x.t.ledgerTransactions).values(row);
  await x.q.insert(x.t.ledgerPostings).values(postings.map((p) => ({ transactionId: row.transactionId, currency: row.currency, ...p })));
}

/** A service-internal journal entry (§13.4's spread): its two postings, no customer row. */
export async function insertInternalEntry(x: Exec, transactionId: string, currency: string, postings: { account: string; amountMinor: string }[]): Promise<void> {
  await x.q.insert(x.t.ledgerPostings).values(postings.map((p) => ({ transactionId, currency, ...p })));
}

/** The customer's last posting position (0 before the first row): the next row takes the one after it (§9.3). */
export async function lastPostingPosition(x: Exec, customerId: string): Promise<number> {
  const t = x.t.ledgerTransactions;
  const [row] = await x.q.select({ last: sql<number | null>`max(${t.postingPosition})` }).from(t).where(eq(t.customerId, customerId));
  return Number(row?.last ?? 0);
}

export async function findLedgerTransaction(x: Exec, transactionId: string): Promise<LedgerTransactionRow | undefined> {
  const t = x.t.ledgerTransactions;
  return (await x.q.select().from(t).where(eq(t.transactionId, transactionId)))[0];
}

/** A customer's balances by currency ascending, after `afterCurrency`. */
export async function listBalances(x: Exec, customerId: string, f: { afterCurrency?: string; currency?: string; limit: number }): Promise<BalanceRow[]> {
  const t = x.t.balances;
  const where: SQL[] = [eq(t.customerId, customerId)];
  if (f.afterCurrency !== undefined) where.push(gt(t.currency, f.afterCurrency));
  if (f.currency !== undefined) where.push(eq(t.currency, f.currency));
  return x.q.select().from(t).where(and(...where)).orderBy(asc(t.currency)).limit(f.limit);
}

export type TransactionFilter = {
  /** The last row's (createdAt, posting position): the walk continues with older rows. */
  before?: readonly [string, number];
  types?: string[];
  currency?: string;
  resourceType?: string;
  resourceId?: string;
  from?: string;
  until?: string;
  limit: number;
};

/**
 * A customer's ledger rows, newest first (§9.3): by createdAt, then by the customer's posting position, so
 * the rows of one database transaction list in the reverse of their posting order whatever their currencies.
 */
export async function listLedgerTransactions(x: Exec, customerId: string, f: TransactionFilter): Promise<LedgerTransactionRow[]> {
  const t = x.t.ledgerTransactions;
  const where: (SQL | undefined)[] = [eq(t.customerId, customerId)];
  if (f.before) {
    // Row values: one range seek of the (customer, createdAt) index however deep the page (src/db/keyset.ts).
    const [at, position] = f.before;
    where.push(lte(t.createdAt, at), sql`(${t.createdAt}, ${t.postingPosition}) < (${at}, ${position})`);
  }
  if (f.types) where.push(inArray(t.type, f.types));
  if (f.currency !== undefined) where.push(eq(t.currency, f.currency));
  if (f.resourceType !== undefined) where.push(eq(t.resourceType, f.resourceType));
  if (f.resourceId !== undefined) where.push(eq(t.resourceId, f.resourceId));
  where.push(createdWithin(t.createdAt, f.from, f.until));
  return x.q
    .select()
    .from(t)
    .where(and(...where))
    .orderBy(desc(t.createdAt), desc(t.postingPosition))
    .limit(f.limit);
}
