// §17.2 a frontend session reads its own customer's withdrawal capabilities on both surfaces; another
// customer's → 403 FORBIDDEN; the activation and the answer → 403 FRONTEND_SESSION_READ_ONLY.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/harness.js';
import { asBrowser, gqlAsBrowser, openSessionRecord, registerOrigin } from '../../helpers/frontend.js';
import { expectGraphQLProblem, expectRestProblem } from '../../helpers/problems.js';
import { FiatParty } from '../../helpers/fiat-accounts.js';
import { ACTIVATE_MUTATION, activationInput, activeWithdrawalCapability, CAPABILITY_ANSWER_MUTATION, WITHDRAWAL_CAPABILITIES_QUERY } from '../../helpers/fiat-capabilities.js';

const ORIGIN = 'https://app.example.com';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('§17.2 withdrawal capability reads of a frontend session', () => {
  it('its customer’s items as the partner sees them; another customer’s 403; the mutations read-only', async () => {
    const f = await FiatParty.create(server);
    const { capabilityId } = await activeWithdrawalCapability(f, 'SEPA');
    const other = new FiatParty(f.s, await f.s.verifiedCustomer());
    await registerOrigin(server, f.s.client.clientId, ORIGIN);
    const session = await openSessionRecord(server, f.s.client.clientId, f.customerId, ORIGIN);
    const path = `/partner/v1/customers/${f.customerId}/fiat/withdrawal-capabilities`;
    const mine = await asBrowser(server, session, 'GET', path);
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body).toEqual((await f.rest('GET', path)).body);
    expect(mine.body.items[0]).toMatchObject({ capabilityId, status: 'ACTIVE' });
    const g = await gqlAsBrowser(server, session, WITHDRAWAL_CAPABILITIES_QUERY, { customerId: f.customerId });
    expect(g.body.data.fiatWithdrawalCapabilities).toEqual(mine.body.items);
    expectRestProblem(await asBrowser(server, session, 'GET', `/partner/v1/customers/${other.customerId}/fiat/withdrawal-capabilities`), 403, 'FORBIDDEN');
    expectGraphQLProblem(await gqlAsBrowser(server, session, WITHDRAWAL_CAPABILITIES_QUERY, { customerId: other.customerId }), 403, 'FORBIDDEN');
    expectRestProblem(await asBrowser(server, session, 'POST', `${path}/ACH/activation`, { body: activationInput() }), 403, 'FRONTEND_SESSION_READ_ONLY');
    expectRestProblem(
      await asBrowser(server, session, 'POST', `${path}/SEPA/additional-information`, { body: { items: [{ key: 'SOURCE_OF_FUNDS', text: 'x' }] } }),
      403,
      'FRONTEND_SESSION_READ_ONLY',
    );
    expectGraphQLProblem(await gqlAsBrowser(server, session, ACTIVATE_MUTATION, { customerId: f.customerId, rail: 'ACH', input: activationInput() }), 403, 'FRONTEND_SESSION_READ_ONLY');
    expectGraphQLProblem(
      await gqlAsBrowser(server, session, CAPABILITY_ANSWER_MUTATION, { customerId: f.customerId, rail: 'SEPA', input: { items: [{ key: 'SOURCE_OF_FUNDS', text: 'x' }] } }),
      403,
      'FRONTEND_SESSION_READ_ONLY',
    );
    expect(await server.db.count('SELECT count(*) AS n FROM fiat_withdrawal_capabilities WHERE customer_id = ?', f.customerId)).toBe(1);
  });
});
