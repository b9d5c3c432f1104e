// Fiat withdrawal quotes, fiat withdrawals and the sandbox's withdrawal outcomes: plain reads and writes,
// no rules.
import { and, asc, eq, inArray, isNotNull, isNull, lte, type SQL } from 'drizzle-orm';
import type { Exec } from '../../db/exec.js';
import { createdWithin, newestFirst, olderThan } from '../../db/keyset.js';
import type { FiatWithdrawalQuoteRow, FiatWithdrawalRow, SandboxFiatWithdrawalOutcomeRow } from './tables.js';

export async function insertFiatWithdrawalQuote(x: Exec, row: FiatWithdrawalQuoteRow): Promise<FiatWithdrawalQuoteRow> {
  return (await x.q.insert(x.t.fiatWithdrawalQuotes).values(row).returning())[0]!;
}

export async function findFiatWithdrawalQuote(x: Exec, quoteId: string): Promise<FiatWithdrawalQuoteRow | undefined> {
  const t = x.t.fiatWithdrawalQuotes;
  return (await x.q.select().from(t).where(eq(t.quoteId, quoteId)))[0];
}

/**
 * Marks an unused quote used by a withdrawal; false when another took it first. Racing drafts on
 * PostgreSQL both write this row (and uq_fiat_withdrawal_quote): the later conflicts, runs again and sees it used.
 */
export async function markFiatWithdrawalQuoteUsed(x: Exec, quoteId: string, fiatWithdrawalId: string): Promise<boolean> {
  const t = x.t.fiatWithdrawalQuotes;
  const rows = await x.q
    .update(t)
    .set({ usedByFiatWithdrawalId: fiatWithdrawalId })
    .where(and(eq(t.quoteId, quoteId), isNull(t.usedByFiatWithdrawalId)))
    .returning({ id: t.quoteId });
  return rows.length === 1;
}

export async function insertFiatWithdrawal(x: Exec, row: FiatWithdrawalRow): Promise<FiatWithdrawalRow> {
  return (await x.q.insert(x.t.fiatWithdrawals).values(row).returning())[0]!;
}

export async function findFiatWithdrawal(x: Exec, fiatWithdrawalId: string): Promise<FiatWithdrawalRow | undefined> {
  const t = x.t.fiatWithdrawals;
  return (await x.q.select().from(t).where(eq(t.fiatWithdrawalId, fiatWithdrawalId)))[0];
}

/** §16.4 uq_fiat_withdrawal_client_reference: the customer's withdrawal with this clientReference, if any. */
export async function findFiatWithdrawalByClientReference(x: Exec, customerId: string, clientReference: string): Promise<FiatWithdrawalRow | undefined> {
  const t = x.t.fiatWithdrawals;
  return (await x.q.select().from(t).where(and(eq(t.customerId, customerId), eq(t.clientReference, clientReference))))[0];
}

/** Compare-and-set on (fiatWithdrawalId, status): the row after the change, or undefined when it had moved on. */
export async function updateFiatWithdrawal(x: Exec, fiatWithdrawalId: string, from: string, set: Partial<FiatWithdrawalRow>): Promise<FiatWithdrawalRow | undefined> {
  const t = x.t.fiatWithdrawals;
  return (await x.q.update(t).set(set).where(and(eq(t.fiatWithdrawalId, fiatWithdrawalId), eq(t.status, from))).returning())[0];
}

/** Withdrawals whose next step is due at `now` in one of `statuses`, oldest due first. */
export async function dueFiatWithdrawals(x: Exec, now: string, statuses: readonly string[], limit: number, cleared?: boolean): Promise<string[]> {
  const t = x.t.fiatWithdrawals;
  const where: (SQL | undefined)[] = [isNotNull(t.dueAt), lte(t.dueAt, now), inArray(t.status, [...statuses])];
  if (cleared !== undefined) where.push(eq(t.reviewCleared, cleared));
  const rows = await x.q
    .select({ id: t.fiatWithdrawalId })
    .from(t)
    .where(and(...where))
    .orderBy(asc(t.dueAt), asc(t.fiatWithdrawalId))
    .limit(limit);
  return rows.map((r) => r.id);
}

export type FiatWithdrawalFilter = {
  before?: readonly [string, string];
  statuses?: readonly string[];
  rail?: string;
  bankAccountId?: string;
  clientReference?: string;
  from?: string;
  until?: string;
  limit: number;
};

/** A customer's fiat withdrawals, createdAt descending then id descending (§9.3). */
export async function listFiatWithdrawals(x: Exec, customerId: string, f: FiatWithdrawalFilter): Promise<FiatWithdrawalRow[]> {
  const t = x.t.fiatWithdrawals;
  const where: (SQL | undefined)[] = [eq(t.customerId, customerId), olderThan(t.createdAt, t.fiatWithdrawalId, f.before)];
  if (f.statuses) where.push(inArray(t.status, [...f.statuses]));
  if (f.rail !== undefined) where.push(eq(t.rail, f.rail));
  if (f.bankAccountId !== undefined) where.push(eq(t.bankAccountId, f.bankAccountId));
  if (f.clientReference !== undefined) where.push(eq(t.clientReference, f.clientReference));
  where.push(createdWithin(t.createdAt, f.from, f.until));
  return x.q
    .select()
    .from(t)
    .where(and(...where))
    .orderBy(...newestFirst(t.createdAt, t.fiatWithdrawalId))
    .limit(f.limit);
}

export async function findSandboxFiatWithdrawalOutcome(x: Exec, fingerprint: string): Promise<SandboxFiatWithdrawalOutcomeRow | undefined> {
  const t = x.t.sandboxFiatWithdrawalOutcomes;
  return (await x.q.select().from(t).where(eq(t.fingerprint, fingerprint)))[0];
}

/** §14.3: a new entry for the identifier replaces the earlier one. */
export async function saveSandboxFiatWithdrawalOutcome(x: Exec, row: SandboxFiatWithdrawalOutcomeRow): Promise<SandboxFiatWithdrawalOutcomeRow> {
  const t = x.t.sandboxFiatWithdrawalOutcomes;
  return (
    await x.q
      .insert(t)
      .values(row)
      .onConflictDoUpdate({ target: t.fingerprint, set: { outcome: row.outcome, keys: row.keys, returnReason: row.returnReason, createdAt: row.createdAt } })
      .returning()
  )[0]!;
}

export async function deleteSandboxFiatWithdrawalOutcome(x: Exec, fingerprint: string): Promise<boolean> {
  const t = x.t.sandboxFiatWithdrawalOutcomes;
  return (await x.q.delete(t).where(eq(t.fingerprint, fingerprint)).returning({ f: t.fingerprint })).length === 1;
}
