// §11.4 webhook endpoints over GraphQL (their REST paths: webhook-rest.test.ts): input and URL rules, ownership,
// the 10-ENABLED limit (also under concurrent creates), the ENABLED ⇄ DISABLED machine and its
// cancellations, the deliveries list, secrets and rotation overlap, replays, and secrets at rest.
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService } from '../../../src/service.js';
import { startTestServer, type Client, type TestServer } from '../../helpers/harness.js';
import { expectGraphQLProblem } from '../../helpers/problems.js';
import {
  CREATE,
  createEndpoint,
  dataOf,
  DELIVERIES,
  DISABLE,
  ENABLE,
  ENDPOINT,
  ENDPOINTS,
  insertDelivery,
  ROTATE,
  SECRET_FORMAT,
  secretsNow,
} from '../../helpers/webhooks.js';

const OVERLAP_SECONDS = 3600;
const iso = (ms: number) => new Date(ms).toISOString();

describe('§11.4 webhook endpoints', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ WEBHOOK_SECRET_OVERLAP_SECONDS: String(OVERLAP_SECONDS) });
  });
  afterAll(() => server?.stop());

  const count = (sql: string, ...params: unknown[]) => server.db.count(sql, ...params);

  it('create: an ENABLED endpoint and a whsec_ secret of 32 random bytes; the queries show the endpoint, never the secret', async () => {
    const client = await server.newClient();
    const before = server.clock.now().getTime();
    const r = await server.gql(client, CREATE, {
      input: { url: 'https://hooks.example.com/partner?x=1', types: ['crypto_withdrawal.completed', 'transaction.posted'], description: 'Ops' },
    });
    expect(r.status, r.text).toBe(200);
    const { endpoint, secret } = r.body.data.createWebhookEndpoint;
    expect(secret).toMatch(SECRET_FORMAT);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(endpoint).toEqual({
      endpointId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      url: 'https://hooks.example.com/partner?x=1',
      description: 'Ops',
      types: ['crypto_withdrawal.completed', 'transaction.posted'],
      status: 'ENABLED',
      createdAt: expect.any(String),
      updatedAt: endpoint.createdAt,
      disabledAt: null,
    });
    expect(Date.parse(endpoint.createdAt)).toBeGreaterThanOrEqual(before);
    expect(dataOf(await server.gql(client, ENDPOINT, { id: endpoint.endpointId }), 'webhookEndpoint')).toEqual(endpoint);
    expect(dataOf(await server.gql(client, ENDPOINT, { id: endpoint.endpointId.toUpperCase() }), 'webhookEndpoint')).toEqual(endpoint);
    // The secret is no field of any query type.
    const q = await server.gql(client, `query ($id: UUID!) { webhookEndpoint(endpointId: $id) { secret } }`, { id: endpoint.endpointId });
    expectGraphQLProblem(q, 400, 'VALIDATION_FAILED');
    // Absent types and [] are all types; no description is null.
    const all = await createEndpoint(server, client, { types: [] });
    expect(all.endpoint).toMatchObject({ types: [], description: null });
    expect((await createEndpoint(server, client)).endpoint.types).toEqual([]);
    expect(all.secret).not.toBe(secret);
  });

  it('input: description ≤ 200, types distinct §11.2 types, URL syntax (§11.7) → 400 VALIDATION_FAILED at the field; nothing stored', async () => {
    const client = await server.newClient();
    const cases: [Record<string, unknown>, string][] = [
      [{ description: 'd'.repeat(201) }, '/description'],
      [{ types: ['crypto_withdrawal.done'] }, '/types/0'],
      [{ types: ['transaction.posted', 'TRANSACTION.POSTED'] }, '/types/1'],
      [{ types: ['transaction.posted', 'transaction.posted'] }, '/types/1'],
      [{ url: 'hooks.example.com/x' }, '/url'],
      [{ url: 'ftp://hooks.example.com/x' }, '/url'],
      [{ url: 'https://user:pw@hooks.example.com/x' }, '/url'],
      [{ url: 'https://hooks.example.com/x#top' }, '/url'],
      [{ url: `https://hooks.example.com/${'p'.repeat(2030)}` }, '/url'],
    ];
    for (const [input, pointer] of cases)
      expectGraphQLProblem(
        await server.gql(client, CREATE, { input: { url: 'https://hooks.example.com/x', ...input } }),
        400,
        'VALIDATION_FAILED',
        { pointer, message: JSON.stringify(input) },
      );
    expect(await count('SELECT COUNT(*) AS n FROM webhook_endpoints WHERE client_id = ?', client.clientId)).toBe(0);
    // The bounds themselves are accepted; outside production any host (§11.7), http included.
    const ok = await createEndpoint(server, client, { description: 'd'.repeat(200), url: 'http://localhost:3000/hooks', types: ['wallet_beneficiary.updated'] });
    expect(ok.endpoint).toMatchObject({ url: 'http://localhost:3000/hooks', description: 'd'.repeat(200) });
    expect((await createEndpoint(server, client, { url: 'http://127.0.0.1:8080/h' })).endpoint.url).toBe('http://127.0.0.1:8080/h');
  });

  it('mutations need an Idempotency-Key; none takes evidence', async () => {
    const client = await server.newClient();
    const { endpoint } = await createEndpoint(server, client);
    expectGraphQLProblem(await server.gql(client, CREATE, { input: { url: 'https://h.example.com/' } }, { idempotencyKey: null }), 400, 'IDEMPOTENCY_KEY_MISSING');
    for (const doc of [DISABLE, ENABLE, ROTATE])
      expectGraphQLProblem(await server.gql(client, doc, { id: endpoint.endpointId }, { idempotencyKey: null }), 400, 'IDEMPOTENCY_KEY_MISSING');
  });

  it('ownership: another partner’s endpoint → 403 FORBIDDEN; unknown → 404 NOT_FOUND (webhookEndpoint: null); not a UUID → 400', async () => {
    const owner = await server.newClient();
    const other = await server.newClient();
    const { endpoint } = await createEndpoint(server, owner);
    const id = endpoint.endpointId;
    for (const doc of [DISABLE, ENABLE, ROTATE]) {
      expectGraphQLProblem(await server.gql(other, doc, { id }), 403, 'FORBIDDEN');
      expectGraphQLProblem(await server.gql(other, doc, { id: randomUUID() }), 404, 'NOT_FOUND');
      expectGraphQLProblem(await server.gql(other, doc, { id: 'not-a-uuid' }), 400, 'VALIDATION_FAILED');
    }
    expectGraphQLProblem(await server.gql(other, ENDPOINT, { id }), 403, 'FORBIDDEN', { data: 'null-fields' });
    expect(await server.gql(other, ENDPOINT, { id: randomUUID() })).toMatchObject({ status: 200, body: { data: { webhookEndpoint: null } } });
    expectGraphQLProblem(await server.gql(other, DELIVERIES, { id }), 403, 'FORBIDDEN');
    expectGraphQLProblem(await server.gql(other, DELIVERIES, { id: randomUUID() }), 404, 'NOT_FOUND');
    expect(dataOf(await server.gql(other, ENDPOINTS, {}), 'webhookEndpoints').items).toEqual([]);
    // Nothing changed.
    expect(dataOf(await server.gql(owner, ENDPOINT, { id }), 'webhookEndpoint')).toEqual(endpoint);
    expect(await secretsNow(server, id)).toHaveLength(1);
  });

  it('disable / enable: the state machine, disabledAt, 200 unchanged for a no-op', async () => {
    const client = await server.newClient();
    const { endpoint } = await createEndpoint(server, client);
    const id = endpoint.endpointId;
    server.clock.advance(1000);
    const disabled = dataOf(await server.gql(client, DISABLE, { id }), 'disableWebhookEndpoint');
    expect(disabled).toEqual({ ...endpoint, status: 'DISABLED', disabledAt: disabled.updatedAt, updatedAt: expect.any(String) });
    expect(Date.parse(disabled.updatedAt)).toBeGreaterThan(Date.parse(endpoint.updatedAt));
    server.clock.advance(1000);
    expect(dataOf(await server.gql(client, DISABLE, { id }), 'disableWebhookEndpoint')).toEqual(disabled);
    expect(dataOf(await server.gql(client, ENDPOINT, { id }), 'webhookEndpoint')).toEqual(disabled);
    const enabled = dataOf(await server.gql(client, ENABLE, { id }), 'enableWebhookEndpoint');
    expect(enabled).toEqual({ ...endpoint, status: 'ENABLED', disabledAt: null, updatedAt: expect.any(String) });
    expect(Date.parse(enabled.updatedAt)).toBeGreaterThan(Date.parse(disabled.updatedAt));
    server.clock.advance(1000);
    expect(dataOf(await server.gql(client, ENABLE, { id }), 'enableWebhookEndpoint')).toEqual(enabled);
  });

  it('disable: its PENDING deliveries become CANCELLED (settledAt = disabledAt, nothing due); settled ones and other endpoints’ stay', async () => {
    const client = await server.newClient();
    const a = (await createEndpoint(server, client)).endpoint.endpointId;
    const b = (await createEndpoint(server, client)).endpoint.endpointId;
    const t = iso(server.clock.now().getTime() - 60_000);
    const pending = [await insertDelivery(server, { endpointId: a, createdAt: t }), await insertDelivery(server, { endpointId: a, createdAt: t })];
    const succeeded = await insertDelivery(server, { endpointId: a, createdAt: t, status: 'SUCCEEDED' });
    const failed = await insertDelivery(server, { endpointId: a, createdAt: t, status: 'FAILED' });
    const otherPending = await insertDelivery(server, { endpointId: b, createdAt: t });
    const disabled = dataOf(await server.gql(client, DISABLE, { id: a }), 'disableWebhookEndpoint');
    const row = (id: string) =>
      server.db.get<Record<string, unknown>>('SELECT status, settled_at, next_attempt_at FROM webhook_deliveries WHERE delivery_id = ?', id);
    for (const id of pending) expect(await row(id)).toEqual({ status: 'CANCELLED', settled_at: disabled.disabledAt, next_attempt_at: null });
    expect(await row(succeeded)).toEqual({ status: 'SUCCEEDED', settled_at: t, next_attempt_at: null });
    expect(await row(failed)).toEqual({ status: 'FAILED', settled_at: t, next_attempt_at: null });
    expect(await row(otherPending)).toEqual({ status: 'PENDING', settled_at: null, next_attempt_at: t });
    const page = dataOf(await server.gql(client, DELIVERIES, { id: a, statuses: ['CANCELLED'] }), 'webhookDeliveries');
    expect(page.items.map((d: { deliveryId: string }) => d.deliveryId).sort()).toEqual([...pending].sort());
  });

  it('at most 10 ENABLED per client: an 11th (create or enable) → 409 WEBHOOK_ENDPOINT_LIMIT_REACHED; no-ops answer before the limit', async () => {
    const client = await server.newClient();
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push((await createEndpoint(server, client)).endpoint.endpointId);
    expectGraphQLProblem(await server.gql(client, CREATE, { input: { url: 'https://h.example.com/11' } }), 409, 'WEBHOOK_ENDPOINT_LIMIT_REACHED');
    expect(await count("SELECT COUNT(*) AS n FROM webhook_endpoints WHERE client_id = ?", client.clientId)).toBe(10);
    // Enabling an ENABLED one at the limit is a no-op (checked before the limit).
    expect(dataOf(await server.gql(client, ENABLE, { id: ids[0] }), 'enableWebhookEndpoint').status).toBe('ENABLED');
    // Another client has its own ten.
    await createEndpoint(server, await server.newClient());
    // Disabled ones do not count: disable one, create another (10 ENABLED again), and the disabled one cannot come back.
    dataOf(await server.gql(client, DISABLE, { id: ids[0] }), 'disableWebhookEndpoint');
    const eleventh = (await createEndpoint(server, client)).endpoint.endpointId;
    expectGraphQLProblem(await server.gql(client, ENABLE, { id: ids[0] }), 409, 'WEBHOOK_ENDPOINT_LIMIT_REACHED');
    expect(dataOf(await server.gql(client, ENDPOINT, { id: ids[0] }), 'webhookEndpoint')).toMatchObject({ status: 'DISABLED' });
    dataOf(await server.gql(client, DISABLE, { id: eleventh }), 'disableWebhookEndpoint');
    expect(dataOf(await server.gql(client, ENABLE, { id: ids[0] }), 'enableWebhookEndpoint').status).toBe('ENABLED');
    expect(await count("SELECT COUNT(*) AS n FROM webhook_endpoints WHERE client_id = ? AND status = 'ENABLED'", client.clientId)).toBe(10);
  });

  it('the limit holds under concurrent creates and enables: never more than 10 ENABLED', async () => {
    const client = await server.newClient();
    const disabled: string[] = [];
    for (let i = 0; i < 4; i++) {
      const id = (await createEndpoint(server, client)).endpoint.endpointId;
      dataOf(await server.gql(client, DISABLE, { id }), 'disableWebhookEndpoint');
      disabled.push(id);
    }
    for (let i = 0; i < 6; i++) await createEndpoint(server, client);
    // 6 ENABLED: 4 creates and 4 enables race for the last 4 places.
    const replies = await Promise.all([
      ...Array.from({ length: 4 }, (_, i) => server.gql(client, CREATE, { input: { url: `https://h.example.com/${i}` } })),
      ...disabled.map((id) => server.gql(client, ENABLE, { id })),
    ]);
    const ok = replies.filter((r) => r.status === 200 && !r.body.errors);
    expect(ok).toHaveLength(4);
    for (const r of replies.filter((x) => !ok.includes(x))) expectGraphQLProblem(r, 409, 'WEBHOOK_ENDPOINT_LIMIT_REACHED');
    expect(await count("SELECT COUNT(*) AS n FROM webhook_endpoints WHERE client_id = ? AND status = 'ENABLED'", client.clientId)).toBe(10);
  });

  it('webhookEndpoints: the caller’s own, newest first, pages and status filter (§9.3)', async () => {
    const client = await server.newClient();
    const created: string[] = [];
    for (let i = 0; i < 5; i++) {
      server.clock.advance(10);
      created.push((await createEndpoint(server, client, { url: `https://h.example.com/${i}` })).endpoint.endpointId);
    }
    dataOf(await server.gql(client, DISABLE, { id: created[1] }), 'disableWebhookEndpoint');
    const newest = [...created].reverse();
    const first = dataOf(await server.gql(client, ENDPOINTS, { first: 2 }), 'webhookEndpoints');
    expect(first.items.map((e: { endpointId: string }) => e.endpointId)).toEqual(newest.slice(0, 2));
    expect(first.pageInfo.hasNextPage).toBe(true);
    const rest = dataOf(await server.gql(client, ENDPOINTS, { after: first.pageInfo.endCursor }), 'webhookEndpoints');
    expect(rest.items.map((e: { endpointId: string }) => e.endpointId)).toEqual(newest.slice(2));
    expect(rest.pageInfo.hasNextPage).toBe(false);
    const end = dataOf(await server.gql(client, ENDPOINTS, { after: rest.pageInfo.endCursor }), 'webhookEndpoints');
    expect(end).toEqual({ items: [], pageInfo: { hasNextPage: false, endCursor: rest.pageInfo.endCursor } });
    const off = dataOf(await server.gql(client, ENDPOINTS, { statuses: ['DISABLED'] }), 'webhookEndpoints');
    expect(off.items.map((e: { endpointId: string }) => e.endpointId)).toEqual([created[1]]);
    expect(dataOf(await server.gql(client, ENDPOINTS, { statuses: ['ENABLED', 'DISABLED'] }), 'webhookEndpoints').items).toHaveLength(5);
    expectGraphQLProblem(await server.gql(client, ENDPOINTS, { statuses: [] }), 400, 'VALIDATION_FAILED', '/statuses');
    expectGraphQLProblem(await server.gql(client, ENDPOINTS, { statuses: ['GONE'] }), 400, 'VALIDATION_FAILED', '/statuses');
    expectGraphQLProblem(await server.gql(client, ENDPOINTS, { first: 101 }), 400, 'VALIDATION_FAILED', '/first');
    expectGraphQLProblem(await server.gql(client, ENDPOINTS, { after: 'nonsense' }), 400, 'VALIDATION_FAILED', '/after');
    // A cursor is bound to its client.
    expectGraphQLProblem(await server.gql(await server.newClient(), ENDPOINTS, { after: first.pageInfo.endCursor }), 400, 'VALIDATION_FAILED', '/after');
  });

  it('webhookDeliveries: newest first, attempts oldest first, filters, pages scoped to the endpoint', async () => {
    const client = await server.newClient();
    const id = (await createEndpoint(server, client)).endpoint.endpointId;
    const other = (await createEndpoint(server, client)).endpoint.endpointId;
    const base = server.clock.now().getTime() - 100_000;
    const eventId = randomUUID();
    const attempts = [
      { startedAt: iso(base + 1000), durationMs: 10_000, responseStatus: null, error: 'TIMEOUT' },
      { startedAt: iso(base + 6000), durationMs: 12, responseStatus: 503, error: 'NON_2XX_RESPONSE' },
      { startedAt: iso(base + 16_000), durationMs: 8, responseStatus: 204, error: null },
    ];
    const d0 = await insertDelivery(server, { endpointId: id, createdAt: iso(base), status: 'SUCCEEDED', attempts, eventId });
    const d1 = await insertDelivery(server, { endpointId: id, createdAt: iso(base + 1), status: 'FAILED' });
    const d2 = await insertDelivery(server, { endpointId: id, createdAt: iso(base + 2) });
    await insertDelivery(server, { endpointId: other, createdAt: iso(base + 3) });
    const page = dataOf(await server.gql(client, DELIVERIES, { id, first: 2 }), 'webhookDeliveries');
    expect(page.items.map((d: { deliveryId: string }) => d.deliveryId)).toEqual([d2, d1]);
    expect(page.items[0]).toEqual({
      deliveryId: d2,
      endpointId: id,
      eventId: expect.any(String),
      eventType: 'crypto_withdrawal.approved',
      resourceId: expect.any(String),
      sequence: 1,
      status: 'PENDING',
      attemptCount: 0,
      nextAttemptAt: iso(base + 2),
      createdAt: iso(base + 2),
      settledAt: null,
      attempts: [],
    });
    expect(page.pageInfo.hasNextPage).toBe(true);
    const next = dataOf(await server.gql(client, DELIVERIES, { id, after: page.pageInfo.endCursor }), 'webhookDeliveries');
    expect(next.items).toHaveLength(1);
    expect(next.items[0]).toMatchObject({ deliveryId: d0, eventId, status: 'SUCCEEDED', attemptCount: 3, settledAt: iso(base), nextAttemptAt: null });
    expect(next.items[0].attempts).toEqual(attempts.map((a, i) => ({ attemptNumber: i + 1, ...a })));
    expect(next.pageInfo).toEqual({ hasNextPage: false, endCursor: expect.any(String) });
    const byStatus = dataOf(await server.gql(client, DELIVERIES, { id, statuses: ['FAILED', 'PENDING'] }), 'webhookDeliveries');
    expect(byStatus.items.map((d: { deliveryId: string }) => d.deliveryId)).toEqual([d2, d1]);
    const byEvent = dataOf(await server.gql(client, DELIVERIES, { id, eventId: eventId.toUpperCase() }), 'webhookDeliveries');
    expect(byEvent.items.map((d: { deliveryId: string }) => d.deliveryId)).toEqual([d0]);
    expect(dataOf(await server.gql(client, DELIVERIES, { id, eventId: randomUUID() }), 'webhookDeliveries').items).toEqual([]);
    // The cursor's scope is the endpoint.
    expectGraphQLProblem(await server.gql(client, DELIVERIES, { id: other, after: page.pageInfo.endCursor }), 400, 'VALIDATION_FAILED', '/after');
    expectGraphQLProblem(await server.gql(client, DELIVERIES, { id, statuses: ['DONE'] }), 400, 'VALIDATION_FAILED', '/statuses');
    expectGraphQLProblem(await server.gql(client, DELIVERIES, { id, statuses: [] }), 400, 'VALIDATION_FAILED', '/statuses');
    expectGraphQLProblem(await server.gql(client, DELIVERIES, { id, first: 0 }), 400, 'VALIDATION_FAILED', '/first');
  });

  it('rotation: the new secret is primary, the previous one signs for the overlap; a rotation within it drops the oldest', async () => {
    const client = await server.newClient();
    const { endpoint, secret: s0 } = await createEndpoint(server, client);
    const id = endpoint.endpointId;
    expect(await secretsNow(server, id)).toEqual([s0]);
    const rotate = async () => {
      const r = dataOf(await server.gql(client, ROTATE, { id }), 'rotateWebhookEndpointSecret');
      expect(r.endpoint).toEqual(endpoint);
      expect(r.secret).toMatch(SECRET_FORMAT);
      return r.secret as string;
    };
    const s1 = await rotate();
    expect(await secretsNow(server, id)).toEqual([s1, s0]);
    server.clock.advance(OVERLAP_SECONDS * 1000 - 1000);
    expect(await secretsNow(server, id)).toEqual([s1, s0]);
    server.clock.advance(1000);
    expect(await secretsNow(server, id)).toEqual([s1]);
    const s2 = await rotate();
    expect(await secretsNow(server, id)).toEqual([s2, s1]);
    server.clock.advance(60_000);
    // Within the overlap: the oldest (s1) is dropped at once, never three.
    const s3 = await rotate();
    expect(await secretsNow(server, id)).toEqual([s3, s2]);
    expect(new Set([s0, s1, s2, s3]).size).toBe(4);
    expect(await count('SELECT COUNT(*) AS n FROM webhook_secrets WHERE endpoint_id = ?', id)).toBe(2);
    server.clock.advance(OVERLAP_SECONDS * 1000);
    expect(await secretsNow(server, id)).toEqual([s3]);
  });

  it('a disabled endpoint’s secret can be rotated; the endpoint stays DISABLED', async () => {
    const client = await server.newClient();
    const { endpoint } = await createEndpoint(server, client);
    const disabled = dataOf(await server.gql(client, DISABLE, { id: endpoint.endpointId }), 'disableWebhookEndpoint');
    const r = dataOf(await server.gql(client, ROTATE, { id: endpoint.endpointId }), 'rotateWebhookEndpointSecret');
    expect(r.endpoint).toEqual(disabled);
  });

  it('an idempotent replay returns the same secret (from the sealed stored result); a new key makes a new endpoint', async () => {
    const client = await server.newClient();
    const key = randomUUID();
    const input = { url: 'https://hooks.example.com/replay' };
    const first = await server.gql(client, CREATE, { input }, { idempotencyKey: key });
    const created = dataOf(first, 'createWebhookEndpoint');
    // Byte-identical (the replay cache) and reformatted (the stored record): the same answer.
    const again = await server.gql(client, CREATE, { input }, { idempotencyKey: key });
    const reformatted = await server.gql(client, `  ${CREATE}\n`, { input }, { idempotencyKey: key });
    for (const r of [again, reformatted]) {
      expect(r.headers.get('idempotent-replayed')).toBe('true');
      expect(dataOf(r, 'createWebhookEndpoint')).toEqual(created);
    }
    expect(await count('SELECT COUNT(*) AS n FROM webhook_endpoints WHERE client_id = ?', client.clientId)).toBe(1);
    const id = created.endpoint.endpointId;
    const rotateKey = randomUUID();
    const rotated = dataOf(await server.gql(client, ROTATE, { id }, { idempotencyKey: rotateKey }), 'rotateWebhookEndpointSecret');
    const replayed = await server.gql(client, `${ROTATE} `, { id }, { idempotencyKey: rotateKey });
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(dataOf(replayed, 'rotateWebhookEndpointSecret')).toEqual(rotated);
    expect(await secretsNow(server, id)).toEqual([rotated.secret, created.secret]);
    // The stored results are sealed; an ordinary mutation's is plain JSON.
    const stored = await server.db.all<{ response_json: string; operation: string }>(
      'SELECT response_json, operation FROM idempotency_records WHERE client_id = ? ORDER BY operation',
      client.clientId,
    );
    expect(stored.map((s) => s.operation)).toEqual(['createWebhookEndpoint', 'rotateWebhookEndpointSecret']);
    for (const s of stored) expect(s.response_json).toMatch(/^sealed:v1\./);
    const disableKey = randomUUID();
    await server.gql(client, DISABLE, { id }, { idempotencyKey: disableKey });
    const plain = await server.db.get<{ response_json: string }>(
      'SELECT response_json FROM idempotency_records WHERE client_id = ? AND idempotency_key = ?',
      client.clientId,
      disableKey,
    );
    expect(JSON.parse(plain!.response_json)).toMatchObject({ endpointId: id, status: 'DISABLED' });
  });
});

