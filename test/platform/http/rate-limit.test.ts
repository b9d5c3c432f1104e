// test: slow — partnerctl client limit
// Rate limits. A token bucket per partner client, counted after authentication, on both
// surfaces (over the limit → 429 RATE_LIMITED with Retry-After); defaults from config, a per-client
// override through `partnerctl client limit`; unauthenticated floods limited per source address.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beneficiaryBody, randomEthAddress, startTestServer, type Client, type Reply, type TestServer } from '../../helpers/harness.js';
import { PARTNERCTL_VARS, processKit } from '../../helpers/processes.js';
import { expectGraphQLProblem, expectRestProblem } from '../../helpers/problems.js';

/** The real partnerctl on the server's file; no PARTNER_SECRET_KEY: the development key, as the server's. */
const { partnerctl } = processKit({
  unset: PARTNERCTL_VARS,
});

/** §7 RFC 9457 RATE_LIMITED with a Retry-After of whole seconds ≥ 1. */
function expectRestRateLimited(r: Reply): number {
  expectRestProblem(r, 429, 'RATE_LIMITED');
  return retryAfter(r);
}

/** §7 on GraphQL: RATE_LIMITED in extensions, no data, with a Retry-After of whole seconds ≥ 1. */
function expectGraphQLRateLimited(r: Reply): number {
  expectGraphQLProblem(r, 429, 'RATE_LIMITED');
  return retryAfter(r);
}

function retryAfter(r: Reply): number {
  const value = r.headers.get('retry-after');
  expect(value, 'Retry-After header').toMatch(/^[1-9][0-9]*$/);
  return Number(value);
}



/** What one signed request on a surface is (each call: a fresh, valid request). */
type Surface = {
  name: 'REST' | 'GraphQL';
  send(server: TestServer, client: Client, customerId: string, routeCode: string): Promise<Reply>;
  ok(r: Reply): void;
  limited(r: Reply): number;
};

const REST: Surface = {
  name: 'REST',
  send: (server, client, customerId, routeCode) =>
    server.request(client, 'POST', `/partner/v1/customers/${customerId}/crypto/wallet-beneficiaries`, {
      body: beneficiaryBody(routeCode, randomEthAddress()),
    }),
  ok: (r) => {
    expect(r.status, r.text).toBe(200);
    expect(r.body.walletBeneficiaryId).toBeTruthy();
  },
  limited: expectRestRateLimited,
};

const GRAPHQL: Surface = {
  name: 'GraphQL',
  send: (server, client, customerId) => server.gql(client, `query($id: UUID!) { customer(customerId: $id) { customerId } }`, { id: customerId }),
  ok: (r) => {
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.customer.customerId).toBeTruthy();
  },
  limited: expectGraphQLRateLimited,
};

// ---------------------------------------------------------------------------------------------------

