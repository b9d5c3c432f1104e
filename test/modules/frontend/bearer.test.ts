// §17.2, §17.6: a request made with a frontend session's bearer token, on both surfaces. Its checks in
// their order — both credentials (400), the token (401, never saying why), the Origin (403), the
// session's rate (429), what a session may do (403), then the query's own checks — each shown to come
// before the next by a request that fails two of them; expiry and revocation moved with the server's
// clock; and a refused write leaves every table as it was.
import { Writable } from 'node:stream';
import { randomBytes, randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_CACHE_MS } from '../../../src/http/sessions.js';
import { signedHeaders } from '../../../src/http/signature.js';
import { CUSTOMER_FIELDS, Scenario, TestServer, type Reply } from '../../helpers/harness.js';
import { asBrowser, gqlAsBrowser, openSessionRecord, registerOrigin, revoke, type OpenSession } from '../../helpers/frontend.js';
import { setClientLimit } from '../../../src/cli/operators.js';
import { tableCounts } from '../../helpers/operation-cases.js';
import { expectGraphQLProblem, expectRestProblem } from '../../helpers/problems.js';

const ORIGIN = 'https://app.example.com';
/** Registered for the same client: a session of ORIGIN sent from here is still refused (§17.2). */
const OTHER_ORIGIN = 'https://other.example.com';
const BEARER_CHALLENGE = 'Bearer error="invalid_token"';

const CUSTOMER_QUERY = `query($id: UUID!) { customer(customerId: $id) { ${CUSTOMER_FIELDS} } }`;
const CREATE_CUSTOMER = `mutation($input: CreateCustomerInput!) { createCustomer(input: $input) { customerId } }`;

let server: TestServer;
let s: Scenario;
let customerA: string;
let customerB: string;
/** Every line the service logged, as JSON. */
const logLines: Record<string, unknown>[] = [];
let logText = '';

beforeAll(async () => {
  server = new TestServer();
  server.logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _enc, done) {
        logText += chunk.toString();
        for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
        done();
      },
    }),
  );
  await server.start();
  s = await Scenario.create(server);
  customerA = await s.customer();
  customerB = await s.customer();
  await registerOrigin(server, s.client.clientId, ORIGIN);
  await registerOrigin(server, s.client.clientId, OTHER_ORIGIN);
}, 30_000);
afterAll(() => server.stop());

const session = (o: { ttlSeconds?: number; revoked?: boolean } = {}) => openSessionRecord(server, s.client.clientId, customerA, ORIGIN, o);

/** What one request is on each surface: a GraphQL query, a REST GET of a record, a REST GET of a list. */
type Surface = { name: string; send(x: OpenSession, o?: Parameters<typeof asBrowser>[4]): Promise<Reply>; problem(r: Reply, status: number, code: string): void };

const SURFACES: Surface[] = [
  {
    name: 'GraphQL customer',
    send: (x, o) => asBrowser(server, x, 'POST', '/graphql', { ...o, body: { query: CUSTOMER_QUERY, variables: { id: customerA } } }),
    problem: (r, status, code) => expectGraphQLProblem(r, status, code),
  },
  {
    name: 'REST GET customer',
    send: (x, o) => asBrowser(server, x, 'GET', `/partner/v1/customers/${customerA}`, o),
    problem: (r, status, code) => expectRestProblem(r, status, code),
  },
  {
    name: 'REST GET wallet beneficiaries',
    send: (x, o) => asBrowser(server, x, 'GET', `/partner/v1/customers/${customerA}/crypto/wallet-beneficiaries`, o),
    problem: (r, status, code) => expectRestProblem(r, status, code),
  },
];

/** §17.6: the browser can read the answer, whatever its status. */
function expectCors(r: Reply, origin = ORIGIN): void {
  expect(r.headers.get('access-control-allow-origin'), r.text).toBe(origin);
  // §17.3 (amended): a 429's Retry-After too.
  expect(r.headers.get('access-control-expose-headers')).toBe('x-request-id, retry-after');
  expect(r.headers.get('vary')).toBe('Origin');
}

