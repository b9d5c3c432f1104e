// Fiat withdrawal capabilities: plain reads and writes, no rules.
import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import type { Exec } from '../../db/exec.js';
import type { FiatWithdrawalCapabilityRow } from './tables.js';

export async function insertCapability(x: Exec, row: FiatWithdrawalCapabilityRow): Promise<FiatWithdrawalCapabilityRow> {
  return (await x.q.insert(x.t.fiatWithdrawalCapabilities).values(row).returning())[0]!;
}

export async function findCapability(x: Exec, capabilityId: string): Promise<FiatWithdrawalCapabilityRow | undefined> {
  const t = x.t.fiatWithdrawalCapabilities;
  return (await x.q.select().from(t).where(eq(t.capabilityId, capabilityId)))[0];
}

/** §16.4 uq_fiat_capability_customer_rail: the customer's record for the rail, if any. */
export async function findCustomerCapability(x: Exec, customerId: string, rail: string): Promise<FiatWithdrawalCapabilityRow | undefined> {
  const t = x.t.fiatWithdrawalCapabilities;
  return (await x.q.select().from(t).where(and(eq(t.customerId, customerId), eq(t.rail, rail))))[0];
}

/** The customer's records, any rail. */
export async function customerCapabilities(x: Exec, customerId: string): Promise<FiatWithdrawalCapabilityRow[]> {
  const t = x.t.fiatWithdrawalCapabilities;
  return x.q.select().from(t).where(eq(t.customerId, customerId));
}

/** Compare-and-set on (capabilityId, status): the row after the change, or undefined when it had moved on. */
export async function updateCapability(
  x: Exec,
  capabilityId: string,
  from: string,
  set: Partial<FiatWithdrawalCapabilityRow>,
): Promise<FiatWithdrawalCapabilityRow | undefined> {
  const t = x.t.fiatWithdrawalCapabilities;
  return (await x.q.update(t).set(set).where(and(eq(t.capabilityId, capabilityId), eq(t.status, from))).returning())[0];
}

/** Capabilities whose review step is due at `now`, oldest first. */
export async function dueCapabilityReviews(x: Exec, now: string, limit: number): Promise<string[]> {
  const t = x.t.fiatWithdrawalCapabilities;
  const rows = await x.q
    .select({ id: t.capabilityId })
    .from(t)
    .where(and(isNotNull(t.reviewDueAt), lte(t.reviewDueAt, now)))
    .orderBy(asc(t.reviewDueAt), asc(t.capabilityId))
    .limit(limit);
  return rows.map((r) => r.id);
}
