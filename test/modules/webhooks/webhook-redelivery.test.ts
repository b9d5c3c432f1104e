// §11.5 redelivery (redeliverWebhookEvent, POST /partner/v1/webhook-endpoints/:endpointId/redeliveries):
// a new delivery of one of the partner's events to one of its ENABLED endpoints, received with the same
// webhook-id and body and verified with `standardwebhooks` (§11.6); outside the resource's order (D5):
// it neither waits for the resource's PENDING deliveries nor holds back later ones; D4 counts from the
// request; refusals (404 / 403 / 409) on both surfaces with nothing written.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomEthAddress, Scenario, TestServer, type Client, type Reply } from '../../helpers/harness.js';
import { expectGraphQLProblem, expectRestProblem } from '../../helpers/problems.js';
import { deliveriesOf, insertEndpoint, Receiver, withWebhookSettings, type Behaviour } from '../../helpers/receivers.js';
import { DELIVERIES, DELIVERY_FIELDS, dataOf } from '../../helpers/webhooks.js';

const RETRY_BASE_MS = 60_000;
const MAX_AGE_SECONDS = 3600;

const REDELIVER = `mutation ($id: UUID!, $input: RedeliverWebhookEventInput!) { redeliverWebhookEvent(endpointId: $id, input: $input) { ${DELIVERY_FIELDS} } }`;

let server: TestServer;
const receivers: Receiver[] = [];