describe('per-client token bucket (RATE_LIMIT_RPS=1, RATE_LIMIT_BURST=3)', () => {
  let server: TestServer;

  /** A fresh client with a route and a customer, set up directly in the database (no requests spent). */
  async function fixture(): Promise<{ client: Client; customerId: string; routeCode: string }> {
    const client = await server.newClient();
    const routeCode = await server.newRoute(client);
    const customerId = randomUUID();
    const now = new Date().toISOString();
    await server.db.run(
      `insert into customers (customer_id, client_id, external_ref, type, display_name, status, created_at, updated_at)
       values (?, ?, ?, 'INDIVIDUAL', 'Ada', 'ACTIVE', ?, ?)`,
      customerId,
      client.clientId,
      `ext-${customerId}`,
      now,
      now,
    );
    return { client, customerId, routeCode };
  }

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_RPS: '1', RATE_LIMIT_BURST: '3' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('a mutation refused by the rate limit is audited alike on both surfaces (§8): RATE_LIMITED, its operation and target', async () => {
    const f = await fixture();
    for (let i = 0; i < 3; i++) REST.ok(await REST.send(server, f.client, f.customerId, f.routeCode));
    const rest = await REST.send(server, f.client, f.customerId, f.routeCode);
    expectRestRateLimited(rest);
    const gql = await server.gql(
      f.client,
      `mutation($customerId: UUID!, $input: CreateCryptoWalletBeneficiaryInput!) { createCryptoWalletBeneficiary(customerId: $customerId, input: $input) { walletBeneficiaryId } }`,
      { customerId: f.customerId, input: beneficiaryBody(f.routeCode, randomEthAddress()) },
    );
    expectGraphQLRateLimited(gql);
    const audit = (requestId: string | null) =>
      server.db.all('select operation, target_id, status, problem_code as code from audit_events where request_id = ?', requestId);
    const expected = [{ operation: 'createCryptoWalletBeneficiary', target_id: f.customerId, status: 429, code: 'RATE_LIMITED' }];
    expect(await audit(rest.headers.get('x-request-id'))).toEqual(expected);
    expect(await audit(gql.headers.get('x-request-id'))).toEqual(expected);
  });

  describe.each([REST, GRAPHQL])('on $name', (surface) => {
    it('3 signed requests pass, the 4th is 429 RATE_LIMITED with Retry-After (whole seconds ≥ 1)', async () => {
      const f = await fixture();
      for (let i = 0; i < 3; i++) surface.ok(await surface.send(server, f.client, f.customerId, f.routeCode));
      const r = await surface.send(server, f.client, f.customerId, f.routeCode);
      const seconds = surface.limited(r);
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThanOrEqual(2);
    });

    it('another client is unaffected while the first is limited', async () => {
      const a = await fixture();
      const b = await fixture();
      for (let i = 0; i < 3; i++) surface.ok(await surface.send(server, a.client, a.customerId, a.routeCode));
      surface.limited(await surface.send(server, a.client, a.customerId, a.routeCode));
      for (let i = 0; i < 3; i++) surface.ok(await surface.send(server, b.client, b.customerId, b.routeCode));
      surface.limited(await surface.send(server, a.client, a.customerId, a.routeCode));
    });

    it('after the Retry-After second (the server clock moved 1.1 s) one more request passes, and the next is limited again', async () => {
      const f = await fixture();
      for (let i = 0; i < 3; i++) surface.ok(await surface.send(server, f.client, f.customerId, f.routeCode));
      const seconds = surface.limited(await surface.send(server, f.client, f.customerId, f.routeCode));
      expect(seconds).toBe(1);
      server.clock.advance(1_100);
      surface.ok(await surface.send(server, f.client, f.customerId, f.routeCode));
      surface.limited(await surface.send(server, f.client, f.customerId, f.routeCode));
    });
  });

  it('REST and GraphQL share one bucket per client', async () => {
    const f = await fixture();
    REST.ok(await REST.send(server, f.client, f.customerId, f.routeCode));
    GRAPHQL.ok(await GRAPHQL.send(server, f.client, f.customerId, f.routeCode));
    REST.ok(await REST.send(server, f.client, f.customerId, f.routeCode));
    GRAPHQL.limited(await GRAPHQL.send(server, f.client, f.customerId, f.routeCode));
    REST.limited(await REST.send(server, f.client, f.customerId, f.routeCode));
  });

  it('a rate-limited mutation has no effect: no record, and its Idempotency-Key is free afterwards', async () => {
    const f = await fixture();
    const count = () => server.db.count('select count(*) as n from wallet_beneficiaries where customer_id = ?', f.customerId);
    for (let i = 0; i < 3; i++) REST.ok(await REST.send(server, f.client, f.customerId, f.routeCode));
    expect(await count()).toBe(3);
    const key = randomUUID();
    const body = beneficiaryBody(f.routeCode, randomEthAddress());
    const path = `/partner/v1/customers/${f.customerId}/crypto/wallet-beneficiaries`;
    expectRestRateLimited(await server.request(f.client, 'POST', path, { body, idempotencyKey: key }));
    expect(await count()).toBe(3);
    server.clock.advance(1_100);
    const r = await server.request(f.client, 'POST', path, { body, idempotencyKey: key });
    expect(r.status, r.text).toBe(200);
    expect(r.headers.get('idempotent-replayed')).toBeNull();
    expect(await count()).toBe(4);
  });

  it('requests that fail authentication do not spend the client bucket', async () => {
    const f = await fixture();
    const wrong: Client = { clientId: f.client.clientId, secret: 'not-the-secret' };
    for (let i = 0; i < 5; i++) {
      const r = await GRAPHQL.send(server, wrong, f.customerId, f.routeCode);
      expect(r.status, r.text).toBe(401);
    }
    for (let i = 0; i < 3; i++) GRAPHQL.ok(await GRAPHQL.send(server, f.client, f.customerId, f.routeCode));
  });

  describe('per-client override: partnerctl client limit --client-id ID --rps N --burst N', () => {
    it('raises a client’s limit on the running server', async () => {
      const f = await fixture();
      const out = await partnerctl(server.databaseUrl, ['client', 'limit', '--client-id', f.client.clientId, '--rps', '1', '--burst', '10']);
      expect(out.code, out.stderr).toBe(0);
      expect(JSON.parse(out.stdout)).toEqual({ clientId: f.client.clientId, rps: 1, burst: 10 });
      for (let i = 0; i < 10; i++) GRAPHQL.ok(await GRAPHQL.send(server, f.client, f.customerId, f.routeCode));
      GRAPHQL.limited(await GRAPHQL.send(server, f.client, f.customerId, f.routeCode));
    });

    it('lowers a client’s limit on the running server (a bucket already in use shrinks to the new burst)', async () => {
      const f = await fixture();
      REST.ok(await REST.send(server, f.client, f.customerId, f.routeCode)); // 2 of the default 3 left
      const out = await partnerctl(server.databaseUrl, ['client', 'limit', '--client-id', f.client.clientId, '--rps', '1', '--burst', '1']);
      expect(out.code, out.stderr).toBe(0);
      // §8: operator changes apply within 5 s; the server re-reads a client's credentials and limit once its
      // cached copy (CREDENTIAL_CACHE_MS, 1 s of the server clock) is stale.
      server.clock.advance(1_100);
      REST.ok(await REST.send(server, f.client, f.customerId, f.routeCode));
      REST.limited(await REST.send(server, f.client, f.customerId, f.routeCode));
    });

    it('the override is for that client only; the others keep the default', async () => {
      const a = await fixture();
      const b = await fixture();
      const out = await partnerctl(server.databaseUrl, ['client', 'limit', '--client-id', a.client.clientId, '--rps', '1', '--burst', '8']);
      expect(out.code, out.stderr).toBe(0);
      for (let i = 0; i < 3; i++) GRAPHQL.ok(await GRAPHQL.send(server, b.client, b.customerId, b.routeCode));
      GRAPHQL.limited(await GRAPHQL.send(server, b.client, b.customerId, b.routeCode));
      for (let i = 0; i < 8; i++) GRAPHQL.ok(await GRAPHQL.send(server, a.client, a.customerId, a.routeCode));
      GRAPHQL.limited(await GRAPHQL.send(server, a.client, a.customerId, a.routeCode));
    });

    it('refuses nonsense and unknown clients (exit ≠ 0, JSON error)', async () => {
      const f = await fixture();
      for (const args of [
        ['--client-id', f.client.clientId, '--rps', '0', '--burst', '5'],
        ['--client-id', f.client.clientId, '--rps', '1', '--burst', '0'],
        ['--client-id', f.client.clientId, '--rps', 'x', '--burst', '5'],
        ['--client-id', 'no-such-client', '--rps', '1', '--burst', '5'],
        ['--client-id', f.client.clientId, '--rps', '1'],
      ]) {
        const out = await partnerctl(server.databaseUrl, ['client', 'limit', ...args]);
        expect(out.code, args.join(' ')).not.toBe(0);
        // An unknown client is a refusal ({code, detail}); the rest are usage errors ({error}).
        expect(JSON.parse(out.stderr.trim().split('\n').at(-1)!)).toHaveProperty(args.includes('no-such-client') ? 'code' : 'error');
      }
    });
  });
});

