// §11.5 webhook delivery against real receivers on loopback ports: fan-out (D1), success and the failed
// attempts (D2), backoff due times against the injected clock (D3), max age (D4), order per resource
// (D5), the in-flight cap (D6), disabled endpoints, signing (§11.6) verified with `standardwebhooks`, and
// the production destination check at attempt time (§11.7).
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomEthAddress, Scenario, TestServer } from '../../helpers/harness.js';
import { attemptsOf, deliveriesOf, insertEndpoint, newWebhookSecret, Receiver, withWebhookSettings, type Behaviour } from '../../helpers/receivers.js';

const RETRY_BASE_MS = 60_000;
const RETRY_MAX_MS = 240_000;
const MAX_AGE_SECONDS = 3600;
const TIMEOUT_MS = 300;
const MAX_IN_FLIGHT = 2;

let server: TestServer;
const receivers: Receiver[] = [];

beforeAll(async () => {
  // The worker's own timer barely runs: deliveries move when a test drains the worker.
  server = withWebhookSettings(new TestServer({ WORKER_POLL_INTERVAL_MS: '10000' }), {
    webhookTimeoutMs: TIMEOUT_MS,
    webhookRetryBaseMs: RETRY_BASE_MS,
    webhookRetryMaxDelayMs: RETRY_MAX_MS,
    webhookMaxAgeSeconds: MAX_AGE_SECONDS,
    webhookMaxInFlightPerEndpoint: MAX_IN_FLIGHT,
  });
  await server.start();
});
afterAll(async () => {
  await server?.stop();
});
afterEach(async () => {
  for (const r of receivers.splice(0)) await r.close();
});

async function receiver(behave?: (r: Parameters<Receiver['behave']>[0], n: number) => Behaviour): Promise<Receiver> {
  const r = await Receiver.start(behave);
  r.clock = server.clock.now;
  receivers.push(r);
  return r;
}

/** A client with an endpoint per receiver (all types unless given). */
async function setup(...endpoints: { receiver: Receiver; types?: string[] }[]) {
  const s = await Scenario.create(server);
  const customerId = await s.customer();
  const ids: string[] = [];
  for (const e of endpoints) {
    const { endpointId, secret } = await insertEndpoint(server, s.client.clientId, e.receiver.url, { types: e.types });
    e.receiver.secrets.push(secret);
    ids.push(endpointId);
  }
  return { s, customerId, endpointIds: ids };
}

/** A beneficiary (event 1 of a new resource): its id. */
async function beneficiary(s: Scenario, customerId: string): Promise<string> {
  const r = await s.beneficiary(customerId, { walletAddress: randomEthAddress() });
  expect(r.status).toBe(200);
  return r.body.walletBeneficiaryId;
}

/** The next event of the resource (a sync: `wallet_beneficiary.updated`). */
async function sync(s: Scenario, id: string): Promise<void> {
  const r = await server.request(s.client, 'POST', `/partner/v1/crypto/wallet-beneficiaries/${id}/sync`);
  expect(r.status).toBe(200);
}

async function eventIdsOf(resourceId: string): Promise<string[]> {
  const rows = await server.db.all<{ event_id: string }>('SELECT event_id FROM events WHERE resource_id = ? ORDER BY sequence', resourceId);
  return rows.map((r) => r.event_id);
}

const drain = () => server.service.worker.drain();
const ms = (iso: string) => Date.parse(iso);
const idsFor = (r: Receiver, eventIds: string[]) => r.ids.filter((id) => eventIds.includes(id));

