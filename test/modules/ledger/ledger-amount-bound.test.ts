// §4's 38-digit bound as the ledger's last resort: post() refuses a row that would take a balance past
// it (an INTERNAL problem, a bug of the caller, since every operation refuses such a credit first), and
// the refused row changes nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../../../src/modules/ledger/rules.js';
import { Scenario, startTestServer, type TestServer } from '../../helpers/harness.js';
import { deposit } from '../../helpers/deposits.js';
import { balanceOf } from '../../helpers/lifecycle.js';

const MAX = '9'.repeat(38);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('post(): a balance past 38 digits is a bug', () => {
  it('a DEPOSIT row on a balance at the bound throws INTERNAL; no row, no balance change', async () => {
    const s = await Scenario.create(server);
    const customerId = await s.customer();
    await deposit(server, s, customerId, { amountMinor: MAX });
    const rows = await server.db.count('SELECT count(*) AS n FROM ledger_transactions WHERE customer_id = ?', customerId);
    await expect(
      server.operator((engine) =>
        engine.writer.run((tx) =>
          post(tx, {
            type: 'DEPOSIT',
            customerId,
            clientId: s.client.clientId,
            currency: 'USDT',
            currencyScale: 6,
            amountMinor: 1n,
            resourceType: 'CRYPTO_DEPOSIT',
            resourceId: randomUUID(),
            at: server.clock.now().toISOString(),
          }),
        ),
      ),
    ).rejects.toMatchObject({ code: 'INTERNAL' });
    expect(await server.db.count('SELECT count(*) AS n FROM ledger_transactions WHERE customer_id = ?', customerId)).toBe(rows);
    expect(await balanceOf(server, s.client, customerId)).toEqual({ availableMinor: MAX, heldMinor: '0' });
  });
});
