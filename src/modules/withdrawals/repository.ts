// Crypto withdrawals' and withdrawal quotes' rows: plain reads and writes, no rules.
import { and, asc, count, eq, inArray, isNotNull, isNull, lte, type SQL } from 'drizzle-orm';
import type { Exec } from '../../db/exec.js';
import { olderThan, createdWithin, newestFirst } from '../../db/keyset.js';
import { routeOnRail } from '../routes/index.js';
import type { Waiting, WaitingQuery } from '../transfers/index.js';
import type { CryptoWithdrawalRow, WithdrawalQuoteRow } from './tables.js';

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

/** Compare-and-set: moves a withdrawal out of `from`; undefined when it was no longer there. */
export async function transitionWithdrawal(
  x: Exec,
  withdrawalId: string,
  from: string,
  set: Partial<CryptoWithdrawalRow>,
): Promise<CryptoWithdrawalRow | undefined> {
  const t = x.t.cryptoWithdrawals;
  return (await x.q.update(t).set(set).where(and(eq(t.withdrawalId, withdrawalId), eq(t.status, from))).returning())[0];
}

/** Withdrawals on the query's rail in its states (due by `dueBy`), in the order they entered them (dueAt, then id). */
export async function waitingWithdrawals(x: Exec, q: WaitingQuery): Promise<Waiting[]> {
  const t = x.t.cryptoWithdrawals;
  return x.q
    .select({ id: t.withdrawalId, dueAt: t.dueAt, statusInfo: t.statusInfo })
    .from(t)
    .where(
      and(
        inArray(t.status, [...q.statuses]),
        routeOnRail(x, q.rail, t.routeCode, t.clientId),
        ...(q.dueBy === undefined ? [] : [isNotNull(t.dueAt), lte(t.dueAt, q.dueBy)]),
      ),
    )
    .orderBy(asc(t.dueAt), asc(t.withdrawalId))
    .limit(q.limit);
}

export type WithdrawalFilter = {
  /** The last item's (createdAt, withdrawalId): the walk continues with older ones. */
  before?: readonly [string, string];
  statuses?: string[];
  routeCode?: string;
  walletBeneficiaryId?: string;
  clientReference?: string;
  from?: string;
  until?: string;
  limit: number;
};

/** A customer's withdrawals, createdAt descending then id descending (§9.3). */
export async function listWithdrawals(x: Exec, customerId: string, f: WithdrawalFilter): Promise<CryptoWithdrawalRow[]> {
  const t = x.t.cryptoWithdrawals;
  const where: (SQL | undefined)[] = [eq(t.customerId, customerId)];
  where.push(olderThan(t.createdAt, t.withdrawalId, f.before));
  if (f.statuses) where.push(inArray(t.status, f.statuses));
  if (f.routeCode !== undefined) where.push(eq(t.routeCode, f.routeCode));
  if (f.walletBeneficiaryId !== undefined) where.push(eq(t.walletBeneficiaryId, f.walletBeneficiaryId));
  if (f.clientReference !== undefined) where.push(eq(t.clientReference, f.clientReference));
  where.push(createdWithin(t.createdAt, f.from, f.until));
  return x.q
    .select()
    .from(t)
    .where(and(...where))
    .orderBy(...newestFirst(t.createdAt, t.withdrawalId))
    .limit(f.limit);
}

export async function insertQuote(x: Exec, row: WithdrawalQuoteRow): Promise<WithdrawalQuoteRow> {
  return (await x.q.insert(x.t.withdrawalQuotes).values(row).returning())[0]!;
}

export async function findQuote(x: Exec, quoteId: string): Promise<WithdrawalQuoteRow | undefined> {
  const t = x.t.withdrawalQuotes;
  return (await x.q.select().from(t).where(eq(t.quoteId, quoteId)))[0];
}

/**
 * Marks an unused quote used by a withdrawal; false when another withdrawal took it first. On PostgreSQL
 * two racing drafts both write this row, so the later one conflicts, runs again and then sees it used.
 */
export async function markQuoteUsed(x: Exec, quoteId: string, withdrawalId: string): Promise<boolean> {
  const t = x.t.withdrawalQuotes;
  const rows = await x.q
    .update(t)
    .set({ usedByWithdrawalId: withdrawalId })
    .where(and(eq(t.quoteId, quoteId), isNull(t.usedByWithdrawalId)))
    .returning({ id: t.quoteId });
  return rows.length === 1;
}

/** §18 C9 rail status: the withdrawals in SCREENING with this statusInfo (the EVM rail's "waiting for capacity"). */
export async function countWithdrawalsWaiting(x: Exec, statusInfo: string): Promise<number> {
  const t = x.t.cryptoWithdrawals;
  return Number((await x.q.select({ n: count() }).from(t).where(and(eq(t.status, 'SCREENING'), eq(t.statusInfo, statusInfo))))[0]?.n ?? 0);
}

/** §18 C1: whether a withdrawal of the partner exists on the route. */
export async function withdrawalOnRoute(x: Exec, routeCode: string, clientId: string): Promise<boolean> {
  const t = x.t.cryptoWithdrawals;
  return (await x.q.select({ code: t.routeCode }).from(t).where(and(eq(t.routeCode, routeCode), eq(t.clientId, clientId))).limit(1)).length > 0;
}

/** §10.11 for data upgrades: every withdrawal, oldest first (then by id). */
export async function allWithdrawals(x: Exec): Promise<CryptoWithdrawalRow[]> {
  const t = x.t.cryptoWithdrawals;
  return x.q.select().from(t).orderBy(asc(t.createdAt), asc(t.withdrawalId));
}
