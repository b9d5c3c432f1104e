// Frontend sessions and client origins (§17): plain reads and writes, no rules.
import { and, count, eq, gt, inArray, isNull, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Exec } from '../../db/exec.js';
import { newestFirst, olderThan } from '../../db/keyset.js';
import type { FrontendSessionRow } from './tables.js';

export async function insertSession(x: Exec, row: FrontendSessionRow): Promise<void> {
  await x.q.insert(x.t.frontendSessions).values(row);
}

export async function findSession(x: Exec, sessionId: string): Promise<FrontendSessionRow | undefined> {
  const t = x.t.frontendSessions;
  return (await x.q.select().from(t).where(eq(t.sessionId, sessionId)))[0];
}

/** The session a presented token names (by its hash, F2), whatever its state: the caller judges expiry and revocation. */
export async function findSessionByTokenHash(x: Exec, tokenHash: string): Promise<FrontendSessionRow | undefined> {
  const t = x.t.frontendSessions;
  return (await x.q.select().from(t).where(eq(t.tokenHash, tokenHash)))[0];
}

/** §17.1 the limit: the customer's sessions neither revoked nor expired at `now`. */
export async function countActiveSessions(x: Exec, customerId: string, now: string): Promise<number> {
  const t = x.t.frontendSessions;
  const rows = await x.q
    .select({ n: count() })
    .from(t)
    .where(and(eq(t.customerId, customerId), isNull(t.revokedAt), gt(t.expiresAt, now)));
  return Number(rows[0]?.n ?? 0);
}

/** Newest first (§9.3); `active`: true → unrevoked and unexpired at `now`, false → the others. */
export async function listSessions(
  x: Exec,
  customerId: string,
  f: { active?: boolean; now: string; before?: readonly [string, string]; limit: number },
): Promise<FrontendSessionRow[]> {
  const t = x.t.frontendSessions;
  const where: (SQL | undefined)[] = [eq(t.customerId, customerId), olderThan(t.createdAt, t.sessionId, f.before)];
  if (f.active === true) where.push(isNull(t.revokedAt), gt(t.expiresAt, f.now));
  if (f.active === false) where.push(or(lte(t.expiresAt, f.now), gt(t.revokedAt, '')));
  return x.q
    .select()
    .from(t)
    .where(and(...where))
    .orderBy(...newestFirst(t.createdAt, t.sessionId))
    .limit(f.limit);
}

/** Sets `revokedAt` unless already set; the row after it, or undefined when it was already revoked. */
export async function revokeSession(x: Exec, sessionId: string, at: string): Promise<FrontendSessionRow | undefined> {
  const t = x.t.frontendSessions;
  return (await x.q.update(t).set({ revokedAt: at }).where(and(eq(t.sessionId, sessionId), isNull(t.revokedAt))).returning())[0];
}

/** §17.1: a suspended customer's sessions, revoked in the suspension's transaction. */
export async function revokeCustomerSessions(x: Exec, customerId: string, at: string): Promise<number> {
  const t = x.t.frontendSessions;
  const rows = await x.q.update(t).set({ revokedAt: at }).where(and(eq(t.customerId, customerId), isNull(t.revokedAt))).returning({ id: t.sessionId });
  return rows.length;
}

/** §17.3: removing an origin revokes the client's sessions bound to it. */
export async function revokeOriginSessions(x: Exec, clientId: string, origin: string, at: string): Promise<number> {
  const t = x.t.frontendSessions;
  const rows = await x.q
    .update(t)
    .set({ revokedAt: at })
    .where(and(eq(t.clientId, clientId), eq(t.origin, origin), isNull(t.revokedAt)))
    .returning({ id: t.sessionId });
  return rows.length;
}

/** §17.4: of `sessionIds`, those revoked, or expired at `now`, with why (the stream's `session_ended`). */
export async function endedSessions(x: Exec, sessionIds: readonly string[], now: string): Promise<{ sessionId: string; reason: 'revoked' | 'expired' }[]> {
  if (sessionIds.length === 0) return [];
  const t = x.t.frontendSessions;
  const rows = await x.q
    .select({ sessionId: t.sessionId, revokedAt: t.revokedAt, expiresAt: t.expiresAt })
    .from(t)
    .where(and(inArray(t.sessionId, [...sessionIds]), or(gt(t.revokedAt, ''), lte(t.expiresAt, now))));
  return rows.map((r) => ({ sessionId: r.sessionId, reason: r.revokedAt !== null ? 'revoked' : 'expired' }));
}

export async function listOrigins(x: Exec, clientId: string): Promise<string[]> {
  const t = x.t.clientOrigins;
  const rows = await x.q.select({ origin: t.origin }).from(t).where(eq(t.clientId, clientId)).orderBy(t.origin);
  return rows.map((r) => r.origin);
}

/** Inserts the origin unless the client has it; whether it was added. */
export async function addOrigin(x: Exec, clientId: string, origin: string, at: string): Promise<boolean> {
  const t = x.t.clientOrigins;
  const rows = await x.q.insert(t).values({ clientId, origin, createdAt: at }).onConflictDoNothing().returning({ origin: t.origin });
  return rows.length === 1;
}

