// Events' rows (§11.1 outbox, §11.3 feed): plain reads and writes, no rules.
import { and, asc, eq, gt, inArray, lte, max, sql, type SQL } from 'drizzle-orm';
import type { Exec, Query, Tables } from '../../db/exec.js';
import { unawaited } from '../../db/pipelined.js';
import { pgStatement, prepared, sqliteRun } from '../../db/prepared.js';
import type { EventRow, NewEvent } from './tables.js';

/** The PostgreSQL builder's raw statement (the shared builder API has none for a bare select). */
type PgExecute = { execute(query: SQL): PromiseLike<unknown> };

/**
 * The feed's position lock on PostgreSQL (below): advisory locks are the database's, not a schema's, so the
 * key is this number with the OID of this schema's events table. Deployments that share a database in
 * schemas of their own then never wait for, or read the writers of, each other's feed.
 */
const FEED_LOCK = 7_420_011;
const FEED_TABLE = `to_regclass('events')::oid`;

/** The next `sequence` of a resource: gapless from 1 (E3); a unique index backs it. */
async function nextEventSequence(x: Exec, resourceId: string): Promise<number> {
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
 * Appends an event with the resource's next `sequence` (E3), at the next position of the feed (§11.3).
 * On SQLite one connection writes, and a batch commits at once, so the autoincrement position is commit
 * order. On PostgreSQL several processes write, and positions are handed out in call order, not commit
 * order: a transaction holds the feed's advisory lock *shared* from before it draws its position until it
 * commits, so writers never wait for each other, and the feed's reader (feedWatermark) learns from the
 * lock's holders, without ever asking for the lock itself, when every position up to the highest drawn is
 * settled (committed or rolled back); it reads no further (settled point 11: position order).
 * The lock, the sequence and the row are one statement: the lock's CTE (a volatile call, never inlined)
 * is the row source, so it is held before the position is drawn. Nobody reads the position or the
 * sequence back (what needs them reads the row: the webhooks' fan-out), so on PostgreSQL the statement
 * is sent without waiting for its answer (src/db/pipelined.ts).
 */
export async function appendEvent(x: Exec, row: NewEvent): Promise<void> {
  if (x.engine === 'sqlite') {
    const full = { ...row, sequence: await nextEventSequence(x, row.resourceId) };
    const insert = (q: Query, tables: Tables) =>
      q.insert(tables.events).values(Object.fromEntries(columns.map((c) => [c, sql.placeholder(c)])) as unknown as EventRow);
    // Without RETURNING: it would cost more, and the position is the rowid drawn.
    sqliteRun(x, 'insertEvent', insert, full);
    return;
  }
  const values = [row.eventId, row.clientId, row.customerId, row.type, row.resourceType, row.resourceId, row.data, row.createdAt];
  await unawaited(x, pgStatement(x, 'appendEvent', APPEND_EVENT, values));
}

const APPEND_EVENT = `
  with feed as (select pg_advisory_xact_lock_shared(${FEED_LOCK}, ${FEED_TABLE}::int))
  insert into events (event_id, client_id, customer_id, type, resource_type, resource_id, sequence, data, created_at)
  select $1, $2, $3, $4, $5, $6, coalesce((select max(e.sequence) from events e where e.resource_id = $6), 0) + 1, $7, $8
  from feed`;

export type FeedFilter = { clientId: string; afterPosition: number; types?: string[]; customerId?: string; resourceId?: string; limit: number };

/** How long a feed read waits for the writers in flight to end before it answers what it can vouch for. */
const SETTLE_WAIT_MS = 100;
const SETTLE_POLL_MS = 5;
/** The transactions holding the feed's lock (appendEvent), other than the reader's own session. */
const FEED_LOCK_HOLDERS = `from pg_locks where locktype = 'advisory' and classid = ${FEED_LOCK} and objid = ${FEED_TABLE} and objsubid = 2 and granted
  and database = (select oid from pg_database where datname = current_database()) and pid <> pg_backend_pid()`;
/** Per engine (its read builder): the highest watermark learned, every position up to which is settled. */
const vouched = new WeakMap<object, number>();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * PostgreSQL: the highest feed position below which nothing is in flight (see appendEvent). Settled point
 * 11: a feed read never makes a writer wait, so it never asks for the feed's lock (an exclusive request
 * would queue every later writer's shared one behind it, and behind a writer frozen mid-way). Instead it
 * reads the sequence's last value L, then the transactions holding the lock: every writer that drew a
 * position up to L held the lock when L was read and holds it until it ends, so once those transactions
 * are gone (later holders drew above L) everything up to L is settled. It waits for them up to
 * SETTLE_WAIT_MS (a writer's transaction lasts milliseconds); one still open then (a stuck writer) makes
 * the read answer up to the last watermark it learned, and the next read goes on from there.
 */
async function feedWatermark(x: Exec): Promise<number> {
  const q = x.q as unknown as PgExecute;
  const results = (await q.execute(
    sql.raw(`select last_value, is_called from events_position_seq; select coalesce(array_agg(virtualtransaction), '{}') as holders ${FEED_LOCK_HOLDERS}`),
  )) as unknown as [{ rows: { last_value: number | string; is_called: boolean }[] }, { rows: { holders: string[] }[] }];
  const seq = results[0].rows[0]!;
  const last = seq.is_called ? Number(seq.last_value) : 0;
  let holders = results[1].rows[0]?.holders ?? [];
  for (let waited = 0; holders.length > 0 && waited < SETTLE_WAIT_MS; waited += SETTLE_POLL_MS) {
    await sleep(SETTLE_POLL_MS);
    const still = (await q.execute(
      sql`select coalesce(array_agg(virtualtransaction), '{}') as holders ${sql.raw(FEED_LOCK_HOLDERS)} and virtualtransaction = any(string_to_array(${holders.join(',')}, ','))`,
    )) as unknown as { rows: { holders: string[] }[] };
    holders = still.rows[0]?.holders ?? [];
  }
  const before = vouched.get(x.q) ?? 0;
  if (holders.length > 0) return before;
  const watermark = Math.max(before, last);
  vouched.set(x.q, watermark);
  return watermark;
}

/**
 * §17.4 the feed's end: the highest position below which every event is settled (committed or rolled
 * back). SQLite: the last position written (a batch commits at once, and no read runs inside one).
 */
export async function feedHead(x: Exec): Promise<number> {
  if (x.engine === 'pg') return feedWatermark(x);
  const rows = await x.q.select({ last: max(x.t.events.position) }).from(x.t.events);
  return rows[0]?.last ?? 0;
}

/**
 * §17.4 the feed between two positions, oldest first: `upTo` is a head already read (feedHead), so no
 * watermark is taken again. `customers`: only theirs; `clientId` narrows further. At most `limit` rows.
 */
export async function feedBetween(
  x: Exec,
  f: { after: number; upTo: number; clientId?: string; customers?: readonly string[]; limit: number },
): Promise<EventRow[]> {
  const t = x.t.events;
  const where: SQL[] = [gt(t.position, f.after), lte(t.position, f.upTo)];
  if (f.clientId) where.push(eq(t.clientId, f.clientId));
  if (f.customers) where.push(f.customers.length === 1 ? eq(t.customerId, f.customers[0]!) : inArray(t.customerId, [...f.customers]));
  return x.q.select().from(t).where(and(...where)).orderBy(asc(t.position)).limit(f.limit);
}

/**
 * A partner client's events after a position, oldest first (§11.3). On PostgreSQL only up to the
 * watermark: a position drawn by a transaction still in flight may fill in below a later one.
 */
export async function listEvents(x: Exec, f: FeedFilter): Promise<EventRow[]> {
  const t = x.t.events;
  const where: SQL[] = [eq(t.clientId, f.clientId), gt(t.position, f.afterPosition)];
  if (x.engine === 'pg') where.push(lte(t.position, await feedWatermark(x)));
  if (f.types) where.push(inArray(t.type, f.types));
  if (f.customerId) where.push(eq(t.customerId, f.customerId));
  if (f.resourceId) where.push(eq(t.resourceId, f.resourceId));
  return x.q.select().from(t).where(and(...where)).orderBy(asc(t.position)).limit(f.limit);
}

/** An event by its id (D3: a delivery renders the event it was written for). */
export async function findEvent(x: Exec, eventId: string): Promise<EventRow | undefined> {
  const t = x.t.events;
  return (await x.q.select().from(t).where(eq(t.eventId, eventId)))[0];
}
