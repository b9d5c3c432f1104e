// §4's 38-digit bound on balances: a deposit whose credit would take the customer's balance (available,
// held, or their total) past 38 digits → 400 AMOUNT_OUT_OF_RANGE before the duplicate check (stage G
// before H), nothing written; a held or frozen deposit moves no balance, so it is checked when the Travel Rule releases it
// (§10.4).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomEthAddress, Scenario, startTestServer, type TestServer } from '../../helpers/harness.js';
import { denySource, deposit, randomEthTxHash, simulate, TRAVEL_RULE } from '../../helpers/deposits.js';
import { balanceOf, holdFunds } from '../../helpers/lifecycle.js';
import { expectGraphQLProblem, expectRestProblem } from '../../helpers/problems.js';

const MAX = '9'.repeat(38);
const THRESHOLD = '5000000';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SANDBOX_STEP_DELAY_MS: '600000' });
});
afterAll(() => server.stop());

const count = (sql: string, ...args: unknown[]) => server.db.count(sql, ...args);

/** What a refused deposit must not have changed: the customer's deposits, ledger rows, events, balance. */
async function snapshot(s: Scenario, customerId: string) {
  return {
    deposits: await count('SELECT count(*) AS n FROM crypto_deposits WHERE customer_id = ?', customerId),
    rows: await count('SELECT count(*) AS n FROM ledger_transactions WHERE customer_id = ?', customerId),
    events: await count('SELECT count(*) AS n FROM events WHERE customer_id = ?', customerId),
    balance: await balanceOf(server, s.client, customerId),
  };
}

async function customerWith(route: Parameters<typeof Scenario.create>[1] = {}) {
  const s = await Scenario.create(server, route);
  return { s, customerId: await s.customer() };
}

describe('simulateCryptoDeposit: the credit within 38 digits', () => {
  it('two maximal deposits: the second → 400 AMOUNT_OUT_OF_RANGE at /amountMinor, nothing written', async () => {
    const { s, customerId } = await customerWith();
    await deposit(server, s, customerId, { amountMinor: MAX });
    const before = await snapshot(s, customerId);
    expect(before.balance).toEqual({ availableMinor: MAX, heldMinor: '0' });
    const txHash = randomEthTxHash();
    expectGraphQLProblem(await simulate(server, s, customerId, { amountMinor: MAX, txHash }), 400, 'AMOUNT_OUT_OF_RANGE', '/amountMinor');
    expectGraphQLProblem(await simulate(server, s, customerId, { amountMinor: '1' }), 400, 'AMOUNT_OUT_OF_RANGE', '/amountMinor');
    expect(await snapshot(s, customerId)).toEqual(before);
    expect(await count('SELECT count(*) AS n FROM crypto_deposits WHERE tx_hash = ?', txHash)).toBe(0);
  });

  it('a balance reaching exactly 38 nines is accepted', async () => {
    const { s, customerId } = await customerWith();
    await deposit(server, s, customerId, { amountMinor: `${'9'.repeat(37)}0` });
    const d = await deposit(server, s, customerId, { amountMinor: '9' });
    expect(d.status).toBe('COMPLETED');
    expect(await balanceOf(server, s.client, customerId)).toEqual({ availableMinor: MAX, heldMinor: '0' });
  });

  it('held funds count: available + held at the bound → a deposit of 1 is refused though available is 0', async () => {
    const { s, customerId } = await customerWith();
    await deposit(server, s, customerId, { amountMinor: MAX });
    await holdFunds(server, s.client, customerId, BigInt(MAX));
    const before = await snapshot(s, customerId);
    expect(before.balance).toEqual({ availableMinor: '0', heldMinor: MAX });
    expectGraphQLProblem(await simulate(server, s, customerId, { amountMinor: '1' }), 400, 'AMOUNT_OUT_OF_RANGE', '/amountMinor');
    expect(await snapshot(s, customerId)).toEqual(before);
  });

  it('both faults: the bound (400, stage G) answers before the duplicate (409 DUPLICATE_TX_HASH, stage H); another currency’s balance is its own', async () => {
    const { s, customerId } = await customerWith();
    const txHash = randomEthTxHash();
    await deposit(server, s, customerId, { amountMinor: MAX, txHash });
    const before = await snapshot(s, customerId);
    expectGraphQLProblem(await simulate(server, s, customerId, { amountMinor: '1', txHash }), 400, 'AMOUNT_OUT_OF_RANGE', '/amountMinor');
    expect(await snapshot(s, customerId)).toEqual(before);
    // The duplicate alone is still a 409.
    const other = await customerWith();
    await deposit(server, other.s, other.customerId, { amountMinor: '1', txHash });
    expectGraphQLProblem(await simulate(server, other.s, other.customerId, { amountMinor: '1', txHash }), 409, 'DUPLICATE_TX_HASH');
    const otherRoute = await server.newRoute(s.client, { currency: `B${randomUUID().slice(0, 6).toUpperCase()}`, scale: 6 });
    const d = await deposit(server, s, customerId, { routeCode: otherRoute, amountMinor: MAX });
    expect(d.status).toBe('COMPLETED');
  });

  it('a deposit that is not credited now (held for the Travel Rule, or frozen) is not refused', async () => {
    const { s, customerId } = await customerWith({ travelRuleThresholdMinor: THRESHOLD });
    await deposit(server, s, customerId, { amountMinor: '1000' });
    const held = await deposit(server, s, customerId, { amountMinor: MAX });
    expect(held.status).toBe('PENDING_TRAVEL_RULE');
    const source = randomEthAddress();
    await denySource(server, 'ETH', source);
    const frozen = await deposit(server, s, customerId, { amountMinor: MAX, fromAddress: source });
    expect(frozen.status).toBe('FROZEN');
    expect(await balanceOf(server, s.client, customerId)).toEqual({ availableMinor: '1000', heldMinor: '0' });
  });
});

