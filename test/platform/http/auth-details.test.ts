// §2 refusals that say what to fix: a signature of the wrong form (upper-case hex, base64) is told apart
// from a wrong secret, a timestamp of the wrong form from a clock out of the window (with the server's
// time and the window), and every 401 names its scheme in WWW-Authenticate (RFC 9110 §11.6.1).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalString, signedHeaders } from '../../../src/http/signature.js';
import { startTestServer, toReply, type Client, type Reply, type TestServer } from '../../helpers/harness.js';
import { expectProblem } from '../../helpers/problems.js';

let server: TestServer;
let client: Client;

beforeAll(async () => {
  server = await startTestServer();
  client = await server.newClient();
});
afterAll(() => server.stop());

const QUERY = JSON.stringify({ query: '{ __typename }' });

type Surface = { name: string; method: string; path: string; body: string };
const SURFACES: Surface[] = [
  { name: 'GraphQL', method: 'POST', path: '/graphql', body: QUERY },
  { name: 'REST', method: 'GET', path: '/partner/v1/events?limit=1', body: '' },
];

/** A request signed correctly, then with `change` applied to its headers; returns the reply and the headers sent. */
async function send(s: Surface, change: (h: Record<string, string>) => void = () => {}, timestamp = server.clock.now().toISOString()) {
  const headers = signedHeaders(client.secret, { method: s.method, path: s.path, clientId: client.clientId, body: s.body, timestamp });
  change(headers);
  const res = await fetch(server.url + s.path, {
    method: s.method,
    headers: { ...headers, ...(s.body ? { 'content-type': 'application/json' } : {}) },
    body: s.body || undefined,
  });
  return { r: await toReply(res), headers };
}

const detailOf = (r: Reply): string => r.body?.detail ?? r.body?.errors?.[0]?.message;
const canonicalIn = (r: Reply): string => r.body?.canonicalString ?? r.body?.errors?.[0]?.extensions?.canonicalString;

