// test: PostgreSQL only — several processes on one PostgreSQL database
// §11.3 on PostgreSQL, settled point 11: event-writing transactions draw feed positions without waiting for
// each other, so a position may be committed after a higher one. The feed never returns a position while
// a smaller one may still appear (position order), and no feed read or stream makes a writer wait: a read
// that cannot learn within 100 ms which positions are settled answers up to the last one it can vouch
// for, and the next read goes on from there. A writer's transaction held open 10 s stops neither the
// other writes nor the stream; its event appears once, in position order, after it commits. (On SQLite
// one writer commits in position order.) PostgreSQL only.
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scenario, sleep, startTestServer, type TestServer } from '../../helpers/harness.js';
import { openStream, STREAM_PATH, type SseStream } from '../../helpers/sse.js';

let server: TestServer;
let s: Scenario;
let customerId: string;
let db: pg.Pool;
beforeAll(async () => {
  server = await startTestServer({ FRONTEND_STREAM_POLL_MS: '50', FRONTEND_STREAM_KEEPALIVE_MS: '1000' });
  s = await Scenario.create(server);
  customerId = await s.customer();
  db = new pg.Pool({ connectionString: server.databaseUrl, max: 3 });
});
afterAll(async () => {
  await db.end();
  await server.stop();
});

/** The service's feed lock in this schema (src/modules/events/repository.ts): the number and the events table's OID. */
const FEED_LOCK = 7420011;

/** Sessions waiting for the feed's lock (pg_locks): a writer queued behind a feed read would be one. */
async function feedLockWaiters(): Promise<number> {
  const r = await db.query(`select count(*)::int as n from pg_locks where locktype = 'advisory' and classid = $1 and objid = to_regclass('events')::oid and not granted`, [FEED_LOCK]);
  return r.rows[0].n;
}

/** A transaction that draws a feed position the way a writer does (appendEvent) and stays open. */
async function openWriter(): Promise<{ eventId: string; commit(): Promise<void>; end(): Promise<void> }> {
  const c = await db.connect();
  const eventId = randomUUID();
  await c.query('begin isolation level repeatable read');
  await c.query(
    `with feed as (select pg_advisory_xact_lock_shared(${FEED_LOCK}, to_regclass('events')::oid::int))
     insert into events (event_id, client_id, customer_id, type, resource_type, resource_id, sequence, data, created_at)
     select $1, $2, $3, 'wallet_beneficiary.active', 'WALLET_BENEFICIARY', $4, 1, '{}', $5 from feed`,
    [eventId, s.client.clientId, customerId, randomUUID(), new Date().toISOString()],
  );
  let open = true;
  return {
    eventId,
    async commit() {
      await c.query('commit');
      open = false;
    },
    async end() {
      if (open) await c.query('rollback').catch(() => {});
      c.release();
    },
  };
}

const page = async (cursor: string | null) => {
  const r = await server.request(s.client, 'GET', `/partner/v1/events?customerId=${customerId}&limit=100${cursor ? `&cursor=${cursor}` : ''}`);
  expect(r.status, r.text).toBe(200);
  return r.body as { items: { eventId: string }[]; pageInfo: { endCursor: string | null } };
};
const create = () => s.beneficiary(customerId, { walletAddress: `0x${randomBytes(20).toString('hex')}` });

describe('the feed on PostgreSQL with a transaction in flight (settled point 11)', () => {
  it('a read does not wait for a position drawn before it: it answers up to what it can vouch for, and the next read returns both in position order', async () => {
    const after = (await page(null)).pageInfo.endCursor;
    const a = await openWriter();
    try {
      // B: a create through the API draws a higher position and commits while A is open.
      const b = await create();
      expect(b.status).toBe(200);
      const early = await page(after);
      // Neither A (in flight) nor B (above it): the page is empty and keeps the cursor.
      expect(early.items).toEqual([]);
      expect(early.pageInfo.endCursor).toBe(after);
      expect(await feedLockWaiters()).toBe(0);
      await a.commit();
      const next = await page(after);
      expect(next.items[0]!.eventId).toBe(a.eventId);
      expect(next.items.slice(1).map((e) => (e as unknown as { resourceId: string }).resourceId)).toEqual([b.body.walletBeneficiaryId]);
    } finally {
      await a.end();
    }
  });

  it("another deployment's feed in the same database (another schema) holds nothing back: its writer held open, this feed answers at once", async () => {
    const other = `feed_other_${randomBytes(4).toString('hex')}`;
    const c = await db.connect();
    try {
      await c.query(`create schema ${other}; create table ${other}.events (position bigint)`);
      await c.query('begin');
      await c.query(`select pg_advisory_xact_lock_shared(${FEED_LOCK}, '${other}.events'::regclass::oid::int)`);
      const after = (await page(null)).pageInfo.endCursor;
      const b = await create();
      expect(b.status).toBe(200);
      expect((await page(after)).items.map((e) => (e as unknown as { resourceId: string }).resourceId)).toEqual([b.body.walletBeneficiaryId]);
    } finally {
      await c.query('rollback').catch(() => {});
      await c.query(`drop schema if exists ${other} cascade`).catch(() => {});
      c.release();
    }
  });

  it('a writer held open 10 s: every other write and the stream go on; its event appears once, in position order, after it commits', async () => {
    const start = (await page(null)).pageInfo.endCursor;
    const stream: SseStream = await openStream(server, s.client, `${STREAM_PATH}?customerId=${customerId}${start ? `&after=${start}` : ''}`);
    const a = await openWriter();
    const heldSince = Date.now();
    let released = false;
    const writesDuringHold: string[] = [];
    try {
      // Writes and feed reads (the stream polls the feed meanwhile) while A is open: none waits for it.
      while (Date.now() - heldSince < 10_000) {
        const b = await create();
        expect(b.status).toBe(200);
        expect(released).toBe(false);
        writesDuringHold.push(b.body.walletBeneficiaryId);
        expect((await page(start)).items).toEqual([]);
        await sleep(500);
      }
      expect(writesDuringHold.length).toBeGreaterThan(5);
      expect(await feedLockWaiters()).toBe(0);
      // The stream stayed up, with its keep-alives, and sent nothing past the position in flight.
      expect(stream.failed).toBeUndefined();
      expect(stream.ended).toBe(false);
      expect(stream.frames.filter((f) => f.comment !== undefined).length).toBeGreaterThan(0);
      expect(stream.events).toEqual([]);
    } finally {
      await a.commit().catch(() => {});
      released = true;
      await a.end();
    }
    // After the commit: A's event first, then each write's, once, in position order; the stream sends the same.
    const feed = await page(start);
    const ids = feed.items.map((e) => e.eventId);
    expect(ids[0]).toBe(a.eventId);
    expect(new Set(ids).size).toBe(ids.length);
    const resources = feed.items.slice(1).map((e) => (e as unknown as { resourceId: string }).resourceId);
    expect([...new Set(resources)]).toEqual(writesDuringHold);
    await stream.untilEvents(ids.length, 10_000);
    expect(stream.events.map((f) => JSON.parse(f.data!).eventId)).toEqual(ids);
    await stream.drop();
  }, 60_000);
});
