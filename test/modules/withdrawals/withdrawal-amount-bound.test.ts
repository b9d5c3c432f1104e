// §4's 38-digit bound on the sums a withdrawal makes: a quote's totalAmountMinor and a draft's amount +
// fee (its hold at submission, §10.1) past 38 digits → 400 AMOUNT_OUT_OF_RANGE at the route-dependent
// stage (§4.4, §10.5), nothing stored; a maximal hold leaves the balance at the bound, and a deposit on
// top of it is refused (§10.4). Both surfaces where the operation has both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scenario, startTestServer, type TestServer } from '../../helpers/harness.js';
import { simulate } from '../../helpers/deposits.js';
import { balanceOf } from '../../helpers/lifecycle.js';
import { expectGraphQLProblem, expectRestProblem } from '../../helpers/problems.js';
import { DRAFT_MUTATION, fund, QUOTE_MUTATION, Wd } from '../../helpers/withdrawals.js';

const MAX = '9'.repeat(38);
const MAX_LESS_ONE = `${'9'.repeat(37)}8`;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SANDBOX_STEP_DELAY_MS: '600000' });
});
afterAll(() => server.stop());

/** A route without a maximum and with fee `fee`, a customer and an ACTIVE beneficiary. */
async function setup(fee: string): Promise<Wd> {
  return Wd.create(await Scenario.create(server, { maxMinor: undefined, feeMinor: fee }));
}

const quoteInput = (wd: Wd, amountMinor: string) => ({ routeCode: wd.s.routeCode, amountMinor, currency: 'USDT', currencyScale: 6 });
const quoteRest = (wd: Wd, amountMinor: string) =>
  wd.rest('POST', `/partner/v1/customers/${wd.customerId}/crypto/withdrawal-quotes`, { body: quoteInput(wd, amountMinor) });
const draftRest = (wd: Wd, o: Record<string, unknown>) =>
  wd.rest('POST', `/partner/v1/customers/${wd.customerId}/crypto-withdrawals`, { body: wd.draftInput(o) });
const count = (sql: string, ...args: unknown[]) => server.db.count(sql, ...args);
const setFee = (routeCode: string, fee: string) => server.db.run('UPDATE routes SET fee_amount_minor = ? WHERE route_code = ?', fee, routeCode);

describe('createCryptoWithdrawalQuote: totalAmountMinor within 38 digits', () => {
  it('38 nines + a fee of 1 → 400 AMOUNT_OUT_OF_RANGE at /amountMinor on both surfaces; no quote stored', async () => {
    const wd = await setup('1');
    expectRestProblem(await quoteRest(wd, MAX), 400, 'AMOUNT_OUT_OF_RANGE', '/amountMinor');
    expectGraphQLProblem(
      await wd.gql(QUOTE_MUTATION, { customerId: wd.customerId, input: quoteInput(wd, MAX) }),
      400,
      'AMOUNT_OUT_OF_RANGE',
      '/amountMinor',
    );
    expect(await count('SELECT count(*) AS n FROM withdrawal_quotes WHERE customer_id = ?', wd.customerId)).toBe(0);
  });

  it('a total of exactly 38 nines is accepted; with a zero fee, 38 nines alone', async () => {
    const wd = await setup('1');
    const r = await quoteRest(wd, MAX_LESS_ONE);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ amountMinor: MAX_LESS_ONE, feeAmountMinor: '1', totalAmountMinor: MAX });
    const free = await setup('0');
    const q = await quoteRest(free, MAX);
    expect(q.status, q.text).toBe(200);
    expect(q.body.totalAmountMinor).toBe(MAX);
  });
});

