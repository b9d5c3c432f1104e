// §18 C7–C9: the rows of withdrawals and refunds on the chain — the records on EVM routes waiting for a
// step, the hot wallet's nonce counter, each transfer and its signed attempts. Plain reads and writes.
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Exec } from '../../db/exec.js';
import type { EvmAttemptRow, EvmTransferRow } from './tables.js';

export type EvmKindName = 'CRYPTO_WITHDRAWAL' | 'CRYPTO_REFUND';

/** A record on an EVM route waiting in `status`: its id and when it entered that state (dueAt). */
export type Waiting = { resourceType: EvmKindName; id: string; dueAt: string | null; statusInfo: string };

/** Withdrawals on EVM routes in `status`, in the order they entered it (dueAt, then id). */
export async function evmWithdrawalsIn(x: Exec, status: string, limit: number): Promise<Waiting[]> {
  const t = x.t.cryptoWithdrawals;
  const r = x.t.routes;
  const rows = await x.q
    .select({ id: t.withdrawalId, dueAt: t.dueAt, statusInfo: t.statusInfo })
    .from(t)
    .innerJoin(r, and(eq(r.routeCode, t.routeCode), eq(r.clientId, t.clientId)))
    .where(and(eq(t.status, status), eq(r.rail, 'EVM')))
    .orderBy(asc(t.dueAt), asc(t.withdrawalId))
    .limit(limit);
  return rows.map((row) => ({ resourceType: 'CRYPTO_WITHDRAWAL' as const, ...row }));
}

/** Refunds on EVM routes in `status`, in the order they entered it (dueAt, then id). */
export async function evmRefundsIn(x: Exec, status: string, limit: number): Promise<Waiting[]> {
  const t = x.t.cryptoRefunds;
  const r = x.t.routes;
  const rows = await x.q
    .select({ id: t.refundId, dueAt: t.dueAt, statusInfo: t.statusInfo })
    .from(t)
    .innerJoin(r, and(eq(r.routeCode, t.routeCode), eq(r.clientId, t.clientId)))
    .where(and(eq(t.status, status), eq(r.rail, 'EVM')))
    .orderBy(asc(t.dueAt), asc(t.refundId))
    .limit(limit);
  return rows.map((row) => ({ resourceType: 'CRYPTO_REFUND' as const, ...row }));
}

/** The statusInfo of a withdrawal or refund (undefined: no such record). */
export async function statusInfoOf(x: Exec, resourceType: Waiting['resourceType'], id: string): Promise<string | undefined> {
  if (resourceType === 'CRYPTO_WITHDRAWAL') {
    const t = x.t.cryptoWithdrawals;
    return (await x.q.select({ statusInfo: t.statusInfo }).from(t).where(eq(t.withdrawalId, id)))[0]?.statusInfo;
  }
  const t = x.t.cryptoRefunds;
  return (await x.q.select({ statusInfo: t.statusInfo }).from(t).where(eq(t.refundId, id)))[0]?.statusInfo;
}

/** C9: the counter's next nonce; undefined before the rail's first start set it. */
export async function findNonceCounter(x: Exec, address: string): Promise<number | undefined> {
  const t = x.t.evmNonces;
  return (await x.q.select({ next: t.nextNonce }).from(t).where(eq(t.address, address)))[0]?.next;
}

/**
 * C9: takes the next nonce of `address`. The UPDATE locks the counter row until the transaction ends
 * (PostgreSQL; on SQLite the one writer serializes), so allocation and storing serialize on it; a
 * rolled-back transaction allocates nothing.
 */
export async function allocateNonce(x: Exec, address: string, at: string): Promise<number | undefined> {
  const t = x.t.evmNonces;
  const rows = await x.q
    .update(t)
    .set({ nextNonce: sql`${t.nextNonce} + 1`, updatedAt: at })
    .where(eq(t.address, address))
    .returning({ next: t.nextNonce });
  return rows[0] === undefined ? undefined : rows[0].next - 1;
}

export async function insertEvmTransfer(x: Exec, row: EvmTransferRow): Promise<void> {
  await x.q.insert(x.t.evmTransfers).values(row);
}

export async function insertAttempt(x: Exec, row: EvmAttemptRow): Promise<void> {
  await x.q.insert(x.t.evmAttempts).values(row);
}

export async function findEvmTransfer(x: Exec, resourceId: string): Promise<EvmTransferRow | undefined> {
  const t = x.t.evmTransfers;
  return (await x.q.select().from(t).where(eq(t.resourceId, resourceId)))[0];
}

/** Transfers not yet decided at finality, by nonce. */
export async function transfersNotFinal(x: Exec): Promise<EvmTransferRow[]> {
  const t = x.t.evmTransfers;
  return x.q.select().from(t).where(isNull(t.finalAt)).orderBy(asc(t.nonce));
}

export async function anyTransferNotFinal(x: Exec): Promise<boolean> {
  const t = x.t.evmTransfers;
  return (await x.q.select({ id: t.resourceId }).from(t).where(isNull(t.finalAt)).limit(1)).length > 0;
}

/** A record's attempts, oldest first. */
export async function attemptsOf(x: Exec, resourceId: string): Promise<EvmAttemptRow[]> {
  const t = x.t.evmAttempts;
  return x.q.select().from(t).where(eq(t.resourceId, resourceId)).orderBy(asc(t.createdAt), asc(t.txHash));
}

/** The newest attempt of each of `resourceIds` (C9's gas × maxFeePerGas). */
export async function newestAttempts(x: Exec, resourceIds: string[]): Promise<EvmAttemptRow[]> {
  if (resourceIds.length === 0) return [];
  const t = x.t.evmAttempts;
  const rows = await x.q.select().from(t).where(inArray(t.resourceId, resourceIds)).orderBy(asc(t.resourceId), desc(t.createdAt), desc(t.txHash));
  const newest = new Map<string, EvmAttemptRow>();
  for (const row of rows) if (!newest.has(row.resourceId)) newest.set(row.resourceId, row);
  return [...newest.values()];
}

export async function markAttemptSent(x: Exec, txHash: string, block: number, at: string): Promise<void> {
  const t = x.t.evmAttempts;
  await x.q
    .update(t)
    .set({ firstSentBlock: sql`coalesce(${t.firstSentBlock}, ${block})`, lastSentAt: at })
    .where(eq(t.txHash, txHash));
}

export async function updateEvmTransfer(x: Exec, resourceId: string, set: Partial<Omit<EvmTransferRow, 'resourceId'>>): Promise<void> {
  const t = x.t.evmTransfers;
  await x.q.update(t).set(set).where(eq(t.resourceId, resourceId));
}