describe.each(SURFACES)('$name', (s) => {
  it('signs correctly (the baseline)', async () => {
    const { r } = await send(s);
    expect(r.status, r.text).toBe(200);
  });

  it('the right signature in upper-case hex: the detail says so, not that the secret is wrong', async () => {
    const { r, headers } = await send(s, (h) => (h['x-partner-signature'] = h['x-partner-signature']!.toUpperCase()));
    expectProblem(r, 401, 'AUTH_SIGNATURE_INVALID');
    expect(detailOf(r)).toMatch(/not 64 lower-case hex characters \(it has upper-case letters\)/);
    expect(detailOf(r)).not.toMatch(/secret/);
    // The canonical string is the caller's own: only the form of the signature was wrong.
    const sent = { method: s.method, path: s.path, timestamp: headers['x-partner-timestamp']!, nonce: headers['x-partner-nonce']!, clientId: client.clientId, body: s.body };
    expect(canonicalIn(r)).toBe(canonicalString(sent));
  });

  it('the right signature in base64: the detail says so', async () => {
    const { r } = await send(s, (h) => (h['x-partner-signature'] = Buffer.from(h['x-partner-signature']!, 'hex').toString('base64')));
    expectProblem(r, 401, 'AUTH_SIGNATURE_INVALID');
    expect(detailOf(r)).toMatch(/not 64 lower-case hex characters \(it has 44 characters, like base64\)/);
  });

  it('a signature of the right form under another secret: the detail says compare, then the secret', async () => {
    const other = randomBytes(32).toString('hex');
    const { r } = await send(s, (h) => (h['x-partner-signature'] = signedHeaders(other, { method: s.method, path: s.path, clientId: client.clientId, body: s.body, timestamp: h['x-partner-timestamp'], nonce: h['x-partner-nonce'] })['x-partner-signature']!));
    expectProblem(r, 401, 'AUTH_SIGNATURE_INVALID');
    expect(detailOf(r)).toMatch(/does not verify.*if they are equal, the secret is wrong/);
  });

  it.each([
    ['an offset instead of Z', (t: string) => t.replace('Z', '+00:00')],
    ['no milliseconds', (t: string) => t.replace(/\.\d{3}Z$/, 'Z')],
    ['30 February', () => '2020-02-30T00:00:00.000Z'],
    ['24:00', (t: string) => `${t.slice(0, 10)}T24:00:00.000Z`],
  ])('a timestamp with %s: the detail names the form, the server time and the window', async (_name, make) => {
    const now = server.clock.now().toISOString();
    const { r } = await send(s, () => {}, make(now));
    expectProblem(r, 401, 'AUTH_TIMESTAMP_INVALID');
    const detail = detailOf(r);
    expect(detail).toMatch(/is not a UTC time of the form YYYY-MM-DDTHH:mm:ss\.sssZ/);
    expect(detail).toMatch(/The server's time is \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z; accepted: within 300 s of it\./);
  });

  it('a stale timestamp: the detail says how far behind, the server time and the window', async () => {
    const stale = new Date(server.clock.now().getTime() - 412_000).toISOString();
    const { r } = await send(s, () => {}, stale);
    expectProblem(r, 401, 'AUTH_TIMESTAMP_INVALID');
    expect(detailOf(r)).toMatch(new RegExp(`^X-Partner-Timestamp ${stale.replaceAll('.', '\\.')} is 41[12] s behind the server's time \\S+Z; accepted: within 300 s either way\\.`));
  });

  it('a timestamp ahead: the detail says ahead', async () => {
    const ahead = new Date(server.clock.now().getTime() + 600_000).toISOString();
    const { r } = await send(s, () => {}, ahead);
    expectProblem(r, 401, 'AUTH_TIMESTAMP_INVALID');
    expect(detailOf(r)).toMatch(/is 600 s ahead of the server's time/);
  });
});

describe('WWW-Authenticate on every 401 (RFC 9110 §11.6.1)', () => {
  const SCHEME = /^Partner-HMAC-SHA256 realm="partner-api", headers="X-Partner-Client-Id X-Partner-Timestamp X-Partner-Nonce X-Partner-Signature"$/;

  it.each(SURFACES)('$name: each 401 code carries the challenge; a success and other refusals none', async (s) => {
    const cases: [string, (h: Record<string, string>) => void][] = [
      ['AUTH_HEADERS_MISSING', (h) => delete h['x-partner-signature']],
      ['AUTH_CLIENT_UNKNOWN', (h) => (h['x-partner-client-id'] = 'nobody-at-all')],
      ['AUTH_TIMESTAMP_INVALID', (h) => (h['x-partner-timestamp'] = '2020-01-01T00:00:00.000Z')],
      ['AUTH_NONCE_INVALID', (h) => (h['x-partner-nonce'] = 'short')],
      ['AUTH_SIGNATURE_INVALID', (h) => (h['x-partner-signature'] = '0'.repeat(64))],
    ];
    for (const [code, change] of cases) {
      const { r } = await send(s, change);
      expectProblem(r, 401, code, { message: code });
      expect(r.headers.get('www-authenticate'), code).toMatch(SCHEME);
    }
    const { r: ok, headers } = await send(s);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('www-authenticate')).toBeNull();
    const { r: reused } = await send(s, (h) => Object.assign(h, signedHeaders(client.secret, { method: s.method, path: s.path, clientId: client.clientId, body: s.body, nonce: headers['x-partner-nonce'], timestamp: server.clock.now().toISOString() })));
    expectProblem(reused, 401, 'AUTH_NONCE_REUSED');
    expect(reused.headers.get('www-authenticate')).toMatch(SCHEME);
  });

  it('not on other statuses', async () => {
    const r = await server.request(client, 'GET', '/partner/v1/nowhere');
    expectProblem(r, 404, 'NOT_FOUND');
    expect(r.headers.get('www-authenticate')).toBeNull();
  });
});