describe('fan-out and a delivered event (D1, D2, §11.6)', () => {
  it('one delivery per ENABLED subscribed endpoint, in the event transaction; the request is the signed feed item', async () => {
    const all = await receiver();
    const onlyRemoved = await receiver();
    const disabled = await receiver();
    const { s, customerId, endpointIds } = await setup({ receiver: all }, { receiver: onlyRemoved, types: ['wallet_beneficiary.removed'] });
    await insertEndpoint(server, s.client.clientId, disabled.url, { status: 'DISABLED' });
    const id = await beneficiary(s, customerId);
    const [eventId] = await eventIdsOf(id);
    // D1: written with the event, PENDING and due at its time, before any worker round.
    const event = await server.db.get<{ created_at: string }>('SELECT created_at FROM events WHERE event_id = ?', eventId);
    expect(await deliveriesOf(server, endpointIds[0]!)).toMatchObject([{ event_id: eventId, event_type: 'wallet_beneficiary.active', resource_id: id, sequence: 1 }]);
    expect(await deliveriesOf(server, endpointIds[1]!)).toEqual([]);
    expect(await server.db.count('SELECT COUNT(*) AS n FROM webhook_deliveries WHERE event_id = ?', eventId)).toBe(1);

    await drain();
    expect(all.received).toHaveLength(1);
    const got = all.received[0]!;
    expect(got.verified).toBe(true);
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['webhook-id']).toBe(eventId);
    expect(got.headers['webhook-timestamp']).toMatch(/^\d+$/);
    expect(got.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    // The body: the REST feed item of the event, byte for byte.
    const feed = await server.request(s.client, 'GET', `/partner/v1/events?resourceId=${id}`);
    expect(feed.status).toBe(200);
    expect(got.body).toBe(JSON.stringify(feed.body.items[0]));
    expect(got.event).toEqual(feed.body.items[0]);
    expect(onlyRemoved.received).toEqual([]);
    expect(disabled.received).toEqual([]);

    const [d] = await deliveriesOf(server, endpointIds[0]!);
    expect(d).toMatchObject({ status: 'SUCCEEDED', attempt_count: 1, next_attempt_at: null, settled_at: expect.any(String) });
    const attempts = await attemptsOf(server, d!.delivery_id);
    expect(attempts).toEqual([{ attempt_number: 1, started_at: expect.any(String), duration_ms: expect.any(Number), response_status: 204, error: null }]);
    expect(Number(got.headers['webhook-timestamp'])).toBe(Math.floor(ms(attempts[0]!.started_at) / 1000));
    expect(ms(d!.settled_at!)).toBe(ms(attempts[0]!.started_at) + attempts[0]!.duration_ms);
    expect(event!.created_at <= attempts[0]!.started_at).toBe(true);

    // The subscribed type reaches the second endpoint.
    expect((await server.request(s.client, 'POST', `/partner/v1/crypto/wallet-beneficiaries/${id}/removal`)).status).toBe(200);
    await drain();
    expect(onlyRemoved.ids).toEqual([(await eventIdsOf(id))[1]]);
    expect(onlyRemoved.received[0]!.event.type).toBe('wallet_beneficiary.removed');
    expect(onlyRemoved.received[0]!.verified).toBe(true);
  });

  it('every valid secret signs, newest first; an expired one does not', async () => {
    const r = await receiver();
    const s = await Scenario.create(server);
    const customerId = await s.customer();
    const now = server.clock.now().getTime();
    const [expired, older, primary] = [newWebhookSecret(), newWebhookSecret(), newWebhookSecret()];
    await insertEndpoint(server, s.client.clientId, r.url, {
      secrets: [
        { secret: primary, createdAt: new Date(now).toISOString() },
        { secret: older, createdAt: new Date(now - 1000).toISOString(), expiresAt: new Date(now + 3_600_000).toISOString() },
        { secret: expired, createdAt: new Date(now - 2000).toISOString(), expiresAt: new Date(now - 1).toISOString() },
      ],
    });
    await beneficiary(s, customerId);
    await drain();
    expect(r.received).toHaveLength(1);
    const sigs = (r.received[0]!.headers['webhook-signature'] as string).split(' ');
    expect(sigs).toHaveLength(2);
    for (const [secrets, ok] of [[[primary], true], [[older], true], [[expired], false]] as const) {
      r.secrets = [...secrets];
      expect((r as unknown as { verify(b: string, h: unknown): boolean }).verify(r.received[0]!.body, r.received[0]!.headers)).toBe(ok);
    }
  });
});

describe('failed attempts (D2)', () => {
  const cases: { name: string; behave: Behaviour | 'closed'; error: string; status: number | null }[] = [
    { name: '500', behave: { status: 500, body: 'x'.repeat(200_000) }, error: 'NON_2XX_RESPONSE', status: 500 },
    { name: '302 (not followed)', behave: { status: 302, headers: { location: 'http://127.0.0.1:1/elsewhere' } }, error: 'NON_2XX_RESPONSE', status: 302 },
    { name: 'a slow answer (beyond the timeout)', behave: { status: 200, delayMs: TIMEOUT_MS + 700 }, error: 'TIMEOUT', status: null },
    { name: 'no answer', behave: 'hang', error: 'TIMEOUT', status: null },
    { name: 'a connection reset', behave: 'reset', error: 'CONNECTION_FAILED', status: null },
    { name: 'a closed port', behave: 'closed', error: 'CONNECTION_FAILED', status: null },
  ];
  it.each(cases)('$name → $error, retried after the base delay', async ({ behave, error, status }) => {
    const r = await receiver(() => (behave === 'closed' ? { status: 204 } : behave));
    const { s, customerId, endpointIds } = await setup({ receiver: r });
    if (behave === 'closed') await r.close();
    await beneficiary(s, customerId);
    await drain();
    const [d] = await deliveriesOf(server, endpointIds[0]!);
    const [a] = await attemptsOf(server, d!.delivery_id);
    expect(a).toEqual({ attempt_number: 1, started_at: expect.any(String), duration_ms: expect.any(Number), response_status: status, error });
    if (error === 'TIMEOUT') expect(a!.duration_ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 5);
    if (error === 'TIMEOUT') expect(a!.duration_ms).toBeLessThan(TIMEOUT_MS + 500);
    expect(d).toMatchObject({ status: 'PENDING', attempt_count: 1, settled_at: null });
    expect(ms(d!.next_attempt_at!)).toBe(ms(a!.started_at) + a!.duration_ms + RETRY_BASE_MS);
    if (behave !== 'closed') expect(r.received).toHaveLength(1);
  });
});

