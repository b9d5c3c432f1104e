// §17.3, §17.6 CORS: the preflight of the paths a frontend session may read (/graphql, the REST GET paths,
// the live stream) for an origin some client registered, and nothing for any other; the headers that let
// the page read every answer to its bearer requests, refusals included; none on signed requests.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN_CACHE_MS } from '../../../src/http/cors.js';
import { removeOrigin } from '../../../src/modules/frontend/index.js';
import { Scenario, startTestServer, toReply, type Reply, type TestServer } from '../../helpers/harness.js';
import { asBrowser, openSessionRecord, registerOrigin, type OpenSession } from '../../helpers/frontend.js';
import { OpenApiValidator } from '../../helpers/openapi-validator.js';
import { expectGraphQLProblem, expectRestProblem } from '../../helpers/problems.js';

const ORIGIN = 'https://app.example.com';
/** Registered by another partner client: "some client" (§17.3). */
const THEIRS = 'https://theirs.example.com';
const UNREGISTERED = 'https://unknown.example.com';

let server: TestServer;
let s: Scenario;
let customerId: string;
let session: OpenSession;

beforeAll(async () => {
  server = await startTestServer();
  s = await Scenario.create(server);
  customerId = await s.customer();
  await registerOrigin(server, s.client.clientId, ORIGIN);
  const other = await server.newClient('Other partner');
  await registerOrigin(server, other.clientId, THEIRS);
  session = await openSessionRecord(server, s.client.clientId, customerId, ORIGIN);
}, 30_000);
afterAll(() => server.stop());

/** A browser's preflight: OPTIONS with the method and headers the real request will use. */
async function preflight(path: string, origin: string | null, method = 'POST'): Promise<Reply> {
  const headers: Record<string, string> = { 'access-control-request-method': method, 'access-control-request-headers': 'authorization, content-type' };
  if (origin !== null) headers.origin = origin;
  return toReply(await fetch(server.url + path, { method: 'OPTIONS', headers }));
}

const corsHeaders = (r: Reply): string[] => [...r.headers.keys()].filter((k) => k.startsWith('access-control-')).sort();

/** The path kinds a browser preflights (§17.3). */
const PATHS = (): [string, string][] => [
  ['/graphql', '/graphql'],
  ['a REST record', `/partner/v1/customers/${customerId}`],
  ['a REST list', `/partner/v1/customers/${customerId}/crypto/wallet-beneficiaries`],
  ['the event feed', '/partner/v1/events?customerId=x'],
  ['the live stream', '/partner/v1/frontend/events/stream'],
];

describe('preflight (§17.3)', () => {
  it('an origin registered by some client: 204 with exactly the CORS answer', async () => {
    for (const [what, path] of PATHS())
      for (const origin of [ORIGIN, THEIRS]) {
        const r = await preflight(path, origin, what === '/graphql' ? 'POST' : 'GET');
        expect(r.status, `${what} ${origin}`).toBe(204);
        expect(r.text).toBe('');
        expect(Object.fromEntries(corsHeaders(r).map((k) => [k, r.headers.get(k)])), what).toEqual({
          'access-control-allow-origin': origin,
          'access-control-allow-methods': 'GET, POST',
          'access-control-allow-headers': 'authorization, content-type, x-request-id, last-event-id',
          'access-control-max-age': '600',
        });
        expect(r.headers.get('vary')).toBe('Origin');
        expect(r.headers.get('x-request-id')).toBeTruthy();
      }
  });

  it('an unregistered, malformed or absent Origin: 204 without any Access-Control-* header', async () => {
    for (const [what, path] of PATHS())
      for (const origin of [UNREGISTERED, 'null', 'https://app.example.com/path', `${ORIGIN}.evil.example`, 'http://app.example.com', null]) {
        const r = await preflight(path, origin);
        expect(r.status, `${what} ${origin}`).toBe(204);
        expect(r.text).toBe('');
        expect(corsHeaders(r), `${what} ${origin}`).toEqual([]);
      }
  });

  it('other paths answer OPTIONS as before: a POST-only path 405, an unknown path 404', async () => {
    const post = await preflight('/partner/v1/customers', ORIGIN);
    expectRestProblem(post, 405, 'METHOD_NOT_ALLOWED');
    expect(post.headers.get('allow')).toBe('POST');
    expect(corsHeaders(post)).toEqual([]);
    const upload = await preflight(`/partner/v1/files/${randomUUID()}/content`, ORIGIN, 'PUT');
    expectRestProblem(upload, 405, 'METHOD_NOT_ALLOWED');
    expect(corsHeaders(upload)).toEqual([]);
    const unknown = await preflight('/partner/v1/nothing-here', ORIGIN);
    expectRestProblem(unknown, 404, 'NOT_FOUND');
    expect(corsHeaders(unknown)).toEqual([]);
  });

  it(`an origin the operator removed stops being answered within ${ORIGIN_CACHE_MS} ms (§17.6: within the 5 s pickup)`, async () => {
    const gone = `https://gone-${randomBytes(3).toString('hex')}.example.com`;
    await registerOrigin(server, s.client.clientId, gone);
    expect((await preflight('/graphql', gone)).headers.get('access-control-allow-origin')).toBe(gone);
    await server.service.engine.writer.run((tx) => removeOrigin(tx, s.client.clientId, gone));
    server.clock.advance(ORIGIN_CACHE_MS);
    expect(corsHeaders(await preflight('/graphql', gone))).toEqual([]);
  });
});

