// §17.4 the live stream, HMAC-signed by the partner's backend with ?customerId=, and in a frontend
// session (a browser's bearer token and Origin): headers, start, every event of
// the customer's feed in feed order with the feed's cursors as ids, resume, refusals, keep-alive, the
// session's end, the streams per session, shutdown.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendEvent } from '../../../src/modules/events/repository.js';
import { revokeSession } from '../../../src/modules/frontend/repository.js';
import { encodeCursor } from '../../../src/core/pages.js';
import { randomEthAddress, Scenario, startTestServer, TestServer, type Client } from '../../helpers/harness.js';
import { expectGraphQLProblem, expectRestProblem } from '../../helpers/problems.js';
import { asBrowser, openSessionRecord, type OpenSession } from '../../helpers/frontend.js';
import { feedFrames, openBrowserStream, openStream, STREAM_PATH, type Frame, type SseStream } from '../../helpers/sse.js';

const ENV = {
  FRONTEND_STREAM_POLL_MS: '20',
  FRONTEND_STREAM_KEEPALIVE_MS: '100',
  FRONTEND_STREAM_SESSION_CHECK_MS: '20',
  FRONTEND_STREAMS_PER_SESSION: '2',
};

/** Events per read of the live feed: small, so that a catch-up and a tick cross pages. */
const PAGE = 3;

let server: TestServer;
let s: Scenario;
let other: Scenario;
const open: SseStream[] = [];

beforeAll(async () => {
  server = new TestServer(ENV);
  server.options = { liveFeedPageSize: PAGE };
  await server.start();
  s = await Scenario.create(server);
  other = await Scenario.create(server);
});

afterAll(async () => {
  for (const stream of open) await stream.drop();
  await server.stop();
});

async function stream(pathAndQuery: string, headers: Record<string, string> = {}, client: Client = s.client, lazy = false): Promise<SseStream> {
  const st = await openStream(server, client, pathAndQuery, headers, lazy);
  open.push(st);
  return st;
}

const get = (client: Client, on: TestServer = server) => (p: string) => on.request(client, 'GET', p);
const feed = (customerId: string, after?: string, client: Client = s.client) => feedFrames(get(client), customerId, after);

/** One change of the customer: a wallet beneficiary (its events). */
async function change(sc: Scenario, customerId: string): Promise<void> {
  const r = await sc.server.request(sc.client, 'POST', `/partner/v1/customers/${customerId}/crypto/wallet-beneficiaries`, {
    body: { ...sc.beneficiaryInput(), walletAddress: randomEthAddress() },
  });
  expect(r.status, r.text).toBe(200);
}

/** The stream's events, without the keep-alives. */
const eventsOf = (st: SseStream): Frame[] => st.events;

