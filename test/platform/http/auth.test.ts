// Contract §2 (authentication) and §7 (problems) on both surfaces, plus the §2 signature vectors,
// the development exemptions and the §8 development signing proxy.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordNonce } from '../../../src/db/clients-repository.js';
import { openEngine } from '../../../src/db/engine.js';
import { retireOldestSecret, rotateSecret } from '../../../src/cli/operators.js';
import { NONCE_WINDOW_MS } from '../../../src/http/nonces.js';
import { bodySha256, canonicalString, sign, signedHeaders, type SignedParts } from '../../../src/http/signature.js';
import { beneficiaryBody, randomEthAddress, startTestServer, type Client, type Reply, type TestServer } from '../../helpers/harness.js';
import { expectGraphQLProblem, expectRestProblem } from '../../helpers/problems.js';

// ---------------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------------

type SignatureVector = {
  name: string;
  secret: string;
  method: string;
  path: string;
  timestamp: string;
  nonce: string;
  clientId: string;
  idempotencyKey: string | null;
  body: string;
  bodySha256: string;
  canonical: string;
  signature: string;
};

const here = path.dirname(fileURLToPath(import.meta.url));
const vectors = (JSON.parse(fs.readFileSync(path.join(here, '../../vectors/signature.json'), 'utf8')) as { vectors: SignatureVector[] }).vectors;

const UUID_FORMAT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const AUTH_HEADERS = ['x-partner-client-id', 'x-partner-timestamp', 'x-partner-nonce', 'x-partner-signature'] as const;

type AuthCode =
  | 'AUTH_HEADERS_MISSING'
  | 'AUTH_CLIENT_UNKNOWN'
  | 'AUTH_TIMESTAMP_INVALID'
  | 'AUTH_NONCE_INVALID'
  | 'AUTH_NONCE_REUSED'
  | 'AUTH_SIGNATURE_INVALID';

const freshNonce = () => randomBytes(16).toString('hex');

/** What one surface needs: where to send, a valid body, and what success looks like. */
type Fixture = {
  path: string;
  /** A path that differs from `path` in the path part (not the query). */
  otherPath: string;
  /** A fresh valid body (REST: a new wallet address each time, so repeated successes do not collide). */
  body(): string;
  /** Idempotency-Key this surface sends on the request (REST mutation: a fresh one; GraphQL query: none). */
  idempotencyKey(): string | null;
  expectOk(r: Reply): void;
  expectProblem(r: Reply, code: AuthCode): void;
};

type Surface = { name: 'REST' | 'GraphQL'; fixture(server: TestServer, client: Client): Promise<Fixture> };

async function createCustomer(server: TestServer, client: Client): Promise<string> {
  const r = await server.gql(client, `mutation($input: CreateCustomerInput!) { createCustomer(input: $input) { customerId } }`, {
    input: { externalRef: `ext-${randomUUID()}`, type: 'INDIVIDUAL', displayName: 'Ada Lovelace' },
  });
  if (r.status !== 200) throw new Error(`createCustomer failed: ${r.status} ${r.text}`);
  return r.body.data.createCustomer.customerId;
}

const customerQuery = (customerId: string) => `{ customer(customerId: "${customerId}") { customerId } }`;

const REST: Surface = {
  name: 'REST',
  async fixture(server, client) {
    const routeCode = await server.newRoute(client);
    const customerId = await createCustomer(server, client);
    return {
      path: `/partner/v1/customers/${customerId}/crypto/wallet-beneficiaries`,
      otherPath: `/partner/v1/customers/${randomUUID()}/crypto/wallet-beneficiaries`,
      body: () => JSON.stringify(beneficiaryBody(routeCode, randomEthAddress())), // all lower case: no checksum to satisfy
      idempotencyKey: () => randomUUID(),
      expectOk(r) {
        expect(r.status, r.text).toBe(200);
        expect(r.body).toMatchObject({ beneficiaryStatus: 'ACTIVE', routeCode });
        expect(r.body).not.toHaveProperty('customerId');
      },
      expectProblem: (r, code) => expectRestProblem(r, 401, code),
    };
  },
};

const GRAPHQL: Surface = {
  name: 'GraphQL',
  async fixture(server, client) {
    const customerId = await createCustomer(server, client);
    return {
      path: '/graphql',
      otherPath: '/dev/graphql',
      body: () => JSON.stringify({ query: customerQuery(customerId) }),
      idempotencyKey: () => null,
      expectOk(r) {
        expect(r.status, r.text).toBe(200);
        expect(r.body).toEqual({ data: { customer: { customerId } } });
      },
      expectProblem: (r, code) => expectGraphQLProblem(r, 401, code),
    };
  },
};

