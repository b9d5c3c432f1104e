// Events' rows (§11.1 outbox, §11.3 feed): plain reads and writes, no rules.
import { and, asc, eq, gt, inArray, max, sql, type SQL } from 'drizzle-orm';
import type { Exec } from '../../db/exec.js';
import type { EventRow } from './tables.js';

/** The PostgreSQL builder's raw statement (the shared builder API has none for a bare select). */
type PgExecute = { execute(query: SQL): Promise<unknown> };

/** Any fixed number: the feed's position lock on PostgreSQL (below). */
const FEED_LOCK = 7_420_011;

/** The next `sequence` of a resource: gapless from 1 (E3); a unique index backs it. */
async function nextEventSequence(x: Exec, resourceId: string): Promise<number> {
  const t = x.t.events;
  const row = (await x.q.select({ last: max(t.sequence) }).from(t).where(eq(t.resourceId, resourceId)))[0];
  return (row?.last ?? 0) + 1;
}

type PgEventRow = { position: number; sequence: number };

/**
 * Appends an event with the resource's next `sequence` (E3); its position in the feed is its commit
 * order (§11.3). On SQLite one connection writes, and a batch commits at once, so the autoincrement
 * position is commit order. On PostgreSQL several processes write, and sequence values are handed out
 * in call order, not commit order: a transaction-scoped advisory lock, taken before the position is
 * drawn and held until commit, makes event-writing transactions draw and commit one at a time, so a
 * position is only ever drawn after every smaller one is committed and visible. Readers therefore never
 * see a gap that fills later. There the lock, the sequence and the row are one statement: the lock's
 * CTE (a volatile call, never inlined) is the row source, so it is held before the position is drawn.
 */
export async function appendEvent(x: Exec, row: Omit<EventRow, 'position' | 'sequence'>): Promise<EventRow> {
  const t = x.t.events;
  if (x.engine === 'sqlite') return (await x.q.insert(t).values({ ...row, sequence: await nextEventSequence(x, row.resourceId) }).returning())[0]!;
  const result = (await (x.q as unknown as PgExecute).execute(sql`
    with feed as (select pg_advisory_xact_lock(${FEED_LOCK}))
    insert into ${t} (event_id, client_id, customer_id, type, resource_type, resource_id, sequence, data, created_at)
    select ${row.eventId}, ${row.clientId}, ${row.customerId}, ${row.type}, ${row.resourceType}, ${row.resourceId},
      coalesce((select max(e.sequence) from ${t} e where e.resource_id = ${row.resourceId}), 0) + 1, ${row.data}, ${row.createdAt}
    from feed
    returning position, sequence`)) as { rows: PgEventRow[] };
  const r = result.rows[0]!;
  return { ...row, position: Number(r.position), sequence: Number(r.sequence) };
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