describe('backoff, order and max age (D3, D4, D5)', () => {
  it('a failing resource holds back only its own later events; retries are due exactly at failure + min(base × 2^(k−1), max)', async () => {
    let failing = new Set<string>();
    const r = await receiver((got) => (failing.has(got.headers['webhook-id'] as string) ? { status: 503 } : { status: 200 }));
    const { s, customerId, endpointIds } = await setup({ receiver: r });
    const a = await beneficiary(s, customerId);
    failing = new Set(await eventIdsOf(a)); // A's first event fails until the test says otherwise
    const b = await beneficiary(s, customerId);
    await sync(s, a);
    await sync(s, b);
    await sync(s, a);
    await sync(s, b);
    await drain();
    const [a1, a2, a3] = await eventIdsOf(a);
    const bIds = await eventIdsOf(b);
    // B went through in order; A's first event failed once, its later ones are held back (no due time).
    expect(idsFor(r, bIds)).toEqual(bIds);
    expect(idsFor(r, [a1!, a2!, a3!])).toEqual([a1]);
    let rows = await deliveriesOf(server, endpointIds[0]!);
    const rowOf = (eventId: string) => rows.find((x) => x.event_id === eventId)!;
    expect(rows.filter((x) => bIds.includes(x.event_id)).map((x) => x.status)).toEqual(['SUCCEEDED', 'SUCCEEDED', 'SUCCEEDED']);
    expect([a2, a3].map((e) => rowOf(e!))).toMatchObject([
      { status: 'PENDING', next_attempt_at: null, attempt_count: 0 },
      { status: 'PENDING', next_attempt_at: null, attempt_count: 0 },
    ]);

    // Attempts 2..5 fail; each is due exactly at the failure + its delay, and not a moment before.
    const head = rowOf(a1!);
    const expected = [60_000, 120_000, 240_000, 240_000, 240_000];
    for (let k = 1; k <= 4; k++) {
      rows = await deliveriesOf(server, endpointIds[0]!);
      const attempts = await attemptsOf(server, head.delivery_id);
      expect(attempts).toHaveLength(k);
      const last = attempts[k - 1]!;
      expect(last).toMatchObject({ attempt_number: k, response_status: 503, error: 'NON_2XX_RESPONSE' });
      const due = ms(last.started_at) + last.duration_ms + expected[k - 1]!;
      expect(ms(rowOf(a1!).next_attempt_at!)).toBe(due);
      // Before the due time (the clock also moves with real time, hence the margin): nothing.
      server.clock.advance(due - server.clock.now().getTime() - 2000);
      await drain();
      expect(await attemptsOf(server, head.delivery_id)).toHaveLength(k);
      server.clock.advance(2000);
      await drain();
      expect(await attemptsOf(server, head.delivery_id)).toHaveLength(k + 1);
    }
    // Now it answers 2xx: A's held events follow, in order, on the same drain.
    failing = new Set();
    const attempts = await attemptsOf(server, head.delivery_id);
    const last = attempts[attempts.length - 1]!;
    server.clock.advance(ms(last.started_at) + last.duration_ms + expected[4]! - server.clock.now().getTime());
    await drain();
    expect(idsFor(r, [a1!, a2!, a3!])).toEqual([a1, a1, a1, a1, a1, a1, a2, a3]);
    rows = await deliveriesOf(server, endpointIds[0]!);
    expect(rows.map((x) => x.status)).toEqual(Array(6).fill('SUCCEEDED'));
    expect(rowOf(a1!).attempt_count).toBe(6);
    expect(r.received.every((x) => x.verified)).toBe(true);
  });

  it('max age: a delivery not SUCCEEDED by its event createdAt + WEBHOOK_MAX_AGE_SECONDS is FAILED, attempted or not; the next one then flows', async () => {
    let fail = true;
    const r = await receiver(() => (fail ? { status: 500 } : { status: 200 }));
    const { s, customerId, endpointIds } = await setup({ receiver: r });
    const c = await beneficiary(s, customerId);
    await sync(s, c);
    await drain();
    const [c1, c2] = await eventIdsOf(c);
    expect(r.ids).toEqual([c1]);
    let rows = await deliveriesOf(server, endpointIds[0]!);
    // Both expire in one jump; the held one was never attempted.
    server.clock.advance(ms(rows[1]!.event_created_at) + MAX_AGE_SECONDS * 1000 - server.clock.now().getTime());
    fail = false;
    await sync(s, c); // event 3: created now, young
    await drain();
    rows = await deliveriesOf(server, endpointIds[0]!);
    expect(rows.map((x) => [x.event_id, x.status])).toEqual([
      [c1, 'FAILED'],
      [c2, 'FAILED'],
      [(await eventIdsOf(c))[2], 'SUCCEEDED'],
    ]);
    expect(rows[1]!.attempt_count).toBe(0);
    expect(rows[0]!.next_attempt_at).toBeNull();
    expect(rows[0]!.settled_at).not.toBeNull();
    // The receiver sees the gap in sequence (settled point 7).
    expect(r.received.map((x) => x.event.sequence)).toEqual([1, 3]);
  });
});