type SendOptions = {
  /** The client whose id is sent (default: fixture's client). */
  clientId?: string;
  /** Secret used to sign (default: the client's). */
  secret?: string;
  timestamp?: string;
  nonce?: string;
  /** What is signed vs what is sent: path, body, Idempotency-Key. */
  signedPath?: string;
  sentPath?: string;
  signedBody?: string;
  sentBody?: string;
  signedIdempotencyKey?: string | null;
  sentIdempotencyKey?: string | null;
  signedMethod?: string;
  /** Last word on the headers (delete or change one). */
  mutate?: (headers: Record<string, string>) => void;
  requestId?: string;
};

/** Signs like a partner, with every component under the test's control, and sends the request. */
async function send(server: TestServer, client: Client, fx: Fixture, o: SendOptions = {}): Promise<Reply> {
  const body = o.sentBody ?? o.signedBody ?? fx.body();
  const signedBody = o.signedBody ?? body;
  const key = o.sentIdempotencyKey !== undefined ? o.sentIdempotencyKey : o.signedIdempotencyKey !== undefined ? o.signedIdempotencyKey : fx.idempotencyKey();
  const signedKey = o.signedIdempotencyKey !== undefined ? o.signedIdempotencyKey : key;
  const sentPath = o.sentPath ?? o.signedPath ?? fx.path;
  const signedPath = o.signedPath ?? sentPath;
  const headers = signedHeaders(o.secret ?? client.secret, {
    method: o.signedMethod ?? 'POST',
    path: signedPath,
    clientId: o.clientId ?? client.clientId,
    idempotencyKey: signedKey,
    body: signedBody,
    timestamp: o.timestamp ?? new Date().toISOString(),
    nonce: o.nonce ?? freshNonce(),
  });
  delete headers['idempotency-key'];
  if (key !== null) headers['idempotency-key'] = key;
  if (o.requestId !== undefined) headers['x-request-id'] = o.requestId;
  o.mutate?.(headers);
  return server.request(client, 'POST', sentPath, { rawBody: body, sign: false, idempotencyKey: null, headers });
}

/**
 * Contract §8: operator changes take effect within 5 s. Tries a fresh request, moving the server's clock
 * 250 ms after each miss, until it satisfies `ok` or 5.5 s of server time have passed.
 */
async function eventually(server: TestServer, attempt: () => Promise<Reply>, ok: (r: Reply) => boolean, timeoutMs = 5_500): Promise<Reply> {
  for (let waited = 0; ; waited += 250) {
    const r = await attempt();
    if (ok(r) || waited >= timeoutMs) return r;
    server.clock.advance(250);
  }
}

/** The canonical string of a 401 AUTH_SIGNATURE_INVALID: a problem member on REST, an extension on GraphQL. */
function canonicalIn(r: Reply): string {
  const value = r.body?.canonicalString ?? r.body?.errors?.[0]?.extensions?.canonicalString;
  expect(typeof value, r.text).toBe('string');
  return value as string;
}

// ---------------------------------------------------------------------------------------------------
// Signature: vectors and properties (no server)
// ---------------------------------------------------------------------------------------------------

describe('§2 signature vectors (vectors/signature.json)', () => {
  it('has vectors', () => {
    expect(vectors.length).toBeGreaterThan(0);
  });

  it.each(vectors.map((v) => [v.name, v] as const))('%s: canonical string, body SHA-256 and signature', (_name, v) => {
    const parts: SignedParts = {
      method: v.method,
      path: v.path,
      timestamp: v.timestamp,
      nonce: v.nonce,
      clientId: v.clientId,
      idempotencyKey: v.idempotencyKey,
      body: v.body,
    };
    expect(bodySha256(v.body)).toBe(v.bodySha256);
    expect(bodySha256(Buffer.from(v.body, 'utf8'))).toBe(v.bodySha256);
    expect(canonicalString(parts)).toBe(v.canonical);
    expect(sign(v.secret, parts)).toBe(v.signature);
    expect(sign(v.secret, { ...parts, body: Buffer.from(v.body, 'utf8') })).toBe(v.signature);
  });

  it('an absent Idempotency-Key (undefined or null) is an empty line', () => {
    const v = vectors.find((x) => x.idempotencyKey === null)!;
    const parts: SignedParts = { ...v, idempotencyKey: undefined };
    expect(canonicalString(parts)).toBe(v.canonical);
    expect(sign(v.secret, parts)).toBe(v.signature);
  });
});

const COMPONENTS = ['method', 'path', 'timestamp', 'nonce', 'clientId', 'idempotencyKey', 'body'] as const;

