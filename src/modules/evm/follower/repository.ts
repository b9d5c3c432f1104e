// §18 C5–C6, C10, C13: the follower's rows — the blocks it took as canonical, its position (compare-and-set,
// so that several processes on one database advance it once), and what matching reads: the EVM routes'
// tokens, the deposit addresses and their customers' partners, the stored attempts. Plain reads and writes.
import { and, asc, eq, gt, inArray, isNotNull, lt, lte, notInArray, sql } from 'drizzle-orm';
import type { Exec } from '../../../db/exec.js';
import type { RouteRow } from '../../routes/index.js';
import type { EvmBlockRow } from '../tables.js';

const ONE = 1;

export async function findBlock(x: Exec, number: number): Promise<EvmBlockRow | undefined> {
  const t = x.t.evmBlocks;
  return (await x.q.select().from(t).where(eq(t.number, number)))[0];
}

/** False when a block of that number is stored already (another process, or a rescan). */
export async function insertBlock(x: Exec, row: EvmBlockRow): Promise<boolean> {
  const t = x.t.evmBlocks;
  return (await x.q.insert(t).values(row).onConflictDoNothing().returning({ n: t.number })).length > 0;
}

/** Removes the blocks above `ancestor` (orphaned by a reorganisation); returns them. */
export async function deleteBlocksAbove(x: Exec, ancestor: number): Promise<EvmBlockRow[]> {
  const t = x.t.evmBlocks;
  return x.q.delete(t).where(gt(t.number, ancestor)).returning();
}

/** C5: the stored blocks at or below `finalized` are final from now on. */
export async function markBlocksFinal(x: Exec, finalized: number): Promise<void> {
  const t = x.t.evmBlocks;
  await x.q
    .update(t)
    .set({ final: true })
    .where(and(eq(t.final, false), lte(t.number, finalized)));
}

/**
 * Keeps the window lean: final blocks below `keepFrom` go, except those that hold a deposit or a withdrawal's
 * or refund's included attempt (C10 settled: a reorganisation reaching them is still FINALITY_LOST).
 */
export async function pruneBlocks(x: Exec, keepFrom: number): Promise<void> {
  const t = x.t.evmBlocks;
  const d = x.t.cryptoDeposits;
  const e = x.t.evmTransfers;
  const deposits = x.q.select({ n: d.blockNumber }).from(d).where(isNotNull(d.blockNumber));
  const attempts = x.q.select({ n: e.includedBlockNumber }).from(e).where(isNotNull(e.includedBlockNumber));
  await x.q.delete(t).where(and(eq(t.final, true), lt(t.number, keepFrom), notInArray(t.number, deposits), notInArray(t.number, attempts)));
}

/** Compare-and-set of the follower's next block: false when another process moved it first. */
export async function advanceFollower(x: Exec, from: number, to: number, at: string): Promise<boolean> {
  const t = x.t.evmFollower;
  const rows = await x.q
    .update(t)
    .set({ nextBlock: to, updatedAt: at })
    .where(and(eq(t.id, ONE), eq(t.nextBlock, from)))
    .returning({ id: t.id });
  return rows.length > 0;
}

/** §18.4 rescan progress, compare-and-set on where it was; `clear` ends it. */
export async function advanceRescan(x: Exec, from: { rescanFrom: number; rescanAt: number | null }, to: number | 'clear', at: string): Promise<boolean> {
  const t = x.t.evmFollower;
  const set = to === 'clear' ? { rescanFrom: null, rescanAt: null, updatedAt: at } : { rescanAt: to, updatedAt: at };
  const rows = await x.q
    .update(t)
    .set(set)
    .where(
      and(
        eq(t.id, ONE),
        eq(t.rescanFrom, from.rescanFrom),
        from.rescanAt === null ? sql`${t.rescanAt} is null` : eq(t.rescanAt, from.rescanAt),
      ),
    )
    .returning({ id: t.id });
  return rows.length > 0;
}

/** C12–C13: transfers that created no deposit (§18.4 `unattributed`). */
export async function addUnattributed(x: Exec, n: number): Promise<void> {
  if (n === 0) return;
  const t = x.t.evmFollower;
  await x.q
    .update(t)
    .set({ unattributed: sql`${t.unattributed} + ${n}` })
    .where(eq(t.id, ONE));
}

/** C13: the token contracts (lower case) of all EVM routes, and whether any route is native. */
export async function evmTokenKeys(x: Exec): Promise<string[]> {
  const t = x.t.routes;
  const rows = await x.q
    .selectDistinct({ key: t.evmTokenKey })
    .from(t)
    .where(and(eq(t.rail, 'EVM'), isNotNull(t.evmTokenKey)))
    .orderBy(asc(t.evmTokenKey));
  return rows.map((r) => r.key!);
}

export type DepositAddress = { addressKey: string; address: string; customerId: string; clientId: string };

/** C4: the deposit addresses among `keys` (lower case), with their customers' partners. */
export async function depositAddressesAmong(x: Exec, keys: string[]): Promise<DepositAddress[]> {
  if (keys.length === 0) return [];
  const a = x.t.evmAddresses;
  const c = x.t.customers;
  return x.q
    .select({ addressKey: a.addressKey, address: a.address, customerId: a.customerId, clientId: c.clientId })
    .from(a)
    .innerJoin(c, eq(c.customerId, a.customerId))
    .where(inArray(a.addressKey, keys));
}

/** C13: the partner's EVM route of a token ('native' for ETH). */
export async function evmRouteOf(x: Exec, clientId: string, tokenKey: string): Promise<RouteRow | undefined> {
  const t = x.t.routes;
  return (
    await x.q
      .select()
      .from(t)
      .where(and(eq(t.clientId, clientId), eq(t.rail, 'EVM'), eq(t.evmTokenKey, tokenKey)))
  )[0];
}

/** C10: the stored attempts among these hashes. */
export async function knownAttempts(x: Exec, hashes: string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const t = x.t.evmAttempts;
  // Compared in lower case, whatever case the attempt was stored in.
  const rows = await x.q
    .select({ h: t.txHash })
    .from(t)
    .where(inArray(sql`lower(${t.txHash})`, hashes));
  return new Set(rows.map((r) => r.h.toLowerCase()));
}