describe('createCryptoWithdrawalApprovalDraft: amount + fee within 38 digits', () => {
  it('38 nines + the route’s fee of 1 → 400 AMOUNT_OUT_OF_RANGE on both surfaces; no withdrawal, no event', async () => {
    const wd = await setup('1');
    expectRestProblem(await draftRest(wd, { amountMinor: MAX }), 400, 'AMOUNT_OUT_OF_RANGE', '/amountMinor');
    expectGraphQLProblem(
      await wd.gql(DRAFT_MUTATION, { customerId: wd.customerId, input: wd.draftInput({ amountMinor: MAX }) }),
      400,
      'AMOUNT_OUT_OF_RANGE',
      '/amountMinor',
    );
    expect(await count('SELECT count(*) AS n FROM crypto_withdrawals WHERE customer_id = ?', wd.customerId)).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM events WHERE customer_id = ? AND resource_type = 'CRYPTO_WITHDRAWAL'`, wd.customerId)).toBe(0);
  });

  it('route-dependent 400 comes before the 409 state rules (§4): a reused clientReference still answers AMOUNT_OUT_OF_RANGE', async () => {
    const wd = await setup('1');
    const first = await wd.draft({ amountMinor: '1000' });
    expectRestProblem(await draftRest(wd, { amountMinor: MAX, clientReference: first.clientReference }), 400, 'AMOUNT_OUT_OF_RANGE', '/amountMinor');
  });

  it('with a quote the fee counted is the quote’s: a fee raised since does not refuse it, while a draft without the quote is refused', async () => {
    const wd = await setup('1');
    const q = await quoteRest(wd, MAX_LESS_ONE);
    expect(q.status, q.text).toBe(200);
    await setFee(wd.s.routeCode, '2');
    expectRestProblem(await draftRest(wd, { amountMinor: MAX_LESS_ONE }), 400, 'AMOUNT_OUT_OF_RANGE', '/amountMinor');
    const w = await wd.draft({ amountMinor: MAX_LESS_ONE, quoteId: q.body.quoteId });
    expect(w).toMatchObject({ amountMinor: MAX_LESS_ONE, feeAmountMinor: '1', status: 'APPROVED' });
  });
});

describe('a maximal withdrawal: its hold stays within the bound', () => {
  it('38 nines held (fee 0): available 0, held 38 nines; a deposit on top → 400 AMOUNT_OUT_OF_RANGE, nothing written', async () => {
    const wd = await setup('0');
    const w = await wd.draft({ amountMinor: MAX });
    await fund(wd.s, wd.customerId, MAX);
    const r = await wd.submitRest(w.withdrawalId);
    expect(r.status, r.text).toBe(200);
    expect(r.body.status).toBe('SUBMITTED');
    expect(await balanceOf(server, wd.s.client, wd.customerId)).toEqual({ availableMinor: '0', heldMinor: MAX });

    const deposits = await count('SELECT count(*) AS n FROM crypto_deposits WHERE customer_id = ?', wd.customerId);
    const rows = await count('SELECT count(*) AS n FROM ledger_transactions WHERE customer_id = ?', wd.customerId);
    expectGraphQLProblem(await simulate(server, wd.s, wd.customerId, { amountMinor: '1' }), 400, 'AMOUNT_OUT_OF_RANGE', '/amountMinor');
    expect(await count('SELECT count(*) AS n FROM crypto_deposits WHERE customer_id = ?', wd.customerId)).toBe(deposits);
    expect(await count('SELECT count(*) AS n FROM ledger_transactions WHERE customer_id = ?', wd.customerId)).toBe(rows);
    expect(await balanceOf(server, wd.s.client, wd.customerId)).toEqual({ availableMinor: '0', heldMinor: MAX });
  });

  it('the issue’s path: after one maximal deposit a second is refused, so a maximal withdrawal + fee finds no 39-digit balance', async () => {
    const wd = await setup('1');
    await fund(wd.s, wd.customerId, MAX);
    expectGraphQLProblem(await simulate(server, wd.s, wd.customerId, { amountMinor: MAX }), 400, 'AMOUNT_OUT_OF_RANGE', '/amountMinor');
    expect(await balanceOf(server, wd.s.client, wd.customerId)).toEqual({ availableMinor: MAX, heldMinor: '0' });
    expectRestProblem(await draftRest(wd, { amountMinor: MAX }), 400, 'AMOUNT_OUT_OF_RANGE', '/amountMinor');
  });
});