const partsArb = fc.record({
  method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'),
  path: fc.string({ minLength: 1, maxLength: 80 }).map((s) => `/${s}`),
  timestamp: fc
    .date({ min: new Date('2000-01-01T00:00:00.000Z'), max: new Date('2099-12-31T23:59:59.999Z'), noInvalidDate: true })
    .map((d) => d.toISOString()),
  nonce: fc.stringMatching(/^[A-Za-z0-9_-]{16,64}$/),
  clientId: fc.stringMatching(/^[A-Za-z0-9._-]{1,64}$/),
  idempotencyKey: fc.option(fc.stringMatching(/^[\x21-\x7e]{1,64}$/), { nil: null }),
  body: fc.string({ maxLength: 200, unit: 'binary' }),
});

describe('§2 signature properties', () => {
  it('sign is deterministic, lowercase hex of 64 characters, and independent of string vs Buffer body', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 64 }), partsArb, (secret, p) => {
        const s = sign(secret, p);
        expect(s).toMatch(/^[0-9a-f]{64}$/);
        expect(sign(secret, { ...p })).toBe(s);
        expect(sign(secret, { ...p, body: Buffer.from(p.body, 'utf8') })).toBe(s);
      }),
    );
  });

  it('changing any one canonical component changes the signature', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 64 }), partsArb, partsArb, fc.constantFrom(...COMPONENTS), (secret, p, alt, k) => {
        fc.pre(p[k] !== alt[k]);
        const changed: SignedParts = { ...p, [k]: alt[k] };
        expect(canonicalString(changed)).not.toBe(canonicalString(p));
        expect(sign(secret, changed)).not.toBe(sign(secret, p));
      }),
      { numRuns: 300 },
    );
  });

  it('a different secret gives a different signature', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 64 }), fc.string({ minLength: 1, maxLength: 64 }), partsArb, (a, b, p) => {
        fc.pre(a !== b);
        expect(sign(a, p)).not.toBe(sign(b, p));
      }),
    );
  });
});

// ---------------------------------------------------------------------------------------------------
// Both surfaces
// ---------------------------------------------------------------------------------------------------

