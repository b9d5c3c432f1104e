// §18 C5–C6, C10, C13: the follower's rows — the blocks it took as canonical, its position (compare-and-set,
// so that several processes on one database advance it once), its count of unattributed transfers, and the
// stored attempts matching reads. Plain reads and writes.
import { and, eq, gt, inArray, isNotNull, lt, lte, notInArray, sql } from 'drizzle-orm';
import type { Exec } from '../../../db/exec.js';
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
 * Final blocks below `keepFrom` that the window may let go: none holding a withdrawal's or refund's
 * included attempt (C10 settled: a reorganisation reaching it is still FINALITY_LOST). The caller keeps
 * those holding a deposit too.
 */
export async function prunableBlocks(x: Exec, keepFrom: number): Promise<number[]> {
  const t = x.t.evmBlocks;
  const e = x.t.evmTransfers;
  const attempts = x.q.select({ n: e.includedBlockNumber }).from(e).where(isNotNull(e.includedBlockNumber));
  const rows = await x.q
    .select({ n: t.number })
    .from(t)
    .where(and(eq(t.final, true), lt(t.number, keepFrom), notInArray(t.number, attempts)));
  return rows.map((r) => r.n);
}

/** Removes these blocks. */
export async function deleteBlocks(x: Exec, numbers: number[]): Promise<void> {
  const t = x.t.evmBlocks;
  for (let i = 0; i < numbers.length; i += 500) await x.q.delete(t).where(inArray(t.number, numbers.slice(i, i + 500)));
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
