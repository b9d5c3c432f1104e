// §7 internal errors: masked (INTERNAL, 500, no stack or cause in the body), and nothing half-written.
// The fault is real: the audit table is dropped under the running server, so the effect's savepoint
// fails at its last insert and must roll back whole.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ETH_ADDRESS_2, Scenario, startTestServer, type TestServer } from '../../helpers/harness.js';

let server: TestServer;
let s: Scenario;
let customerId: string;

beforeAll(async () => {
  server = await startTestServer();
  s = await Scenario.create(server);
  customerId = await s.customer();
  await server.db.run('drop table audit_events');
});
afterAll(() => server.stop());

describe('an internal fault', () => {
  it('answers REST with 500 INTERNAL, masked, and writes nothing', async () => {
    const before = await server.db.count('select count(*) as n from wallet_beneficiaries');
    const r = await s.beneficiary(customerId, { walletAddress: ETH_ADDRESS_2 });
    expect(r.status).toBe(500);
    expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(r.body).toEqual({
      type: '/problems/internal',
      title: 'Internal server error',
      status: 500,
      detail: 'Internal server error',
      code: 'INTERNAL',
      requestId: r.headers.get('x-request-id'),
    });
    expect(r.text).not.toMatch(/audit_events|no such table|at .*\.ts/);
    expect(await server.db.count('select count(*) as n from wallet_beneficiaries')).toBe(before);
    expect(await server.db.count('select count(*) as n from idempotency_records')).toBe(await server.db.count('select count(*) as n from customers'));
  });

  it('answers GraphQL with extensions.code INTERNAL (500), masked', async () => {
    const r = await server.gql(
      s.client,
      'mutation($input: CreateCustomerInput!) { createCustomer(input: $input) { customerId } }',
      { input: { externalRef: 'masked-1', type: 'INDIVIDUAL' } },
    );
    expect(r.status).toBe(500);
    expect(r.body.data).toBeNull();
    expect(r.body.errors[0].message).toBe('Internal server error');
    expect(r.body.errors[0].extensions).toEqual({ code: 'INTERNAL', status: 500, requestId: r.headers.get('x-request-id') });
    expect(r.text).not.toMatch(/audit_events|no such table|stacktrace/);
  });
});
