// The OpenAPI document says all the REST surface sends: live answers of every kind (success, replay,
// each problem status, 405 with Allow, 429 with Retry-After, 401 with WWW-Authenticate, X-Request-Id on
// all) validate against the served /openapi.json — status, headers both ways, and body (JSON Schema
// 2020-12). HEAD is refused on the API and the documents, as their Allow says; health answers it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomEthAddress, Scenario, startTestServer, type Reply, type TestServer } from '../../helpers/harness.js';
import { OpenApiValidator } from '../../helpers/openapi-validator.js';
import { expectRestProblem } from '../../helpers/problems.js';

let server: TestServer;
let s: Scenario;
let customerId: string;
let openapi: OpenApiValidator;

beforeAll(async () => {
  server = await startTestServer();
  s = await Scenario.create(server);
  customerId = await s.customer();
  openapi = new OpenApiValidator(await (await fetch(`${server.url}/openapi.json`)).json());
});
afterAll(() => server.stop());

const BENEFICIARIES = '/partner/v1/customers/{customerId}/crypto/wallet-beneficiaries';
const WITHDRAWAL = '/partner/v1/crypto/withdrawals/{withdrawalId}';
const EVENTS = '/partner/v1/events';

function expectDocumented(method: string, template: string, r: Reply, status: number): void {
  expect(r.status, r.text).toBe(status);
  expect(openapi.faults(method, template, r), `${method} ${template} → ${r.status}: ${r.text}`).toEqual([]);
}

describe('live answers validate against /openapi.json', () => {
  it('200 on a GET and on a POST, a replay (Idempotent-Replayed), a chosen X-Request-Id echoed', async () => {
    expectDocumented('GET', EVENTS, await server.request(s.client, 'GET', `${EVENTS}?limit=2`), 200);
    const key = randomUUID();
    const body = s.beneficiaryInput({ walletAddress: randomEthAddress() });
    const path = `/partner/v1/customers/${customerId}/crypto/wallet-beneficiaries`;
    const first = await server.request(s.client, 'POST', path, { body, idempotencyKey: key, headers: { 'x-request-id': 'trace-42' } });
    expectDocumented('POST', BENEFICIARIES, first, 200);
    expect(first.headers.get('x-request-id')).toBe('trace-42');
    const replay = await server.request(s.client, 'POST', path, { body, idempotencyKey: key });
    expectDocumented('POST', BENEFICIARIES, replay, 200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    // 409: the same key, another body.
    expectDocumented('POST', BENEFICIARIES, await server.request(s.client, 'POST', path, { body: { ...body, label: 'Other' }, idempotencyKey: key }), 409);
  });

  it('400, 401 (WWW-Authenticate), 403, 404, 413, 415', async () => {
    const path = `/partner/v1/customers/${customerId}/crypto/wallet-beneficiaries`;
    expectDocumented('POST', BENEFICIARIES, await server.request(s.client, 'POST', path, { body: { label: 'x' } }), 400);
    const unsigned = await server.request(s.client, 'GET', `${EVENTS}?limit=1`, { sign: false });
    expectDocumented('GET', EVENTS, unsigned, 401);
    expect(unsigned.headers.get('www-authenticate')).toMatch(/^Partner-HMAC-SHA256 /);
    const other = await Scenario.create(server);
    expectDocumented('POST', BENEFICIARIES, await server.request(other.client, 'POST', path, { body: other.beneficiaryInput() }), 403);
    expectDocumented('GET', WITHDRAWAL, await server.request(s.client, 'GET', `/partner/v1/crypto/withdrawals/${randomUUID()}`), 404);
    expectDocumented('POST', BENEFICIARIES, await server.request(s.client, 'POST', path, { rawBody: `{"label":"${'x'.repeat(70_000)}"}` }), 413);
    expectDocumented('POST', BENEFICIARIES, await server.request(s.client, 'POST', path, { rawBody: 'label=x', headers: { 'content-type': 'text/plain' } }), 415);
  });

  it('405 with Allow naming the path’s methods; HEAD is refused like any other method', async () => {
    const id = randomUUID();
    const post = await server.request(s.client, 'POST', `/partner/v1/crypto/withdrawals/${id}`, { body: {} });
    expectDocumented('GET', WITHDRAWAL, post, 405);
    expect(post.headers.get('allow')).toBe('GET');
    // A path with two methods: Allow lists both, in the order the document's const has them.
    const put = await server.request(s.client, 'PUT', `/partner/v1/customers/${customerId}/crypto-withdrawals`, { body: {} });
    expectDocumented('GET', '/partner/v1/customers/{customerId}/crypto-withdrawals', put, 405);
    expect((put.headers.get('allow') ?? '').split(', ').sort()).toEqual(['GET', 'POST']);
    for (const [template, path] of [
      [WITHDRAWAL, `/partner/v1/crypto/withdrawals/${id}`],
      [EVENTS, `${EVENTS}?limit=1`],
    ] as const) {
      const head = await server.request(s.client, 'HEAD', path);
      expectDocumented('GET', template, head, 405);
      expect(head.headers.get('allow'), path).toBe('GET');
    }
  });

  it('429 with Retry-After', async () => {
    const limited = await startTestServer({ RATE_LIMIT_RPS: '1', RATE_LIMIT_BURST: '1' });
    try {
      const ls = await Scenario.create(limited);
      const replies = [await limited.request(ls.client, 'GET', `${EVENTS}?limit=1`), await limited.request(ls.client, 'GET', `${EVENTS}?limit=1`)];
      const refused = replies.find((r) => r.status === 429);
      expect(refused, replies.map((r) => r.status).join()).toBeDefined();
      expectDocumented('GET', EVENTS, refused!, 429);
      expect(refused!.headers.get('retry-after')).toMatch(/^[1-9][0-9]*$/);
    } finally {
      await limited.stop();
    }
  });

  it('the document declares HEAD nowhere, and its Allow on each path is that path’s methods', () => {
    for (const [template, ops] of Object.entries(openapi.doc.paths as Record<string, Record<string, { responses: Record<string, { headers: Record<string, { schema: { const: string } }> }> }>>)) {
      expect(Object.keys(ops)).not.toContain('head');
      const methods = Object.keys(ops).map((m) => m.toUpperCase()).sort();
      for (const op of Object.values(ops)) expect(op.responses['405']!.headers.Allow!.schema.const.split(', ').sort(), template).toEqual(methods);
    }
  });
});

describe('HEAD elsewhere', () => {
  it('health answers HEAD (and says so in Allow); the unsigned documents refuse it with Allow: GET', async () => {
    for (const path of ['/healthz', '/readyz']) {
      expect((await fetch(server.url + path, { method: 'HEAD' })).status, path).toBe(200);
      const post = await fetch(server.url + path, { method: 'POST' });
      expect(post.status).toBe(405);
      expect(post.headers.get('allow')).toBe('GET, HEAD');
    }
    for (const path of ['/openapi.json', '/problems', '/problems/not-found']) {
      const head = await fetch(server.url + path, { method: 'HEAD' });
      expect(head.status, path).toBe(405);
      expect(head.headers.get('allow'), path).toBe('GET');
    }
    const r = await server.request(s.client, 'GET', '/openapi.json', { sign: false });
    expect(r.status).toBe(200);
    expectRestProblem(await server.request(s.client, 'POST', '/openapi.json', { sign: false, body: {} }), 405, 'METHOD_NOT_ALLOWED');
  });
});