/** A problem's body with its request id left out: two refusals that say the same thing compare equal. */
function sameWords(r: Reply): unknown {
  const body = structuredClone(r.body);
  if (body.requestId) body.requestId = '<id>';
  for (const e of body.errors ?? []) if (e.extensions) e.extensions.requestId = '<id>';
  return body;
}

describe.each(SURFACES)('$name', (surface) => {
  it('a session of the customer reads it: 200, with the CORS headers of its origin', async () => {
    const r = await surface.send(await session());
    expect(r.status, r.text).toBe(200);
    expect(r.body.errors, r.text).toBeUndefined();
    expectCors(r);
  });

  it('1. both credentials → 400 INVALID_REQUEST, before the token, the origin and the rate are looked at', async () => {
    const signed = signedHeaders(s.client.secret, { method: 'GET', path: '/graphql', clientId: s.client.clientId, idempotencyKey: null, body: '' });
    for (const [what, authorization, origin] of [
      ['a valid session', undefined, undefined],
      ['an unknown token and no Origin', `Bearer pfs_${randomBytes(32).toString('base64url')}`, null],
    ] as const) {
      const r = await surface.send(await session(), { authorization, origin, headers: signed });
      surface.problem(r, 400, 'INVALID_REQUEST');
      expect(r.headers.get('www-authenticate'), what).toBeNull();
      if (origin === undefined) expectCors(r);
    }
    // One X-Partner-* header is enough to make it both.
    surface.problem(await surface.send(await session(), { headers: { 'x-partner-client-id': s.client.clientId } }), 400, 'INVALID_REQUEST');
  });

  it('2. unknown, malformed, wrongly schemed, expired or revoked token → the same 401 AUTH_SESSION_INVALID with the Bearer challenge, before the origin', async () => {
    const live = await session();
    const revoked = await session({ revoked: true });
    const cases: [string, OpenSession, string | undefined][] = [
      ['unknown', live, `Bearer pfs_${randomBytes(32).toString('base64url')}`],
      ['malformed (short)', live, `Bearer pfs_${randomBytes(8).toString('base64url')}`],
      ['malformed (no prefix)', live, `Bearer ${randomBytes(32).toString('base64url')}`],
      ['no token', live, 'Bearer'],
      ['the token twice', live, `Bearer ${live.token} ${live.token}`],
      ['revoked', revoked, undefined],
    ];
    const bodies = new Set<string>();
    for (const [what, x, authorization] of cases) {
      // From an origin that would be refused next: the token comes first.
      for (const origin of [undefined, 'https://evil.example.com']) {
        const r = await surface.send(x, { authorization, origin });
        surface.problem(r, 401, 'AUTH_SESSION_INVALID');
        expect(r.headers.get('www-authenticate'), what).toBe(BEARER_CHALLENGE);
        expect(r.text, what).not.toContain(x.token);
        if (origin === undefined) expectCors(r);
        else expect(r.headers.get('access-control-allow-origin'), what).toBeNull();
        bodies.add(JSON.stringify(sameWords(r)));
      }
    }
    // §17.2: the 401 never says which.
    expect(bodies.size).toBe(1);
    // The scheme's name is case-insensitive (RFC 9110 §11.1).
    const r = await surface.send(live, { authorization: `bEaReR ${live.token}` });
    expect(r.status, r.text).toBe(200);
  });

  it('3. Origin absent, unregistered, or another registered one → 403 ORIGIN_NOT_ALLOWED; the same origin written otherwise is the origin (§17.3)', async () => {
    const x = await session();
    // A trailing slash is a path: a browser never sends one, and the header is not the origin (§17.3).
    for (const origin of [null, 'https://evil.example.com', OTHER_ORIGIN, 'http://app.example.com', 'https://app.example.com:8443', 'https://app.example.com/']) {
      const r = await surface.send(x, { origin });
      surface.problem(r, 403, 'ORIGIN_NOT_ALLOWED');
      // Without an Origin the detail says that one is missing, not that it is another.
      if (origin === null) expect(r.text).toContain('must carry the Origin header');
      else expect(r.text).toContain('is not the origin this frontend session was created for');
      // Readable where the page's origin is registered by some client (§17.6), not elsewhere.
      if (origin === OTHER_ORIGIN) expectCors(r, OTHER_ORIGIN);
      else expect(r.headers.get('access-control-allow-origin'), String(origin)).toBeNull();
    }
    for (const origin of ['https://APP.example.com', 'https://app.example.com:443']) {
      const r = await surface.send(x, { origin });
      expect(r.status, `${origin}: ${r.text}`).toBe(200);
      expectCors(r);
    }
  });
});