describe('submitCryptoDepositTravelRuleInformation: the release’s credit within 38 digits', () => {
  const originator = { name: 'Ada Lovelace', type: 'INDIVIDUAL', country: 'DE', walletType: 'PRIVATE_WALLET' };

  it('→ 400 AMOUNT_OUT_OF_RANGE on both surfaces; the deposit stays PENDING_TRAVEL_RULE, nothing written', async () => {
    const { s, customerId } = await customerWith({ travelRuleThresholdMinor: THRESHOLD });
    const held = await deposit(server, s, customerId, { amountMinor: MAX });
    expect(held.status).toBe('PENDING_TRAVEL_RULE');
    await deposit(server, s, customerId, { amountMinor: '1' });
    const before = await snapshot(s, customerId);
    expectRestProblem(
      await server.request(s.client, 'POST', `/partner/v1/crypto/deposits/${held.depositId}/travel-rule-information`, { body: { originator } }),
      400,
      'AMOUNT_OUT_OF_RANGE',
      '/amountMinor',
    );
    expectGraphQLProblem(
      await server.gql(s.client, TRAVEL_RULE, { depositId: held.depositId, input: { originator } }),
      400,
      'AMOUNT_OUT_OF_RANGE',
      '/amountMinor',
    );
    expect(await snapshot(s, customerId)).toEqual(before);
    const row = await server.db.get<{ status: string; travel_rule_submitted_at: string | null }>(
      'SELECT status, travel_rule_submitted_at FROM crypto_deposits WHERE deposit_id = ?',
      held.depositId,
    );
    expect(row).toEqual({ status: 'PENDING_TRAVEL_RULE', travel_rule_submitted_at: null });
  });

  it('within the bound the release credits as before', async () => {
    const { s, customerId } = await customerWith({ travelRuleThresholdMinor: THRESHOLD });
    const held = await deposit(server, s, customerId, { amountMinor: MAX });
    const r = await server.gql(s.client, TRAVEL_RULE, { depositId: held.depositId, input: { originator } });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.submitCryptoDepositTravelRuleInformation.status).toBe('COMPLETED');
    expect(await balanceOf(server, s.client, customerId)).toEqual({ availableMinor: MAX, heldMinor: '0' });
  });
});