describe('unauthenticated floods per source address (ANONYMOUS_RATE_LIMIT_RPS=1, ANONYMOUS_RATE_LIMIT_BURST=5)', () => {
  let server: TestServer;
  let client: Client;
  let customerId: string;

  const query = () => `{ customer(customerId: "${customerId}") { customerId } }`;
  const badSignature = (c: Client) => server.gql({ clientId: c.clientId, secret: 'wrong-secret' }, query());

  beforeAll(async () => {
    server = await startTestServer({ ANONYMOUS_RATE_LIMIT_RPS: '1', ANONYMOUS_RATE_LIMIT_BURST: '5' });
    client = await server.newClient();
    customerId = randomUUID();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('valid requests from the address are not counted against it', async () => {
    for (let i = 0; i < 12; i++) {
      const r = await server.gql(client, query());
      expect(r.status, r.text).toBe(200);
    }
  });

  it('5 requests with a bad signature get 401; the next failures get 429 RATE_LIMITED with Retry-After — a valid signature still passes', async () => {
    for (let i = 0; i < 5; i++) {
      const r = await badSignature(client);
      expectGraphQLProblem(r, 401, 'AUTH_SIGNATURE_INVALID');
    }
    expectGraphQLRateLimited(await badSignature(client));
    // A request that verifies is never refused for its address: a partner sharing a NAT address with a
    // misbehaving sender is not locked out.
    const valid = await server.gql(client, query());
    expect(valid.status, valid.text).toBe(200);
    // The REST surface and requests without any auth header are limited the same way.
    expectRestRateLimited(
      await server.request(client, 'POST', `/partner/v1/customers/${customerId}/crypto/wallet-beneficiaries`, { body: {}, sign: false }),
    );
    // Health is never limited.
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
  });

  it('the address recovers with its refill rate: 1.1 s later (server clock) a failure is a 401 again', async () => {
    server.clock.advance(1_100);
    const r = await badSignature(client);
    expect(r.status, r.text).toBe(401);
  });

  it('a nonce of a refused (429) request is not recorded: the same signed request is accepted later', async () => {
    for (let i = 0; i < 3; i++) await badSignature(client);
    const nonce = randomBytes(16).toString('hex');
    const timestamp = new Date().toISOString();
    const r = await server.gql(client, query(), undefined, { nonce, timestamp });
    expect(r.status, r.text).toBe(200);
  });
});