describe('only the Bearer scheme makes a bearer request (§17.6 amended)', () => {
  const GATEWAY = 'Basic Z2F0ZXdheTpzZWNyZXQ=';
  const SCHEMES = [GATEWAY, 'Digest username="gw"', 'Bearerish abc', 'Partner-HMAC-SHA256 x'];

  it('a signed request that also carries another scheme (a gateway’s Basic) is answered as signed, on both surfaces, without CORS headers', async () => {
    for (const authorization of SCHEMES) {
      const g = await server.gql(s.client, CUSTOMER_QUERY, { id: customerA }, { headers: { authorization, origin: ORIGIN } });
      expect(g.status, `${authorization}: ${g.text}`).toBe(200);
      expect(g.body.data.customer.customerId).toBe(customerA);
      const r = await server.request(s.client, 'GET', `/partner/v1/customers/${customerA}`, { headers: { authorization, origin: ORIGIN } });
      expect(r.status, `${authorization}: ${r.text}`).toBe(200);
      expect(r.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('another scheme without the §2 headers is answered as §2 answers a missing header (401 AUTH_HEADERS_MISSING, the §2 challenge)', async () => {
    const live = await session();
    for (const authorization of SCHEMES) {
      const g = await asBrowser(server, live, 'POST', '/graphql', { authorization, body: { query: CUSTOMER_QUERY, variables: { id: customerA } } });
      expectGraphQLProblem(g, 401, 'AUTH_HEADERS_MISSING');
      expect(g.headers.get('www-authenticate'), authorization).toMatch(/^Partner-HMAC-SHA256 /);
      expect(g.headers.get('access-control-allow-origin'), authorization).toBeNull();
      const r = await asBrowser(server, live, 'GET', `/partner/v1/customers/${customerA}`, { authorization });
      expectRestProblem(r, 401, 'AUTH_HEADERS_MISSING');
      expect(r.headers.get('www-authenticate'), authorization).toMatch(/^Partner-HMAC-SHA256 /);
    }
  });

  it('a development origin with a trailing slash is not the registered one (403), without it it is (200)', async () => {
    const local = 'http://localhost:5173';
    await registerOrigin(server, s.client.clientId, local);
    const x = await openSessionRecord(server, s.client.clientId, customerA, local);
    const slash = await asBrowser(server, x, 'GET', `/partner/v1/customers/${customerA}`, { origin: `${local}/` });
    expectRestProblem(slash, 403, 'ORIGIN_NOT_ALLOWED');
    expect(slash.headers.get('access-control-allow-origin')).toBeNull();
    const ok = await asBrowser(server, x, 'GET', `/partner/v1/customers/${customerA}`, { origin: local });
    expect(ok.status, ok.text).toBe(200);
    expectCors(ok, local);
  });
});

describe('expiry and revocation (§17.1, §17.2)', () => {
  it('a session answers until its expiresAt and is refused from then on (now ≥ expiresAt), on the server’s clock', async () => {
    const x = await session({ ttlSeconds: 60 });
    server.clock.advance(59_000);
    expect((await SURFACES[0]!.send(x)).status).toBe(200);
    server.clock.advance(1_000);
    for (const surface of SURFACES) {
      const r = await surface.send(x);
      surface.problem(r, 401, 'AUTH_SESSION_INVALID');
      expect(r.headers.get('www-authenticate')).toBe(BEARER_CHALLENGE);
    }
  });

  it(`a revoked session is refused once the process's reading of it is ${SESSION_CACHE_MS} ms old (§17.1: within 1 s of the revoke's answer)`, async () => {
    const x = await session();
    for (const surface of SURFACES) expect((await surface.send(x)).status).toBe(200);
    await revoke(server, x.sessionId);
    server.clock.advance(SESSION_CACHE_MS);
    for (const surface of SURFACES) surface.problem(await surface.send(x), 401, 'AUTH_SESSION_INVALID');
  });

  it('a session of a client’s other customer reads only that customer (F4)', async () => {
    const b = await openSessionRecord(server, s.client.clientId, customerB, ORIGIN);
    const mine = await gqlAsBrowser(server, b, CUSTOMER_QUERY, { id: customerB });
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.data.customer.customerId).toBe(customerB);
    expectGraphQLProblem(await gqlAsBrowser(server, b, CUSTOMER_QUERY, { id: customerA }), 403, 'FORBIDDEN', { data: 'null-fields' });
    expectRestProblem(await asBrowser(server, b, 'GET', `/partner/v1/customers/${customerA}`), 403, 'FORBIDDEN');
  });
});

describe('4. the session’s rate: FRONTEND_SESSION_RATE_PER_SECOND (10), burst 20 → 429 RATE_LIMITED with Retry-After', () => {
  // The clock stands still, so the bucket refills only when the test moves it.
  beforeAll(() => server.clock.freeze());
  afterAll(() => server.clock.thaw());

  function expectLimited(r: Reply): void {
    if (Array.isArray(r.body?.errors)) expectGraphQLProblem(r, 429, 'RATE_LIMITED');
    else expectRestProblem(r, 429, 'RATE_LIMITED');
    expect(r.headers.get('retry-after')).toBe('1');
    expectCors(r);
  }

  it('the burst on both surfaces, then 429; refilled at the rate; the origin is checked before it, what a session may do after it', async () => {
    const x = await session();
    const rps = server.config.frontend.ratePerSecond;
    expect(rps).toBe(10);
    for (let i = 0; i < 2 * rps; i++) {
      const r = await SURFACES[i % SURFACES.length]!.send(x);
      expect(r.status, `request ${i + 1}: ${r.text}`).toBe(200);
    }
    for (const surface of SURFACES) expectLimited(await surface.send(x));
    // The bucket is the session's: another session of the same customer is not limited.
    expect((await SURFACES[1]!.send(await session())).status).toBe(200);
    // Empty bucket: a wrong Origin is still 403 (checked first), a mutation and a refused field still 429 (checked after).
    SURFACES[1]!.problem(await SURFACES[1]!.send(x, { origin: 'https://evil.example.com' }), 403, 'ORIGIN_NOT_ALLOWED');
    expectLimited(await gqlAsBrowser(server, x, CREATE_CUSTOMER, { input: { externalRef: `x-${randomUUID()}`, type: 'INDIVIDUAL' } }));
    expectLimited(await asBrowser(server, x, 'POST', '/partner/v1/customers', { body: { externalRef: 'e', type: 'INDIVIDUAL' } }));
    // One token per 1/rps s.
    server.clock.advance(1000 / rps);
    expect((await SURFACES[2]!.send(x)).status).toBe(200);
    expectLimited(await SURFACES[2]!.send(x));
    server.clock.advance(2_000);
    for (let i = 0; i < 2 * rps; i++) expect((await SURFACES[0]!.send(x)).status).toBe(200);
    expectLimited(await SURFACES[0]!.send(x));
  });
});

describe('5. what a session may do → 403 FRONTEND_SESSION_READ_ONLY, nothing changed', () => {
  /** Sends, expects READ_ONLY on its surface with the CORS headers, and no row written anywhere. */
  async function refusedWrite(send: () => Promise<Reply>, shape: 'graphql' | 'rest', what: string): Promise<void> {
    const before = await tableCounts(server);
    const r = await send();
    if (shape === 'graphql') expectGraphQLProblem(r, 403, 'FRONTEND_SESSION_READ_ONLY', { message: what });
    else expectRestProblem(r, 403, 'FRONTEND_SESSION_READ_ONLY', { message: what });
    expectCors(r);
    expect(await tableCounts(server), `${what}: rows written`).toEqual(before);
  }

  it('GraphQL: a mutation with or without Idempotency-Key, even one GraphQL would refuse as malformed', async () => {
    const x = await session();
    const input = { externalRef: `x-${randomUUID()}`, type: 'INDIVIDUAL' };
    await refusedWrite(() => gqlAsBrowser(server, x, CREATE_CUSTOMER, { input }), 'graphql', 'createCustomer without a key');
    await refusedWrite(() => gqlAsBrowser(server, x, CREATE_CUSTOMER, { input }, { headers: { 'idempotency-key': randomUUID() } }), 'graphql', 'createCustomer with a key');
    await refusedWrite(() => gqlAsBrowser(server, x, 'mutation { createCustomer { nope } }'), 'graphql', 'a mutation with no arguments');
    await refusedWrite(
      () => gqlAsBrowser(server, x, `mutation($customerId: UUID!) { createFrontendSession(customerId: $customerId, input: { origin: "${ORIGIN}" }) { token } }`, { customerId: customerA }),
      'graphql',
      'createFrontendSession (§17.6: the partner backend’s)',
    );
    await refusedWrite(() => gqlAsBrowser(server, x, `mutation { revokeFrontendSession(sessionId: "${x.sessionId}") { sessionId } }`), 'graphql', 'revokeFrontendSession');
    // Over GET too (§1: GET carries queries; a mutation is refused as a write, not as a GET).
    await refusedWrite(() => asBrowser(server, x, 'GET', `/graphql?query=${encodeURIComponent('mutation { createCustomer(input: {externalRef: "g", type: INDIVIDUAL}) { customerId } }')}`), 'graphql', 'a mutation over GET');
    // The session is unchanged and still reads.
    expect((await SURFACES[0]!.send(x)).status).toBe(200);
  });

  it('GraphQL: a root field without `session`, alone, beside an allowed one, in a fragment or an inline fragment', async () => {
    const x = await session();
    const docs = {
      'webhookEndpoints alone': '{ webhookEndpoints(first: 1) { items { endpointId } } }',
      'frontendSessions (§17.6)': `{ frontendSessions(customerId: "${customerA}") { items { sessionId } } }`,
      'beside customer': `{ customer(customerId: "${customerA}") { customerId } webhookEndpoints { items { endpointId } } }`,
      'in a fragment': `query { ...F } fragment F on Query { webhookEndpoints { items { endpointId } } }`,
      'in an inline fragment': `query { ... on Query { webhookEndpoint(endpointId: "${randomUUID()}") { endpointId } } }`,
    };
    for (const [what, query] of Object.entries(docs)) await refusedWrite(() => gqlAsBrowser(server, x, query), 'graphql', what);
    const two = `query Mine { customer(customerId: "${customerA}") { customerId } } query Theirs { webhookEndpoints { items { endpointId } } }`;
    await refusedWrite(() => asBrowser(server, x, 'POST', '/graphql', { body: { query: two, operationName: 'Theirs' } }), 'graphql', 'the selected operation');
    const mine = await asBrowser(server, x, 'POST', '/graphql', { body: { query: two, operationName: 'Mine' } });
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.data).toEqual({ customer: { customerId: customerA } });
    // A fragment that spreads itself is refused by GraphQL validation, not looped over.
    const loop = await gqlAsBrowser(server, x, 'query { ...F } fragment F on Query { ...F customer(customerId: "x") { customerId } }');
    expectGraphQLProblem(loop, 400, 'VALIDATION_FAILED', { errors: 'some' });
  });

  it('REST: a POST of an operation, a method the path lacks, the file upload', async () => {
    const x = await session();
    const body = { externalRef: `x-${randomUUID()}`, type: 'INDIVIDUAL' };
    await refusedWrite(() => asBrowser(server, x, 'POST', '/partner/v1/customers', { body, headers: { 'idempotency-key': randomUUID() } }), 'rest', 'POST /partner/v1/customers');
    await refusedWrite(() => asBrowser(server, x, 'POST', `/partner/v1/customers/${customerA}/crypto/wallet-beneficiaries`, { body: s.beneficiaryInput() }), 'rest', 'POST a beneficiary');
    await refusedWrite(() => asBrowser(server, x, 'DELETE', `/partner/v1/customers/${customerA}`), 'rest', 'DELETE a customer');
    await refusedWrite(() => asBrowser(server, x, 'PATCH', `/partner/v1/customers/${customerA}/crypto/wallet-beneficiaries`, { body: {} }), 'rest', 'PATCH a list');
    await refusedWrite(
      () => asBrowser(server, x, 'PUT', `/partner/v1/files/${randomUUID()}/content`, { headers: { 'content-type': 'application/pdf' }, body: 'x' }),
      'rest',
      'the file upload',
    );
    // A path no route has is 404 for a session as for a partner, before the session's checks.
    expectRestProblem(await asBrowser(server, x, 'DELETE', '/partner/v1/nothing-here'), 404, 'NOT_FOUND');
  });

  it('what a session may do is checked after the token and the origin', async () => {
    const x = await session();
    const write = () => asBrowser(server, x, 'POST', '/partner/v1/customers', { body: { externalRef: 'e', type: 'INDIVIDUAL' }, origin: 'https://evil.example.com' });
    expectRestProblem(await write(), 403, 'ORIGIN_NOT_ALLOWED');
    expectGraphQLProblem(
      await gqlAsBrowser(server, x, CREATE_CUSTOMER, { input: {} }, { authorization: `Bearer pfs_${randomBytes(32).toString('base64url')}` }),
      401,
      'AUTH_SESSION_INVALID',
    );
  });
});

describe('6. then the query’s own checks', () => {
  it('a list of another customer of the partner → 403 FORBIDDEN; a bad argument → 400; a GET with Idempotency-Key → 400', async () => {
    const x = await session();
    expectRestProblem(await asBrowser(server, x, 'GET', `/partner/v1/customers/${customerB}/crypto/wallet-beneficiaries`), 403, 'FORBIDDEN');
    expectGraphQLProblem(await gqlAsBrowser(server, x, `{ cryptoWalletBeneficiaries(customerId: "${customerB}") { items { walletBeneficiaryId } } }`), 403, 'FORBIDDEN');
    expectRestProblem(await asBrowser(server, x, 'GET', `/partner/v1/customers/${customerA}/crypto/wallet-beneficiaries?limit=0`), 400, 'VALIDATION_FAILED', '/limit');
    expectRestProblem(await asBrowser(server, x, 'GET', `/partner/v1/customers/${customerA}`, { headers: { 'idempotency-key': randomUUID() } }), 400, 'IDEMPOTENCY_SCOPE_INVALID');
    // Unknown record: null / 404 as for the partner.
    const none = await gqlAsBrowser(server, x, `{ cryptoWithdrawal(withdrawalId: "${randomUUID()}") { withdrawalId } }`);
    expect(none.status, none.text).toBe(200);
    expect(none.body).toEqual({ data: { cryptoWithdrawal: null } });
    expectRestProblem(await asBrowser(server, x, 'GET', `/partner/v1/crypto/withdrawals/${randomUUID()}`), 404, 'NOT_FOUND');
  });

  it('events without customerId are the session’s customer’s; with another customer’s → 403 FORBIDDEN', async () => {
    const x = await session();
    const feed = '{ events(first: 100) { items { eventId customerId } } }';
    const r = await gqlAsBrowser(server, x, feed);
    expect(r.status, r.text).toBe(200);
    const partner = await server.gql(s.client, `{ events(first: 100, customerId: "${customerA}") { items { eventId customerId } } }`);
    expect(r.body.data.events).toEqual(partner.body.data.events);
    expect(r.body.data.events.items.length).toBeGreaterThan(0);
    const rest = await asBrowser(server, x, 'GET', '/partner/v1/events?limit=100');
    expect(rest.status, rest.text).toBe(200);
    expect(rest.body.items.map((e: { eventId: string }) => e.eventId)).toEqual(r.body.data.events.items.map((e: { eventId: string }) => e.eventId));
    expectRestProblem(await asBrowser(server, x, 'GET', `/partner/v1/events?customerId=${customerB}`), 403, 'FORBIDDEN');
  });

  it('introspection follows the server’s mode, as partners get it (on in development)', async () => {
    const x = await session();
    const r = await gqlAsBrowser(server, x, '{ __schema { queryType { name } } __typename }');
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toEqual({ __schema: { queryType: { name: 'Query' } }, __typename: 'Query' });
  });
});

describe('introspection in production (§17.2: the server’s mode)', () => {
  let prod: TestServer;
  beforeAll(async () => {
    prod = await new TestServer({ NODE_ENV: 'production' }).start();
  }, 30_000);
  afterAll(() => prod?.stop());

  it('is refused to a session exactly as to the partner', async () => {
    const p = await Scenario.create(prod);
    const customerId = await p.customer();
    await registerOrigin(prod, p.client.clientId, ORIGIN);
    const x = await openSessionRecord(prod, p.client.clientId, customerId, ORIGIN);
    const query = '{ __schema { queryType { name } } }';
    const partner = await prod.gql(p.client, query);
    const browser = await gqlAsBrowser(prod, x, query);
    expectGraphQLProblem(partner, 400, 'VALIDATION_FAILED');
    expectGraphQLProblem(browser, 400, 'VALIDATION_FAILED');
    expect(sameWords(browser)).toEqual(sameWords(partner));
    expectCors(browser);
    // And the session reads its customer there as anywhere.
    const r = await gqlAsBrowser(prod, x, CUSTOMER_QUERY, { id: customerId });
    expect(r.status, r.text).toBe(200);
  });
});

describe('the request log', () => {
  it('names the session and its client, never the token', async () => {
    const x = await session();
    const r = await SURFACES[1]!.send(x);
    const line = logLines.find((l) => l.msg === 'request' && l.requestId === r.headers.get('x-request-id'));
    expect(line).toMatchObject({ sessionId: x.sessionId, clientId: s.client.clientId, status: 200 });
    // Nor any token of this suite, refused or not.
    expect(logText).not.toContain('pfs_');
  });
});

describe("a session's requests count toward its client's rate limit too", () => {
  beforeAll(() => server.clock.freeze());
  afterAll(() => server.clock.thaw());

  it("a client limited to a burst of 3: three session requests spend it, the fourth and the partner's own signed request → 429", async () => {
    const p = await Scenario.create(server);
    const customer = await p.customer();
    await registerOrigin(server, p.client.clientId, ORIGIN);
    await server.operator((db) => setClientLimit(db, p.client.clientId, 1, 3));
    // Past the credential cache, so the new limit is what the next request reads; a full bucket.
    server.clock.advance(server.config.credentialCacheMs + 10_000);
    const x = await openSessionRecord(server, p.client.clientId, customer, ORIGIN);
    for (let i = 0; i < 3; i++) {
      const r = await asBrowser(server, x, 'GET', `/partner/v1/customers/${customer}`);
      expect(r.status, `request ${i + 1}: ${r.text}`).toBe(200);
    }
    const limited = await asBrowser(server, x, 'GET', `/partner/v1/customers/${customer}`);
    expectRestProblem(limited, 429, 'RATE_LIMITED', { message: 'Too many requests for this partner client.' });
    expect(limited.headers.get('retry-after')).toBe('1');
    expectCors(limited);
    expectRestProblem(await server.request(p.client, 'GET', `/partner/v1/customers/${customer}`), 429, 'RATE_LIMITED');
    server.clock.advance(1_000);
    expect((await asBrowser(server, x, 'GET', `/partner/v1/customers/${customer}`)).status).toBe(200);
  });
});
