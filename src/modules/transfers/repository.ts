// The transfer pipeline's rows (§10.7): sandbox failure entries, the records whose next step is due, and
// the compare-and-set of a refund's step. Plain reads and writes, no rules.
import { and, asc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { Exec } from '../../db/exec.js';
import type { CryptoRefundRow } from '../refunds/index.js';

export async function findSandboxFailure(x: Exec, blockchain: string, addressKey: string): Promise<string | undefined> {
  const t = x.t.sandboxFailures;
  const rows = await x.q.select({ failAt: t.failAt }).from(t).where(and(eq(t.blockchain, blockchain), eq(t.addressKey, addressKey)));
  return rows[0]?.failAt;
}

/** Withdrawals on SANDBOX routes in `statuses` due at `now`, oldest due first (§18 C1: EVM routes' records are the EVM rail's). */
export async function dueWithdrawals(x: Exec, statuses: readonly string[], now: string, limit: number): Promise<string[]> {
  const t = x.t.cryptoWithdrawals;
  const r = x.t.routes;
  const rows = await x.q
    .select({ id: t.withdrawalId })
    .from(t)
    .innerJoin(r, and(eq(r.routeCode, t.routeCode), eq(r.clientId, t.clientId)))
    .where(and(isNotNull(t.dueAt), lte(t.dueAt, now), inArray(t.status, [...statuses]), eq(r.rail, 'SANDBOX')))
    .orderBy(asc(t.dueAt), asc(t.withdrawalId))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Refunds on SANDBOX routes in `statuses` due at `now`, oldest due first (§18 C1). */
export async function dueRefunds(x: Exec, statuses: readonly string[], now: string, limit: number): Promise<string[]> {
  const t = x.t.cryptoRefunds;
  const r = x.t.routes;
  const rows = await x.q
    .select({ id: t.refundId })
    .from(t)
    .innerJoin(r, and(eq(r.routeCode, t.routeCode), eq(r.clientId, t.clientId)))
    .where(and(isNotNull(t.dueAt), lte(t.dueAt, now), inArray(t.status, [...statuses]), eq(r.rail, 'SANDBOX')))
    .orderBy(asc(t.dueAt), asc(t.refundId))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function findRefundRow(x: Exec, refundId: string): Promise<CryptoRefundRow | undefined> {
  const t = x.t.cryptoRefunds;
  return (await x.q.select().from(t).where(eq(t.refundId, refundId)))[0];
}

/** Compare-and-set: moves a refund out of `from`; undefined when it was no longer there. */
export async function transitionRefundRow(x: Exec, refundId: string, from: string, set: Partial<CryptoRefundRow>): Promise<CryptoRefundRow | undefined> {
  const t = x.t.cryptoRefunds;
  return (await x.q.update(t).set(set).where(and(eq(t.refundId, refundId), eq(t.status, from))).returning())[0];
}

export async function findDepositBlockchain(x: Exec, depositId: string): Promise<string | undefined> {
  const t = x.t.cryptoDeposits;
  return (await x.q.select({ blockchain: t.blockchain }).from(t).where(eq(t.depositId, depositId)))[0]?.blockchain;
}

/** §15.7: a refund of a collection payment pays out on its route's chain (the payment copied its route). */
export async function findRouteBlockchain(x: Exec, routeCode: string, clientId: string): Promise<string | undefined> {
  const t = x.t.routes;
  return (await x.q.select({ blockchain: t.blockchain }).from(t).where(and(eq(t.routeCode, routeCode), eq(t.clientId, clientId))))[0]?.blockchain;
}
