// §8 The credential cache (src/http/credentials.ts): a client's credentials are read at most once per
// CREDENTIAL_CACHE_MS, and a client's requests that find the entry expired together share that one read.
// Counted by the service (stats().credentialReads), on a real server and database. On SQLite a read
// answers before the next request is read, so requests overlap a read only on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scenario, startTestServer, type TestServer } from '../../helpers/harness.js';

const TTL_MS = 1000;
let server: TestServer;
let s: Scenario;
let customerId: string;
beforeAll(async () => {
  server = await startTestServer({ CREDENTIAL_CACHE_MS: String(TTL_MS) });
  s = await Scenario.create(server);
  customerId = await s.customer();
});
afterAll(() => server.stop());

const reads = () => server.service.stats().credentialReads!;
const read = (o: { client?: { clientId: string; secret: string } } = {}) =>
  server.request(s.client, 'GET', `/partner/v1/customers/${customerId}`, o).then((r) => r.status);

describe('credential cache (§8)', () => {
  it('requests within the time to live read nothing', async () => {
    await read();
    const before = reads();
    expect(await Promise.all([read(), read(), read()])).toEqual([200, 200, 200]);
    expect(reads() - before).toBe(0);
  });

  it('sixteen requests that find the entry expired share one read, and the next expiry reads once again', async () => {
    for (let round = 0; round < 2; round++) {
      server.clock.advance(TTL_MS);
      const before = reads();
      const statuses = await Promise.all(Array.from({ length: 16 }, () => read()));
      expect(statuses).toEqual(Array(16).fill(200));
      expect(reads() - before).toBe(1);
    }
  });

  it('an unknown client is never cached: every request not sharing a read in flight reads again, and is refused', async () => {
    const stranger = { clientId: 'partner-unknown', secret: 'not-a-secret' };
    const before = reads();
    expect(await read({ client: stranger })).toBe(401);
    expect(await read({ client: stranger })).toBe(401);
    expect(reads() - before).toBe(2);
  });

  it('a new client works at once, its first requests sharing one read', async () => {
    const fresh = await server.newClient('Fresh');
    const before = reads();
    // Authenticated, then refused: another client's customer (403, not 401).
    const statuses = await Promise.all(Array.from({ length: 4 }, () => server.request(fresh, 'GET', `/partner/v1/customers/${customerId}`).then((r) => r.status)));
    expect(statuses).toEqual([403, 403, 403, 403]);
    expect(reads() - before).toBe(1);
  });
});