describe('answers to bearer requests (§17.6)', () => {
  function expectReadable(r: Reply, origin: string, what: string): void {
    expect(r.headers.get('access-control-allow-origin'), `${what}: ${r.text}`).toBe(origin);
    expect(r.headers.get('access-control-expose-headers'), what).toBe('x-request-id, retry-after');
    expect(r.headers.get('vary'), what).toBe('Origin');
    expect(corsHeaders(r), what).toEqual(['access-control-allow-origin', 'access-control-expose-headers']);
  }

  it('from the session’s origin: successes and refusals (400, 401, 403, 404) carry them', async () => {
    const gql = (query: string, o: Parameters<typeof asBrowser>[4] = {}) => asBrowser(server, session, 'POST', '/graphql', { ...o, body: { query } });
    const ok = await gql(`{ customer(customerId: "${customerId}") { customerId } }`);
    expect(ok.status, ok.text).toBe(200);
    expectReadable(ok, ORIGIN, 'GraphQL 200');
    const rest = await asBrowser(server, session, 'GET', `/partner/v1/customers/${customerId}`);
    expect(rest.status, rest.text).toBe(200);
    expectReadable(rest, ORIGIN, 'REST 200');

    const both = await gql('{ __typename }', { headers: { 'x-partner-client-id': s.client.clientId } });
    expectGraphQLProblem(both, 400, 'INVALID_REQUEST');
    expectReadable(both, ORIGIN, '400');
    const invalid = await asBrowser(server, session, 'GET', `/partner/v1/customers/${customerId}`, { authorization: 'Bearer nope' });
    expectRestProblem(invalid, 401, 'AUTH_SESSION_INVALID');
    expectReadable(invalid, ORIGIN, '401');
    const write = await gql('mutation { createCustomer(input: { externalRef: "x", type: INDIVIDUAL }) { customerId } }');
    expectGraphQLProblem(write, 403, 'FRONTEND_SESSION_READ_ONLY');
    expectReadable(write, ORIGIN, '403 read-only');
    const forbidden = await asBrowser(server, session, 'GET', `/partner/v1/customers/${await s.customer()}`);
    expectRestProblem(forbidden, 403, 'FORBIDDEN');
    expectReadable(forbidden, ORIGIN, '403 forbidden');
    const none = await asBrowser(server, session, 'GET', `/partner/v1/crypto/withdrawals/${randomUUID()}`);
    expectRestProblem(none, 404, 'NOT_FOUND');
    expectReadable(none, ORIGIN, '404');
  });

  it('from another registered origin the refusal (403 ORIGIN_NOT_ALLOWED) is readable there; from an unregistered or no origin, not at all', async () => {
    const path = `/partner/v1/customers/${customerId}`;
    const theirs = await asBrowser(server, session, 'GET', path, { origin: THEIRS });
    expectRestProblem(theirs, 403, 'ORIGIN_NOT_ALLOWED');
    expectReadable(theirs, THEIRS, 'another registered origin');
    for (const origin of [UNREGISTERED, null]) {
      const r = await asBrowser(server, session, 'GET', path, { origin });
      expectRestProblem(r, 403, 'ORIGIN_NOT_ALLOWED');
      expect(corsHeaders(r), String(origin)).toEqual([]);
      expect(r.headers.get('vary')).toBeNull();
    }
  });
});

describe('the OpenAPI document (GET /openapi.json) says what a session’s answers carry', () => {
  it('the bearer scheme on the GET paths a session may read; their answers to it, CORS headers and the Bearer challenge included, validate', async () => {
    const doc = await (await fetch(`${server.url}/openapi.json`)).json();
    expect(doc.components.securitySchemes.FrontendSession).toMatchObject({ type: 'http', scheme: 'bearer' });
    const template = '/partner/v1/customers/{customerId}';
    expect(doc.paths[template].get.security).toEqual([
      { PartnerClientId: [], PartnerTimestamp: [], PartnerNonce: [], PartnerSignature: [] },
      { FrontendSession: [] },
    ]);
    // A mutation's path is the signed backend's only.
    expect(doc.paths['/partner/v1/customers'].post.security).toBeUndefined();
    const openapi = new OpenApiValidator(doc);
    const path = `/partner/v1/customers/${customerId}`;
    for (const [status, r] of [
      [200, await asBrowser(server, session, 'GET', path)],
      [401, await asBrowser(server, session, 'GET', path, { authorization: 'Bearer nope' })],
      [403, await asBrowser(server, session, 'GET', path, { origin: THEIRS })],
      [404, await asBrowser(server, session, 'GET', `/partner/v1/customers/${randomUUID()}`)],
    ] as const) {
      expect(r.status, r.text).toBe(status);
      expect(openapi.faults('GET', template, r), `${status}: ${r.text}`).toEqual([]);
    }
  });
});

describe('signed requests never get CORS headers (§17.3)', () => {
  it('successes and refusals on both surfaces, even with a registered Origin', async () => {
    const headers = { origin: ORIGIN };
    const replies: [string, number, Reply][] = [
      ['GraphQL query', 200, await server.gql(s.client, `{ customer(customerId: "${customerId}") { customerId } }`, undefined, { headers })],
      ['REST GET', 200, await server.request(s.client, 'GET', `/partner/v1/customers/${customerId}`, { headers })],
      ['REST POST', 200, await server.request(s.client, 'POST', '/partner/v1/customers', { headers, body: { externalRef: `x-${randomUUID()}`, type: 'INDIVIDUAL' } })],
      ['unsigned', 401, await server.request(s.client, 'GET', `/partner/v1/customers/${customerId}`, { headers, sign: false })],
      ['unknown path', 404, await server.request(s.client, 'GET', '/partner/v1/nothing-here', { headers })],
    ];
    for (const [what, status, r] of replies) {
      expect(r.status, `${what}: ${r.text}`).toBe(status);
      expect(corsHeaders(r), what).toEqual([]);
      expect(r.headers.get('vary'), what).toBeNull();
    }
  });
});