describe('§11.7 in production: the URL policy at create and enable → 400 WEBHOOK_URL_NOT_ALLOWED', () => {
  let server: TestServer;
  let client: Client;
  beforeAll(async () => {
    server = await startTestServer({ NODE_ENV: 'production' });
    client = await server.newClient();
  });
  afterAll(() => server?.stop());

  it('create: http, localhost names, IP literals in refused ranges; syntax stays VALIDATION_FAILED', async () => {
    for (const url of [
      'http://hooks.example.com/x',
      'https://localhost/x',
      'https://api.localhost./x',
      'https://127.0.0.1/x',
      'https://2130706433/x',
      'https://0x7f.1/x',
      'https://10.0.0.8/x',
      'https://169.254.169.254/x',
      'https://[::1]/x',
      'https://[::ffff:192.168.0.1]/x',
      'https://[fd12::1]/x',
    ])
      expectGraphQLProblem(await server.gql(client, CREATE, { input: { url } }), 400, 'WEBHOOK_URL_NOT_ALLOWED', { message: url });
    expectGraphQLProblem(await server.gql(client, CREATE, { input: { url: 'http://u@localhost/x' } }), 400, 'VALIDATION_FAILED', '/url');
    // Field errors come first: a bad description with a refused URL is a validation failure.
    expectGraphQLProblem(await server.gql(client, CREATE, { input: { url: 'http://localhost/x', description: 'd'.repeat(201) } }), 400, 'VALIDATION_FAILED', '/description');
    expect(await server.db.count('SELECT COUNT(*) AS n FROM webhook_endpoints WHERE client_id = ?', client.clientId)).toBe(0);
    expect((await createEndpoint(server, client, { url: 'https://hooks.example.com/x' })).endpoint.status).toBe('ENABLED');
    expect((await createEndpoint(server, client, { url: 'https://8.8.8.8/x' })).endpoint.status).toBe('ENABLED');
  });

  it('enable re-checks the URL: an endpoint whose URL production refuses stays DISABLED', async () => {
    const { endpoint } = await createEndpoint(server, client, { url: 'https://hooks.example.com/y' });
    dataOf(await server.gql(client, DISABLE, { id: endpoint.endpointId }), 'disableWebhookEndpoint');
    // As if created outside production (http://localhost is allowed there).
    await server.db.run('UPDATE webhook_endpoints SET url = ? WHERE endpoint_id = ?', 'http://localhost:3000/hooks', endpoint.endpointId);
    expectGraphQLProblem(await server.gql(client, ENABLE, { id: endpoint.endpointId }), 400, 'WEBHOOK_URL_NOT_ALLOWED');
    expect(dataOf(await server.gql(client, ENDPOINT, { id: endpoint.endpointId }), 'webhookEndpoint')).toMatchObject({ status: 'DISABLED' });
  });
});