describe('in flight per endpoint (D6)', () => {
  it(`at most ${MAX_IN_FLIGHT} requests at once to one endpoint; another endpoint is not held by it`, async () => {
    const slow = await receiver(() => ({ status: 200, delayMs: 100 }));
    const other = await receiver(() => ({ status: 200, delayMs: 100 }));
    const { s, customerId } = await setup({ receiver: slow }, { receiver: other });
    for (let i = 0; i < 6; i++) await beneficiary(s, customerId);
    await drain();
    expect(slow.received).toHaveLength(6);
    expect(other.received).toHaveLength(6);
    expect(slow.maxOpen).toBe(MAX_IN_FLIGHT);
    expect(other.maxOpen).toBe(MAX_IN_FLIGHT);
  });

  it('a failing resource takes at most one slot', async () => {
    const r = await receiver((got) => (got.event.resourceId === stuck ? 'hang' : { status: 200, delayMs: 50 }));
    let stuck = '';
    const { s, customerId } = await setup({ receiver: r });
    stuck = await beneficiary(s, customerId);
    await sync(s, stuck);
    await sync(s, stuck);
    for (let i = 0; i < 4; i++) await beneficiary(s, customerId);
    await drain();
    expect(r.received.filter((x) => x.event.resourceId === stuck)).toHaveLength(1);
    expect(r.received.filter((x) => x.event.resourceId !== stuck)).toHaveLength(4);
  });
});

describe('disabled endpoints (§11.4)', () => {
  it('no attempt starts after disabledAt, and events committed while DISABLED get no delivery', async () => {
    const r = await receiver(() => ({ status: 500 }));
    const { s, customerId, endpointIds } = await setup({ receiver: r });
    const id = await beneficiary(s, customerId);
    await drain();
    expect(r.received).toHaveLength(1);
    await server.db.run(`UPDATE webhook_endpoints SET status = 'DISABLED', disabled_at = ? WHERE endpoint_id = ?`, server.clock.now().toISOString(), endpointIds[0]);
    server.clock.advance(RETRY_BASE_MS + 1000);
    await sync(s, id);
    await drain();
    expect(r.received).toHaveLength(1);
    expect(await deliveriesOf(server, endpointIds[0]!)).toHaveLength(1);
  });
});

describe('destination at attempt time in production (§11.7)', () => {
  let prod: TestServer;
  beforeAll(async () => {
    prod = await withWebhookSettings(new TestServer({ NODE_ENV: 'production', WORKER_POLL_INTERVAL_MS: '10000' }), { webhookTimeoutMs: TIMEOUT_MS }).start();
  });
  afterAll(async () => {
    await prod?.stop();
  });

  it.each(['127.0.0.1', 'localhost'])('a host resolving to a refused address (%s): DESTINATION_NOT_ALLOWED, no connection', async (host) => {
    const r = await receiver();
    const s = await Scenario.create(prod);
    const customerId = await s.customer();
    const { endpointId } = await insertEndpoint(prod, s.client.clientId, r.url.replace('127.0.0.1', host));
    const b = await s.beneficiary(customerId, { walletAddress: randomEthAddress() });
    expect(b.status).toBe(200);
    await prod.service.worker.drain();
    const [d] = await deliveriesOf(prod, endpointId);
    expect(d).toMatchObject({ status: 'PENDING', attempt_count: 1 });
    expect(await attemptsOf(prod, d!.delivery_id)).toEqual([
      { attempt_number: 1, started_at: expect.any(String), duration_ms: expect.any(Number), response_status: null, error: 'DESTINATION_NOT_ALLOWED' },
    ]);
    expect(r.received).toEqual([]);
    expect(r.maxOpen).toBe(0);
  });

  it('outside production the same URL is delivered (no check)', async () => {
    const r = await receiver();
    const { s, customerId } = await setup({ receiver: r });
    await beneficiary(s, customerId);
    await drain();
    expect(r.received).toHaveLength(1);
    expect(randomUUID()).toBeTruthy();
  });
});
