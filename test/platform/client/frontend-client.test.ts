// FrontendClient (src/client/frontend-client.ts) against the real server, in Node as a page's code runs
// (its page's Origin given, as a browser sends it): a session the partner's backend made with
// createFrontendSession (§17.1), the customer's records read on both surfaces (§17.2), refusals as
// PartnerApiError with the contract's code, renewal after a revocation, and the live stream (§17.4):
// the feed's events with the feed's cursors, a resumption that repeats and loses nothing, and the
// final session_ended of a revocation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FrontendClient, PartnerApiError, PartnerClient, type StreamEvent, type StreamOutcome } from '../../../src/client/index.js';
import { addOrigin } from '../../../src/modules/frontend/index.js';
import { Scenario, startTestServer, type TestServer } from '../../helpers/harness.js';

const ORIGIN = 'http://localhost:5173';
let server: TestServer;
let s: Scenario;
let api: PartnerClient;

beforeAll(async () => {
  server = await startTestServer();
  s = await Scenario.create(server);
  api = new PartnerClient({ baseUrl: server.url, ...s.client, now: server.clock.now });
  await server.operator((db) => db.writer.run((tx) => addOrigin(tx, s.client.clientId, ORIGIN, server.clock.now().toISOString())));
});
afterAll(() => server.stop());

/** What the partner's backend does for a page: a session of the customer for the page's origin. */
async function session(customerId: string): Promise<{ sessionId: string; token: string }> {
  const { createFrontendSession } = await api.execute<{ createFrontendSession: { sessionId: string; token: string } }>(
    `mutation($c: UUID!, $i: CreateFrontendSessionInput!) { createFrontendSession(customerId: $c, input: $i) { sessionId token } }`,
    { c: customerId, i: { origin: ORIGIN } },
  );
  return createFrontendSession;
}

const revoke = (sessionId: string) => api.execute(`mutation($id: UUID!) { revokeFrontendSession(sessionId: $id) { revokedAt } }`, { id: sessionId });

/** The customer's feed as the partner reads it (§11.3): types and the cursor after the last. */
async function feed(customerId: string, after?: string) {
  const { events } = await api.execute<{ events: { items: { type: string }[]; pageInfo: { endCursor: string | null } } }>(
    `query($c: UUID!, $after: String) { events(customerId: $c, first: 100, after: $after) { items { type } pageInfo { endCursor } } }`,
    { c: customerId, after },
  );
  return { types: events.items.map((e) => e.type), endCursor: events.pageInfo.endCursor };
}

describe('FrontendClient on the real server', () => {
  it('reads its customer on GraphQL and REST; another customer is 403 FORBIDDEN; a wrong Origin 403 ORIGIN_NOT_ALLOWED', async () => {
    const customerId = await s.customer();
    const other = await s.customer();
    await s.deposit(customerId, '7000000');
    const { token } = await session(customerId);
    const client = new FrontendClient({ baseUrl: server.url, token, origin: ORIGIN });

    const data = await client.query<{ customer: { customerId: string }; customerBalances: { items: { availableMinor: string }[] } }>(
      `query($c: UUID!) { customer(customerId: $c) { customerId } customerBalances(customerId: $c) { items { availableMinor } } }`,
      { c: customerId },
    );
    expect(data).toEqual({ customer: { customerId }, customerBalances: { items: [{ availableMinor: '7000000' }] } });
    expect(await client.get(`/partner/v1/customers/${customerId}/balances`)).toMatchObject({ items: [{ currency: 'USDT', availableMinor: '7000000' }] });

    await expect(client.query(`query($c: UUID!) { customerBalances(customerId: $c) { items { currency } } }`, { c: other })).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
    await expect(client.get(`/partner/v1/customers/${other}/balances`)).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });

    const elsewhere = new FrontendClient({ baseUrl: server.url, token, origin: 'http://localhost:5174' });
    const refused = await elsewhere.get(`/partner/v1/customers/${customerId}/balances`).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PartnerApiError);
    expect(refused).toMatchObject({ status: 403, code: 'ORIGIN_NOT_ALLOWED' });
    expect((refused as PartnerApiError).requestId).toMatch(/.+/);
  });

  it('a revoked token is 401 AUTH_SESSION_INVALID; with renew, the call is made again with a new session', async () => {
    const customerId = await s.customer();
    const first = await session(customerId);
    await revoke(first.sessionId);
    const q = `query($c: UUID!) { customer(customerId: $c) { customerId } }`;
    await expect(new FrontendClient({ baseUrl: server.url, token: first.token, origin: ORIGIN }).query(q, { c: customerId })).rejects.toMatchObject({
      status: 401,
      code: 'AUTH_SESSION_INVALID',
    });

    let renewals = 0;
    const renew = async () => {
      renewals += 1;
      return (await session(customerId)).token;
    };
    const client = new FrontendClient({ baseUrl: server.url, token: first.token, origin: ORIGIN, renew });
    expect(await client.query(q, { c: customerId })).toEqual({ customer: { customerId } });
    expect(renewals).toBe(1);
    expect(client.token).not.toBe(first.token);
  });

  it('streams the feed with its cursors, resumes after the last id without repeating, and ends with session_ended when revoked', async () => {
    const customerId = await s.customer();
    const { sessionId, token } = await session(customerId);
    const client = new FrontendClient({ baseUrl: server.url, token, origin: ORIGIN });

    // The first stream: only new events (§17.4), so it is open before the deposit; the customer's
    // creation is in the feed already.
    const before = await feed(customerId);
    const first: StreamEvent[] = [];
    const stop = new AbortController();
    let opened!: () => void;
    const open = new Promise<void>((r) => (opened = r));
    const outcome1 = client.stream({ onEvent: (e) => first.push(e), onOpen: opened, signal: stop.signal });
    // Open, or the refusal that stopped it, named.
    await Promise.race([open, outcome1.then((o) => Promise.reject(new Error(`the stream stopped: ${o.kind === 'failed' ? o.error.message : o.kind}`)))]);
    await s.deposit(customerId, '3000000');
    const afterDeposit = await feed(customerId, before.endCursor ?? undefined);
    expect(afterDeposit.types).toContain('crypto_deposit.completed');
    await expect.poll(() => first.map((e) => e.type), { timeout: 5_000 }).toEqual(afterDeposit.types);
    expect(first.at(-1)!.id).toBe(afterDeposit.endCursor);
    expect(first.map((e) => e.data.type)).toEqual(first.map((e) => e.type));
    expect(first.every((e) => e.data.customerId === customerId)).toBe(true);
    stop.abort();
    expect(await outcome1).toEqual({ kind: 'aborted', lastEventId: afterDeposit.endCursor });

    // Closed, a second deposit, then a stream from the last id seen: exactly the events after it.
    await s.deposit(customerId, '4000000');
    const missed = await feed(customerId, afterDeposit.endCursor!);
    const second: StreamEvent[] = [];
    const ends: string[] = [];
    const outcome2: Promise<StreamOutcome> = client.stream({ after: first.at(-1)!.id, onEvent: (e) => second.push(e), onEnd: (r) => ends.push(r) });
    await expect.poll(() => second.map((e) => e.type), { timeout: 5_000 }).toEqual(missed.types);
    expect(second.at(-1)!.id).toBe(missed.endCursor);

    // §17.4: revoked, the stream ends within 1 s with session_ended, which carries no id.
    await revoke(sessionId);
    expect(await outcome2).toEqual({ kind: 'ended', reason: 'revoked', lastEventId: missed.endCursor });
    expect(ends).toEqual(['revoked']);
  });
});
