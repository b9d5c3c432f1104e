// §4's 38-digit bound with a refund's hold (§10.8): a refund of a maximal deposit holds 38 nines, the
// balance's total stays at the bound, and a deposit on top of the held amount is refused (§10.4, 400
// AMOUNT_OUT_OF_RANGE, nothing written); the refundable amount never exceeds the deposit's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scenario, startTestServer, type TestServer } from '../../helpers/harness.js';
import { DEPOSIT_QUERY, deposit, gqlData, simulate } from '../../helpers/deposits.js';
import { balanceOf } from '../../helpers/lifecycle.js';
import { expectGraphQLProblem } from '../../helpers/problems.js';

const MAX = '9'.repeat(38);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SANDBOX_STEP_DELAY_MS: '600000' });
});
afterAll(() => server.stop());

describe('a maximal refund’s hold stays within the bound', () => {
  it('deposit 38 nines, refund it all and submit: held 38 nines; a deposit of 1 → 400 AMOUNT_OUT_OF_RANGE, nothing written', async () => {
    const s = await Scenario.create(server);
    const customerId = await s.customer();
    const d = await deposit(server, s, customerId, { amountMinor: MAX });
    const draft = await s.refundDraft(d.depositId, { amountMinor: MAX });
    expect(draft.status, draft.text).toBe(200);
    const refundId = draft.body.data.createCryptoRefundApprovalDraft.refundId as string;
    const submitted = await s.submit(refundId);
    expect(submitted.status, submitted.text).toBe(200);
    expect(submitted.body.data.submitCryptoRefund.status).toBe('AWAITING_CONFIRMATION');
    expect(await balanceOf(server, s.client, customerId)).toEqual({ availableMinor: '0', heldMinor: MAX });
    expect((await gqlData(server, s.client, DEPOSIT_QUERY, { id: d.depositId }, 'cryptoDeposit')).refundableAmountMinor).toBe('0');

    const rows = await server.db.count('SELECT count(*) AS n FROM ledger_transactions WHERE customer_id = ?', customerId);
    const deposits = await server.db.count('SELECT count(*) AS n FROM crypto_deposits WHERE customer_id = ?', customerId);
    expectGraphQLProblem(await simulate(server, s, customerId, { amountMinor: '1' }), 400, 'AMOUNT_OUT_OF_RANGE', '/amountMinor');
    expect(await server.db.count('SELECT count(*) AS n FROM ledger_transactions WHERE customer_id = ?', customerId)).toBe(rows);
    expect(await server.db.count('SELECT count(*) AS n FROM crypto_deposits WHERE customer_id = ?', customerId)).toBe(deposits);
    expect(await balanceOf(server, s.client, customerId)).toEqual({ availableMinor: '0', heldMinor: MAX });
  });
});
