// §17.2 a frontend session reads its own customer's fiat records (capabilities, applications, accounts,
// deposit instructions) on both surfaces; another customer's → 403 FORBIDDEN; the mutations → 403
// FRONTEND_SESSION_READ_ONLY.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/harness.js';
import { asBrowser, gqlAsBrowser, openSessionRecord, registerOrigin } from '../../helpers/frontend.js';
import { expectGraphQLProblem, expectRestProblem } from '../../helpers/problems.js';
import { ACCOUNT_QUERY, APPLICATION_QUERY, applicationInput, CAPABILITIES_QUERY, CREATE_MUTATION, FiatParty } from '../../helpers/fiat-accounts.js';

const ORIGIN = 'https://app.example.com';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('§17.2 fiat reads of a frontend session', () => {
  it('its customer’s records as the partner sees them; another customer’s 403; mutations read-only', async () => {
    const f = await FiatParty.create(server);
    const { applicationId, fiatAccountId } = await f.account();
    const other = new FiatParty(f.s, await f.s.verifiedCustomer());
    const theirs = await other.account();
    await registerOrigin(server, f.s.client.clientId, ORIGIN);
    const session = await openSessionRecord(server, f.s.client.clientId, f.customerId, ORIGIN);
    const paths = [
      `/partner/v1/customers/${f.customerId}/fiat/account-capabilities`,
      `/partner/v1/fiat/account-applications/${applicationId}`,
      `/partner/v1/customers/${f.customerId}/fiat/accounts`,
      `/partner/v1/fiat/accounts/${fiatAccountId}`,
    ];
    // The deposit instructions name no customer (§17.2 reads records of a customer): the backend's only.
    expectRestProblem(await asBrowser(server, session, 'GET', `/partner/v1/fiat/accounts/${fiatAccountId}/deposit-instructions`), 403, 'FRONTEND_SESSION_READ_ONLY');
    for (const path of paths) {
      const mine = await asBrowser(server, session, 'GET', path);
      expect(mine.status, mine.text).toBe(200);
      expect(mine.body).toEqual((await f.rest('GET', path)).body);
    }
    for (const path of [
      `/partner/v1/customers/${other.customerId}/fiat/account-capabilities`,
      `/partner/v1/fiat/account-applications/${theirs.applicationId}`,
      `/partner/v1/customers/${other.customerId}/fiat/accounts`,
      `/partner/v1/fiat/accounts/${theirs.fiatAccountId}`,
    ])
      expectRestProblem(await asBrowser(server, session, 'GET', path), 403, 'FORBIDDEN');
    const g = await gqlAsBrowser(server, session, CAPABILITIES_QUERY, { customerId: f.customerId });
    expect(g.body.data.fiatAccountCapabilities[0]).toMatchObject({ status: 'ACTIVE', fiatAccountId });
    for (const [q, id] of [[APPLICATION_QUERY, theirs.applicationId], [ACCOUNT_QUERY, theirs.fiatAccountId]] as const)
      expectGraphQLProblem(await gqlAsBrowser(server, session, q, { id }), 403, 'FORBIDDEN', { data: 'null-fields' });
    expect((await gqlAsBrowser(server, session, ACCOUNT_QUERY, { id: randomUUID() })).body.data.fiatAccount).toBeNull();
    expectGraphQLProblem(await gqlAsBrowser(server, session, CREATE_MUTATION, { customerId: f.customerId, input: applicationInput({ currency: 'USD' }) }), 403, 'FRONTEND_SESSION_READ_ONLY');
    expectRestProblem(
      await asBrowser(server, session, 'POST', `/partner/v1/fiat/account-applications/${applicationId}/additional-information`, { body: { items: [{ key: 'SOURCE_OF_FUNDS', text: 'x' }] } }),
      403,
      'FRONTEND_SESSION_READ_ONLY',
    );
  });
});
