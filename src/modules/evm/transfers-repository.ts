// §18 C7–C9: the rows of withdrawals and refunds on the chain — the records on EVM routes waiting for a
// step (through their kinds), the hot wallet's nonce counter, each transfer and its signed attempts.
// Plain reads and writes.
import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Exec } from '../../db/exec.js';
import { KINDS, type AnyKind, type EvmKindName } from './kinds.js';
import type { EvmAttemptRow, EvmTransferRow } from './tables.js';

export type { EvmKindName } from './kinds.js';

/** A record on an EVM route waiting in a state: its kind, id, when it entered that state (dueAt) and statusInfo. */
export type Waiting = { resourceType: EvmKindName; id: string; dueAt: string | null; statusInfo: string };

/** Records of both kinds on EVM routes in `status`, in the order they entered it (dueAt, then id); at most `limit` of each. */
export async function evmRecordsIn(x: Exec, status: string, limit: number): Promise<Waiting[]> {
  const all: Waiting[] = [];
  for (const [resourceType, kind] of Object.entries(KINDS) as [EvmKindName, AnyKind][])
    for (const w of await kind.waiting(x, { rail: 'EVM', statuses: [status], limit })) all.push({ resourceType, ...w });
  return all.sort((a, b) => ((a.dueAt ?? '') < (b.dueAt ?? '') ? -1 : (a.dueAt ?? '') > (b.dueAt ?? '') ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The statusInfo of a withdrawal or refund (undefined: no such record). */
export async function statusInfoOf(x: Exec, resourceType: EvmKindName, id: string): Promise<string | undefined> {
  return (await KINDS[resourceType].load(x, id))?.statusInfo;
}

/** C9: the counter's next nonce; undefined before the rail's first start set it. */
export async function findNonceCounter(x: Exec, address: string): Promise<number | undefined> {
  const t = x.t.evmNonces;
  return (await x.q.select({ next: t.nextNonce }).from(t).where(eq(t.address, address)))[0]?.next;
}

/**
 * §18.6 (C7, C9 amended): moves the counter of `address` from `nonce` to `nonce + 1` by compare-and-set;
 * false when it no longer reads `nonce` (another process took it). The UPDATE holds the counter row until
 * the transaction ends (PostgreSQL; on SQLite the one writer serializes), so storing serializes on it and
 * a rolled-back transaction takes nothing.
 */
export async function takeNonce(x: Exec, address: string, nonce: number, at: string): Promise<boolean> {
  const t = x.t.evmNonces;
  const rows = await x.q
    .update(t)
    .set({ nextNonce: nonce + 1, updatedAt: at })
    .where(and(eq(t.address, address), eq(t.nextNonce, nonce)))
    .returning({ next: t.nextNonce });
  return rows.length > 0;
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

/**
 * §18.6 C7 settled: the follower found `tx` of the hot address in a block, with `nonce`, and it is none of
 * the stored attempts: it is noted on the transfer that holds that nonce (if one does, not yet final).
 */
export async function noteNonceTaken(x: Exec, hot: string, tx: { hash: string; nonce: number; block: number; blockHash: string }, at: string): Promise<void> {
  const t = x.t.evmTransfers;
  await x.q
    .update(t)
    .set({ takenByTxHash: tx.hash, takenInBlock: tx.block, takenBlockHash: tx.blockHash, updatedAt: at })
    .where(and(sql`lower(${t.fromAddress}) = ${hot.toLowerCase()}`, eq(t.nonce, tx.nonce), isNull(t.finalAt)));
}

/** C6/C10: the blocks above `ancestor` left the chain; what was noted in them is no evidence any more. */
export async function forgetNoncesTakenAbove(x: Exec, ancestor: number, at: string): Promise<void> {
  const t = x.t.evmTransfers;
  await x.q
    .update(t)
    .set({ takenByTxHash: null, takenInBlock: null, takenBlockHash: null, updatedAt: at })
    .where(and(gt(t.takenInBlock, ancestor), isNull(t.finalAt)));
}