describe('GET /partner/v1/frontend/events/stream, signed by the partner (§17.4)', () => {
  it('answers 200 text/event-stream, no-store, with its head before any event', async () => {
    const customerId = await s.customer();
    const st = await stream(`${STREAM_PATH}?customerId=${customerId}`);
    expect(st.res.status).toBe(200);
    expect(st.res.headers.get('content-type')).toBe('text/event-stream');
    expect(st.res.headers.get('cache-control')).toBe('no-store');
    expect(st.res.headers.get('x-request-id')).toBeTruthy();
    expect(st.res.headers.get('content-length')).toBeNull();
    // The head arrived (fetch resolved) with no event behind it: the customer's own event is older.
    expect(eventsOf(st)).toEqual([]);
  });

  it('without a cursor starts at the feed’s end: only new events, each as the feed has it', async () => {
    const customerId = await s.customer();
    await change(s, customerId);
    const before = await feed(customerId);
    expect(before.length).toBeGreaterThan(1);
    const st = await stream(`${STREAM_PATH}?customerId=${customerId}`);
    await change(s, customerId);
    await change(s, customerId);
    const expected = await feed(customerId, before.at(-1)!.id);
    expect(expected.length).toBeGreaterThanOrEqual(2);
    await st.untilEvents(expected.length);
    expect(eventsOf(st)).toEqual(expected);
  });

  it('after a cursor (?after=): every later event of the customer, in feed order, exactly once; no other customer’s', async () => {
    const customerId = await s.customer();
    const sibling = await s.customer();
    const stranger = await other.customer();
    await change(s, customerId);
    await change(s, sibling);
    await change(s, customerId);
    const all = await feed(customerId);
    const st = await stream(`${STREAM_PATH}?customerId=${customerId}&after=${all[0]!.id}`);
    // Live changes of the customer, of another customer of the partner and of another partner's, interleaved.
    for (let i = 0; i < 3; i++) {
      await change(s, sibling);
      await change(other, stranger);
      await change(s, customerId);
    }
    const expected = await feed(customerId, all[0]!.id);
    await st.untilEvents(expected.length);
    // A last change: whatever the stream sent beyond the feed would be before its event.
    await change(s, customerId);
    const final = await feed(customerId, all[0]!.id);
    await st.untilEvents(final.length);
    expect(eventsOf(st)).toEqual(final);
    for (const f of eventsOf(st)) expect(JSON.parse(f.data!).customerId).toBe(customerId);
  });

  it('resumes with Last-Event-ID after a dropped connection: nothing lost, nothing repeated', async () => {
    const customerId = await s.customer();
    const start = (await feed(customerId)).at(-1)!.id!;
    const first = await stream(`${STREAM_PATH}?customerId=${customerId}&after=${start}`);
    await change(s, customerId);
    const firstPart = await feed(customerId, start);
    await first.untilEvents(firstPart.length);
    await first.drop();
    // Changes while no stream is open.
    await change(s, customerId);
    await change(s, customerId);
    const last = eventsOf(first).at(-1)!.id!;
    // The browser reconnects to the URL it opened (its ?after=) with the id of the last event it got.
    const second = await stream(`${STREAM_PATH}?customerId=${customerId}&after=${start}`, { 'last-event-id': last });
    await change(s, customerId);
    const expected = await feed(customerId, start);
    await second.untilEvents(expected.length - eventsOf(first).length);
    expect([...eventsOf(first), ...eventsOf(second)]).toEqual(expected);
  });

  it('catches up from far behind (more than a page of reads) and hands over to the poller without a gap', async () => {
    const customerId = await s.customer();
    // More events than a read takes (the server's reads are PAGE events here).
    for (let i = 0; i < 4; i++) await Promise.all(Array.from({ length: 4 }, () => change(s, customerId)));
    const st = await stream(`${STREAM_PATH}?customerId=${customerId}&after=${encodeCursor('events', s.client.clientId, [0])}`);
    // Several events in one tick: the poller's reads cross pages too.
    await Promise.all(Array.from({ length: 4 }, () => change(s, customerId)));
    const expected = await feed(customerId);
    await st.untilEvents(expected.length);
    await change(s, customerId);
    const final = await feed(customerId);
    await st.untilEvents(final.length);
    expect(eventsOf(st)).toEqual(final);
  });

  it('pauses a reader that does not keep up and catches it up by reads: every event once, in order', async () => {
    const customerId = await s.customer();
    await change(s, customerId);
    const like = (await server.db.get<{ type: string; resource_type: string }>('SELECT type, resource_type FROM events WHERE customer_id = ? ORDER BY position DESC', customerId))!;
    const start = (await feed(customerId)).at(-1)!.id!;
    const st = await stream(`${STREAM_PATH}?customerId=${customerId}&after=${start}`, {}, s.client, true);
    // Large events (set up through the database: their size is the point) until the connection is full.
    const pad = 'x'.repeat(64 * 1024);
    const paused = () => server.service.areas.frontend.feed.stats().paused > 0;
    // Through the events repository on the service's writer, so that on PostgreSQL each takes the feed's
    // lock as every event does (§11.3: the feed watermark never passes an uncommitted position).
    for (let i = 0; i < 2000 && !paused(); i++) {
      await server.service.engine.writer.run((x) =>
        appendEvent(x, {
          eventId: randomUUID(), clientId: s.client.clientId, customerId, type: like.type, resourceType: like.resource_type,
          resourceId: randomUUID(), data: JSON.stringify({ pad }), createdAt: new Date().toISOString(),
        }),
      );
      if (i % 20 === 19) await new Promise((r) => setTimeout(r, 50));
    }
    expect(paused()).toBe(true);
    st.read();
    await change(s, customerId);
    const startPosition = JSON.parse(Buffer.from(start, 'base64url').toString())[2] as number;
    const rows = await server.db.all<{ position: number | string; event_id: string; type: string }>(
      'SELECT position, event_id, type FROM events WHERE customer_id = ? AND position > ? ORDER BY position', customerId, startPosition,
    );
    await st.untilEvents(rows.length, 20_000);
    expect(eventsOf(st).map((f) => [f.id, f.event, JSON.parse(f.data!).eventId])).toEqual(
      rows.map((r) => [encodeCursor('events', s.client.clientId, [Number(r.position)]), r.type, r.event_id]),
    );
    expect(server.service.areas.frontend.feed.stats().paused).toBe(0);
  });

  it('sends `: keep-alive` comments between events', async () => {
    const customerId = await s.customer();
    const st = await stream(`${STREAM_PATH}?customerId=${customerId}`);
    await st.until((x) => x.frames.filter((f) => f.comment === 'keep-alive').length >= 2);
    expect(st.frames.every((f) => f.comment === 'keep-alive' && Object.keys(f).length === 1)).toBe(true);
  });

  it('refuses before the stream opens: the customer, the cursors, the method (problem documents)', async () => {
    const customerId = await s.customer();
    const req = (path: string, headers: Record<string, string> = {}, client = s.client) => server.request(client, 'GET', path, { headers });
    expectRestProblem(await req(STREAM_PATH), 400, 'VALIDATION_FAILED', { pointer: '/customerId' });
    expectRestProblem(await req(`${STREAM_PATH}?customerId=nope`), 400, 'VALIDATION_FAILED', { pointer: '/customerId' });
    expectRestProblem(await req(`${STREAM_PATH}?customerId=${customerId}&limit=5`), 400, 'VALIDATION_FAILED', { pointer: '/limit' });
    expectRestProblem(await req(`${STREAM_PATH}?customerId=${customerId}&after=not-a-cursor`), 400, 'VALIDATION_FAILED', { pointer: '/after' });
    // Another partner's cursor, and another list's.
    const foreign = encodeCursor('events', other.client.clientId, [1]);
    expectRestProblem(await req(`${STREAM_PATH}?customerId=${customerId}&after=${foreign}`), 400, 'VALIDATION_FAILED', { pointer: '/after' });
    const otherList = encodeCursor('cryptoWithdrawals', `${s.client.clientId}/${customerId}`, ['2026-01-01T00:00:00.000Z', randomUUID()]);
    expectRestProblem(await req(`${STREAM_PATH}?customerId=${customerId}&after=${otherList}`), 400, 'VALIDATION_FAILED', { pointer: '/after' });
    expectRestProblem(await req(`${STREAM_PATH}?customerId=${customerId}`, { 'last-event-id': foreign }), 400, 'VALIDATION_FAILED', { pointer: '/Last-Event-ID' });
    // A position below the feed's first, signed for this partner: no cursor the service issued, not the beginning.
    for (const position of [-1, -1000]) {
      const negative = encodeCursor('events', s.client.clientId, [position]);
      expectRestProblem(await req(`${STREAM_PATH}?customerId=${customerId}&after=${negative}`), 400, 'VALIDATION_FAILED', { pointer: '/after' });
      expectRestProblem(await req(`${STREAM_PATH}?customerId=${customerId}`, { 'last-event-id': negative }), 400, 'VALIDATION_FAILED', { pointer: '/Last-Event-ID' });
    }
    expectRestProblem(await req(`${STREAM_PATH}?customerId=${randomUUID()}`), 404, 'CUSTOMER_NOT_FOUND');
    expectRestProblem(await req(`${STREAM_PATH}?customerId=${customerId}`, {}, other.client), 403, 'FORBIDDEN');
    const post = await server.request(s.client, 'POST', `${STREAM_PATH}?customerId=${customerId}`, { idempotencyKey: null });
    expectRestProblem(post, 405, 'METHOD_NOT_ALLOWED');
    expect(post.headers.get('allow')).toBe('GET');
    expectRestProblem(await server.request(s.client, 'GET', `${STREAM_PATH}?customerId=${customerId}`, { sign: false }), 401, 'AUTH_HEADERS_MISSING');
    expectRestProblem(await server.request(s.client, 'GET', `${STREAM_PATH}?customerId=${customerId}`, { idempotencyKey: randomUUID() }), 400, 'IDEMPOTENCY_SCOPE_INVALID');
  });

  it('events(after:) refuses a negative position too, on both surfaces (§9.3: not a cursor of the list)', async () => {
    const negative = encodeCursor('events', s.client.clientId, [-1]);
    const r = await server.gql(s.client, 'query($after: String) { events(after: $after) { items { eventId } } }', { after: negative });
    expectGraphQLProblem(r, 400, 'VALIDATION_FAILED', { pointer: '/after' });
    expectRestProblem(await server.request(s.client, 'GET', `/partner/v1/events?cursor=${negative}`), 400, 'VALIDATION_FAILED', { pointer: '/cursor' });
  });

  it('Last-Event-ID wins over ?after=', async () => {
    const customerId = await s.customer();
    await change(s, customerId);
    const all = await feed(customerId);
    const st = await stream(`${STREAM_PATH}?customerId=${customerId}&after=${all[0]!.id}`, { 'last-event-id': all.at(-2)!.id! });
    await st.untilEvents(1);
    await change(s, customerId);
    const expected = await feed(customerId, all.at(-2)!.id);
    await st.untilEvents(expected.length);
    expect(eventsOf(st)).toEqual(expected);
  });
});

