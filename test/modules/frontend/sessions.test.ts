// §17.1 frontend sessions from the partner backend, on both surfaces: createFrontendSession's order of
// checks (shape → idempotency → customer → origin → SUSPENDED → limit → effect), the token (pfs_, shown
// once, stored as its SHA-256, the same on a replay), revokeFrontendSession (idempotent, unchanged on a
// repeat or once expired), frontendSessions (newest first, `active`), the limit under concurrent creates,
// and the revocations a suspension and an origin removal make (§17.1, §17.3).
import { createHash, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suspendCustomer } from '../../../src/modules/customers/operators.js';
import { addClientOrigin, removeClientOrigin } from '../../../src/modules/frontend/operators.js';
import { startService } from '../../../src/service.js';
import { Scenario, startTestServer, type Client, type Reply, type RequestOptions, type TestServer } from '../../helpers/harness.js';
import { expectProblem, expectRestProblem, pointersOf } from '../../helpers/problems.js';
import { selectionOf } from '../../helpers/sdl-fields.js';

const ORIGIN = 'https://app.example.com';
const OTHER_ORIGIN = 'https://shop.example.com';
const MAX_ACTIVE = 3;
const MAX_TTL = 7200;
const DEFAULT_TTL = 600;
const TOKEN_FORMAT = /^pfs_[A-Za-z0-9_-]{43}$/;

const FIELDS = selectionOf('PartnerFrontendSession');
const CREATE = `mutation($customerId: UUID!, $input: CreateFrontendSessionInput!) { createFrontendSession(customerId: $customerId, input: $input) { ${FIELDS} } }`;
const REVOKE = `mutation($sessionId: UUID!) { revokeFrontendSession(sessionId: $sessionId) { ${FIELDS} } }`;
const LIST = `query($customerId: UUID!, $first: Int, $after: String, $active: Boolean) { frontendSessions(customerId: $customerId, first: $first, after: $after, active: $active) { items { ${FIELDS} } pageInfo { hasNextPage endCursor } } }`;

type Session = { sessionId: string; customerId: string; origin: string; token: string | null; expiresAt: string; revokedAt: string | null; createdAt: string };
type ListArgs = { first?: number; after?: string; active?: boolean };

/** The three operations on one surface, and how its successful answer is read. */
type Surface = {
  name: 'graphql' | 'rest';
  create(server: TestServer, client: Client, customerId: string, input: Record<string, unknown>, o?: RequestOptions): Promise<Reply>;
  revoke(server: TestServer, client: Client, sessionId: string, o?: RequestOptions): Promise<Reply>;
  list(server: TestServer, client: Client, customerId: string, args?: ListArgs): Promise<Reply>;
  /** The operation's result of a 200 answer. */
  data(r: Reply): any;
};

const graphql: Surface = {
  name: 'graphql',
  create: (server, client, customerId, input, o) => server.gql(client, CREATE, { customerId, input }, o),
  revoke: (server, client, sessionId, o) => server.gql(client, REVOKE, { sessionId }, o),
  list: (server, client, customerId, args = {}) => server.gql(client, LIST, { customerId, ...args }),
  data: (r) => {
    expect(r.status, r.text).toBe(200);
    expect(r.body.errors, r.text).toBeUndefined();
    return Object.values(r.body.data as Record<string, unknown>)[0];
  },
};

const rest: Surface = {
  name: 'rest',
  create: (server, client, customerId, input, o) => server.request(client, 'POST', `/partner/v1/customers/${customerId}/frontend-sessions`, { body: input, ...o }),
  revoke: (server, client, sessionId, o) => server.request(client, 'POST', `/partner/v1/frontend-sessions/${sessionId}/revocation`, o),
  list: (server, client, customerId, args = {}) => {
    const q = new URLSearchParams();
    if (args.first !== undefined) q.set('limit', String(args.first));
    if (args.after !== undefined) q.set('cursor', args.after);
    if (args.active !== undefined) q.set('active', String(args.active));
    const query = q.size ? `?${q}` : '';
    return server.request(client, 'GET', `/partner/v1/customers/${customerId}/frontend-sessions${query}`);
  },
  data: (r) => {
    expect(r.status, r.text).toBe(200);
    return r.body;
  },
};

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const plus = (iso: string, seconds: number) => new Date(Date.parse(iso) + seconds * 1000).toISOString();

