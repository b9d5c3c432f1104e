// §18 C2, C10: the rail's identity row, the halt row and the follower's row. Plain reads and writes, no rules.
import { and, asc, eq, lt } from 'drizzle-orm';
import type { Exec } from '../../../db/exec.js';
import type { EvmBlockRow, EvmFollowerRow, EvmHaltRow, EvmRailRow } from '../tables.js';

/** The one row of evm_rail, evm_halt and evm_follower. */
const ONE = 1;

export async function findRail(x: Exec): Promise<EvmRailRow | undefined> {
  const t = x.t.evmRail;
  return (await x.q.select().from(t).where(eq(t.id, ONE)))[0];
}

export async function saveRail(x: Exec, row: Omit<EvmRailRow, 'id'>): Promise<void> {
  const t = x.t.evmRail;
  await x.q
    .insert(t)
    .values({ id: ONE, ...row })
    .onConflictDoUpdate({ target: t.id, set: { hotAddress: row.hotAddress, updatedAt: row.updatedAt } });
}

/** C10: the halt, read by every process before each step; undefined while the rail runs. */
export async function findHalt(x: Exec): Promise<EvmHaltRow | undefined> {
  const t = x.t.evmHalt;
  return (await x.q.select().from(t).where(eq(t.id, ONE)))[0];
}

/** C10: halts the rail unless it already is (the first reason stays); true when this call halted it. */
export async function insertHalt(x: Exec, halt: Omit<EvmHaltRow, 'id'>): Promise<boolean> {
  const t = x.t.evmHalt;
  const rows = await x.q
    .insert(t)
    .values({ id: ONE, ...halt })
    .onConflictDoNothing()
    .returning({ id: t.id });
  return rows.length > 0;
}

export async function deleteHalt(x: Exec): Promise<void> {
  const t = x.t.evmHalt;
  await x.q.delete(t).where(eq(t.id, ONE));
}

export async function findFollower(x: Exec): Promise<EvmFollowerRow | undefined> {
  const t = x.t.evmFollower;
  return (await x.q.select().from(t).where(eq(t.id, ONE)))[0];
}

/** The follower's row, created at `nextBlock` if there is none yet (the rail's first start). */
export async function ensureFollower(x: Exec, nextBlock: number, at: string): Promise<void> {
  const t = x.t.evmFollower;
  await x.q.insert(t).values({ id: ONE, nextBlock, unattributed: 0, updatedAt: at }).onConflictDoNothing();
}

export async function updateFollower(x: Exec, set: Partial<Omit<EvmFollowerRow, 'id'>>): Promise<void> {
  const t = x.t.evmFollower;
  await x.q.update(t).set(set).where(eq(t.id, ONE));
}

/** C9: the hot address's counter, created at the chain's count if there is none yet. */
export async function ensureNonceCounter(x: Exec, address: string, chainCount: number, at: string): Promise<void> {
  const t = x.t.evmNonces;
  await x.q.insert(t).values({ address, nextNonce: chainCount, updatedAt: at }).onConflictDoNothing();
}

/** §18.4 rail resume: the counter moves to `nextNonce` (never back). */
export async function raiseNonceCounter(x: Exec, address: string, nextNonce: number, at: string): Promise<void> {
  const t = x.t.evmNonces;
  await x.q.insert(t).values({ address, nextNonce, updatedAt: at }).onConflictDoNothing();
  await x.q
    .update(t)
    .set({ nextNonce, updatedAt: at })
    .where(and(eq(t.address, address), lt(t.nextNonce, nextNonce)));
}

/** The final blocks the follower recorded, lowest first (C10 FINALITY_LOST is lifted when all are canonical). */
export async function finalBlocks(x: Exec): Promise<EvmBlockRow[]> {
  const t = x.t.evmBlocks;
  return x.q.select().from(t).where(eq(t.final, true)).orderBy(asc(t.number));
}
