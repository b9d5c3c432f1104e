// §14.8, R21: simulateFiatDeposit is sandbox mode's (403 SANDBOX_ONLY right after auth, before any other
// check the operation makes; the schema's own refusal of a value its types do not take comes first), and outside sandbox mode no fiat step runs: a PROCESSING deposit waits, and is stepped once the
// server runs in sandbox mode again. The same database throughout, restarted in either mode.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FiatParty } from '../../helpers/fiat-accounts.js';
import { fiatDepositInput, readFiatDeposit, simulateFiatDepositGql, simulateFiatDepositRest } from '../../helpers/fiat-deposits.js';
import { startTestServer, type TestServer } from '../../helpers/harness.js';
import { balanceOf } from '../../helpers/lifecycle.js';
import { expectGraphQLProblem, expectRestProblem } from '../../helpers/problems.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

async function inMode(sandbox: boolean) {
  (server.config as { sandbox: boolean }).sandbox = sandbox;
  await server.restart();
}

describe('outside sandbox mode (§14.8, R21)', () => {
  it('403 SANDBOX_ONLY before shape, records and idempotency; no fiat step runs; back in sandbox mode the deposit is credited', async () => {
    const f = await FiatParty.create(server);
    const { fiatAccountId } = await f.account('EUR');
    const client = f.s.client;
    const key = randomUUID();
    const made = await simulateFiatDepositRest(server, client, fiatAccountId, fiatDepositInput({ amountMinor: '2500' }), { idempotencyKey: key });
    expect(made.status, made.text).toBe(200);
    const waiting = made.body;
    await inMode(false);
    try {
      const before = await server.db.count('SELECT count(*) AS n FROM fiat_deposits');
      expectGraphQLProblem(await simulateFiatDepositGql(server, client, fiatAccountId, fiatDepositInput()), 403, 'SANDBOX_ONLY');
      expectRestProblem(await simulateFiatDepositRest(server, client, fiatAccountId, fiatDepositInput()), 403, 'SANDBOX_ONLY');
      expectRestProblem(await simulateFiatDepositRest(server, client, randomUUID(), fiatDepositInput({ amountMinor: '0', senderAccountIdentifier: '' })), 403, 'SANDBOX_ONLY');
      // A value the schema itself refuses (not a FiatRail) is refused before any resolver runs.
      expectRestProblem(await simulateFiatDepositRest(server, client, fiatAccountId, fiatDepositInput({ rail: 'SWIFT' })), 400, 'VALIDATION_FAILED', '/rail');
      // Before C: the key of a simulation made in sandbox mode replays nothing now.
      expectRestProblem(await simulateFiatDepositRest(server, client, fiatAccountId, fiatDepositInput({ amountMinor: '2500' }), { idempotencyKey: key }), 403, 'SANDBOX_ONLY');
      // A: auth still comes first.
      expect((await simulateFiatDepositRest(server, client, fiatAccountId, fiatDepositInput(), { sign: false })).status).toBe(401);
      expect(await server.db.count('SELECT count(*) AS n FROM fiat_deposits')).toBe(before);
      await server.advanceWorker();
      expect(await readFiatDeposit(server, client, waiting.fiatDepositId)).toEqual(waiting);
      expect(await balanceOf(server, client, f.customerId, 'EUR')).toEqual({ availableMinor: '0', heldMinor: '0' });
    } finally {
      await inMode(true);
    }
    await server.advanceWorker();
    expect((await readFiatDeposit(server, client, waiting.fiatDepositId)).status).toBe('COMPLETED');
    expect(await balanceOf(server, client, f.customerId, 'EUR')).toEqual({ availableMinor: '2500', heldMinor: '0' });
  });
});
