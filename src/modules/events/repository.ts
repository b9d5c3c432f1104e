// Events' rows (§11.1 outbox, §11.3 feed): plain reads and writes, no rules.
import { and, asc, eq, gt, inArray, max, sql, type SQL } from 'drizzle-orm';
import type { Exec, Query, Tables } from '../../db/exec.js';
import { prepared, sqliteRun } from '../../db/prepared.js';
import type { EventRow } from './tables.js';

/** The PostgreSQL builder's raw statement (the shared builder API has none for a bare select). */
type PgExecute = { execute(query: SQL): Promise<unknown> };

/** Any fixed number: the feed's position lock on PostgreSQL (below). */
const FEED_LOCK = 7_420_011;

/** The next `sequence` of a resource: gapless from 1 (E3); a unique index backs it. */
export async function nextEventSequence(x: Exec, resourceId: string): Promise<number> {
  const rows = await prepared(
    x,
    'nextEventSequence',
    (q, t) => q.select({ last: max(t.events.sequence) }).from(t.events).where(eq(t.events.resourceId, sql.placeholder('resourceId'))),
    { resourceId },
  );
  return (rows[0]?.last ?? 0) + 1;
}

/** Every column but the position (the database draws it), so the prepared insert has a placeholder for each. */
const eventColumns: Record<Exclude<keyof EventRow, 'position'>, true> = {
  eventId: true, clientId: true, customerId: true, type: true, resourceType: true, resourceId: true, sequence: true, data: true, createdAt: true,
};
const columns = Object.keys(eventColumns) as (keyof typeof eventColumns)[];

/**
 * Appends an event; its position in the feed is its commit order (§11.3). On SQLite one connection
 * writes, and a batch commits at once, so the autoincrement position is commit order. On PostgreSQL
 * several processes write, and sequence values are handed out in call order, not commit order: a
 * transaction-scoped advisory lock, taken before the position is drawn and held until commit, makes
 * event-writing transactions draw and commit one at a time, so a position is only ever drawn after every
 * smaller one is committed and visible. Readers therefore never see a gap that fills later.
 */
export async function insertEvent(x: Exec, row: Omit<EventRow, 'position'>): Promise<EventRow> {
  const insert = (q: Query, t: Tables) => q.insert(t.events).values(Object.fromEntries(columns.map((c) => [c, sql.placeholder(c)])) as unknown as EventRow);
  // SQLite: the row is what was written, and its position the rowid drawn (RETURNING would cost more).
  if (x.engine === 'sqlite') return { position: Number(sqliteRun(x, 'insertEvent', insert, row).lastInsertRowid), ...row };
  await (x.q as unknown as PgExecute).execute(sql`select pg_advisory_xact_lock(${FEED_LOCK})`);
  const rows = await prepared(x, 'insertEvent', (q, t) => insert(q, t).returning(), row);
  return rows[0]!;
}

export type FeedFilter = { clientId: string; afterPosition: number; types?: string[]; customerId?: string; resourceId?: string; limit: number };

/** A partner client's events after a position, oldest first (§11.3). */
export async function listEvents(x: Exec, f: FeedFilter): Promise<EventRow[]> {
  const t = x.t.events;
  const where: SQL[] = [eq(t.clientId, f.clientId), gt(t.position, f.afterPosition)];
  if (f.types) where.push(inArray(t.type, f.types));
  if (f.customerId) where.push(eq(t.customerId, f.customerId));
  if (f.resourceId) where.push(eq(t.resourceId, f.resourceId));
  return x.q.select().from(t).where(and(...where)).orderBy(asc(t.position)).limit(f.limit);
}