/** Whether it was there. */
export async function removeOrigin(x: Exec, clientId: string, origin: string): Promise<boolean> {
  const t = x.t.clientOrigins;
  const rows = await x.q.delete(t).where(and(eq(t.clientId, clientId), eq(t.origin, origin))).returning({ origin: t.origin });
  return rows.length === 1;
}

async function clientHasOrigin(x: Exec, clientId: string, origin: string): Promise<boolean> {
  const t = x.t.clientOrigins;
  return (await x.q.select({ origin: t.origin }).from(t).where(and(eq(t.clientId, clientId), eq(t.origin, origin))).limit(1)).length === 1;
}

/**
 * Whether the client has the origin, claiming its row for the rest of the transaction on PostgreSQL (a
 * write of the row to itself, as deposits/repository.ts lockDeposit): a session created for an origin and
 * that origin's removal never pass each other, so the removal's revocation always sees the session, or the
 * creation sees the origin gone. On SQLite every write job already runs alone.
 */
export async function claimClientOrigin(x: Exec, clientId: string, origin: string): Promise<boolean> {
  const t = x.t.clientOrigins;
  if (x.engine !== 'pg') return clientHasOrigin(x, clientId, origin);
  const rows = await x.q
    .update(t)
    .set({ origin: sql`${t.origin}` })
    .where(and(eq(t.clientId, clientId), eq(t.origin, origin)))
    .returning({ origin: t.origin });
  return rows.length === 1;
}

/** §17.3 preflight: whether *some* client registered the origin. */
export async function isRegisteredOrigin(x: Exec, origin: string): Promise<boolean> {
  const t = x.t.clientOrigins;
  return (await x.q.select({ origin: t.origin }).from(t).where(eq(t.origin, origin)).limit(1)).length === 1;
}

/** §17.4 renews (or starts) a process's lease on the stream slots it holds. */
export async function renewStreamLease(x: Exec, processId: string, aliveUntil: string): Promise<void> {
  const p = x.t.frontendStreamProcesses;
  await x.q.insert(p).values({ processId, aliveUntil }).onConflictDoUpdate({ target: p.processId, set: { aliveUntil } });
}

/**
 * §17.4 takes one of the session's `limit` slots for a stream of `processId`: one no process holds, or one
 * whose process's lease ran out by `now`; undefined when every slot is held. `aliveUntil`: the process's
 * lease is renewed first, in the same transaction (when the process holds no slot yet, or its lease is
 * due). Two processes taking one slot collide on its key (PostgreSQL runs the loser again, which then
 * sees the slot taken).
 */
export async function claimStreamSlot(
  x: Exec,
  f: { sessionId: string; limit: number; processId: string; now: string; aliveUntil?: string },
): Promise<number | undefined> {
  const s = x.t.frontendStreamSlots;
  const p = x.t.frontendStreamProcesses;
  if (f.aliveUntil !== undefined) await renewStreamLease(x, f.processId, f.aliveUntil);
  const held = await x.q
    .select({ slot: s.slot, processId: s.processId, aliveUntil: p.aliveUntil })
    .from(s)
    .leftJoin(p, eq(p.processId, s.processId))
    .where(eq(s.sessionId, f.sessionId));
  const bySlot = new Map(held.map((h) => [h.slot, h]));
  for (let slot = 0; slot < f.limit; slot++) {
    const h = bySlot.get(slot);
    if (!h) {
      await x.q.insert(s).values({ sessionId: f.sessionId, slot, processId: f.processId, openedAt: f.now });
      return slot;
    }
    if (h.aliveUntil !== null && h.aliveUntil > f.now) continue;
    const taken = await x.q
      .update(s)
      .set({ processId: f.processId, openedAt: f.now })
      .where(and(eq(s.sessionId, f.sessionId), eq(s.slot, slot), eq(s.processId, h.processId)))
      .returning({ slot: s.slot });
    if (taken.length === 1) return slot;
  }
  return undefined;
}

/** Gives a slot back (only if this process still holds it). */
export async function releaseStreamSlot(x: Exec, f: { sessionId: string; slot: number; processId: string }): Promise<void> {
  const s = x.t.frontendStreamSlots;
  await x.q.delete(s).where(and(eq(s.sessionId, f.sessionId), eq(s.slot, f.slot), eq(s.processId, f.processId)));
}

/** A process stopping: every slot it holds, and its lease. */
export async function releaseProcessStreams(x: Exec, processId: string): Promise<void> {
  await x.q.delete(x.t.frontendStreamSlots).where(eq(x.t.frontendStreamSlots.processId, processId));
  await x.q.delete(x.t.frontendStreamProcesses).where(eq(x.t.frontendStreamProcesses.processId, processId));
}

/** What crashed processes left: slots of processes whose lease ran out (or that have none), then those leases. */
export async function purgeStreamLeases(x: Exec, now: string): Promise<number> {
  const s = x.t.frontendStreamSlots;
  const p = x.t.frontendStreamProcesses;
  const alive = x.q.select({ id: p.processId }).from(p).where(gt(p.aliveUntil, now));
  const slots = await x.q.delete(s).where(notInArray(s.processId, alive)).returning({ slot: s.slot });
  await x.q.delete(p).where(lte(p.aliveUntil, now));
  return slots.length;
}
