// test: PostgreSQL only — several processes on one PostgreSQL database
// What one request costs PostgreSQL, counted by the engine: the statements sent (BEGIN and COMMIT
// included) and the round trips waited for (statements sent together, pipelined, share one), and the nonce, the idempotency record, the effect, its event and its audit row
// share one transaction (§2, §3, §11.1). The figures are kept in docs/performance.md; a change of them
// fails here until the page says so. The worker polls on its own timer: each figure is the least of
// several requests, so a poll that falls inside one does not count. PostgreSQL only (SQLite sends
// nothing over a wire).
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEASE_MS } from '../../../src/http/rate-limit.js';
import { Scenario, startTestServer, type TestServer } from '../../helpers/harness.js';

let server: TestServer;
let s: Scenario;
let customerId: string;
beforeAll(async () => {
  // Credentials cached past the clock moves of the lease test below.
  server = await startTestServer({ CREDENTIAL_CACHE_MS: '600000' });
  s = await Scenario.create(server);
  customerId = await s.customer();
});
afterAll(() => server.stop());

/** The least change of the engine's counters over `runs` calls of `work` (after one warm-up call). */
type Cost = { transactions: number; roundTrips: number; statements: number };
async function cost(work: () => Promise<unknown>, runs = 6): Promise<Cost> {
  await work();
  let least: Cost = { transactions: Infinity, roundTrips: Infinity, statements: Infinity };
  for (let i = 0; i < runs; i++) {
    const before = server.service.stats();
    await work();
    const after = server.service.stats();
    const c = {
      transactions: after.transactions! - before.transactions!,
      roundTrips: after.roundTrips! - before.roundTrips!,
      statements: after.statements! - before.statements!,
    };
    if (c.roundTrips < least.roundTrips || (c.roundTrips === least.roundTrips && c.statements < least.statements)) least = c;
  }
  return least;
}

const create = async () => {
  const r = await s.beneficiary(customerId, { walletAddress: `0x${randomBytes(20).toString('hex')}` });
  expect(r.status).toBe(200);
};

describe('round trips per request (PostgreSQL)', () => {
  it('a REST create: one transaction, two round trips, while this process holds tokens of the client (its lease)', async () => {
    expect(await cost(() => create())).toEqual({ transactions: 1, roundTrips: 2, statements: 12 });
  });

  it('a REST create of a client that asked nothing for a while: the rate-limit bucket first, a statement of its own', async () => {
    const quiet = async () => {
      // Past the lease: this process asks the shared bucket for one token again (src/http/rate-limit.ts).
      server.clock.advance(LEASE_MS);
      await create();
    };
    expect(await cost(quiet)).toEqual({ transactions: 1, roundTrips: 3, statements: 13 });
  });

  it('a replay answered from the replay cache: its nonce and its audit row (§8), one transaction', async () => {
    const body = s.beneficiaryInput({ walletAddress: `0x${randomBytes(20).toString('hex')}` });
    const key = randomUUID();
    const path = `/partner/v1/customers/${customerId}/crypto/wallet-beneficiaries`;
    expect((await server.request(s.client, 'POST', path, { body, idempotencyKey: key })).status).toBe(200);
    const replay = async () => {
      const r = await server.request(s.client, 'POST', path, { body, idempotencyKey: key });
      expect([r.status, r.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
    };
    expect(await cost(replay)).toEqual({ transactions: 1, roundTrips: 2, statements: 4 });
  });

  it('a replay the replay cache does not know (the same JSON in other bytes): the effect starts with the lookup and is set aside', async () => {
    const body = s.beneficiaryInput({ walletAddress: `0x${randomBytes(20).toString('hex')}` });
    const key = randomUUID();
    const path = `/partner/v1/customers/${customerId}/crypto/wallet-beneficiaries`;
    const first = await server.request(s.client, 'POST', path, { body, idempotencyKey: key });
    expect(first.status).toBe(200);
    let indent = 0;
    const hits = server.service.stats().replayCacheHits;
    const replay = async () => {
      // Bytes no answer was remembered for: the record is found in the database.
      const r = await server.request(s.client, 'POST', path, { rawBody: JSON.stringify(body, null, ++indent), idempotencyKey: key });
      expect([r.status, r.headers.get('idempotent-replayed'), r.body]).toEqual([200, 'true', first.body]);
    };
    // BEGIN, the nonce, the lookup and the create's four reads (whose duplicate check would refuse: the
    // first request made the address's beneficiary); the audit row (§8) and COMMIT.
    expect(await cost(replay)).toEqual({ transactions: 1, roundTrips: 2, statements: 9 });
    expect(server.service.stats().replayCacheHits).toBe(hits);
  });

  it('a REST read by id: the read, then the nonce', async () => {
    const id = (await s.beneficiary(customerId, { walletAddress: `0x${randomBytes(20).toString('hex')}` })).body.walletBeneficiaryId as string;
    const read = async () => expect((await server.request(s.client, 'GET', `/partner/v1/crypto/wallet-beneficiaries/${id}`)).status).toBe(200);
    expect(await cost(read)).toEqual({ transactions: 1, roundTrips: 3, statements: 4 });
  });
});