describe('the stream of a frontend session (§17.4)', () => {
  const ORIGIN = 'https://app.example';
  const session = (customerId: string, ttlMs = 600_000): Promise<OpenSession> =>
    openSessionRecord(server, s.client.clientId, customerId, ORIGIN, { ttlSeconds: ttlMs / 1000 });
  const browserStream = async (sess: OpenSession, pathAndQuery = STREAM_PATH): Promise<SseStream> => {
    const st = await openBrowserStream(server, sess, pathAndQuery);
    open.push(st);
    return st;
  };

  it('streams the session’s customer; naming another customer is 403', async () => {
    const customerId = await s.customer();
    const sess = await session(customerId);
    const st = await browserStream(sess);
    const start = (await feed(customerId)).at(-1)!.id;
    await change(s, customerId);
    const expected = await feed(customerId, start);
    await st.untilEvents(expected.length);
    expect(eventsOf(st)).toEqual(expected);
    const sibling = await s.customer();
    const r = await asBrowser(server, sess, 'GET', `${STREAM_PATH}?customerId=${sibling}`);
    expectRestProblem(r, 403, 'FORBIDDEN');
    await st.drop();
  });

  it('resumes with Last-Event-ID after a dropped connection: nothing lost, nothing repeated', async () => {
    const customerId = await s.customer();
    const sess = await session(customerId);
    await change(s, customerId);
    const first = await browserStream(sess, `${STREAM_PATH}?after=${(await feed(customerId))[0]!.id}`);
    await first.untilEvents(1);
    await first.drop();
    const lastId = eventsOf(first).at(-1)!.id!;
    await change(s, customerId);
    const st = await openBrowserStream(server, sess, STREAM_PATH, { 'last-event-id': lastId });
    open.push(st);
    const expected = await feed(customerId, lastId);
    await st.untilEvents(expected.length);
    expect(eventsOf(st)).toEqual(expected);
  });

  it('ends at the session’s expiresAt (the clock) with session_ended "expired", no id', async () => {
    const customerId = await s.customer();
    const sess = await session(customerId, 60_000);
    const st = await browserStream(sess);
    server.clock.advance(60_000);
    await st.until((x) => x.ended);
    expect(eventsOf(st)).toEqual([{ event: 'session_ended', data: '{"reason":"expired"}' }]);
    expect(st.rest).toBe('');
  });

  it('ends within a check of its revocation with session_ended "revoked"', async () => {
    const customerId = await s.customer();
    const sess = await session(customerId);
    const st = await browserStream(sess);
    await change(s, customerId);
    await st.untilEvents(1);
    await server.operator((engine) => engine.writer.run((x) => revokeSession(x, sess.sessionId, server.clock.now().toISOString())));
    await st.until((x) => x.ended, 1_000);
    expect(eventsOf(st).at(-1)).toEqual({ event: 'session_ended', data: '{"reason":"revoked"}' });
    expect(eventsOf(st).slice(0, -1).every((f) => f.id !== undefined)).toBe(true);
  });

  it('at most FRONTEND_STREAMS_PER_SESSION open streams per session (429); a closed one frees its slot', async () => {
    const customerId = await s.customer();
    const sess = await session(customerId);
    const slots = () => server.db.count('SELECT COUNT(*) AS n FROM frontend_stream_slots WHERE session_id = ?', sess.sessionId);
    const a = await browserStream(sess);
    await browserStream(sess);
    const refused = await asBrowser(server, sess, 'GET', STREAM_PATH);
    expectRestProblem(refused, 429, 'RATE_LIMITED');
    // Another session of the same customer has slots of its own.
    const b = await browserStream(await session(customerId));
    expect(b.res.status).toBe(200);
    await a.drop();
    const end = Date.now() + 2_000;
    while ((await slots()) !== 1) {
      if (Date.now() > end) throw new Error('the dropped stream kept its slot');
      await new Promise((r) => setTimeout(r, 10));
    }
    const again = await browserStream(sess);
    expect(again.res.status).toBe(200);
  });

  it('a slot held by a process whose lease ran out is free again', async () => {
    const customerId = await s.customer();
    const sess = await session(customerId);
    const now = server.clock.now().toISOString();
    await server.db.run('INSERT INTO frontend_stream_processes (process_id, alive_until) VALUES (?, ?)', 'crashed', now);
    for (const slot of [0, 1])
      await server.db.run('INSERT INTO frontend_stream_slots (session_id, slot, process_id, opened_at) VALUES (?, ?, ?, ?)', sess.sessionId, slot, 'crashed', now);
    const st = await browserStream(sess);
    expect(st.res.status).toBe(200);
    expect(await server.db.count("SELECT COUNT(*) AS n FROM frontend_stream_slots WHERE session_id = ? AND process_id = 'crashed'", sess.sessionId)).toBe(1);
  });
});

