// Lifecycle settled point 9: the webhook-endpoint operations on REST, each the GraphQL operation's rules
// in §9.4's rendering, idempotency and problems — create (the endpoint and its secret, replayed with the
// secret), the §9.3 pages with their filters as query parameters, the record, disable / enable, secret
// rotation; unknown → 404 NOT_FOUND, another partner's → 403, a malformed id → 400.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../helpers/harness.js';
import { expectRestProblem } from '../../helpers/problems.js';
import { dataOf, DELIVERIES, ENDPOINT, ENDPOINTS, insertDelivery, SECRET_FORMAT } from '../../helpers/webhooks.js';

const BASE = '/partner/v1/webhook-endpoints';

describe('webhook endpoints on REST (settled point 9)', () => {
  let server: TestServer;
  let client: Client;
  beforeAll(async () => {
    server = await startTestServer();
    client = await server.newClient();
  });
  afterAll(() => server?.stop());

  const create = (body: unknown, idempotencyKey?: string) => server.request(client, 'POST', BASE, { body, ...(idempotencyKey ? { idempotencyKey } : {}) });

  it('POST creates: the endpoint and its secret; the same key replays both; GET renders it as GraphQL does', async () => {
    const key = randomUUID();
    const body = { url: 'https://hooks.example.com/rest', types: ['crypto_deposit.completed'], description: 'REST' };
    const r = await create(body, key);
    expect(r.status, r.text).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['endpoint', 'secret']);
    expect(r.body.secret).toMatch(SECRET_FORMAT);
    expect(r.body.endpoint).toMatchObject({ url: body.url, types: body.types, description: 'REST', status: 'ENABLED', disabledAt: null });
    const replay = await create(body, key);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(r.body);

    const id = r.body.endpoint.endpointId as string;
    const got = await server.request(client, 'GET', `${BASE}/${id.toUpperCase()}`);
    expect(got.status, got.text).toBe(200);
    expect(got.body).toEqual(r.body.endpoint);
    expect(dataOf(await server.gql(client, ENDPOINT, { id }), 'webhookEndpoint')).toEqual(got.body);
    // §9.4: a GET carries no Idempotency-Key.
    expectRestProblem(await server.request(client, 'GET', `${BASE}/${id}`, { idempotencyKey: randomUUID() }), 400, 'IDEMPOTENCY_SCOPE_INVALID');
  });

  it('POST refuses as GraphQL does: no key, a URL outside §11.7, an unknown member', async () => {
    expectRestProblem(await server.request(client, 'POST', BASE, { body: { url: 'https://hooks.example.com/x' }, idempotencyKey: null }), 400, 'IDEMPOTENCY_KEY_MISSING');
    expectRestProblem(await create({ url: 'ftp://hooks.example.com/x' }), 400, 'VALIDATION_FAILED', '/url');
    expectRestProblem(await create({ url: 'https://hooks.example.com/x', secret: 'mine' }), 400, 'VALIDATION_FAILED', '/secret');
  });

  it('GET lists a §9.3 page: limit, cursor and statuses as query parameters, the same page as GraphQL', async () => {
    const other = await server.newClient();
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      const r = await server.request(other, 'POST', BASE, { body: { url: `https://hooks.example.com/${n}` } });
      ids.push(r.body.endpoint.endpointId);
      server.clock.advance(1000);
    }
    expect((await server.request(other, 'POST', `${BASE}/${ids[1]}/disable`)).body.status).toBe('DISABLED');
    const first = await server.request(other, 'GET', `${BASE}?limit=1&statuses=ENABLED`);
    expect(first.status, first.text).toBe(200);
    expect(first.body.items.map((e: { endpointId: string }) => e.endpointId)).toEqual([ids[2]]);
    expect(first.body.pageInfo.hasNextPage).toBe(true);
    const second = await server.request(other, 'GET', `${BASE}?limit=1&statuses=ENABLED&cursor=${encodeURIComponent(first.body.pageInfo.endCursor)}`);
    expect(second.body.items.map((e: { endpointId: string }) => e.endpointId)).toEqual([ids[0]]);
    expect(second.body.pageInfo.hasNextPage).toBe(false);
    const g = dataOf(await server.gql(other, ENDPOINTS, { first: 1, statuses: ['ENABLED'] }), 'webhookEndpoints');
    expect(g.items).toEqual(first.body.items);
    const all = await server.request(other, 'GET', BASE);
    expect(all.body.items.map((e: { endpointId: string }) => e.endpointId)).toEqual([...ids].reverse());
    expectRestProblem(await server.request(other, 'GET', `${BASE}?statuses=GONE`), 400, 'VALIDATION_FAILED', '/statuses');
    expectRestProblem(await server.request(other, 'GET', `${BASE}?limit=0`), 400, 'VALIDATION_FAILED', '/limit');
  });

  it('disable, enable and secret rotation: POST without input; a body member is refused', async () => {
    const created = (await create({ url: 'https://hooks.example.com/actions' })).body;
    const id = created.endpoint.endpointId as string;
    const disabled = await server.request(client, 'POST', `${BASE}/${id}/disable`, { body: {} });
    expect(disabled.status, disabled.text).toBe(200);
    expect(disabled.body).toMatchObject({ endpointId: id, status: 'DISABLED', disabledAt: expect.any(String) });
    const enabled = await server.request(client, 'POST', `${BASE}/${id}/enable`);
    expect(enabled.body).toMatchObject({ endpointId: id, status: 'ENABLED', disabledAt: null });
    const rotated = await server.request(client, 'POST', `${BASE}/${id}/secret-rotations`);
    expect(rotated.status, rotated.text).toBe(200);
    expect(rotated.body.endpoint.endpointId).toBe(id);
    expect(rotated.body.secret).toMatch(SECRET_FORMAT);
    expect(rotated.body.secret).not.toBe(created.secret);
    expectRestProblem(await server.request(client, 'POST', `${BASE}/${id}/disable`, { body: { reason: 'x' } }), 400, 'VALIDATION_FAILED', '/reason');
    expectRestProblem(await server.request(client, 'PUT', `${BASE}/${id}/enable`), 405, 'METHOD_NOT_ALLOWED');
  });

  it('deliveries: a §9.3 page under the endpoint, statuses and eventId as query parameters', async () => {
    const id = (await create({ url: 'https://hooks.example.com/deliveries' })).body.endpoint.endpointId as string;
    const t = (s: number) => new Date(server.clock.now().getTime() + s * 1000).toISOString();
    const eventId = randomUUID();
    const failed = await insertDelivery(server, { endpointId: id, status: 'FAILED', createdAt: t(1), eventId });
    await insertDelivery(server, { endpointId: id, status: 'SUCCEEDED', createdAt: t(2) });
    const cancelled = await insertDelivery(server, { endpointId: id, status: 'CANCELLED', createdAt: t(3) });
    const page = await server.request(client, 'GET', `${BASE}/${id}/deliveries?statuses=FAILED,CANCELLED`);
    expect(page.status, page.text).toBe(200);
    expect(page.body.items.map((d: { deliveryId: string }) => d.deliveryId)).toEqual([cancelled, failed]);
    expect(page.body.items[0].attempts).toEqual([]);
    const byEvent = await server.request(client, 'GET', `${BASE}/${id}/deliveries?statuses=FAILED,CANCELLED&eventId=${eventId}`);
    expect(byEvent.body.items.map((d: { deliveryId: string }) => d.deliveryId)).toEqual([failed]);
    const g = dataOf(await server.gql(client, DELIVERIES, { id, statuses: ['FAILED', 'CANCELLED'], eventId }), 'webhookDeliveries');
    expect(g.items).toEqual(byEvent.body.items);
    expectRestProblem(await server.request(client, 'GET', `${BASE}/${id}/deliveries?eventId=nope`), 400, 'VALIDATION_FAILED', '/eventId');
  });

  it('unknown endpoint → 404 NOT_FOUND on GET and every action; another partner’s → 403; a malformed id → 400', async () => {
    const unknown = randomUUID();
    for (const [method, path] of [
      ['GET', `${BASE}/${unknown}`],
      ['GET', `${BASE}/${unknown}/deliveries`],
      ['POST', `${BASE}/${unknown}/disable`],
      ['POST', `${BASE}/${unknown}/enable`],
      ['POST', `${BASE}/${unknown}/secret-rotations`],
    ] as const)
      expectRestProblem(await server.request(client, method, path), 404, 'NOT_FOUND', { message: `${method} ${path}` });
    const theirs = (await server.request(await server.newClient(), 'POST', BASE, { body: { url: 'https://hooks.example.com/theirs' } })).body.endpoint.endpointId;
    for (const [method, path] of [
      ['GET', `${BASE}/${theirs}`],
      ['GET', `${BASE}/${theirs}/deliveries`],
      ['POST', `${BASE}/${theirs}/disable`],
      ['POST', `${BASE}/${theirs}/secret-rotations`],
    ] as const)
      expectRestProblem(await server.request(client, method, path), 403, 'FORBIDDEN', { message: `${method} ${path}` });
    expectRestProblem(await server.request(client, 'GET', `${BASE}/not-a-uuid`), 400, 'VALIDATION_FAILED', '/endpointId');
  });
});