let server: TestServer;
let s: Scenario;
beforeAll(async () => {
  server = await startTestServer({
    FRONTEND_SESSION_MAX_ACTIVE: String(MAX_ACTIVE),
    FRONTEND_SESSION_MAX_TTL_SECONDS: String(MAX_TTL),
    FRONTEND_SESSION_DEFAULT_TTL_SECONDS: String(DEFAULT_TTL),
  });
  s = await Scenario.create(server);
  await registerOrigin(s.client, ORIGIN);
  await registerOrigin(s.client, OTHER_ORIGIN);
});
afterAll(() => server?.stop());

/** `partnerctl client origin add`, as an operator runs it (development mode). */
function registerOrigin(client: Client, origin: string) {
  return server.operator((db) => addClientOrigin(db, client.clientId, origin, false));
}

const rowsOf = (customerId: string) =>
  server.db.all<Record<string, string | null>>('SELECT * FROM frontend_sessions WHERE customer_id = ? ORDER BY created_at, session_id', customerId);
const sessionCount = (customerId: string) => server.db.count('SELECT COUNT(*) AS n FROM frontend_sessions WHERE customer_id = ?', customerId);

describe.each([graphql, rest])('§17.1 frontend sessions on $name', (surface) => {
  const create = (customerId: string, input: Record<string, unknown> = { origin: ORIGIN }, o?: RequestOptions, client = s.client) =>
    surface.create(server, client, customerId, input, o);
  const created = async (customerId: string, input: Record<string, unknown> = { origin: ORIGIN }): Promise<Session> =>
    surface.data(await create(customerId, input));
  const revoke = (sessionId: string, o?: RequestOptions, client = s.client) => surface.revoke(server, client, sessionId, o);
  const list = (customerId: string, args?: ListArgs, client = s.client) => surface.list(server, client, customerId, args);

  describe('createFrontendSession', () => {
    it('a session for the origin as §17.3 serialises it; the token (pfs_ + 43 base64url) only in this answer; stored as its SHA-256 alone', async () => {
      const customerId = await s.customer();
      const at = server.clock.now().getTime();
      const session = await created(customerId, { origin: 'HTTPS://App.Example.COM:443/', ttlSeconds: 120 });
      expect(Object.keys(session).sort()).toEqual(['createdAt', 'customerId', 'expiresAt', 'origin', 'revokedAt', 'sessionId', 'token']);
      expect(session).toMatchObject({ customerId, origin: ORIGIN, revokedAt: null });
      expect(session.token).toMatch(TOKEN_FORMAT);
      expect(session.token).toHaveLength(47);
      expect(Date.parse(session.createdAt)).toBeGreaterThanOrEqual(at);
      expect(session.expiresAt).toBe(plus(session.createdAt, 120));
      // F2: the row holds the hash; no column holds the token or its 32 bytes in any form.
      const rows = await rowsOf(customerId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toEqual({
        session_id: session.sessionId,
        client_id: s.client.clientId,
        customer_id: customerId,
        origin: ORIGIN,
        token_hash: sha256(session.token!),
        expires_at: session.expiresAt,
        revoked_at: null,
        created_at: session.createdAt,
      });
      const raw = session.token!.slice(4);
      const dumped = JSON.stringify(rows);
      for (const form of [session.token!, raw, Buffer.from(raw, 'base64url').toString('hex'), Buffer.from(raw, 'base64url').toString('base64')])
        expect(dumped.includes(form), form).toBe(false);
      // Every other answer has token: null.
      const listed = surface.data(await list(customerId));
      expect(listed.items).toEqual([{ ...session, token: null }]);
      // An unverified customer may have sessions (§17.1): this one is UNVERIFIED.
      expect((await server.db.get<{ v: string }>('SELECT verification_status AS v FROM customers WHERE customer_id = ?', customerId))!.v).toBe('UNVERIFIED');
    });

    it('ttlSeconds absent or null → FRONTEND_SESSION_DEFAULT_TTL_SECONDS; the bounds 60 and FRONTEND_SESSION_MAX_TTL_SECONDS are accepted', async () => {
      const customerId = await s.customer();
      const absent = await created(customerId, { origin: ORIGIN });
      expect(absent.expiresAt).toBe(plus(absent.createdAt, DEFAULT_TTL));
      const nulled = await created(customerId, { origin: ORIGIN, ttlSeconds: null });
      expect(nulled.expiresAt).toBe(plus(nulled.createdAt, DEFAULT_TTL));
      const other = await s.customer();
      expect((await created(other, { origin: ORIGIN, ttlSeconds: 60 })).expiresAt).toMatch(/Z$/);
      const longest = await created(other, { origin: ORIGIN, ttlSeconds: MAX_TTL });
      expect(longest.expiresAt).toBe(plus(longest.createdAt, MAX_TTL));
    });

    it('shape (400 VALIDATION_FAILED): an origin that is not one by §17.3, ttlSeconds outside 60–max; every fault at once; nothing written', async () => {
      const customerId = await s.customer();
      for (const origin of [
        '',
        'app.example.com',
        'https://',
        'https://app.example.com/path',
        'https://app.example.com/?',
        'https://app.example.com?x=1',
        'https://app.example.com#top',
        'https://user:pw@app.example.com',
        'http://app.example.com',
        'ftp://app.example.com',
        `https://${'a'.repeat(250)}.example`,
      ])
        expectProblem(await create(customerId, { origin }), 400, 'VALIDATION_FAILED', { pointer: '/origin', message: origin });
      for (const ttlSeconds of [59, 0, -1, MAX_TTL + 1])
        expectProblem(await create(customerId, { origin: ORIGIN, ttlSeconds }), 400, 'VALIDATION_FAILED', { pointer: '/ttlSeconds', message: String(ttlSeconds) });
      const both = await create(customerId, { origin: 'https://app.example.com/x', ttlSeconds: 30 });
      const problem = expectProblem(both, 400, 'VALIDATION_FAILED');
      expect(pointersOf(problem).sort()).toEqual(['/origin', '/ttlSeconds']);
      // Shape comes first: an unknown customer with a bad shape is a 400.
      expectProblem(await create(randomUUID(), { origin: 'nope' }), 400, 'VALIDATION_FAILED', '/origin');
      expect(await sessionCount(customerId)).toBe(0);
    });

    it('development also takes http://localhost[:port] and http://127.0.0.1[:port]: shape passes, then the origin must be registered', async () => {
      const customerId = await s.customer();
      // A port of each surface's own: the suite's client is shared.
      const port = surface.name === 'graphql' ? 3000 : 3001;
      for (const origin of [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://LOCALHOST:${port}/`])
        expectProblem(await create(customerId, { origin }), 403, 'ORIGIN_NOT_ALLOWED', { message: origin });
      await registerOrigin(s.client, `http://localhost:${port}`);
      expect((await created(customerId, { origin: `http://LOCALHOST:${port}/` })).origin).toBe(`http://localhost:${port}`);
    });

    it('idempotency after the shape: a reused key with a bad body is 400; with another good body 409 IDEMPOTENCY_KEY_REUSED, before the customer', async () => {
      const customerId = await s.customer();
      const key = randomUUID();
      await created(customerId);
      surface.data(await create(customerId, { origin: ORIGIN }, { idempotencyKey: key }));
      expectProblem(await create(customerId, { origin: 'nope' }, { idempotencyKey: key }), 400, 'VALIDATION_FAILED', '/origin');
      expectProblem(await create(customerId, { origin: ORIGIN, ttlSeconds: 61 }, { idempotencyKey: key }), 409, 'IDEMPOTENCY_KEY_REUSED');
      expectProblem(await create(randomUUID(), { origin: ORIGIN }, { idempotencyKey: key }), 409, 'IDEMPOTENCY_KEY_REUSED');
      expect(await sessionCount(customerId)).toBe(2);
    });

    it('customer: unknown → 404 CUSTOMER_NOT_FOUND; another partner’s → 403 FORBIDDEN, before its origin', async () => {
      // An origin this client has not registered: the customer is checked first.
      expectProblem(await create(randomUUID(), { origin: 'https://unregistered.example' }), 404, 'CUSTOMER_NOT_FOUND');
      const other = await Scenario.create(server);
      const theirs = await other.customer();
      expectProblem(await create(theirs, { origin: ORIGIN }), 403, 'FORBIDDEN');
      await registerOrigin(other.client, ORIGIN);
      expectProblem(await create(theirs, { origin: ORIGIN }), 403, 'FORBIDDEN');
      expect(await sessionCount(theirs)).toBe(0);
    });

    it('origin: not registered for the client (another client’s does not count) → 403 ORIGIN_NOT_ALLOWED, before SUSPENDED', async () => {
      const other = await Scenario.create(server);
      await registerOrigin(other.client, 'https://theirs.example.com');
      const customerId = await s.customer();
      expectProblem(await create(customerId, { origin: 'https://theirs.example.com' }), 403, 'ORIGIN_NOT_ALLOWED');
      await server.operator((db) => suspendCustomer(db, customerId, true));
      expectProblem(await create(customerId, { origin: 'https://theirs.example.com' }), 403, 'ORIGIN_NOT_ALLOWED');
      expect(await sessionCount(customerId)).toBe(0);
    });

    it('SUSPENDED → 409 CUSTOMER_SUSPENDED, before the limit; reactivated → created again', async () => {
      const customerId = await s.customer();
      for (let i = 0; i < MAX_ACTIVE; i++) await created(customerId);
      await server.operator((db) => suspendCustomer(db, customerId, true));
      expectProblem(await create(customerId), 409, 'CUSTOMER_SUSPENDED');
      await server.operator((db) => suspendCustomer(db, customerId, false));
      // The suspension revoked the three: the limit has room again.
      expect((await created(customerId)).revokedAt).toBeNull();
    });

    it('the limit: FRONTEND_SESSION_MAX_ACTIVE unexpired, unrevoked sessions → 409 FRONTEND_SESSION_LIMIT_REACHED; a revoked or expired one frees its place', async () => {
      const customerId = await s.customer();
      const sessions: Session[] = [];
      sessions.push(await created(customerId, { origin: ORIGIN, ttlSeconds: 60 }));
      for (let i = 1; i < MAX_ACTIVE; i++) sessions.push(await created(customerId, { origin: OTHER_ORIGIN, ttlSeconds: 3600 }));
      expectProblem(await create(customerId), 409, 'FRONTEND_SESSION_LIMIT_REACHED');
      surface.data(await revoke(sessions[1]!.sessionId));
      const fourth = await created(customerId, { origin: ORIGIN, ttlSeconds: 3600 });
      expectProblem(await create(customerId), 409, 'FRONTEND_SESSION_LIMIT_REACHED');
      // now ≥ expiresAt: the first no longer counts.
      server.clock.advance(60_000);
      const fifth = await created(customerId, { origin: ORIGIN, ttlSeconds: 3600 });
      expectProblem(await create(customerId), 409, 'FRONTEND_SESSION_LIMIT_REACHED');
      expect(await sessionCount(customerId)).toBe(5);
      expect([fourth.revokedAt, fifth.revokedAt]).toEqual([null, null]);
    });

    it('the limit holds under concurrent creates: one place left, six racing → one session', async () => {
      const customerId = await s.customer();
      for (let i = 1; i < MAX_ACTIVE; i++) await created(customerId);
      // Two origins: the customer, not an origin, is what the racing creates share.
      const replies = await Promise.all(Array.from({ length: 6 }, (_, i) => create(customerId, { origin: i % 2 ? ORIGIN : OTHER_ORIGIN })));
      const ok = replies.filter((r) => r.status === 200 && !r.body?.errors);
      expect(ok).toHaveLength(1);
      for (const r of replies.filter((x) => !ok.includes(x))) expectProblem(r, 409, 'FRONTEND_SESSION_LIMIT_REACHED');
      expect(await server.db.count('SELECT COUNT(*) AS n FROM frontend_sessions WHERE customer_id = ? AND revoked_at IS NULL', customerId)).toBe(MAX_ACTIVE);
    });

    it('a replay answers the same token from the sealed stored result; a new key makes a new session and token', async () => {
      const customerId = await s.customer();
      const key = randomUUID();
      const input = { origin: ORIGIN, ttlSeconds: 300 };
      const first = surface.data(await create(customerId, input, { idempotencyKey: key }));
      // Moved clock: the replay is the stored answer, not a new one.
      server.clock.advance(5000);
      const again = await create(customerId, input, { idempotencyKey: key });
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(surface.data(again)).toEqual(first);
      if (surface.name === 'graphql') {
        // Reformatted: past the byte-identical replay cache, from the stored record.
        const stored = await server.gql(s.client, ` ${CREATE}\n`, { customerId, input }, { idempotencyKey: key });
        expect(stored.headers.get('idempotent-replayed')).toBe('true');
        expect(surface.data(stored)).toEqual(first);
      }
      expect(await sessionCount(customerId)).toBe(1);
      const record = await server.db.get<{ response_json: string; resource_id: string }>(
        'SELECT response_json, resource_id FROM idempotency_records WHERE client_id = ? AND idempotency_key = ?',
        s.client.clientId,
        key,
      );
      expect(record!.resource_id).toBe(first.sessionId);
      expect(record!.response_json).toMatch(/^sealed:/);
      expect(record!.response_json.includes(first.token)).toBe(false);
      const next = surface.data(await create(customerId, input));
      expect(next.sessionId).not.toBe(first.sessionId);
      expect(next.token).not.toBe(first.token);
    });
  });

  describe('revokeFrontendSession', () => {
    it('sets revokedAt (token null); again → 200 unchanged; an expired session → 200 unchanged, never revoked', async () => {
      const customerId = await s.customer();
      const session = await created(customerId, { origin: ORIGIN, ttlSeconds: 60 });
      server.clock.advance(1000);
      const revoked = surface.data(await revoke(session.sessionId));
      expect(revoked).toEqual({ ...session, token: null, revokedAt: revoked.revokedAt });
      expect(Date.parse(revoked.revokedAt)).toBeGreaterThan(Date.parse(session.createdAt));
      server.clock.advance(1000);
      expect(surface.data(await revoke(session.sessionId))).toEqual(revoked);
      expect((await rowsOf(customerId))[0]!.revoked_at).toBe(revoked.revokedAt);

      const expiring = await created(customerId, { origin: ORIGIN, ttlSeconds: 60 });
      server.clock.advance(60_000);
      expect(surface.data(await revoke(expiring.sessionId))).toEqual({ ...expiring, token: null });
      expect((await rowsOf(customerId)).find((r) => r.session_id === expiring.sessionId)!.revoked_at).toBeNull();
    });

    it('a replay answers the stored revocation; the session: unknown → 404 NOT_FOUND, another partner’s → 403 FORBIDDEN, not an id → 400', async () => {
      const customerId = await s.customer();
      const session = await created(customerId);
      const key = randomUUID();
      const revoked = surface.data(await revoke(session.sessionId, { idempotencyKey: key }));
      const replay = await revoke(session.sessionId, { idempotencyKey: key });
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(surface.data(replay)).toEqual(revoked);

      expectProblem(await revoke(randomUUID()), 404, 'NOT_FOUND');
      const other = await Scenario.create(server);
      const mine = await created(customerId);
      expectProblem(await revoke(mine.sessionId, undefined, other.client), 403, 'FORBIDDEN');
      expect((await rowsOf(customerId)).find((r) => r.session_id === mine.sessionId)!.revoked_at).toBeNull();
      expectProblem(await revoke('not-a-uuid'), 400, 'VALIDATION_FAILED', '/sessionId');
    });
  });

  describe('frontendSessions', () => {
    it('newest first, token always null; active true → unexpired and unrevoked, false → the others; pages', async () => {
      const customerId = await s.customer();
      const made: Session[] = [];
      for (const ttlSeconds of [60, 3600, 3600]) {
        made.push(await created(customerId, { origin: ORIGIN, ttlSeconds }));
        server.clock.advance(10);
      }
      surface.data(await revoke(made[1]!.sessionId));
      server.clock.advance(60_000); // the first expires
      const all = surface.data(await list(customerId));
      expect(all.items.map((x: Session) => x.sessionId)).toEqual([made[2]!, made[1]!, made[0]!].map((x) => x.sessionId));
      expect(all.items.every((x: Session) => x.token === null)).toBe(true);
      expect(all.pageInfo).toEqual({ hasNextPage: false, endCursor: expect.any(String) });
      expect(surface.data(await list(customerId, { active: true })).items.map((x: Session) => x.sessionId)).toEqual([made[2]!.sessionId]);
      expect(surface.data(await list(customerId, { active: false })).items.map((x: Session) => x.sessionId)).toEqual([made[1]!.sessionId, made[0]!.sessionId]);
      const page1 = surface.data(await list(customerId, { first: 2 }));
      expect(page1.items).toHaveLength(2);
      expect(page1.pageInfo.hasNextPage).toBe(true);
      const page2 = surface.data(await list(customerId, { first: 2, after: page1.pageInfo.endCursor }));
      expect(page2.items.map((x: Session) => x.sessionId)).toEqual([made[0]!.sessionId]);
      expect(page2.pageInfo.hasNextPage).toBe(false);
      // A customer without sessions: an empty page.
      expect(surface.data(await list(await s.customer()))).toEqual({ items: [], pageInfo: { hasNextPage: false, endCursor: null } });
    });

    it('the customer: unknown → 404 CUSTOMER_NOT_FOUND; another partner’s → 403 FORBIDDEN', async () => {
      expectProblem(await list(randomUUID()), 404, 'CUSTOMER_NOT_FOUND');
      const other = await Scenario.create(server);
      expectProblem(await list(await s.customer(), {}, other.client), 403, 'FORBIDDEN');
    });
  });
});

describe('§17.1 REST: `active` is exactly true or false', () => {
  it('another value → 400 VALIDATION_FAILED /active; an empty one is the parameter absent', async () => {
    const customerId = await s.customer();
    const path = `/partner/v1/customers/${customerId}/frontend-sessions`;
    for (const v of ['yes', '1', 'TRUE', 'False'])
      expectRestProblem(await server.request(s.client, 'GET', `${path}?active=${v}`), 400, 'VALIDATION_FAILED', { pointer: '/active', message: v });
    expect((await server.request(s.client, 'GET', `${path}?active=`)).status).toBe(200);
  });
});

describe('§17.1 a suspension revokes the customer’s sessions; §17.3 an origin removal revokes the sessions bound to it', () => {
  const make = async (client: Client, customerId: string, origin = ORIGIN): Promise<Session> => graphql.data(await graphql.create(server, client, customerId, { origin }));
  const rowOf = async (sessionId: string) => (await server.db.get<{ revoked_at: string | null }>('SELECT revoked_at FROM frontend_sessions WHERE session_id = ?', sessionId))!;

  it('suspend: every unrevoked session of the customer revoked in its transaction; an earlier revocation and other customers’ sessions kept; reactivate gives none back', async () => {
    const customerId = await s.customer();
    const bystander = await s.customer();
    const early = await make(s.client, customerId);
    const revokedEarly = graphql.data(await graphql.revoke(server, s.client, early.sessionId));
    server.clock.advance(1000);
    const a = await make(s.client, customerId);
    const b = await make(s.client, customerId, OTHER_ORIGIN);
    const kept = await make(s.client, bystander);
    const before = new Date().toISOString();
    await server.operator((db) => suspendCustomer(db, customerId, true));
    for (const x of [a, b]) expect((await rowOf(x.sessionId)).revoked_at! >= before).toBe(true);
    expect((await rowOf(early.sessionId)).revoked_at).toBe(revokedEarly.revokedAt);
    expect((await rowOf(kept.sessionId)).revoked_at).toBeNull();
    expect(graphql.data(await graphql.list(server, s.client, customerId, { active: true })).items).toEqual([]);
    // Suspending again changes nothing; reactivating leaves them revoked.
    const revokedAt = (await rowOf(a.sessionId)).revoked_at;
    await server.operator((db) => suspendCustomer(db, customerId, true));
    await server.operator((db) => suspendCustomer(db, customerId, false));
    expect((await rowOf(a.sessionId)).revoked_at).toBe(revokedAt);
    expect(graphql.data(await graphql.list(server, s.client, customerId, { active: true })).items).toEqual([]);
  });

  it('origin remove: the client’s sessions bound to it revoked in its transaction, others kept; the origin then refused', async () => {
    const other = await Scenario.create(server);
    const origin = `https://${randomUUID().slice(0, 8)}.example.com`;
    await registerOrigin(s.client, origin);
    await registerOrigin(other.client, origin);
    const c1 = await s.customer();
    const c2 = await s.customer();
    const bound = [await make(s.client, c1, origin), await make(s.client, c2, origin)];
    const elsewhere = await make(s.client, c1, ORIGIN);
    const theirs = await make(other.client, await other.customer(), origin);
    const result = await server.operator((db) => removeClientOrigin(db, s.client.clientId, origin, false));
    expect(result).toEqual({ clientId: s.client.clientId, origins: expect.not.arrayContaining([origin]), revokedSessions: 2 });
    for (const x of bound) expect((await rowOf(x.sessionId)).revoked_at).not.toBeNull();
    expect((await rowOf(elsewhere.sessionId)).revoked_at).toBeNull();
    expect((await rowOf(theirs.sessionId)).revoked_at).toBeNull();
    expectProblem(await graphql.create(server, s.client, c1, { origin }), 403, 'ORIGIN_NOT_ALLOWED');
    // Registered again: new sessions, the revoked ones stay revoked.
    await registerOrigin(s.client, origin);
    expect((await make(s.client, c1, origin)).revokedAt).toBeNull();
    for (const x of bound) expect((await rowOf(x.sessionId)).revoked_at).not.toBeNull();
  });
});

describe('§17.1, §17.3 racing creates: a suspension or an origin removal leaves no unrevoked session behind', () => {
  const unrevoked = (sql: string, ...params: unknown[]) => server.db.count(`SELECT COUNT(*) AS n FROM frontend_sessions WHERE revoked_at IS NULL AND ${sql}`, ...params);
  const racing = (client: Client, customerId: string, origin: string) =>
    Array.from({ length: 2 }, () => graphql.create(server, client, customerId, { origin }).then((r) => r.status));

  it('suspend racing creates: every create either refused (409) or revoked by the suspension', async () => {
    for (let round = 0; round < 5; round++) {
      const customerId = await s.customer();
      const [statuses] = await Promise.all([Promise.all(racing(s.client, customerId, ORIGIN)), server.operator((db) => suspendCustomer(db, customerId, true))]);
      for (const status of statuses) expect([200, 409]).toContain(status);
      expect(await unrevoked('customer_id = ?', customerId)).toBe(0);
    }
  });

  it('origin remove racing creates: every create either refused (403) or revoked by the removal', async () => {
    for (let round = 0; round < 5; round++) {
      const origin = `https://race-${round}-${randomUUID().slice(0, 8)}.example.com`;
      await registerOrigin(s.client, origin);
      const customerId = await s.customer();
      const [statuses] = await Promise.all([
        Promise.all(racing(s.client, customerId, origin)),
        server.operator((db) => removeClientOrigin(db, s.client.clientId, origin, false)),
      ]);
      for (const status of statuses) expect([200, 403]).toContain(status);
      expect(await unrevoked('client_id = ? AND origin = ?', s.client.clientId, origin)).toBe(0);
    }
  });
});

describe('§17.1 audit: create and revoke are audited; the token is never logged, audited or evented; sessions write no events', () => {
  let logged: TestServer;
  const lines: string[] = [];
  beforeAll(async () => {
    logged = await startTestServer();
    // The same service, logging everything into `lines`.
    await logged.service.stop();
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    logged.service = await startService(logged.config, { logger: pino({ level: 'trace' }, sink), clock: logged.clock.now });
  });
  afterAll(() => logged?.stop());

  it('one audit row per call (success, replay, refusal) with its target and result; no table or log line holds the token', async () => {
    const p = await Scenario.create(logged);
    await logged.operator((db) => addClientOrigin(db, p.client.clientId, ORIGIN, false));
    const customerId = await p.customer();
    const events = () => logged.db.count('SELECT COUNT(*) AS n FROM events WHERE customer_id = ?', customerId);
    const eventsBefore = await events();
    const key = randomUUID();
    const tokens: string[] = [];
    const gqlSession = graphql.data(await graphql.create(logged, p.client, customerId, { origin: ORIGIN }, { idempotencyKey: key }));
    tokens.push(gqlSession.token);
    graphql.data(await graphql.create(logged, p.client, customerId, { origin: ORIGIN }, { idempotencyKey: key }));
    const restSession = rest.data(await rest.create(logged, p.client, customerId, { origin: ORIGIN }));
    tokens.push(restSession.token);
    expectProblem(await rest.create(logged, p.client, customerId, { origin: OTHER_ORIGIN }), 403, 'ORIGIN_NOT_ALLOWED');
    rest.data(await rest.revoke(logged, p.client, gqlSession.sessionId));
    graphql.data(await graphql.revoke(logged, p.client, restSession.sessionId));

    const audit = await logged.db.all<{ operation: string; target_id: string; status: number; problem_code: string | null; result_id: string | null; replayed: unknown }>(
      'SELECT operation, target_id, status, problem_code, result_id, CASE WHEN replayed THEN 1 ELSE 0 END AS replayed FROM audit_events WHERE client_id = ? AND operation LIKE ? ORDER BY id',
      p.client.clientId,
      '%FrontendSession',
    );
    expect(audit).toEqual([
      { operation: 'createFrontendSession', target_id: customerId, status: 200, problem_code: null, result_id: gqlSession.sessionId, replayed: 0 },
      { operation: 'createFrontendSession', target_id: customerId, status: 200, problem_code: null, result_id: gqlSession.sessionId, replayed: 1 },
      { operation: 'createFrontendSession', target_id: customerId, status: 200, problem_code: null, result_id: restSession.sessionId, replayed: 0 },
      { operation: 'createFrontendSession', target_id: customerId, status: 403, problem_code: 'ORIGIN_NOT_ALLOWED', result_id: null, replayed: 0 },
      { operation: 'revokeFrontendSession', target_id: gqlSession.sessionId, status: 200, problem_code: null, result_id: gqlSession.sessionId, replayed: 0 },
      { operation: 'revokeFrontendSession', target_id: restSession.sessionId, status: 200, problem_code: null, result_id: restSession.sessionId, replayed: 0 },
    ]);
    expect(await events()).toBe(eventsBefore);
    expect(lines.length).toBeGreaterThan(0);
    const dump: string[] = [];
    for (const table of await logged.db.tables()) dump.push(JSON.stringify(await logged.db.all(`SELECT * FROM ${table}`)));
    const everything = dump.join('\n');
    expect(everything).toContain(gqlSession.sessionId);
    for (const token of tokens) {
      const raw = token.slice(4);
      for (const form of [token, raw, Buffer.from(raw, 'base64url').toString('hex')]) {
        expect(everything.includes(form), `a table holds ${form}`).toBe(false);
        expect(lines.some((l) => l.includes(form)), `a log line holds ${form}`).toBe(false);
      }
    }
  });
});