describe('a stream that starts ahead of the poller (§17.4)', () => {
  it('gets none of the events the poller has still to hand out from before its start', async () => {
    // The poller reads every 900 ms: a stream opened just after a change starts past the poller's position.
    const slow = await startTestServer({ ...ENV, FRONTEND_STREAM_POLL_MS: '900' });
    try {
      const sc = await Scenario.create(slow);
      const keeper = await sc.customer();
      const customerId = await sc.customer();
      // A stream of another customer keeps the poller running at its pace.
      const kept = await openStream(slow, sc.client, `${STREAM_PATH}?customerId=${keeper}`);
      await change(sc, customerId);
      const st = await openStream(slow, sc.client, `${STREAM_PATH}?customerId=${customerId}`);
      const start = (await feedFrames(get(sc.client, slow), customerId)).at(-1)!.id;
      await change(sc, customerId);
      const expected = await feedFrames(get(sc.client, slow), customerId, start);
      await st.untilEvents(expected.length);
      expect(eventsOf(st)).toEqual(expected);
      await Promise.all([kept.drop(), st.drop()]);
    } finally {
      await slow.stop();
    }
  });
});

describe('shutdown (§17.4)', () => {
  it('ends every open stream cleanly (its body finished) and gives its slots back', async () => {
    const own = await startTestServer(ENV);
    try {
      const sc = await Scenario.create(own);
      const customerId = await sc.customer();
      const st = await openStream(own, sc.client, `${STREAM_PATH}?customerId=${customerId}`);
      expect(own.service.areas.frontend.feed.stats().open).toBe(1);
      await own.service.stop();
      await st.finished();
      expect(st.failed).toBeUndefined();
      expect(st.ended).toBe(true);
      expect(st.rest).toBe('');
      // stop() again below must not fail: start a fresh service for the harness's own stop.
      await own.start();
      expect(await own.db.count('SELECT COUNT(*) AS n FROM frontend_stream_slots')).toBe(0);
    } finally {
      await own.stop();
    }
  });
});