beforeAll(async () => {
  // The worker's own timer barely runs: deliveries move when a test drains the worker.
  server = withWebhookSettings(new TestServer({ WORKER_POLL_INTERVAL_MS: '10000' }), {
    webhookTimeoutMs: 300,
    webhookRetryBaseMs: RETRY_BASE_MS,
    webhookRetryMaxDelayMs: 4 * RETRY_BASE_MS,
    webhookMaxAgeSeconds: MAX_AGE_SECONDS,
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

async function setup(r: Receiver, types?: string[]) {
  const s = await Scenario.create(server);
  const customerId = await s.customer();
  const { endpointId, secret } = await insertEndpoint(server, s.client.clientId, r.url, { types });
  r.secrets.push(secret);
  return { s, customerId, endpointId };
}

async function beneficiary(s: Scenario, customerId: string): Promise<string> {
  const r = await s.beneficiary(customerId, { walletAddress: randomEthAddress() });
  expect(r.status).toBe(200);
  return r.body.walletBeneficiaryId;
}

async function sync(s: Scenario, id: string): Promise<void> {
  expect((await server.request(s.client, 'POST', `/partner/v1/crypto/wallet-beneficiaries/${id}/sync`)).status).toBe(200);
}

async function eventIdsOf(resourceId: string): Promise<string[]> {
  const rows = await server.db.all<{ event_id: string }>('SELECT event_id FROM events WHERE resource_id = ? ORDER BY sequence', resourceId);
  return rows.map((r) => r.event_id);
}

const drain = () => server.service.worker.drain();
const gqlRedeliver = (c: Client, endpointId: string, eventId: string, key?: string) =>
  server.gql(c, REDELIVER, { id: endpointId, input: { eventId } }, key ? { idempotencyKey: key } : {});
const restRedeliver = (c: Client, endpointId: string, eventId: string) =>
  server.request(c, 'POST', `/partner/v1/webhook-endpoints/${endpointId}/redeliveries`, { body: { eventId } });
const deliveryCount = async () => Number((await server.db.all<{ n: number }>('SELECT COUNT(*) AS n FROM webhook_deliveries'))[0]!.n);

describe('a redelivery (§11.5, §11.6)', () => {
  it('GraphQL and REST: a new PENDING delivery of the event, received with the same webhook-id and bytes, signed; the first one unchanged', async () => {
    const r = await receiver(() => ({ status: 204 }));
    const { s, customerId, endpointId } = await setup(r);
    const [eventId] = await eventIdsOf(await beneficiary(s, customerId));
    await drain();
    expect(r.ids).toEqual([eventId]);
    const [first] = await deliveriesOf(server, endpointId);
    expect(first).toMatchObject({ event_id: eventId, status: 'SUCCEEDED' });

    const viaGraphql = dataOf(await gqlRedeliver(s.client, endpointId, eventId!), 'redeliverWebhookEvent');
    const viaRest = await restRedeliver(s.client, endpointId, eventId!);
    expect(viaRest.status).toBe(200);
    for (const d of [viaGraphql, viaRest.body])
      expect(d).toEqual({
        deliveryId: expect.any(String),
        endpointId,
        eventId,
        eventType: 'wallet_beneficiary.active',
        resourceId: first!.resource_id,
        sequence: 1,
        status: 'PENDING',
        attemptCount: 0,
        nextAttemptAt: d.createdAt,
        createdAt: expect.any(String),
        settledAt: null,
        attempts: [],
      });
    expect(viaRest.body.deliveryId).not.toBe(viaGraphql.deliveryId);

    await drain();
    expect(r.ids).toEqual([eventId, eventId, eventId]);
    expect(r.received.every((x) => x.verified)).toBe(true);
    expect(new Set(r.received.map((x) => x.body)).size).toBe(1);
    const rows = await deliveriesOf(server, endpointId);
    expect(rows.map((x) => [x.delivery_id, x.status])).toEqual([
      [first!.delivery_id, 'SUCCEEDED'],
      [viaGraphql.deliveryId, 'SUCCEEDED'],
      [viaRest.body.deliveryId, 'SUCCEEDED'],
    ]);
    // The event's deliveries to the endpoint: all three, newest first, each with its attempt.
    const page = dataOf(await server.gql(s.client, DELIVERIES, { id: endpointId, eventId }), 'webhookDeliveries');
    expect(page.items.map((d: { deliveryId: string }) => d.deliveryId)).toEqual([viaRest.body.deliveryId, viaGraphql.deliveryId, first!.delivery_id]);
    expect(page.items.map((d: { attempts: unknown[] }) => d.attempts.length)).toEqual([1, 1, 1]);
  });

  it('an idempotent replay answers the same delivery and writes none', async () => {
    const r = await receiver();
    const { s, customerId, endpointId } = await setup(r);
    const [eventId] = await eventIdsOf(await beneficiary(s, customerId));
    const key = randomUUID();
    const a = dataOf(await gqlRedeliver(s.client, endpointId, eventId!, key), 'redeliverWebhookEvent');
    const before = await deliveryCount();
    const b = dataOf(await gqlRedeliver(s.client, endpointId, eventId!, key), 'redeliverWebhookEvent');
    expect(b).toEqual(a);
    expect(await deliveryCount()).toBe(before);
  });

  it('whatever the endpoint’s types: the partner names the event', async () => {
    const r = await receiver();
    const { s, customerId, endpointId } = await setup(r, ['crypto_withdrawal.completed']);
    const [eventId] = await eventIdsOf(await beneficiary(s, customerId));
    await drain();
    expect(r.ids).toEqual([]);
    dataOf(await gqlRedeliver(s.client, endpointId, eventId!), 'redeliverWebhookEvent');
    await drain();
    expect(r.ids).toEqual([eventId]);
    expect(r.received[0]!.verified).toBe(true);
  });

  it('max age (D4) counts from the request: an event older than WEBHOOK_MAX_AGE_SECONDS is still redelivered', async () => {
    const r = await receiver();
    const { s, customerId, endpointId } = await setup(r);
    const [eventId] = await eventIdsOf(await beneficiary(s, customerId));
    await drain();
    server.clock.advance((MAX_AGE_SECONDS + 60) * 1000);
    const d = dataOf(await gqlRedeliver(s.client, endpointId, eventId!), 'redeliverWebhookEvent');
    await drain();
    expect(r.ids).toEqual([eventId, eventId]);
    expect((await deliveriesOf(server, endpointId)).find((x) => x.delivery_id === d.deliveryId)).toMatchObject({ status: 'SUCCEEDED' });
  });
});

describe('outside the resource’s order (D5)', () => {
  it('a redelivery does not wait for the resource’s PENDING deliveries, and a PENDING redelivery holds back none', async () => {
    let failing = new Set<string>();
    const r = await receiver((got) => (failing.has(got.headers['webhook-id'] as string) ? { status: 503 } : { status: 200 }));
    const { s, customerId, endpointId } = await setup(r);
    const a = await beneficiary(s, customerId);
    failing = new Set(await eventIdsOf(a)); // a1 fails, so a2 is held back
    await sync(s, a);
    await drain();
    const [a1, a2] = await eventIdsOf(a);
    expect(r.ids).toEqual([a1]);
    const held = (await deliveriesOf(server, endpointId)).find((x) => x.event_id === a2)!;
    expect(held).toMatchObject({ status: 'PENDING', next_attempt_at: null });

    // Not waiting: a2's redelivery goes out now, while a2's own delivery stays held back behind a1.
    const d2 = dataOf(await gqlRedeliver(s.client, endpointId, a2!), 'redeliverWebhookEvent');
    await drain();
    expect(r.ids).toEqual([a1, a2]);
    let rows = await deliveriesOf(server, endpointId);
    expect(rows.find((x) => x.delivery_id === d2.deliveryId)).toMatchObject({ status: 'SUCCEEDED' });
    expect(rows.find((x) => x.delivery_id === held.delivery_id)).toMatchObject({ status: 'PENDING', next_attempt_at: null });

    // Holding back none: b1's redelivery fails and stays PENDING; b's next event is due at once and goes out.
    const b = await beneficiary(s, customerId);
    await drain();
    const [b1] = await eventIdsOf(b);
    failing.add(b1!);
    const d1 = dataOf(await gqlRedeliver(s.client, endpointId, b1!), 'redeliverWebhookEvent');
    await drain();
    await sync(s, b);
    const [, b2] = await eventIdsOf(b);
    rows = await deliveriesOf(server, endpointId);
    expect(rows.find((x) => x.delivery_id === d1.deliveryId)).toMatchObject({ status: 'PENDING', attempt_count: 1 });
    expect(rows.find((x) => x.event_id === b2)!.next_attempt_at).not.toBeNull();
    await drain();
    expect(r.ids.filter((id) => id === b2)).toEqual([b2]);

    // When a1 succeeds, a2's own delivery is released as before (D5 unchanged by the redelivery).
    failing = new Set();
    server.clock.advance(RETRY_BASE_MS + 1000);
    await drain();
    rows = await deliveriesOf(server, endpointId);
    expect(rows.find((x) => x.delivery_id === held.delivery_id)).toMatchObject({ status: 'SUCCEEDED' });
    expect(rows.find((x) => x.delivery_id === d1.deliveryId)).toMatchObject({ status: 'SUCCEEDED' });
    expect(r.received.every((x) => x.verified)).toBe(true);
  });

  it('disabling the endpoint cancels a PENDING redelivery like any other', async () => {
    const r = await receiver(() => ({ status: 500 }));
    const { s, customerId, endpointId } = await setup(r);
    const [eventId] = await eventIdsOf(await beneficiary(s, customerId));
    const d = dataOf(await gqlRedeliver(s.client, endpointId, eventId!), 'redeliverWebhookEvent');
    await server.gql(s.client, `mutation ($id: UUID!) { disableWebhookEndpoint(endpointId: $id) { status } }`, { id: endpointId });
    const rows = await deliveriesOf(server, endpointId);
    expect(rows.find((x) => x.delivery_id === d.deliveryId)).toMatchObject({ status: 'CANCELLED' });
  });
});

describe('refusals (§11.4, §11.5), on both surfaces; nothing written', () => {
  it('unknown endpoint or event → 404 NOT_FOUND; another partner’s endpoint or event → 403 FORBIDDEN; DISABLED → 409 INVALID_STATE', async () => {
    const r = await receiver();
    const mine = await setup(r);
    const [myEvent] = await eventIdsOf(await beneficiary(mine.s, mine.customerId));
    const theirs = await setup(r);
    const [theirEvent] = await eventIdsOf(await beneficiary(theirs.s, theirs.customerId));
    const disabled = await insertEndpoint(server, mine.s.client.clientId, r.url, { status: 'DISABLED' });
    const c = mine.s.client;
    const before = await deliveryCount();

    const both = async (endpointId: string, eventId: string, status: number, code: string) => {
      expectGraphQLProblem(await gqlRedeliver(c, endpointId, eventId), status, code);
      expectRestProblem(await restRedeliver(c, endpointId, eventId), status, code);
    };
    await both(randomUUID(), myEvent!, 404, 'NOT_FOUND');
    await both(mine.endpointId, randomUUID(), 404, 'NOT_FOUND');
    await both(theirs.endpointId, myEvent!, 403, 'FORBIDDEN');
    await both(mine.endpointId, theirEvent!, 403, 'FORBIDDEN');
    // Another partner's event on a DISABLED endpoint: FORBIDDEN, before the endpoint's state.
    await both(disabled.endpointId, theirEvent!, 403, 'FORBIDDEN');
    await both(disabled.endpointId, myEvent!, 409, 'INVALID_STATE');
    expect(await deliveryCount()).toBe(before);
  });

  it('shape: a missing or malformed eventId → 400 VALIDATION_FAILED', async () => {
    const r = await receiver();
    const { s, endpointId } = await setup(r);
    const rest = (body: unknown): Promise<Reply> => server.request(s.client, 'POST', `/partner/v1/webhook-endpoints/${endpointId}/redeliveries`, { body });
    expectRestProblem(await rest({}), 400, 'VALIDATION_FAILED');
    expectRestProblem(await rest({ eventId: 'not-a-uuid' }), 400, 'VALIDATION_FAILED');
  });
});
