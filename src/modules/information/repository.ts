// The loop's rows: plain reads and writes, no rules. The round's `state` and `dueAt` are the compare-and-set
// that decides the answer-vs-timeout race (§16.4): both writes require OPEN, one before and one at or
// after the deadline, so exactly one of them changes the row.
import { and, asc, eq, gt, inArray, lte, max } from 'drizzle-orm';
import type { Exec } from '../../db/exec.js';
import type { InformationRequestRow, InformationRoundRow, SandboxReviewOutcomeRow } from './tables.js';

export async function insertRound(x: Exec, round: InformationRoundRow, requests: InformationRequestRow[]): Promise<void> {
  await x.q.insert(x.t.informationRounds).values(round);
  await x.q.insert(x.t.informationRequests).values(requests);
}

/** The next round's number for the owner (1 for its first). */
export async function nextRoundNumber(x: Exec, ownerType: string, ownerId: string): Promise<number> {
  const t = x.t.informationRounds;
  const rows = await x.q
    .select({ last: max(t.round) })
    .from(t)
    .where(and(eq(t.ownerType, ownerType), eq(t.ownerId, ownerId)));
  return (rows[0]?.last ?? 0) + 1;
}

/** The owner's rounds, oldest first. */
export async function roundsOf(x: Exec, ownerType: string, ownerId: string): Promise<InformationRoundRow[]> {
  const t = x.t.informationRounds;
  return x.q
    .select()
    .from(t)
    .where(and(eq(t.ownerType, ownerType), eq(t.ownerId, ownerId)))
    .orderBy(asc(t.round));
}

/** The requests of these rounds, by round id, each round's in the order asked. */
export async function requestsOf(x: Exec, roundIds: readonly string[]): Promise<InformationRequestRow[]> {
  if (roundIds.length === 0) return [];
  const t = x.t.informationRequests;
  return x.q
    .select()
    .from(t)
    .where(inArray(t.roundId, [...roundIds]))
    .orderBy(asc(t.roundId), asc(t.position));
}

/** The answer's compare-and-set: OPEN and before its deadline → ANSWERED. The row after it, or undefined. */
export async function closeAnswered(x: Exec, roundId: string, at: string, answers: string): Promise<InformationRoundRow | undefined> {
  const t = x.t.informationRounds;
  return (
    await x.q
      .update(t)
      .set({ state: 'ANSWERED', closedAt: at, answers })
      .where(and(eq(t.roundId, roundId), eq(t.state, 'OPEN'), gt(t.dueAt, at)))
      .returning()
  )[0];
}

/** The timeout's compare-and-set: OPEN and at or past its deadline → EXPIRED. */
export async function closeExpired(x: Exec, roundId: string, at: string): Promise<InformationRoundRow | undefined> {
  const t = x.t.informationRounds;
  return (
    await x.q
      .update(t)
      .set({ state: 'EXPIRED', closedAt: at })
      .where(and(eq(t.roundId, roundId), eq(t.state, 'OPEN'), lte(t.dueAt, at)))
      .returning()
  )[0];
}

export async function markAnswered(x: Exec, roundId: string, at: string): Promise<void> {
  const t = x.t.informationRequests;
  await x.q.update(t).set({ answeredAt: at }).where(eq(t.roundId, roundId));
}

/** Open rounds whose deadline is at or before `now`, oldest deadline first. */
export async function dueTimeouts(x: Exec, now: string, limit: number): Promise<string[]> {
  const t = x.t.informationRounds;
  const rows = await x.q
    .select({ id: t.roundId })
    .from(t)
    .where(and(eq(t.state, 'OPEN'), lte(t.dueAt, now)))
    .orderBy(asc(t.dueAt), asc(t.roundId))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function findRound(x: Exec, roundId: string): Promise<InformationRoundRow | undefined> {
  const t = x.t.informationRounds;
  return (await x.q.select().from(t).where(eq(t.roundId, roundId)))[0];
}

export async function findSandboxReviewOutcome(x: Exec, customerId: string, subject: string): Promise<SandboxReviewOutcomeRow | undefined> {
  const t = x.t.sandboxReviewOutcomes;
  return (await x.q.select().from(t).where(and(eq(t.customerId, customerId), eq(t.subject, subject))))[0];
}

export async function saveSandboxReviewOutcome(x: Exec, row: SandboxReviewOutcomeRow): Promise<SandboxReviewOutcomeRow> {
  const t = x.t.sandboxReviewOutcomes;
  return (
    await x.q
      .insert(t)
      .values(row)
      .onConflictDoUpdate({ target: [t.customerId, t.subject], set: { outcome: row.outcome, keys: row.keys, createdAt: row.createdAt } })
      .returning()
  )[0]!;
}

export async function deleteSandboxReviewOutcome(x: Exec, customerId: string, subject: string): Promise<boolean> {
  const t = x.t.sandboxReviewOutcomes;
  return (await x.q.delete(t).where(and(eq(t.customerId, customerId), eq(t.subject, subject))).returning()).length > 0;
}
