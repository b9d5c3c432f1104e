// test: slow — partnerctl webhook commands
// §11.8 partnerctl webhook commands on a running test server's database (SQLite or PostgreSQL; a few runs
// the real partnerctl process, the rest its code in the test's process), with the rules and codes of the
// GraphQL mutations. Exit codes: 0 done, 1 a refusal with {"code", "detail"} on stderr, 2 a usage error
// with {"error"}.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomEthAddress, Scenario, startTestServer, type TestServer } from '../../helpers/harness.js';
import { partnerctlHere, partnerctlHereJson } from '../../helpers/partnerctl-here.js';
import { expectRefusal, expectUsage, processKit } from '../../helpers/processes.js';
import { createEndpoint, dataOf, DISABLE, ENDPOINT, insertDelivery, SECRET_FORMAT, secretsNow } from '../../helpers/webhooks.js';

const { partnerctl, partnerctlJson } = processKit({ tempPrefix: 'partner-ctl-webhooks-' });

describe('§11.8 partnerctl webhook', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  const ctl = (args: string[], extra: Record<string, string> = {}) => partnerctlHere(server.databaseUrl, ['webhook', ...args], extra);
  const ctlJson = (args: string[]) => partnerctlHereJson(server.databaseUrl, ['webhook', ...args]);
  /** The same, as the real `partnerctl` process. */
  const spawned = {
    ctl: (args: string[], extra: Record<string, string> = {}) => partnerctl(server.databaseUrl, ['webhook', ...args], extra),
    ctlJson: (args: string[]) => partnerctlJson(server.databaseUrl, ['webhook', ...args]),
  };

  it('create prints {"endpoint", "secret"}: the client sees the endpoint, and the secret signs', async () => {
    const client = await server.newClient();
    const out = await spawned.ctlJson([
      'create', '--client-id', client.clientId, '--url', 'https://hooks.example.com/ctl',
      '--types', 'crypto_deposit.completed,transaction.posted', '--description', 'From ops',
    ]);
    expect(Object.keys(out).sort()).toEqual(['endpoint', 'secret']);
    expect(out.secret).toMatch(SECRET_FORMAT);
    expect(out.endpoint).toEqual({
      endpointId: expect.any(String),
      url: 'https://hooks.example.com/ctl',
      description: 'From ops',
      types: ['crypto_deposit.completed', 'transaction.posted'],
      status: 'ENABLED',
      createdAt: expect.any(String),
      updatedAt: out.endpoint.createdAt,
      disabledAt: null,
    });
    expect(dataOf(await server.gql(client, ENDPOINT, { id: out.endpoint.endpointId }), 'webhookEndpoint')).toEqual(out.endpoint);
    expect(await secretsNow(server, out.endpoint.endpointId)).toEqual([out.secret]);
    // No --types: all types.
    expect((await ctlJson(['create', '--client-id', client.clientId, '--url', 'http://localhost:3000/hooks'])).endpoint.types).toEqual([]);
  });

  it('create refusals (exit 1) with the mutation’s codes, usage errors (exit 2); nothing written', async () => {
    const client = await server.newClient();
    const create = (extra: string[]) => ctl(['create', '--client-id', client.clientId, ...extra]);
    expectRefusal(await ctl(['create', '--client-id', 'no-such-client', '--url', 'https://h.example.com/']), 'NOT_FOUND');
    expectRefusal(await create(['--url', 'https://h.example.com/', '--types', 'transaction.posted,nope']), 'VALIDATION_FAILED');
    expectRefusal(await create(['--url', 'https://h.example.com/', '--types', 'transaction.posted,transaction.posted']), 'VALIDATION_FAILED');
    expectRefusal(await create(['--url', 'https://h.example.com/', '--description', 'd'.repeat(201)]), 'VALIDATION_FAILED');
    expectRefusal(await create(['--url', 'https://u:p@h.example.com/']), 'VALIDATION_FAILED');
    expectRefusal(await create(['--url', 'not a url']), 'VALIDATION_FAILED');
    // §11.7: partnerctl applies its own NODE_ENV.
    const production = { NODE_ENV: 'production', PARTNER_SECRET_KEY: randomBytes(32).toString('hex') };
    expectRefusal(await spawned.ctl(['create', '--client-id', client.clientId, '--url', 'http://hooks.example.com/'], production), 'WEBHOOK_URL_NOT_ALLOWED');
    expectRefusal(await ctl(['create', '--client-id', client.clientId, '--url', 'https://0x7f.1/'], production), 'WEBHOOK_URL_NOT_ALLOWED');
    expectUsage(await create([]));
    expectUsage(await spawned.ctl(['create', '--url', 'https://h.example.com/']));
    expectUsage(await create(['--url', 'https://h.example.com/', '--bogus', 'x']));
    expect(await server.db.count('SELECT COUNT(*) AS n FROM webhook_endpoints WHERE client_id = ?', client.clientId)).toBe(0);
  });

  it('list prints the client’s endpoints, newest first; an unknown client → NOT_FOUND', async () => {
    const client = await server.newClient();
    const a = (await createEndpoint(server, client)).endpoint;
    server.clock.advance(10);
    const b = (await createEndpoint(server, client)).endpoint;
    await createEndpoint(server, await server.newClient());
    expect(await ctlJson(['list', '--client-id', client.clientId])).toEqual([b, a]);
    expect(await ctlJson(['list', '--client-id', (await server.newClient()).clientId])).toEqual([]);
    expectRefusal(await ctl(['list', '--client-id', 'no-such-client']), 'NOT_FOUND');
    expectUsage(await ctl(['list']));
  });

  it('disable / enable print the endpoint: PENDING deliveries cancelled, no-ops unchanged, the limit, unknown and malformed ids', async () => {
    const client = await server.newClient();
    const { endpoint } = await createEndpoint(server, client);
    const id = endpoint.endpointId;
    const pending = await insertDelivery(server, { endpointId: id, createdAt: new Date().toISOString() });
    const disabled = await ctlJson(['disable', '--endpoint-id', id]);
    expect(disabled).toEqual({ ...endpoint, status: 'DISABLED', disabledAt: expect.any(String), updatedAt: disabled.disabledAt });
    expect(await server.db.get('SELECT status, settled_at FROM webhook_deliveries WHERE delivery_id = ?', pending)).toEqual({
      status: 'CANCELLED',
      settled_at: disabled.disabledAt,
    });
    expect(await ctlJson(['disable', '--endpoint-id', id.toUpperCase()])).toEqual(disabled);
    // Nine more ENABLED: enabling the tenth place works, an eleventh is refused.
    for (let i = 0; i < 9; i++) await createEndpoint(server, client);
    const enabled = await ctlJson(['enable', '--endpoint-id', id]);
    expect(enabled).toMatchObject({ endpointId: id, status: 'ENABLED', disabledAt: null });
    expect(await ctlJson(['enable', '--endpoint-id', id])).toEqual(enabled);
    expectRefusal(await ctl(['create', '--client-id', client.clientId, '--url', 'https://h.example.com/11']), 'WEBHOOK_ENDPOINT_LIMIT_REACHED');
    await ctlJson(['disable', '--endpoint-id', id]);
    await createEndpoint(server, client);
    expectRefusal(await ctl(['enable', '--endpoint-id', id]), 'WEBHOOK_ENDPOINT_LIMIT_REACHED');
    expectRefusal(await ctl(['disable', '--endpoint-id', randomUUID()]), 'NOT_FOUND');
    expectRefusal(await ctl(['enable', '--endpoint-id', randomUUID()]), 'NOT_FOUND');
    expectRefusal(await ctl(['enable', '--endpoint-id', 'nope']), 'VALIDATION_FAILED');
    expectUsage(await ctl(['disable']));
  });

  it('enable re-checks the URL under partnerctl’s own NODE_ENV', async () => {
    const client = await server.newClient();
    const { endpoint } = await createEndpoint(server, client, { url: 'http://localhost:3000/hooks' });
    dataOf(await server.gql(client, DISABLE, { id: endpoint.endpointId }), 'disableWebhookEndpoint');
    const production = { NODE_ENV: 'production', PARTNER_SECRET_KEY: randomBytes(32).toString('hex') };
    expectRefusal(await ctl(['enable', '--endpoint-id', endpoint.endpointId], production), 'WEBHOOK_URL_NOT_ALLOWED');
    expect((await ctlJson(['enable', '--endpoint-id', endpoint.endpointId])).status).toBe('ENABLED');
  });

  it('rotate-secret prints {"endpoint", "secret"}: the new secret is primary, the previous one still signs', async () => {
    const client = await server.newClient();
    const { endpoint, secret } = await createEndpoint(server, client);
    const out = await ctlJson(['rotate-secret', '--endpoint-id', endpoint.endpointId]);
    expect(out).toEqual({ endpoint, secret: expect.stringMatching(SECRET_FORMAT) });
    expect(await secretsNow(server, endpoint.endpointId)).toEqual([out.secret, secret]);
    expectRefusal(await ctl(['rotate-secret', '--endpoint-id', randomUUID()]), 'NOT_FOUND');
  });

  it('deliveries prints the 100 newest, newest first, without attempts; --status filters', async () => {
    const client = await server.newClient();
    const { endpoint } = await createEndpoint(server, client);
    const id = endpoint.endpointId;
    const base = Date.now() - 1_000_000;
    const ids: string[] = [];
    for (let i = 0; i < 102; i++)
      ids.push(await insertDelivery(server, {
        endpointId: id,
        createdAt: new Date(base + i).toISOString(),
        status: i % 2 ? 'SUCCEEDED' : 'PENDING',
        attempts: i === 101 ? [{ startedAt: new Date(base + i).toISOString(), durationMs: 5, responseStatus: 200, error: null }] : [],
      }));
    const all = await ctlJson(['deliveries', '--endpoint-id', id]);
    expect(all.map((d: { deliveryId: string }) => d.deliveryId)).toEqual([...ids].reverse().slice(0, 100));
    expect(all[0]).toEqual({
      deliveryId: ids[101],
      endpointId: id,
      eventId: expect.any(String),
      eventType: 'crypto_withdrawal.approved',
      resourceId: expect.any(String),
      sequence: 1,
      status: 'SUCCEEDED',
      attemptCount: 1,
      nextAttemptAt: null,
      createdAt: new Date(base + 101).toISOString(),
      settledAt: new Date(base + 101).toISOString(),
    });
    const pending = await ctlJson(['deliveries', '--endpoint-id', id, '--status', 'PENDING']);
    expect(pending.map((d: { deliveryId: string }) => d.deliveryId)).toEqual(ids.filter((_, i) => i % 2 === 0).reverse());
    expectRefusal(await ctl(['deliveries', '--endpoint-id', id, '--status', 'DONE']), 'VALIDATION_FAILED');
    expectRefusal(await ctl(['deliveries', '--endpoint-id', randomUUID()]), 'NOT_FOUND');
    expectUsage(await ctl(['deliveries']));
  });

  it('redeliver prints the new PENDING delivery of the event (§11.5); the mutation’s refusals', async () => {
    const s = await Scenario.create(server);
    const customerId = await s.customer();
    const b = await s.beneficiary(customerId, { walletAddress: randomEthAddress() });
    expect(b.status).toBe(200);
    const { event_id: eventId } = (await server.db.get<{ event_id: string }>('SELECT event_id FROM events WHERE resource_id = ?', b.body.walletBeneficiaryId))!;
    const { endpoint } = await createEndpoint(server, s.client);
    const id = endpoint.endpointId;
    const out = await ctlJson(['redeliver', '--endpoint-id', id, '--event-id', eventId.toUpperCase()]);
    expect(out).toEqual({
      deliveryId: expect.any(String),
      endpointId: id,
      eventId,
      eventType: 'wallet_beneficiary.active',
      resourceId: b.body.walletBeneficiaryId,
      sequence: 1,
      status: 'PENDING',
      attemptCount: 0,
      nextAttemptAt: out.createdAt,
      createdAt: expect.any(String),
      settledAt: null,
    });
    expect((await ctlJson(['deliveries', '--endpoint-id', id])).map((d: { deliveryId: string }) => d.deliveryId)).toContain(out.deliveryId);
    // The event must be the endpoint's client's; the endpoint ENABLED.
    const other = await createEndpoint(server, await server.newClient());
    expectRefusal(await ctl(['redeliver', '--endpoint-id', other.endpoint.endpointId, '--event-id', eventId]), 'FORBIDDEN');
    expectRefusal(await ctl(['redeliver', '--endpoint-id', id, '--event-id', randomUUID()]), 'NOT_FOUND');
    expectRefusal(await ctl(['redeliver', '--endpoint-id', randomUUID(), '--event-id', eventId]), 'NOT_FOUND');
    expectRefusal(await ctl(['redeliver', '--endpoint-id', id, '--event-id', 'nope']), 'VALIDATION_FAILED');
    await ctlJson(['disable', '--endpoint-id', id]);
    expectRefusal(await ctl(['redeliver', '--endpoint-id', id, '--event-id', eventId]), 'INVALID_STATE');
    expectUsage(await ctl(['redeliver', '--endpoint-id', id]));
  });
});