describe('§2 the nonce window (recordNonce on a real database file)', () => {
  it('a nonce is refused for 15 minutes after its use, then taken over by a new use (once)', async () => {
    const t0 = Date.parse('2026-11-23T10:00:00.000Z');
    const nonce = freshNonce();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'partner-nonces-'));
    // SQLite-specific: recordNonce unit-tested on a SQLite file of its own, not the server's database.
    const engine = await openEngine({ kind: 'sqlite', file: path.join(dir, 'nonces.db') });
    const db = engine.read;
    try {
      expect(await recordNonce(db, 'partner-a', nonce, t0, NONCE_WINDOW_MS)).toBe(true);
      expect(await recordNonce(db, 'partner-a', nonce, t0 + 1, NONCE_WINDOW_MS)).toBe(false);
      expect(await recordNonce(db, 'partner-b', nonce, t0 + 1, NONCE_WINDOW_MS)).toBe(true);
      // Still inside the window at its last millisecond; outside one millisecond later.
      expect(await recordNonce(db, 'partner-a', nonce, t0 + NONCE_WINDOW_MS - 1, NONCE_WINDOW_MS)).toBe(false);
      expect(await recordNonce(db, 'partner-a', nonce, t0 + NONCE_WINDOW_MS, NONCE_WINDOW_MS)).toBe(true);
      // The new use starts a new window.
      expect(await recordNonce(db, 'partner-a', nonce, t0 + NONCE_WINDOW_MS + 1, NONCE_WINDOW_MS)).toBe(false);
    } finally {
      await engine.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each([REST, GRAPHQL])('§2 authentication on $name', (surface) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  const setup = async () => {
    const client = await server.newClient();
    const fx = await surface.fixture(server, client);
    return { client, fx };
  };

  it('a correctly signed request succeeds', async () => {
    const { client, fx } = await setup();
    fx.expectOk(await send(server, client, fx));
  });

  describe('AUTH_HEADERS_MISSING', () => {
    it.each(AUTH_HEADERS)('without %s → 401 AUTH_HEADERS_MISSING', async (header) => {
      const { client, fx } = await setup();
      const r = await send(server, client, fx, { mutate: (h) => delete h[header] });
      fx.expectProblem(r, 'AUTH_HEADERS_MISSING');
    });

    it.each(AUTH_HEADERS)('with %s empty → 401 AUTH_HEADERS_MISSING', async (header) => {
      const { client, fx } = await setup();
      const r = await send(server, client, fx, { mutate: (h) => (h[header] = '') });
      fx.expectProblem(r, 'AUTH_HEADERS_MISSING');
    });

    it('without any auth header → 401 AUTH_HEADERS_MISSING', async () => {
      const { client, fx } = await setup();
      const r = await send(server, client, fx, { mutate: (h) => AUTH_HEADERS.forEach((x) => delete h[x]) });
      fx.expectProblem(r, 'AUTH_HEADERS_MISSING');
    });
  });

  describe('AUTH_CLIENT_UNKNOWN', () => {
    it('an unknown client id → 401 AUTH_CLIENT_UNKNOWN', async () => {
      const { client, fx } = await setup();
      const r = await send(server, client, fx, { clientId: `partner-unknown-${randomBytes(4).toString('hex')}` });
      fx.expectProblem(r, 'AUTH_CLIENT_UNKNOWN');
    });

    it('an unknown client id signed with a plausible secret → 401 AUTH_CLIENT_UNKNOWN', async () => {
      const { client, fx } = await setup();
      const r = await send(server, client, fx, { clientId: `${client.clientId}-x`, secret: client.secret });
      fx.expectProblem(r, 'AUTH_CLIENT_UNKNOWN');
    });
  });

  describe('AUTH_TIMESTAMP_INVALID', () => {
    const badFormats: [string, () => string][] = [
      ['no milliseconds', () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z')],
      ['offset instead of Z', () => new Date().toISOString().replace(/Z$/, '+00:00')],
      ['lower-case z', () => new Date().toISOString().replace(/Z$/, 'z')],
      ['no zone', () => new Date().toISOString().replace(/Z$/, '')],
      ['microseconds', () => new Date().toISOString().replace(/Z$/, '000Z')],
      ['space instead of T', () => new Date().toISOString().replace('T', ' ')],
      ['epoch milliseconds', () => String(Date.now())],
      ['HTTP date', () => new Date().toUTCString()],
      ['garbage', () => 'yesterday'],
    ];
    it.each(badFormats)('%s → 401 AUTH_TIMESTAMP_INVALID', async (_name, make) => {
      const { client, fx } = await setup();
      const r = await send(server, client, fx, { timestamp: make() });
      fx.expectProblem(r, 'AUTH_TIMESTAMP_INVALID');
    });

    it('301 s in the past → 401 AUTH_TIMESTAMP_INVALID', async () => {
      const { client, fx } = await setup();
      const r = await send(server, client, fx, { timestamp: new Date(Date.now() - 301_000).toISOString() });
      fx.expectProblem(r, 'AUTH_TIMESTAMP_INVALID');
    });

    it('301 s in the future → 401 AUTH_TIMESTAMP_INVALID', async () => {
      const { client, fx } = await setup();
      const r = await send(server, client, fx, { timestamp: new Date(Date.now() + 301_000).toISOString() });
      fx.expectProblem(r, 'AUTH_TIMESTAMP_INVALID');
    });

    it('299 s in the past is accepted', async () => {
      const { client, fx } = await setup();
      fx.expectOk(await send(server, client, fx, { timestamp: new Date(Date.now() - 299_000).toISOString() }));
    });

    it('299 s in the future is accepted', async () => {
      const { client, fx } = await setup();
      fx.expectOk(await send(server, client, fx, { timestamp: new Date(Date.now() + 299_000).toISOString() }));
    });
  });

  describe('AUTH_NONCE_INVALID', () => {
    const badNonces: [string, string][] = [
      ['15 characters', 'a'.repeat(15)],
      ['65 characters', 'b'.repeat(65)],
      ['a dot', `${'c'.repeat(16)}.`],
      ['a plus', `${'d'.repeat(16)}+`],
      ['a slash', `${'e'.repeat(16)}/`],
      ['an equals sign', `${'f'.repeat(16)}=`],
    ];
    it.each(badNonces)('nonce with %s → 401 AUTH_NONCE_INVALID', async (_name, nonce) => {
      const { client, fx } = await setup();
      const r = await send(server, client, fx, { nonce });
      fx.expectProblem(r, 'AUTH_NONCE_INVALID');
    });

    it('16 and 64 characters of [A-Za-z0-9_-] are accepted', async () => {
      const { client, fx } = await setup();
      fx.expectOk(await send(server, client, fx, { nonce: `Az09_-${randomBytes(5).toString('hex')}` }));
      fx.expectOk(await send(server, client, fx, { nonce: `zA90-_${randomBytes(29).toString('hex')}` }));
    });
  });

  describe('AUTH_NONCE_REUSED', () => {
    it('the same nonce with a fresh valid signature → 401 AUTH_NONCE_REUSED', async () => {
      const { client, fx } = await setup();
      const nonce = freshNonce();
      fx.expectOk(await send(server, client, fx, { nonce }));
      const r = await send(server, client, fx, { nonce, timestamp: new Date(Date.now() + 1).toISOString() });
      fx.expectProblem(r, 'AUTH_NONCE_REUSED');
    });

    it('a byte-identical retry → 401 AUTH_NONCE_REUSED', async () => {
      const { client, fx } = await setup();
      const nonce = freshNonce();
      const timestamp = new Date().toISOString();
      const body = fx.body();
      const key = fx.idempotencyKey();
      fx.expectOk(await send(server, client, fx, { nonce, timestamp, sentBody: body, sentIdempotencyKey: key }));
      const r = await send(server, client, fx, { nonce, timestamp, sentBody: body, sentIdempotencyKey: key });
      fx.expectProblem(r, 'AUTH_NONCE_REUSED');
    });

    it('a nonce whose request failed signature verification is not recorded', async () => {
      const { client, fx } = await setup();
      const nonce = freshNonce();
      fx.expectProblem(await send(server, client, fx, { nonce, secret: `${client.secret}x` }), 'AUTH_SIGNATURE_INVALID');
      fx.expectOk(await send(server, client, fx, { nonce }));
    });

    it('nonces are per client: two clients may use the same nonce', async () => {
      const a = await setup();
      const b = await setup();
      const nonce = freshNonce();
      a.fx.expectOk(await send(server, a.client, a.fx, { nonce }));
      b.fx.expectOk(await send(server, b.client, b.fx, { nonce }));
      // and each still refuses its own reuse
      a.fx.expectProblem(await send(server, a.client, a.fx, { nonce }), 'AUTH_NONCE_REUSED');
      b.fx.expectProblem(await send(server, b.client, b.fx, { nonce }), 'AUTH_NONCE_REUSED');
    });
  });

  describe('AUTH_SIGNATURE_INVALID', () => {
    it('signed with a wrong secret → 401 AUTH_SIGNATURE_INVALID', async () => {
      const { client, fx } = await setup();
      const r = await send(server, client, fx, { secret: randomBytes(32).toString('hex') });
      fx.expectProblem(r, 'AUTH_SIGNATURE_INVALID');
    });

    it('signed with another client’s secret → 401 AUTH_SIGNATURE_INVALID', async () => {
      const { client, fx } = await setup();
      const other = await server.newClient();
      const r = await send(server, client, fx, { secret: other.secret });
      fx.expectProblem(r, 'AUTH_SIGNATURE_INVALID');
    });

    it('upper-case hex of the right signature → 401 AUTH_SIGNATURE_INVALID', async () => {
      const { client, fx } = await setup();
      const r = await send(server, client, fx, {
        mutate: (h) => {
          const upper = h['x-partner-signature']!.toUpperCase();
          expect(upper).not.toBe(h['x-partner-signature']);
          h['x-partner-signature'] = upper;
        },
      });
      fx.expectProblem(r, 'AUTH_SIGNATURE_INVALID');
    });

    it('a truncated or non-hex signature → 401 AUTH_SIGNATURE_INVALID', async () => {
      const { client, fx } = await setup();
      fx.expectProblem(await send(server, client, fx, { mutate: (h) => (h['x-partner-signature'] = h['x-partner-signature']!.slice(0, 63)) }), 'AUTH_SIGNATURE_INVALID');
      fx.expectProblem(await send(server, client, fx, { mutate: (h) => (h['x-partner-signature'] = 'zz' + h['x-partner-signature']!.slice(2)) }), 'AUTH_SIGNATURE_INVALID');
    });

    it('the problem carries the canonical string the server computed, line for line what was sent', async () => {
      const { client, fx } = await setup();
      const body = fx.body();
      const key = fx.idempotencyKey();
      const timestamp = new Date().toISOString();
      const nonce = freshNonce();
      // Signed as an empty body: only the seventh line of the partner's canonical string differs.
      const r = await send(server, client, fx, { signedBody: '', sentBody: body, timestamp, nonce, signedIdempotencyKey: key });
      fx.expectProblem(r, 'AUTH_SIGNATURE_INVALID');
      const sent = { method: 'POST', path: fx.path, timestamp, nonce, clientId: client.clientId, idempotencyKey: key, body };
      const served = canonicalIn(r);
      expect(served).toBe(canonicalString(sent));
      const mine = canonicalString({ ...sent, body: '' }).split('\n');
      expect(served.split('\n').map((line, i) => line === mine[i])).toEqual([true, true, true, true, true, true, false]);
      expect(r.text).not.toContain(client.secret);
    });

    it('no canonical string on the other 401s (nothing was verified against a secret)', async () => {
      const { client, fx } = await setup();
      const r = await send(server, client, fx, { timestamp: '2020-01-01T00:00:00.000Z' });
      fx.expectProblem(r, 'AUTH_TIMESTAMP_INVALID');
      expect(r.text).not.toContain('canonicalString');
    });

    it('a tampered body → 401 AUTH_SIGNATURE_INVALID', async () => {
      const { client, fx } = await setup();
      const signedBody = fx.body();
      const r = await send(server, client, fx, { signedBody, sentBody: `${signedBody} ` });
      fx.expectProblem(r, 'AUTH_SIGNATURE_INVALID');
    });

    it('a body signed as an empty body → 401 AUTH_SIGNATURE_INVALID', async () => {
      const { client, fx } = await setup();
      const r = await send(server, client, fx, { signedBody: '', sentBody: fx.body() });
      fx.expectProblem(r, 'AUTH_SIGNATURE_INVALID');
    });

    it('a tampered path → 401 AUTH_SIGNATURE_INVALID', async () => {
      const { client, fx } = await setup();
      const r = await send(server, client, fx, { signedPath: fx.otherPath, sentPath: fx.path });
      fx.expectProblem(r, 'AUTH_SIGNATURE_INVALID');
    });

    it('a query string added after signing → 401 AUTH_SIGNATURE_INVALID', async () => {
      const { client, fx } = await setup();
      const r = await send(server, client, fx, { signedPath: fx.path, sentPath: `${fx.path}?x=1` });
      fx.expectProblem(r, 'AUTH_SIGNATURE_INVALID');
    });

    it('a tampered query string → 401 AUTH_SIGNATURE_INVALID', async () => {
      const { client, fx } = await setup();
      const r = await send(server, client, fx, { signedPath: `${fx.path}?x=1`, sentPath: `${fx.path}?x=2` });
      fx.expectProblem(r, 'AUTH_SIGNATURE_INVALID');
    });

    it('a tampered method → 401 AUTH_SIGNATURE_INVALID', async () => {
      const { client, fx } = await setup();
      const r = await send(server, client, fx, { signedMethod: 'PUT' });
      fx.expectProblem(r, 'AUTH_SIGNATURE_INVALID');
    });

    it('a tampered Idempotency-Key → 401 AUTH_SIGNATURE_INVALID', async () => {
      const { client, fx } = await setup();
      const r = await send(server, client, fx, { signedIdempotencyKey: `k-${randomUUID()}`, sentIdempotencyKey: `k-${randomUUID()}` });
      fx.expectProblem(r, 'AUTH_SIGNATURE_INVALID');
    });

    it('an Idempotency-Key added after signing → 401 AUTH_SIGNATURE_INVALID', async () => {
      const { client, fx } = await setup();
      const r = await send(server, client, fx, { signedIdempotencyKey: null, sentIdempotencyKey: `k-${randomUUID()}` });
      fx.expectProblem(r, 'AUTH_SIGNATURE_INVALID');
    });

    it('an Idempotency-Key dropped after signing → 401 AUTH_SIGNATURE_INVALID', async () => {
      const { client, fx } = await setup();
      const r = await send(server, client, fx, { signedIdempotencyKey: `k-${randomUUID()}`, sentIdempotencyKey: null });
      fx.expectProblem(r, 'AUTH_SIGNATURE_INVALID');
    });

    it('a tampered timestamp, nonce or client id header → 401 AUTH_SIGNATURE_INVALID', async () => {
      const { client, fx } = await setup();
      const other = await server.newClient();
      fx.expectProblem(
        await send(server, client, fx, { mutate: (h) => (h['x-partner-timestamp'] = new Date(Date.parse(h['x-partner-timestamp']!) - 1000).toISOString()) }),
        'AUTH_SIGNATURE_INVALID',
      );
      fx.expectProblem(await send(server, client, fx, { mutate: (h) => (h['x-partner-nonce'] = freshNonce()) }), 'AUTH_SIGNATURE_INVALID');
      fx.expectProblem(await send(server, client, fx, { mutate: (h) => (h['x-partner-client-id'] = other.clientId) }), 'AUTH_SIGNATURE_INVALID');
    });
  });

  describe('secret rotation', () => {
    it('after rotate both secrets verify; after retire only the newer does', async () => {
      const { client, fx } = await setup();
      const rotated = await server.operator((db) => rotateSecret(db, server.config.secretBox, client.clientId));
      expect(rotated.clientId).toBe(client.clientId);
      expect(rotated.secret).not.toBe(client.secret);

      fx.expectOk(await eventually(server, () => send(server, client, fx, { secret: rotated.secret }), (r) => r.status !== 401));
      fx.expectOk(await send(server, client, fx, { secret: client.secret }));
      fx.expectOk(await send(server, client, fx, { secret: rotated.secret }));

      await server.operator((db) => retireOldestSecret(db, client.clientId));
      const old = await eventually(server, () => send(server, client, fx, { secret: client.secret }), (r) => r.status === 401);
      fx.expectProblem(old, 'AUTH_SIGNATURE_INVALID');
      fx.expectOk(await send(server, client, fx, { secret: rotated.secret }));
    });
  });

  describe('X-Request-Id', () => {
    it('is echoed on success', async () => {
      const { client, fx } = await setup();
      const requestId = `req-${randomUUID()}`;
      const r = await send(server, client, fx, { requestId });
      fx.expectOk(r);
      expect(r.headers.get('x-request-id')).toBe(requestId);
    });

    it('is echoed on a problem and is its requestId', async () => {
      const { client, fx } = await setup();
      const requestId = `req-${randomUUID()}`;
      const r = await send(server, client, fx, { requestId, secret: 'wrong' });
      fx.expectProblem(r, 'AUTH_SIGNATURE_INVALID');
      expect(r.headers.get('x-request-id')).toBe(requestId);
      if (surface.name === 'REST') expect(r.body.requestId).toBe(requestId);
      else expect(r.body.errors[0].extensions.requestId).toBe(requestId);
    });

    it('is generated as a UUID when absent (success and problem)', async () => {
      const { client, fx } = await setup();
      const ok = await send(server, client, fx);
      fx.expectOk(ok);
      expect(ok.headers.get('x-request-id')).toMatch(UUID_FORMAT);
      const bad = await send(server, client, fx, { secret: 'wrong' });
      fx.expectProblem(bad, 'AUTH_SIGNATURE_INVALID');
      const generated = bad.headers.get('x-request-id');
      expect(generated).toMatch(UUID_FORMAT);
      expect(generated).not.toBe(ok.headers.get('x-request-id'));
    });
  });
});

// ---------------------------------------------------------------------------------------------------
// GET /graphql, health, development exemptions, dev proxy
// ---------------------------------------------------------------------------------------------------

describe('development server: other paths', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  describe('GET /graphql', () => {
    it('signed over path and query runs the query', async () => {
      const client = await server.newClient();
      const customerId = await createCustomer(server, client);
      const r = await server.request(client, 'GET', `/graphql?query=${encodeURIComponent(customerQuery(customerId))}`);
      expect(r.status, r.text).toBe(200);
      expect(r.body).toEqual({ data: { customer: { customerId } } });
    });

    it('signed over the path without the query → 401 AUTH_SIGNATURE_INVALID', async () => {
      const client = await server.newClient();
      const customerId = await createCustomer(server, client);
      const headers = signedHeaders(client.secret, { method: 'GET', path: '/graphql', clientId: client.clientId, body: '' });
      const r = await server.request(client, 'GET', `/graphql?query=${encodeURIComponent(customerQuery(customerId))}`, { sign: false, headers });
      expectGraphQLProblem(r, 401, 'AUTH_SIGNATURE_INVALID');
    });

    it('unsigned → 401 AUTH_HEADERS_MISSING', async () => {
      const client = await server.newClient();
      const customerId = await createCustomer(server, client);
      const r = await server.request(client, 'GET', `/graphql?query=${encodeURIComponent(customerQuery(customerId))}`, {
        sign: false,
        headers: { 'apollo-require-preflight': 'true' },
      });
      expectGraphQLProblem(r, 401, 'AUTH_HEADERS_MISSING');
    });
  });

  describe('health', () => {
    it('GET /healthz → 200 {"status":"ok"} without auth', async () => {
      const res = await fetch(`${server.url}/healthz`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ok' });
      expect(res.headers.get('x-request-id')).toMatch(UUID_FORMAT);
    });

    it('GET /readyz → 200 without auth', async () => {
      const res = await fetch(`${server.url}/readyz`);
      expect(res.status).toBe(200);
    });

    it('echoes X-Request-Id on health', async () => {
      const res = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'health-check-1' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-request-id')).toBe('health-check-1');
    });
  });

  describe('development exemptions', () => {
    it('unsigned introspection on /graphql → 200', async () => {
      const client = await server.newClient();
      const r = await server.request(client, 'POST', '/graphql', { sign: false, idempotencyKey: null, body: { query: '{ __schema { queryType { name } } }' } });
      expect(r.status, r.text).toBe(200);
      expect(r.body).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } });
    });

    it('unsigned non-introspection query on /graphql → 401 AUTH_HEADERS_MISSING', async () => {
      const client = await server.newClient();
      const customerId = await createCustomer(server, client);
      const r = await server.request(client, 'POST', '/graphql', { sign: false, idempotencyKey: null, body: { query: customerQuery(customerId) } });
      expectGraphQLProblem(r, 401, 'AUTH_HEADERS_MISSING');
    });

    it('unsigned POST /graphql whose body is not JSON, or not sent as JSON → 401 AUTH_HEADERS_MISSING (§2 before §6)', async () => {
      const client = await server.newClient();
      const notJson = await server.request(client, 'POST', '/graphql', { sign: false, idempotencyKey: null, rawBody: '{"query": ' });
      expectGraphQLProblem(notJson, 401, 'AUTH_HEADERS_MISSING');
      const asText = await server.request(client, 'POST', '/graphql', {
        sign: false,
        idempotencyKey: null,
        rawBody: JSON.stringify({ query: '{ __typename }' }),
        headers: { 'content-type': 'text/plain' },
      });
      expectGraphQLProblem(asText, 401, 'AUTH_HEADERS_MISSING');
    });

    it('unsigned query mixing introspection and data → 401 AUTH_HEADERS_MISSING', async () => {
      const client = await server.newClient();
      const customerId = await createCustomer(server, client);
      const query = `{ __typename customer(customerId: "${customerId}") { customerId } }`;
      const r = await server.request(client, 'POST', '/graphql', { sign: false, idempotencyKey: null, body: { query } });
      expectGraphQLProblem(r, 401, 'AUTH_HEADERS_MISSING');
    });
  });

  describe('development signing proxy (POST /dev/graphql)', () => {
    it('signs an unsigned query as the client named by X-Partner-Client-Id', async () => {
      const client = await server.newClient();
      const customerId = await createCustomer(server, client);
      const r = await server.request(client, 'POST', '/dev/graphql', {
        sign: false,
        idempotencyKey: null,
        body: { query: customerQuery(customerId) },
        headers: { 'x-partner-client-id': client.clientId },
      });
      expect(r.status, r.text).toBe(200);
      expect(r.body).toEqual({ data: { customer: { customerId } } });
    });

    it('adds an Idempotency-Key to a mutation sent without one', async () => {
      const client = await server.newClient();
      const externalRef = `ext-${randomUUID()}`;
      const r = await server.request(client, 'POST', '/dev/graphql', {
        sign: false,
        idempotencyKey: null,
        body: {
          query: `mutation($input: CreateCustomerInput!) { createCustomer(input: $input) { customerId externalRef } }`,
          variables: { input: { externalRef, type: 'INDIVIDUAL', displayName: 'Grace Hopper' } },
        },
        headers: { 'x-partner-client-id': client.clientId },
      });
      expect(r.status, r.text).toBe(200);
      expect(r.body.errors).toBeUndefined();
      const customerId = r.body.data.createCustomer.customerId;
      expect(customerId).toMatch(UUID_FORMAT);
      expect(r.body.data.createCustomer.externalRef).toBe(externalRef);
      // It was created for that client: the client reads it with its own signature.
      const q = await server.gql(client, customerQuery(customerId));
      expect(q.status, q.text).toBe(200);
      expect(q.body).toEqual({ data: { customer: { customerId } } });
    });

    it('echoes X-Request-Id through the proxy', async () => {
      const client = await server.newClient();
      const customerId = await createCustomer(server, client);
      const r = await server.request(client, 'POST', '/dev/graphql', {
        sign: false,
        idempotencyKey: null,
        body: { query: customerQuery(customerId) },
        headers: { 'x-partner-client-id': client.clientId, 'x-request-id': 'proxy-req-1' },
      });
      expect(r.status, r.text).toBe(200);
      expect(r.headers.get('x-request-id')).toBe('proxy-req-1');
    });
  });
});

describe('production server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ NODE_ENV: 'production' });
  });
  afterAll(() => server.stop());

  it('unsigned introspection on /graphql → 401 AUTH_HEADERS_MISSING', async () => {
    const client = await server.newClient();
    const r = await server.request(client, 'POST', '/graphql', { sign: false, idempotencyKey: null, body: { query: '{ __schema { queryType { name } } }' } });
    expectGraphQLProblem(r, 401, 'AUTH_HEADERS_MISSING');
  });

  it('POST /dev/graphql → 404 NOT_FOUND', async () => {
    const client = await server.newClient();
    const customerId = await createCustomer(server, client);
    const r = await server.request(client, 'POST', '/dev/graphql', {
      sign: false,
      idempotencyKey: null,
      body: { query: customerQuery(customerId) },
      headers: { 'x-partner-client-id': client.clientId },
    });
    expectRestProblem(r, 404, 'NOT_FOUND');
  });

  it('a signed query still works', async () => {
    const client = await server.newClient();
    const customerId = await createCustomer(server, client);
    const r = await server.gql(client, customerQuery(customerId));
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({ data: { customer: { customerId } } });
  });

  it('GET /healthz → 200 without auth', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });
});
