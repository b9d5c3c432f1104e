// §11.3 on PostgreSQL: event-writing transactions draw feed positions without waiting for each other, so
// a position may be committed after a higher one. The feed never returns a position while a smaller one
// is still in flight: a read waits for the transactions in flight, then returns both, in position order.
// (On SQLite one writer commits in position order.) PostgreSQL only.
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scenario, sleep, startTestServer, type TestServer } from '../../helpers/harness.js';

let server: TestServer;
let s: Scenario;
let customerId: string;
let db: pg.Pool;
beforeAll(async () => {
  server = await startTestServer();
  s = await Scenario.create(server);
  customerId = await s.customer();
  db = new pg.Pool({ connectionString: server.databaseUrl, max: 3 });
});
afterAll(async () => {
  await db.end();
  await server.stop();
});

/** Resolves once some session waits for the feed's lock (pg_locks), polling. */
async function someoneWaitsForTheFeed(): Promise<void> {
  const end = Date.now() + 10_000;
  for (;;) {
    const r = await db.query(`select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = 7420011 and not granted`);
    if (r.rows[0].n > 0) return;
    if (Date.now() > end) throw new Error('no feed read waited for the transaction in flight');
    await sleep(10);
  }
}

describe('the feed on PostgreSQL with a transaction in flight', () => {
  it('a read waits for the position drawn before it, and returns it before the later one committed first', async () => {
    const start = (await server.request(s.client, 'GET', '/partner/v1/events?limit=100')).body;
    const after = start.pageInfo.endCursor as string | null;
    // A: draws a position the way the service does, and stays open.
    const a = await db.connect();
    const eventA = randomUUID();
    try {
      await a.query('begin isolation level repeatable read');
      await a.query(
        `with feed as (select pg_advisory_xact_lock_shared(7420011))
         insert into events (event_id, client_id, customer_id, type, resource_type, resource_id, sequence, data, created_at)
         select $1, $2, $3, 'wallet_beneficiary.active', 'WALLET_BENEFICIARY', $4, 1, '{}', $5 from feed`,
        [eventA, s.client.clientId, customerId, randomUUID(), new Date().toISOString()],
      );
      // B: a create through the API draws a higher position and commits while A is open.
      const b = await s.beneficiary(customerId, { walletAddress: `0x${randomBytes(20).toString('hex')}` });
      expect(b.status).toBe(200);
      const read = server.request(s.client, 'GET', `/partner/v1/events?limit=100${after ? `&cursor=${after}` : ''}`);
      await someoneWaitsForTheFeed();
      await a.query('commit');
      const page = await read;
      expect(page.status).toBe(200);
      const ids = page.body.items.map((e: { eventId: string }) => e.eventId);
      expect(ids[0]).toBe(eventA);
      expect(page.body.items[1].resourceId).toBe(b.body.walletBeneficiaryId);
      expect(ids).toHaveLength(2);
    } finally {
      await a.query('rollback').catch(() => {});
      a.release();
    }
  });
});
