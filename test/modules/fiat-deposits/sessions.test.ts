// §17.2 a frontend session reads its own customer's fiat deposits (the list and by id) on both surfaces
// exactly as the partner does; another customer's → 403 FORBIDDEN; no record → null (REST 404);
// simulateFiatDeposit → 403 FRONTEND_SESSION_READ_ONLY, and nothing is written.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FiatParty } from '../../helpers/fiat-accounts.js';
import { FIAT_DEPOSIT_QUERY, FIAT_DEPOSITS_LIST, fiatDepositInput, SIMULATE_FIAT_DEPOSIT, simulateFiatDeposit, simulateFiatDepositPath } from '../../helpers/fiat-deposits.js';
import { asBrowser, gqlAsBrowser, openSessionRecord, registerOrigin } from '../../helpers/frontend.js';
import { startTestServer, type TestServer } from '../../helpers/harness.js';
import { expectGraphQLProblem, expectRestProblem } from '../../helpers/problems.js';

const ORIGIN = 'https://app.example.com';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('§17.2 fiat deposit reads of a frontend session', () => {
  it('its customer’s deposits as the partner sees them; another customer’s 403; the simulation read-only', async () => {
    const f = await FiatParty.create(server);
    const { fiatAccountId } = await f.account('EUR');
    const other = new FiatParty(f.s, await f.s.verifiedCustomer());
    const theirAccount = (await other.account('EUR')).fiatAccountId;
    const mine = await simulateFiatDeposit(server, f.s.client, fiatAccountId);
    const theirs = await simulateFiatDeposit(server, f.s.client, theirAccount);
    await server.advanceWorker();
    await registerOrigin(server, f.s.client.clientId, ORIGIN);
    const session = await openSessionRecord(server, f.s.client.clientId, f.customerId, ORIGIN);

    for (const path of [`/partner/v1/customers/${f.customerId}/fiat/deposits`, `/partner/v1/fiat/deposits/${mine.fiatDepositId}`]) {
      const r = await asBrowser(server, session, 'GET', path);
      expect(r.status, r.text).toBe(200);
      expect(r.body).toEqual((await f.rest('GET', path)).body);
    }
    for (const path of [`/partner/v1/customers/${other.customerId}/fiat/deposits`, `/partner/v1/fiat/deposits/${theirs.fiatDepositId}`])
      expectRestProblem(await asBrowser(server, session, 'GET', path), 403, 'FORBIDDEN');
    expectRestProblem(await asBrowser(server, session, 'GET', `/partner/v1/fiat/deposits/${randomUUID()}`), 404, 'NOT_FOUND');

    const list = await gqlAsBrowser(server, session, FIAT_DEPOSITS_LIST, { customerId: f.customerId });
    expect(list.body.data.fiatDeposits.items.map((d: { fiatDepositId: string; status: string }) => [d.fiatDepositId, d.status])).toEqual([[mine.fiatDepositId, 'COMPLETED']]);
    expectGraphQLProblem(await gqlAsBrowser(server, session, FIAT_DEPOSITS_LIST, { customerId: other.customerId }), 403, 'FORBIDDEN');
    expectGraphQLProblem(await gqlAsBrowser(server, session, FIAT_DEPOSIT_QUERY, { id: theirs.fiatDepositId }), 403, 'FORBIDDEN', { data: 'null-fields' });
    expect((await gqlAsBrowser(server, session, FIAT_DEPOSIT_QUERY, { id: randomUUID() })).body.data.fiatDeposit).toBeNull();

    const before = await server.db.count('SELECT count(*) AS n FROM fiat_deposits');
    expectGraphQLProblem(await gqlAsBrowser(server, session, SIMULATE_FIAT_DEPOSIT, { id: fiatAccountId, input: fiatDepositInput() }), 403, 'FRONTEND_SESSION_READ_ONLY');
    expectRestProblem(await asBrowser(server, session, 'POST', simulateFiatDepositPath(fiatAccountId), { body: fiatDepositInput() }), 403, 'FRONTEND_SESSION_READ_ONLY');
    expect(await server.db.count('SELECT count(*) AS n FROM fiat_deposits')).toBe(before);
  });
});
