// The README's end-to-end example (examples/lifecycle.ts) runs against a real server as a partner would
// run it, so the documented lifecycle cannot drift from the service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scenario, startTestServer, type TestServer } from './helpers/harness.js';
import { cleanEnv, run } from './helpers/processes.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SANDBOX_STEP_DELAY_MS: '20', WORKER_POLL_INTERVAL_MS: '10' });
});
afterAll(() => server.stop());

describe('examples/lifecycle.ts', () => {
  it('deposit → beneficiary → quote → draft → submit → COMPLETED, with its events and ledger rows', async () => {
    const s = await Scenario.create(server, { feeMinor: '1500000', minMinor: '1000000', maxMinor: '1000000000000' });
    const customerId = await s.customer();
    const r = await run(
      process.execPath,
      ['--import', 'tsx', 'examples/lifecycle.ts'],
      cleanEnv({ BASE: server.url, CLIENT_ID: s.client.clientId, SECRET: s.client.secret, CUSTOMER_ID: customerId, ROUTE_CODE: s.routeCode }),
      60_000,
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/ → COMPLETED \(Completed\)/);
    for (const t of ['approved', 'submitted', 'screening', 'broadcasting', 'confirming', 'completed']) expect(r.stdout).toContain(`"crypto_withdrawal.${t}"`);
    const balances = await server.gql(s.client, `{ customerBalances(customerId: "${customerId}") { items { availableMinor heldMinor } } }`);
    // 25 USDT in, 10 USDT out with a fee of 1.5.
    expect(balances.body.data.customerBalances.items).toEqual([{ availableMinor: '13500000', heldMinor: '0' }]);
  }, 90_000);
});