describe('§11.4 a webhook secret is never stored, logged or audited in plain form', () => {
  let server: TestServer;
  const lines: string[] = [];
  beforeAll(async () => {
    server = await startTestServer();
    // The same service, logging everything into `lines`.
    await server.service.stop();
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    server.service = await startService(server.config, { logger: pino({ level: 'trace' }, sink), clock: server.clock.now });
  });
  afterAll(() => server?.stop());

  it('after create, replays and rotations, no table, log line or audit row holds a secret', async () => {
    const client = await server.newClient();
    const key = randomUUID();
    const input = { url: 'https://hooks.example.com/secret', description: 'at rest' };
    const created = dataOf(await server.gql(client, CREATE, { input }, { idempotencyKey: key }), 'createWebhookEndpoint');
    dataOf(await server.gql(client, ` ${CREATE}`, { input }, { idempotencyKey: key }), 'createWebhookEndpoint');
    const id = created.endpoint.endpointId;
    const secrets: string[] = [created.secret];
    for (let i = 0; i < 2; i++) {
      const k = randomUUID();
      secrets.push(dataOf(await server.gql(client, ROTATE, { id }, { idempotencyKey: k }), 'rotateWebhookEndpointSecret').secret);
      dataOf(await server.gql(client, ` ${ROTATE}`, { id }, { idempotencyKey: k }), 'rotateWebhookEndpointSecret');
    }
    expect(await secretsNow(server, id)).toEqual([secrets[2], secrets[1]]);
    expect(lines.length).toBeGreaterThan(0);
    const audited = await server.db.count('SELECT COUNT(*) AS n FROM audit_events WHERE client_id = ?', client.clientId);
    expect(audited).toBe(6);
    // Every table, every row, the secret or its key material in any of the forms a dump would show.
    const dump: string[] = [];
    for (const table of await server.db.tables()) dump.push(JSON.stringify(await server.db.all(`SELECT * FROM ${table}`)));
    const everything = dump.join('\n');
    expect(everything).toContain(id);
    for (const secret of secrets) {
      const material = secret.slice('whsec_'.length);
      const forms = [secret, material, Buffer.from(material, 'base64').toString('hex'), Buffer.from(material, 'base64').toString('base64url')];
      for (const form of forms) {
        expect(everything.includes(form), `a table holds ${form}`).toBe(false);
        expect(lines.some((l) => l.includes(form)), `a log line holds ${form}`).toBe(false);
      }
    }
  });
});
