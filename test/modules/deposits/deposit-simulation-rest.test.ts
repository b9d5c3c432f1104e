// Lifecycle settled point 9: simulateCryptoDeposit on REST, POST
// /partner/v1/customers/{customerId}/crypto/deposit-simulations — the GraphQL operation's §10.4 checks in
// its order, §9.4's rendering (the deposit as cryptoDeposit renders it), §3's key and replay.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ETH_ADDRESS, Scenario, startTestServer, type TestServer } from '../../helpers/harness.js';
import { expectRestProblem } from '../../helpers/problems.js';

const path = (customerId: string) => `/partner/v1/customers/${customerId}/crypto/deposit-simulations`;

describe('simulateCryptoDeposit on REST (settled point 9)', () => {
  let server: TestServer;
  let s: Scenario;
  let customerId: string;
  beforeAll(async () => {
    server = await startTestServer();
    s = await Scenario.create(server);
    customerId = await s.customer();
  });
  afterAll(() => server?.stop());

  it('a COMPLETED deposit, rendered as GET of the deposit renders it; the same key replays it, one deposit', async () => {
    const key = randomUUID();
    const body = { routeCode: s.routeCode, amountMinor: '2500000', fromAddress: ETH_ADDRESS };
    const r = await server.request(s.client, 'POST', path(customerId), { body, idempotencyKey: key });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ customerId, routeCode: s.routeCode, amountMinor: '2500000', fromAddress: ETH_ADDRESS, status: 'COMPLETED' });
    const got = await server.request(s.client, 'GET', `/partner/v1/crypto/deposits/${r.body.depositId}`);
    expect(got.body).toEqual(r.body);
    const replay = await server.request(s.client, 'POST', path(customerId), { body, idempotencyKey: key });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(r.body);
    expect(await server.db.count('select count(*) as n from crypto_deposits where customer_id = ?', customerId)).toBe(1);
  });

  it('refusals as on GraphQL: no key, shape, unknown or another partner’s customer, a route not the partner’s', async () => {
    const body = { routeCode: s.routeCode, amountMinor: '2500000', fromAddress: ETH_ADDRESS };
    expectRestProblem(await server.request(s.client, 'POST', path(customerId), { body, idempotencyKey: null }), 400, 'IDEMPOTENCY_KEY_MISSING');
    expectRestProblem(await server.request(s.client, 'POST', path(customerId), { body: { ...body, amountMinor: '0' } }), 400, 'VALIDATION_FAILED', '/amountMinor');
    expectRestProblem(await server.request(s.client, 'POST', path(randomUUID()), { body }), 404, 'CUSTOMER_NOT_FOUND');
    const other = await Scenario.create(server);
    expectRestProblem(await server.request(s.client, 'POST', path(await other.customer()), { body }), 403, 'FORBIDDEN');
    expectRestProblem(await server.request(s.client, 'POST', path(customerId), { body: { ...body, routeCode: other.routeCode } }), 403, 'ROUTE_NOT_PERMITTED');
  });

  it('outside sandbox mode → 403 SANDBOX_ONLY', async () => {
    const prod = await startTestServer({ PARTNER_SANDBOX: 'false' });
    try {
      const p = await Scenario.create(prod);
      const r = await prod.request(p.client, 'POST', path(randomUUID()), { body: { routeCode: p.routeCode, amountMinor: '1', fromAddress: ETH_ADDRESS } });
      expectRestProblem(r, 403, 'SANDBOX_ONLY');
    } finally {
      await prod.stop();
    }
  });
});
