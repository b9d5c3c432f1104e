// Fiat account applications and fiat accounts: plain reads and writes, no rules.
import { and, asc, desc, eq, inArray, isNotNull, lte, type SQL } from 'drizzle-orm';
import type { Exec } from '../../db/exec.js';
import { newestFirst, olderThan } from '../../db/keyset.js';
import type { FiatAccountApplicationRow, FiatAccountRow } from './tables.js';

const OPEN_STATUSES = ['SUBMITTED', 'IN_REVIEW', 'NEEDS_ADDITIONAL_INFORMATION'];

export async function insertApplication(x: Exec, row: FiatAccountApplicationRow): Promise<FiatAccountApplicationRow> {
  return (await x.q.insert(x.t.fiatAccountApplications).values(row).returning())[0]!;
}

export async function findApplication(x: Exec, applicationId: string): Promise<FiatAccountApplicationRow | undefined> {
  const t = x.t.fiatAccountApplications;
  return (await x.q.select().from(t).where(eq(t.applicationId, applicationId)))[0];
}

/** §14.4 rule 3 of the capability: the customer's latest application in the currency (by createdAt, then id). */
export async function latestApplication(x: Exec, customerId: string, currency: string): Promise<FiatAccountApplicationRow | undefined> {
  const t = x.t.fiatAccountApplications;
  return (
    await x.q
      .select()
      .from(t)
      .where(and(eq(t.customerId, customerId), eq(t.currency, currency)))
      .orderBy(desc(t.createdAt), desc(t.applicationId))
      .limit(1)
  )[0];
}

/** §16.4 uq_fiat_application_open: the customer's open application in the currency, if any. */
export async function findOpenApplication(x: Exec, customerId: string, currency: string): Promise<FiatAccountApplicationRow | undefined> {
  const t = x.t.fiatAccountApplications;
  return (await x.q.select().from(t).where(and(eq(t.customerId, customerId), eq(t.currency, currency), inArray(t.status, OPEN_STATUSES))))[0];
}

/** Compare-and-set on (applicationId, status): the row after the change, or undefined when it had moved on. */
export async function updateApplication(x: Exec, applicationId: string, from: string, set: Partial<FiatAccountApplicationRow>): Promise<FiatAccountApplicationRow | undefined> {
  const t = x.t.fiatAccountApplications;
  return (await x.q.update(t).set(set).where(and(eq(t.applicationId, applicationId), eq(t.status, from))).returning())[0];
}

/** Applications whose review step is due at `now`, oldest first. */
export async function dueApplicationReviews(x: Exec, now: string, limit: number): Promise<string[]> {
  const t = x.t.fiatAccountApplications;
  const rows = await x.q
    .select({ id: t.applicationId })
    .from(t)
    .where(and(isNotNull(t.reviewDueAt), lte(t.reviewDueAt, now)))
    .orderBy(asc(t.reviewDueAt), asc(t.applicationId))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function insertFiatAccount(x: Exec, row: FiatAccountRow): Promise<FiatAccountRow> {
  return (await x.q.insert(x.t.fiatAccounts).values(row).returning())[0]!;
}

export async function findFiatAccount(x: Exec, fiatAccountId: string): Promise<FiatAccountRow | undefined> {
  const t = x.t.fiatAccounts;
  return (await x.q.select().from(t).where(eq(t.fiatAccountId, fiatAccountId)))[0];
}

/** §16.4 uq_fiat_account_customer_currency: the customer's account in the currency, if any. */
export async function findCustomerFiatAccount(x: Exec, customerId: string, currency: string): Promise<FiatAccountRow | undefined> {
  const t = x.t.fiatAccounts;
  return (await x.q.select().from(t).where(and(eq(t.customerId, customerId), eq(t.currency, currency))))[0];
}

/** Compare-and-set on (fiatAccountId, status). */
export async function updateFiatAccount(x: Exec, fiatAccountId: string, from: string, set: Partial<FiatAccountRow>): Promise<FiatAccountRow | undefined> {
  const t = x.t.fiatAccounts;
  return (await x.q.update(t).set(set).where(and(eq(t.fiatAccountId, fiatAccountId), eq(t.status, from))).returning())[0];
}

export type FiatAccountFilter = { before?: readonly [string, string]; currency?: string; statuses?: readonly string[]; limit: number };

export async function listFiatAccounts(x: Exec, customerId: string, f: FiatAccountFilter): Promise<FiatAccountRow[]> {
  const t = x.t.fiatAccounts;
  const where: (SQL | undefined)[] = [eq(t.customerId, customerId), olderThan(t.createdAt, t.fiatAccountId, f.before)];
  if (f.currency !== undefined) where.push(eq(t.currency, f.currency));
  if (f.statuses !== undefined) where.push(inArray(t.status, [...f.statuses]));
  return x.q
    .select()
    .from(t)
    .where(and(...where))
    .orderBy(...newestFirst(t.createdAt, t.fiatAccountId))
    .limit(f.limit);
}
