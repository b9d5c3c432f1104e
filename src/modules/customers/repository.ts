// Customers' rows: plain reads and writes, no rules.
import { and, asc, desc, eq, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Exec } from '../../db/exec.js';
import { prepared } from '../../db/prepared.js';
import type { CustomerRow, NewCustomerRow, SandboxVerificationOutcomeRow, VerificationSubmissionRow } from './tables.js';

export async function findCustomer(x: Exec, customerId: string): Promise<CustomerRow | undefined> {
  const rows = await prepared(
    x,
    'findCustomer',
    (q, t) => q.select().from(t.customers).where(eq(t.customers.customerId, sql.placeholder('customerId'))),
    { customerId },
  );
  return rows[0];
}

export async function findCustomerByExternalRef(x: Exec, clientId: string, externalRef: string): Promise<CustomerRow | undefined> {
  const t = x.t.customers;
  return (await x.q.select().from(t).where(and(eq(t.clientId, clientId), eq(t.externalRef, externalRef))))[0];
}

/**
 * The customer, claimed for the rest of the transaction (as deposits/repository.ts lockDeposit): on
 * PostgreSQL a write of the row to itself, so two transactions that count the customer's records and then
 * add one run one after the other (the second fails on the changed row and runs again, seeing the first's
 * record), and a change of the customer (a suspension) and such a transaction never pass each other. On
 * SQLite every write job already runs alone.
 */
export async function lockCustomer(x: Exec, customerId: string): Promise<CustomerRow | undefined> {
  const t = x.t.customers;
  if (x.engine === 'pg') return (await x.q.update(t).set({ status: sql`${t.status}` }).where(eq(t.customerId, customerId)).returning())[0];
  return findCustomer(x, customerId);
}

/** The columns of §12.4 left out take their defaults (ACTIVE's ones: UNVERIFIED, no review). */
export async function insertCustomer(x: Exec, row: NewCustomerRow): Promise<CustomerRow> {
  return (await x.q.insert(x.t.customers).values(row).returning())[0]!;
}

/**
 * Compare-and-set on (customerId, verificationStatus) and, when given, the pending review's id: the row
 * after the change, or undefined when it had moved on.
 */
export async function updateCustomer(
  x: Exec,
  customerId: string,
  from: string,
  set: Partial<CustomerRow>,
  reviewId?: string,
): Promise<CustomerRow | undefined> {
  const t = x.t.customers;
  const where = and(eq(t.customerId, customerId), eq(t.verificationStatus, from), reviewId === undefined ? undefined : eq(t.reviewId, reviewId));
  return (await x.q.update(t).set(set).where(where).returning())[0];
}

/** §12.3: customers whose pending review's step is due at `now`, oldest first. */
export async function dueReviews(x: Exec, now: string, limit: number): Promise<string[]> {
  const t = x.t.customers;
  const rows = await x.q
    .select({ id: t.customerId })
    .from(t)
    .where(and(isNotNull(t.reviewDueAt), lte(t.reviewDueAt, now)))
    .orderBy(asc(t.reviewDueAt), asc(t.customerId))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function findSandboxVerificationOutcome(x: Exec, customerId: string): Promise<SandboxVerificationOutcomeRow | undefined> {
  const t = x.t.sandboxVerificationOutcomes;
  return (await x.q.select().from(t).where(eq(t.customerId, customerId)))[0];
}

export async function saveSandboxVerificationOutcome(x: Exec, row: SandboxVerificationOutcomeRow): Promise<SandboxVerificationOutcomeRow> {
  const t = x.t.sandboxVerificationOutcomes;
  return (
    await x.q
      .insert(t)
      .values(row)
      .onConflictDoUpdate({ target: t.customerId, set: { outcome: row.outcome, info: row.info, createdAt: row.createdAt } })
      .returning()
  )[0]!;
}

export async function deleteSandboxVerificationOutcome(x: Exec, customerId: string): Promise<boolean> {
  const t = x.t.sandboxVerificationOutcomes;
  return (await x.q.delete(t).where(eq(t.customerId, customerId)).returning()).length > 0;
}

/** §12.3, §16.9: a verification submission, kept (never overwritten). */
export async function insertVerificationSubmission(x: Exec, row: VerificationSubmissionRow): Promise<void> {
  await x.q.insert(x.t.verificationSubmissions).values(row);
}

/**
 * §16.9 a decision: the pending submission (if any) gets its outcome, and every earlier decided submission
 * not yet replaced is replaced at `at` (its retention starts).
 */
export async function recordVerificationDecision(x: Exec, customerId: string, submissionId: string | null, outcome: string, at: string): Promise<void> {
  const t = x.t.verificationSubmissions;
  if (submissionId !== null)
    await x.q.update(t).set({ outcome, decidedAt: at }).where(and(eq(t.submissionId, submissionId), eq(t.customerId, customerId)));
  await x.q
    .update(t)
    .set({ replacedAt: at })
    .where(and(eq(t.customerId, customerId), isNotNull(t.decidedAt), isNull(t.replacedAt), submissionId === null ? undefined : ne(t.submissionId, submissionId)));
}

/** §16.9 `partnerctl customer evidence`: the customer's submissions, newest first. */
export async function listVerificationSubmissions(x: Exec, customerId: string): Promise<VerificationSubmissionRow[]> {
  const t = x.t.verificationSubmissions;
  return x.q.select().from(t).where(eq(t.customerId, customerId)).orderBy(desc(t.submittedAt), desc(t.submissionId));
}

/** §16.9: submissions replaced at or before `replacedBy` (now − the retention), oldest first. */
export async function duePurges(x: Exec, replacedBy: string, limit: number): Promise<string[]> {
  const t = x.t.verificationSubmissions;
  const rows = await x.q
    .select({ id: t.submissionId })
    .from(t)
    .where(and(isNotNull(t.replacedAt), lte(t.replacedAt, replacedBy)))
    .orderBy(asc(t.replacedAt), asc(t.submissionId))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** §16.9 the purge, checked again in its own transaction: false when it was not (or no longer) due. */
export async function purgeVerificationSubmission(x: Exec, submissionId: string, replacedBy: string): Promise<boolean> {
  const t = x.t.verificationSubmissions;
  const where = and(eq(t.submissionId, submissionId), isNotNull(t.replacedAt), lte(t.replacedAt, replacedBy));
  return (await x.q.delete(t).where(where).returning({ id: t.submissionId })).length > 0;
}

/** §10.11 for data upgrades: every customer, oldest first (then by id). */
export async function allCustomers(x: Exec): Promise<CustomerRow[]> {
  const t = x.t.customers;
  return x.q.select().from(t).orderBy(asc(t.createdAt), asc(t.customerId));
}

/** §10.11 for data upgrades: sets columns of a customer as they are, no rules. */
export async function setCustomer(x: Exec, customerId: string, set: Partial<CustomerRow>): Promise<CustomerRow> {
  const t = x.t.customers;
  return (await x.q.update(t).set(set).where(eq(t.customerId, customerId)).returning())[0]!;
}
