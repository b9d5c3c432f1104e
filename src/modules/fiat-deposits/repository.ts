// Fiat deposits' rows: plain reads and writes, no rules.
import { and, asc, eq, inArray, isNotNull, lte, type SQL } from 'drizzle-orm';
import type { Exec } from '../../db/exec.js';
import { createdWithin, newestFirst, olderThan } from '../../db/keyset.js';
import type { FiatDepositRow } from './tables.js';

export async function insertFiatDeposit(x: Exec, row: FiatDepositRow): Promise<FiatDepositRow> {
  return (await x.q.insert(x.t.fiatDeposits).values(row).returning())[0]!;
}

export async function findFiatDeposit(x: Exec, fiatDepositId: string): Promise<FiatDepositRow | undefined> {
  const t = x.t.fiatDeposits;
  return (await x.q.select().from(t).where(eq(t.fiatDepositId, fiatDepositId)))[0];
}

/** Compare-and-set on (fiatDepositId, status): the row after the change, or undefined when it had moved on. */
export async function updateFiatDeposit(x: Exec, fiatDepositId: string, from: string, set: Partial<FiatDepositRow>): Promise<FiatDepositRow | undefined> {
  const t = x.t.fiatDeposits;
  return (await x.q.update(t).set(set).where(and(eq(t.fiatDepositId, fiatDepositId), eq(t.status, from))).returning())[0];
}

/** Deposits whose step is due at `now`, oldest due first. */
export async function dueFiatDepositSteps(x: Exec, now: string, limit: number): Promise<string[]> {
  const t = x.t.fiatDeposits;
  const rows = await x.q
    .select({ id: t.fiatDepositId })
    .from(t)
    .where(and(isNotNull(t.stepDueAt), lte(t.stepDueAt, now)))
    .orderBy(asc(t.stepDueAt), asc(t.fiatDepositId))
    .limit(limit);
  return rows.map((r) => r.id);
}

export type FiatDepositFilter = {
  /** The last item's (createdAt, fiatDepositId): the walk continues with older ones. */
  before?: readonly [string, string];
  statuses?: readonly string[];
  currency?: string;
  fiatAccountId?: string;
  from?: string;
  until?: string;
  limit: number;
};

/** A customer's fiat deposits, createdAt descending then fiatDepositId descending (§9.3). */
export async function listFiatDeposits(x: Exec, customerId: string, f: FiatDepositFilter): Promise<FiatDepositRow[]> {
  const t = x.t.fiatDeposits;
  const where: (SQL | undefined)[] = [eq(t.customerId, customerId), olderThan(t.createdAt, t.fiatDepositId, f.before)];
  if (f.statuses !== undefined) where.push(inArray(t.status, [...f.statuses]));
  if (f.currency !== undefined) where.push(eq(t.currency, f.currency));
  if (f.fiatAccountId !== undefined) where.push(eq(t.fiatAccountId, f.fiatAccountId));
  where.push(createdWithin(t.createdAt, f.from, f.until));
  return x.q
    .select()
    .from(t)
    .where(and(...where))
    .orderBy(...newestFirst(t.createdAt, t.fiatDepositId))
    .limit(f.limit);
}
