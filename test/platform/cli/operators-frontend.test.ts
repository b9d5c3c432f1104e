// test: slow — partnerctl client origin commands, customer suspend's revocations
// §17.3 partnerctl client origin add|remove|list, and §17.1's revocation by `customer suspend`, on a
// running test server's database (SQLite or PostgreSQL); a few runs are the real partnerctl process. Exit
// codes: 0 done, 1 a refusal with {"code", "detail"} on stderr, 2 a usage error with {"error"}.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addClientOrigin, MAX_ORIGINS_PER_CLIENT } from '../../../src/modules/frontend/operators.js';
import { Scenario, startTestServer, type Client, type TestServer } from '../../helpers/harness.js';
import { expectGraphQLProblem } from '../../helpers/problems.js';
import { partnerctlHere, partnerctlHereJson } from '../../helpers/partnerctl-here.js';
import { expectRefusal, expectUsage, processKit } from '../../helpers/processes.js';

const { partnerctl, partnerctlJson } = processKit({ tempPrefix: 'partner-ctl-frontend-' });

const CREATE = `mutation($customerId: UUID!, $input: CreateFrontendSessionInput!) { createFrontendSession(customerId: $customerId, input: $input) { sessionId revokedAt } }`;

describe('§17.3 partnerctl client origin', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  const ctl = (args: string[], extra: Record<string, string> = {}) => partnerctlHere(server.databaseUrl, args, extra);
  const origin = (args: string[], extra: Record<string, string> = {}) => ctl(['client', 'origin', ...args], extra);
  const originJson = (args: string[]) => partnerctlHereJson(server.databaseUrl, ['client', 'origin', ...args]);
  /** The real `partnerctl` process. */
  const spawned = {
    origin: (args: string[]) => partnerctl(server.databaseUrl, ['client', 'origin', ...args]),
    originJson: (args: string[]) => partnerctlJson(server.databaseUrl, ['client', 'origin', ...args]),
  };
  const stored = (clientId: string) =>
    server.db.all<{ origin: string }>('SELECT origin FROM client_origins WHERE client_id = ? ORDER BY origin', clientId).then((rows) => rows.map((r) => r.origin));
  async function session(client: Client, customerId: string, o: string) {
    const r = await server.gql(client, CREATE, { customerId, input: { origin: o } });
    expect(r.status, r.text).toBe(200);
    return r.body.data.createFrontendSession as { sessionId: string; revokedAt: string | null };
  }
  const revokedAt = async (sessionId: string) =>
    (await server.db.get<{ revoked_at: string | null }>('SELECT revoked_at FROM frontend_sessions WHERE session_id = ?', sessionId))!.revoked_at;

  it('add prints {"clientId", "origins"} with the origin as §17.3 serialises it; again (any spelling) unchanged; list prints the same', async () => {
    const { clientId } = await server.newClient();
    expect(await spawned.originJson(['add', '--client-id', clientId, '--origin', 'HTTPS://App.Example.com:443/'])).toEqual({ clientId, origins: ['https://app.example.com'] });
    expect(await originJson(['add', '--client-id', clientId, '--origin', 'http://localhost:3000'])).toEqual({
      clientId,
      origins: ['http://localhost:3000', 'https://app.example.com'],
    });
    expect(await originJson(['add', '--client-id', clientId, '--origin', 'https://app.example.com'])).toEqual({
      clientId,
      origins: ['http://localhost:3000', 'https://app.example.com'],
    });
    expect(await originJson(['list', '--client-id', clientId])).toEqual({ clientId, origins: ['http://localhost:3000', 'https://app.example.com'] });
    expect(await stored(clientId)).toEqual(['http://localhost:3000', 'https://app.example.com']);
    // A client without origins: an empty list.
    const other = await server.newClient();
    expect(await originJson(['list', '--client-id', other.clientId])).toEqual({ clientId: other.clientId, origins: [] });
  }, 90_000);

  it('refusals (exit 1): unknown client NOT_FOUND, not an origin VALIDATION_FAILED, removing one not registered NOT_FOUND; nothing written', async () => {
    const { clientId } = await server.newClient();
    for (const cmd of ['add', 'remove']) expectRefusal(await origin([cmd, '--client-id', 'no-such-client', '--origin', 'https://a.example.com']), 'NOT_FOUND', /client no-such-client/);
    expectRefusal(await spawned.origin(['list', '--client-id', 'no-such-client']), 'NOT_FOUND', /client no-such-client/);
    // The rest of §17.3's rules are normaliseOrigin's, which the API's suite covers case by case.
    expectRefusal(await origin(['add', '--client-id', clientId, '--origin', 'https://app.example.com/login']), 'VALIDATION_FAILED', /--origin must not carry a path/);
    expectRefusal(await origin(['remove', '--client-id', clientId, '--origin', 'https://a.example.com']), 'NOT_FOUND', /not registered/);
    expect(await stored(clientId)).toEqual([]);
  }, 90_000);

  it('usage errors (exit 2): a missing option, the group without its command', async () => {
    expectUsage(await spawned.origin(['add', '--client-id', 'acme']), /--origin/);
    expectUsage(await origin(['list']), /--client-id/);
    expectUsage(await ctl(['client', 'origin']), /client origin needs a command: add, remove, list/);
  }, 90_000);

  it(`at most ${MAX_ORIGINS_PER_CLIENT} per client: the next one is refused (INVALID_STATE); one already there is still accepted`, async () => {
    const { clientId } = await server.newClient();
    // The first ones as an operator's function, in-process: the limit is what is under test.
    for (let i = 1; i < MAX_ORIGINS_PER_CLIENT; i++) await server.operator((db) => addClientOrigin(db, clientId, `https://o${i}.example.com`, false));
    expect((await originJson(['add', '--client-id', clientId, '--origin', 'https://last.example.com'])).origins).toHaveLength(MAX_ORIGINS_PER_CLIENT);
    expectRefusal(await origin(['add', '--client-id', clientId, '--origin', 'https://one-more.example.com']), 'INVALID_STATE', /20 origins/);
    expect((await originJson(['add', '--client-id', clientId, '--origin', 'https://o1.example.com'])).origins).toHaveLength(MAX_ORIGINS_PER_CLIENT);
    expect(await stored(clientId)).not.toContain('https://one-more.example.com');
  }, 90_000);

  it('production: only https origins (http://localhost refused)', async () => {
    const { clientId } = await server.newClient();
    const production = { NODE_ENV: 'production', PARTNER_SECRET_KEY: randomBytes(32).toString('hex') };
    expectRefusal(await origin(['add', '--client-id', clientId, '--origin', 'http://localhost:3000'], production), 'VALIDATION_FAILED', /https/);
    const r = await origin(['add', '--client-id', clientId, '--origin', 'https://app.example.com'], production);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ clientId, origins: ['https://app.example.com'] });
  }, 90_000);

  it('remove revokes the client’s sessions bound to the origin and prints how many; the origin is then refused', async () => {
    const s = await Scenario.create(server);
    const other = await Scenario.create(server);
    const o = `https://${randomUUID().slice(0, 8)}.example.com`;
    for (const c of [s.client, other.client]) await originJson(['add', '--client-id', c.clientId, '--origin', o]);
    await originJson(['add', '--client-id', s.client.clientId, '--origin', 'https://kept.example.com']);
    const customerId = await s.customer();
    const bound = [await session(s.client, customerId, o), await session(s.client, customerId, o)];
    const kept = await session(s.client, customerId, 'https://kept.example.com');
    const theirs = await session(other.client, await other.customer(), o);
    expect(await originJson(['remove', '--client-id', s.client.clientId, '--origin', `${o.toUpperCase()}/`])).toEqual({
      clientId: s.client.clientId,
      origins: ['https://kept.example.com'],
      revokedSessions: 2,
    });
    for (const x of bound) expect(await revokedAt(x.sessionId)).not.toBeNull();
    expect(await revokedAt(kept.sessionId)).toBeNull();
    expect(await revokedAt(theirs.sessionId)).toBeNull();
    expectGraphQLProblem(await server.gql(s.client, CREATE, { customerId, input: { origin: o } }), 403, 'ORIGIN_NOT_ALLOWED');
  }, 90_000);

  it('§17.1 customer suspend revokes the customer’s sessions; reactivate gives none back', async () => {
    const s = await Scenario.create(server);
    await originJson(['add', '--client-id', s.client.clientId, '--origin', 'https://app.example.com']);
    const customerId = await s.customer();
    const a = await session(s.client, customerId, 'https://app.example.com');
    const other = await session(s.client, await s.customer(), 'https://app.example.com');
    const suspended = await partnerctlHereJson(server.databaseUrl, ['customer', 'suspend', '--customer-id', customerId]);
    expect(suspended).toMatchObject({ customerId, status: 'SUSPENDED' });
    expect(await revokedAt(a.sessionId)).toBe(suspended.suspendedAt);
    expect(await revokedAt(other.sessionId)).toBeNull();
    await partnerctlHereJson(server.databaseUrl, ['customer', 'reactivate', '--customer-id', customerId]);
    expect(await revokedAt(a.sessionId)).toBe(suspended.suspendedAt);
  }, 90_000);
});
