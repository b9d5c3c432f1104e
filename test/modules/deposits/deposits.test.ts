// §10.4 simulateCryptoDeposit (its eight checks in order, the three arrivals, the events and the ledger
// row of a credit), cryptoDeposit on both surfaces, and the cryptoDeposits list (§9.3).
import { randomBytes, randomUUID } from 'node:crypto';
import { base58 } from '@scure/base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositWalletAddress, generatedTxHash } from '../../../src/core/addresses/derive.js';
import { ETH_ADDRESS, ETH_ADDRESS_2, Scenario, randomEthAddress, startTestServer, type TestServer } from '../../helpers/harness.js';
import {
  DEPOSIT_KEYS,
  DEPOSIT_QUERY,
  DEPOSITS_LIST,
  ISO,
  SIMULATE,
  TRANSACTIONS_LIST,
  denySource,
  deposit,
  describePageRules,
  gqlData,
  newestFirst,
  randomEthTxHash,
  restData,
  setRoute,
  simulate as simulateOn,
} from '../../helpers/deposits.js';
import { expectGraphQLProblem, expectRestProblem } from '../../helpers/problems.js';

const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const BTC_ADDRESS = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
const SOL_ADDRESS = 'AjMksRMxghGehgviyZ11vtwVKoo9ZFDE4WLqfLyUtNRb';
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SANDBOX_STEP_DELAY_MS: '600000' });
});
afterAll(() => server.stop());

const simulate = (s: Scenario, customerId: string, input: Record<string, unknown> = {}, o = {}) => simulateOn(server, s, customerId, input, o);

async function setup(route: Parameters<typeof Scenario.create>[1] = {}) {
  const s = await Scenario.create(server, route);
  return { s, customerId: await s.customer() };
}

const depositCount = () => server.db.count('SELECT COUNT(*) AS n FROM crypto_deposits');
const ledgerRowsOf = (resourceId: string) =>
  server.db.all<{ type: string; amount_minor: string; available_delta_minor: string; held_delta_minor: string; created_at: string }>(
    'SELECT type, amount_minor, available_delta_minor, held_delta_minor, created_at FROM ledger_transactions WHERE resource_id = ?',
    resourceId,
  );
const eventsOfCustomer = (customerId: string) =>
  server.db.all<{ type: string; resource_type: string; resource_id: string; sequence: number; data: string; created_at: string }>(
    // The customer's own events (§12.5) are not the deposits'.
    "SELECT type, resource_type, resource_id, sequence, data, created_at FROM events WHERE customer_id = ? AND resource_type <> 'CUSTOMER' ORDER BY position",
    customerId,
  );

// ---------------------------------------------------------------------------------------------------

describe('simulateCryptoDeposit: a credited deposit (§10.4 row 8, COMPLETED)', () => {
  it('answers every PartnerCryptoDeposit field; toAddress is the customer wallet of the route; one DEPOSIT row', async () => {
    const { s, customerId } = await setup();
    const txHash = randomEthTxHash();
    const d = await deposit(server, s, customerId, { amountMinor: '1234567', txHash });
    expect(Object.keys(d).sort()).toEqual([...DEPOSIT_KEYS].sort());
    expect(d).toEqual({
      depositId: expect.stringMatching(UUID_RE),
      customerId,
      routeCode: s.routeCode,
      blockchain: 'ETH',
      amountMinor: '1234567',
      currency: 'USDT',
      currencyScale: 6,
      fromAddress: ETH_ADDRESS_2,
      toAddress: depositWalletAddress('ETH', s.routeCode, customerId),
      txHash,
      status: 'COMPLETED',
      statusInfo: 'Credited',
      travelRuleRequired: false,
      travelRuleSubmittedAt: null,
      refundableAmountMinor: '1234567',
      creditedAt: d.createdAt,
      // §18.1: null for sandbox deposits.
      blockNumber: null,
      finalizedAt: null,
      createdAt: expect.stringMatching(ISO),
      updatedAt: d.createdAt,
    });
    const rows = await ledgerRowsOf(d.depositId);
    expect(rows).toEqual([{ type: 'DEPOSIT', amount_minor: '1234567', available_delta_minor: '1234567', held_delta_minor: '0', created_at: d.createdAt }]);
  });

  it('E6: crypto_deposit.completed (sequence 1, data = the deposit without refundableAmountMinor), then transaction.posted', async () => {
    const { s, customerId } = await setup();
    const d = await deposit(server, s, customerId);
    const events = await eventsOfCustomer(customerId);
    expect(events.map((e) => [e.type, e.resource_type, e.sequence])).toEqual([
      ['crypto_deposit.completed', 'CRYPTO_DEPOSIT', 1],
      ['transaction.posted', 'TRANSACTION', 1],
    ]);
    const { refundableAmountMinor: _r, ...withoutRefundable } = d;
    expect(events[0]!.resource_id).toBe(d.depositId);
    expect(JSON.parse(events[0]!.data)).toEqual(withoutRefundable);
    expect(events[0]!.created_at).toBe(d.updatedAt);
    expect(JSON.parse(events[1]!.data)).toMatchObject({ type: 'DEPOSIT', resourceType: 'CRYPTO_DEPOSIT', resourceId: d.depositId, amountMinor: d.amountMinor });
  });

  it.each([
    ['ETH', { blockchain: 'ETH' }, ETH_ADDRESS_2],
    ['TRON', { blockchain: 'TRON', currency: 'USDT', scale: 6 }, TRON_ADDRESS],
    ['BTC', { blockchain: 'BTC', currency: 'BTC', scale: 8 }, BTC_ADDRESS],
    ['SOL', { blockchain: 'SOL', currency: 'USDC', scale: 6 }, SOL_ADDRESS],
  ] as const)('%s: without txHash the hash is generated from the depositId; toAddress derived (§10.3)', async (chain, route, fromAddress) => {
    const { s, customerId } = await setup(route);
    const d = await deposit(server, s, customerId, { fromAddress });
    expect(d).toMatchObject({ blockchain: chain, fromAddress, status: 'COMPLETED' });
    expect(d.txHash).toBe(generatedTxHash(chain, d.depositId));
    expect(d.toAddress).toBe(depositWalletAddress(chain, s.routeCode, customerId));
  });

  it('a given txHash is stored in its chain form: ETH and TRON/BTC lower case, SOL as given', async () => {
    const hex = randomBytes(32).toString('hex');
    const eth = await setup();
    expect((await deposit(server, eth.s, eth.customerId, { txHash: `0x${hex.toUpperCase()}` })).txHash).toBe(`0x${hex}`);
    const tron = await setup({ blockchain: 'TRON', currency: 'USDT', scale: 6 });
    expect((await deposit(server, tron.s, tron.customerId, { fromAddress: TRON_ADDRESS, txHash: hex.toUpperCase() })).txHash).toBe(hex);
    const btc = await setup({ blockchain: 'BTC', currency: 'BTC', scale: 8 });
    expect((await deposit(server, btc.s, btc.customerId, { fromAddress: BTC_ADDRESS, txHash: hex.toUpperCase() })).txHash).toBe(hex);
    const sol = await setup({ blockchain: 'SOL', currency: 'USDC', scale: 6 });
    const solHash = base58.encode(randomBytes(64));
    expect((await deposit(server, sol.s, sol.customerId, { fromAddress: SOL_ADDRESS, txHash: solHash })).txHash).toBe(solHash);
  });

  it('cryptoDeposit answers the same object; REST GET renders every field', async () => {
    const { s, customerId } = await setup();
    const d = await deposit(server, s, customerId);
    expect(await gqlData(server, s.client, DEPOSIT_QUERY, { id: d.depositId }, 'cryptoDeposit')).toEqual(d);
    const r = await restData(server, s.client, `/partner/v1/crypto/deposits/${d.depositId}`);
    expect(r).toEqual(d);
    // UUIDs compare case-insensitively and render in lower case.
    expect(await restData(server, s.client, `/partner/v1/crypto/deposits/${d.depositId.toUpperCase()}`)).toEqual(d);
  });

  it('cryptoDeposit: unknown → null (REST 404 NOT_FOUND); another partner’s → 403 FORBIDDEN; not a UUID → 400', async () => {
    const { s, customerId } = await setup();
    const d = await deposit(server, s, customerId);
    const unknown = randomUUID();
    const q = await server.gql(s.client, DEPOSIT_QUERY, { id: unknown });
    expect(q.status, q.text).toBe(200);
    expect(q.body).toEqual({ data: { cryptoDeposit: null } });
    expectRestProblem(await server.request(s.client, 'GET', `/partner/v1/crypto/deposits/${unknown}`), 404, 'NOT_FOUND');
    const other = await Scenario.create(server);
    expectGraphQLProblem(await server.gql(other.client, DEPOSIT_QUERY, { id: d.depositId }), 403, 'FORBIDDEN', { data: 'null-fields' });
    expectRestProblem(await server.request(other.client, 'GET', `/partner/v1/crypto/deposits/${d.depositId}`), 403, 'FORBIDDEN');
    expectRestProblem(await server.request(s.client, 'GET', '/partner/v1/crypto/deposits/nope'), 400, 'VALIDATION_FAILED');
  });

  it('refundableAmountMinor falls with a refund draft', async () => {
    const { s, customerId } = await setup();
    const d = await deposit(server, s, customerId, { amountMinor: '1000000' });
    const draft = await s.refundDraft(d.depositId, { amountMinor: '250000' });
    expect(draft.status, draft.text).toBe(200);
    expect((await gqlData(server, s.client, DEPOSIT_QUERY, { id: d.depositId }, 'cryptoDeposit')).refundableAmountMinor).toBe('750000');
  });
});

describe('simulateCryptoDeposit: held and frozen arrivals (§10.4 row 8)', () => {
  it('a deny-listed fromAddress → FROZEN: not credited, no ledger row, crypto_deposit.frozen', async () => {
    const { s, customerId } = await setup({ travelRuleThresholdMinor: '5000000' });
    const source = randomEthAddress();
    await denySource(server, 'ETH', source);
    // The deny list compares the canonical form: an upper-case spelling of the same address is listed too.
    const d = await deposit(server, s, customerId, { fromAddress: `0x${source.slice(2).toUpperCase()}`, amountMinor: '6000000' });
    expect(d).toMatchObject({
      status: 'FROZEN',
      statusInfo: 'Source address failed screening',
      travelRuleRequired: true, // the amount is at the threshold, whatever the outcome
      travelRuleSubmittedAt: null,
      refundableAmountMinor: '0',
      creditedAt: null,
    });
    expect(await ledgerRowsOf(d.depositId)).toEqual([]);
    expect((await eventsOfCustomer(customerId)).map((e) => [e.type, e.sequence])).toEqual([['crypto_deposit.frozen', 1]]);
    expect(await server.db.count('SELECT COUNT(*) AS n FROM balances WHERE customer_id = ?', customerId)).toBe(0);
  });

  it('threshold: below → COMPLETED; at or above → PENDING_TRAVEL_RULE (not credited); no threshold → never held', async () => {
    const { s, customerId } = await setup({ travelRuleThresholdMinor: '5000000' });
    const below = await deposit(server, s, customerId, { amountMinor: '4999999' });
    expect(below).toMatchObject({ status: 'COMPLETED', travelRuleRequired: false });
    for (const amountMinor of ['5000000', '5000001']) {
      const held = await deposit(server, s, customerId, { amountMinor });
      expect(held).toMatchObject({
        status: 'PENDING_TRAVEL_RULE',
        statusInfo: 'Awaiting Travel Rule information',
        travelRuleRequired: true,
        travelRuleSubmittedAt: null,
        refundableAmountMinor: '0',
        creditedAt: null,
      });
      expect(await ledgerRowsOf(held.depositId)).toEqual([]);
    }
    const types = (await eventsOfCustomer(customerId)).map((e) => e.type);
    expect(types).toEqual(['crypto_deposit.completed', 'transaction.posted', 'crypto_deposit.pending_travel_rule', 'crypto_deposit.pending_travel_rule']);
    const none = await setup();
    expect(await deposit(server, none.s, none.customerId, { amountMinor: '999999999999' })).toMatchObject({ status: 'COMPLETED', travelRuleRequired: false });
  });
});

describe('simulateCryptoDeposit: the checks of §10.4, in order', () => {
  it('1. outside sandbox mode → 403 SANDBOX_ONLY, before shape and customer checks', async () => {
    const prod = await startTestServer({ PARTNER_SANDBOX: 'false' });
    try {
      const s = await Scenario.create(prod);
      const customerId = await s.customer();
      for (const [customer, amountMinor] of [[customerId, '1000'], [randomUUID(), '0']] as const) {
        const r = await prod.gql(s.client, SIMULATE, { customerId: customer, input: { routeCode: s.routeCode, amountMinor, fromAddress: ETH_ADDRESS_2 } });
        expectGraphQLProblem(r, 403, 'SANDBOX_ONLY');
      }
      expect(await prod.db.count('SELECT COUNT(*) AS n FROM crypto_deposits')).toBe(0);
    } finally {
      await prod.stop();
    }
  });

  it.each([
    ['amountMinor 0', { amountMinor: '0' }, '/amountMinor'],
    ['amountMinor 01', { amountMinor: '01' }, '/amountMinor'],
    ['amountMinor abc', { amountMinor: 'abc' }, '/amountMinor'],
    ['amountMinor -5', { amountMinor: '-5' }, '/amountMinor'],
    ['fromAddress empty', { fromAddress: '' }, '/fromAddress'],
    ['fromAddress 129 characters', { fromAddress: 'a'.repeat(129) }, '/fromAddress'],
    ['txHash empty', { txHash: '' }, '/txHash'],
    ['txHash 129 characters', { txHash: 'a'.repeat(129) }, '/txHash'],
  ])('2. shape: %s → 400 VALIDATION_FAILED, before the customer check', async (_why, input, pointer) => {
    const { s, customerId } = await setup();
    expectGraphQLProblem(await simulate(s, customerId, input), 400, 'VALIDATION_FAILED', pointer);
    expectGraphQLProblem(await simulate(s, randomUUID(), input), 400, 'VALIDATION_FAILED', pointer);
  });

  it('3. idempotency: a replay answers the first result (no second deposit); another request under the key → 409, before the customer check', async () => {
    const { s, customerId } = await setup();
    const key = randomUUID();
    const txHash = randomEthTxHash();
    const first = await simulate(s, customerId, { txHash }, { idempotencyKey: key });
    expect(first.status, first.text).toBe(200);
    const before = await depositCount();
    const replay = await simulate(s, customerId, { txHash }, { idempotencyKey: key });
    expect(replay.status, replay.text).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect(await depositCount()).toBe(before);
    // Not DUPLICATE_TX_HASH: the replay comes before every later check. A different request → 409.
    expectGraphQLProblem(await simulate(s, randomUUID(), { txHash }, { idempotencyKey: key }), 409, 'IDEMPOTENCY_KEY_REUSED');
    const events = await eventsOfCustomer(customerId);
    expect(events.map((e) => e.type)).toEqual(['crypto_deposit.completed', 'transaction.posted']);
  });

  it('4. customer: unknown → 404 CUSTOMER_NOT_FOUND; another partner’s → 403 FORBIDDEN; before the route check', async () => {
    const { s } = await setup();
    const other = await setup();
    const nope = { routeCode: 'NOPE', fromAddress: 'garbage' };
    expectGraphQLProblem(await simulate(s, randomUUID(), nope), 404, 'CUSTOMER_NOT_FOUND');
    expectGraphQLProblem(await simulate(s, other.customerId, nope), 403, 'FORBIDDEN');
    expectGraphQLProblem(await simulate(s, other.customerId), 403, 'FORBIDDEN');
  });

  it('5. route unknown, disabled or another partner’s → 403 ROUTE_NOT_PERMITTED, before the address checks', async () => {
    const { s, customerId } = await setup();
    const other = await Scenario.create(server);
    const disabled = await server.newRoute(s.client, { disabled: true });
    for (const routeCode of ['NOPE-ROUTE', other.routeCode, disabled])
      expectGraphQLProblem(await simulate(s, customerId, { routeCode, fromAddress: 'garbage', txHash: 'zz' }), 403, 'ROUTE_NOT_PERMITTED');
    // Disabling the route of a wallet that has deposits: refused too; enabling it again restores it.
    await setRoute(server, s.routeCode, false);
    expectGraphQLProblem(await simulate(s, customerId), 403, 'ROUTE_NOT_PERMITTED');
    await setRoute(server, s.routeCode, true);
    await deposit(server, s, customerId);
  });

  it('6. fromAddress not of the chain → 400 INVALID_WALLET_ADDRESS; txHash not in the chain form → 400 VALIDATION_FAILED; both → VALIDATION_FAILED naming both', async () => {
    const { s, customerId } = await setup();
    for (const fromAddress of [TRON_ADDRESS, BTC_ADDRESS, 'garbage', ETH_ADDRESS.slice(0, -1), '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD'])
      expectGraphQLProblem(await simulate(s, customerId, { fromAddress }), 400, 'INVALID_WALLET_ADDRESS', '/fromAddress');
    const hex = randomBytes(32).toString('hex');
    for (const txHash of [hex, `0x${hex.slice(1)}`, `0x${hex}0`, `0x${'g'.repeat(64)}`])
      expectGraphQLProblem(await simulate(s, customerId, { txHash }), 400, 'VALIDATION_FAILED', '/txHash');
    const both = expectGraphQLProblem(await simulate(s, customerId, { fromAddress: 'garbage', txHash: 'nope' }), 400, 'VALIDATION_FAILED');
    expect(both.errors!.map((e) => e.pointer).sort()).toEqual(['/fromAddress', '/txHash']);
    // The forms of the other chains.
    const tron = await setup({ blockchain: 'TRON', currency: 'USDT', scale: 6 });
    expectGraphQLProblem(await simulate(tron.s, tron.customerId, { fromAddress: TRON_ADDRESS, txHash: `0x${hex}` }), 400, 'VALIDATION_FAILED', '/txHash');
    expectGraphQLProblem(await simulate(tron.s, tron.customerId, { fromAddress: ETH_ADDRESS }), 400, 'INVALID_WALLET_ADDRESS', '/fromAddress');
    const sol = await setup({ blockchain: 'SOL', currency: 'USDC', scale: 6 });
    for (const txHash of [hex, 'f'.repeat(64), base58.encode(randomBytes(32))])
      expectGraphQLProblem(await simulate(sol.s, sol.customerId, { fromAddress: SOL_ADDRESS, txHash }), 400, 'VALIDATION_FAILED', '/txHash');
    expect(await server.db.count('SELECT COUNT(*) AS n FROM crypto_deposits WHERE customer_id IN (?, ?, ?)', customerId, tron.customerId, sol.customerId)).toBe(0);
  });

  it('7. the same transaction into the same wallet → 409 DUPLICATE_TX_HASH (any case); other wallets are other deposits', async () => {
    const { s, customerId } = await setup();
    const hex = randomBytes(32).toString('hex');
    const txHash = `0x${hex}`;
    await deposit(server, s, customerId, { txHash });
    const before = await depositCount();
    expectGraphQLProblem(await simulate(s, customerId, { txHash }), 409, 'DUPLICATE_TX_HASH');
    expectGraphQLProblem(await simulate(s, customerId, { txHash: `0x${hex.toUpperCase()}`, amountMinor: '5' }), 409, 'DUPLICATE_TX_HASH');
    // Check 6 comes first.
    expectGraphQLProblem(await simulate(s, customerId, { txHash, fromAddress: 'garbage' }), 400, 'INVALID_WALLET_ADDRESS');
    expect(await depositCount()).toBe(before);
    // One transaction may pay several addresses: another customer, another route, another partner.
    const otherCustomer = await s.customer();
    await deposit(server, s, otherCustomer, { txHash });
    const otherRoute = await server.newRoute(s.client);
    await deposit(server, s, customerId, { txHash, routeCode: otherRoute });
    const otherPartner = await setup();
    await deposit(server, otherPartner.s, otherPartner.customerId, { txHash });
    // A frozen deposit counts too.
    const source = randomEthAddress();
    await denySource(server, 'ETH', source);
    const frozenHash = randomEthTxHash();
    expect((await deposit(server, s, customerId, { txHash: frozenHash, fromAddress: source })).status).toBe('FROZEN');
    expectGraphQLProblem(await simulate(s, customerId, { txHash: frozenHash }), 409, 'DUPLICATE_TX_HASH');
  });

  it('7. on a non-hex chain (SOL) the hash compares as given', async () => {
    const sol = await setup({ blockchain: 'SOL', currency: 'USDC', scale: 6 });
    const txHash = base58.encode(randomBytes(64));
    await deposit(server, sol.s, sol.customerId, { fromAddress: SOL_ADDRESS, txHash });
    expectGraphQLProblem(await simulate(sol.s, sol.customerId, { fromAddress: SOL_ADDRESS, txHash }), 409, 'DUPLICATE_TX_HASH');
  });

  it('two parallel deposits of one transaction into one wallet: exactly one is credited', async () => {
    const { s, customerId } = await setup();
    const txHash = randomEthTxHash();
    const replies = await Promise.all(Array.from({ length: 6 }, () => simulate(s, customerId, { txHash })));
    const ok = replies.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    for (const r of replies.filter((x) => x.status !== 200)) expectGraphQLProblem(r, 409, 'DUPLICATE_TX_HASH');
    expect(await server.db.count("SELECT COUNT(*) AS n FROM ledger_transactions WHERE customer_id = ? AND type = 'DEPOSIT'", customerId)).toBe(1);
  });
});

// ---------------------------------------------------------------------------------------------------

describe('cryptoDeposits', () => {
  it('lists newest first with every field; REST the same items; filters statuses, routeCode, createdFrom/createdBefore', async () => {
    const { s, customerId } = await setup({ travelRuleThresholdMinor: '5000000' });
    const second = await server.newRoute(s.client);
    const source = randomEthAddress();
    await denySource(server, 'ETH', source);
    const a = await deposit(server, s, customerId, { amountMinor: '100' });
    const b = await deposit(server, s, customerId, { amountMinor: '6000000' });
    server.clock.advance(1000);
    const c = await deposit(server, s, customerId, { amountMinor: '200', fromAddress: source });
    const d = await deposit(server, s, customerId, { amountMinor: '300', routeCode: second });
    const all = newestFirst([a, b, c, d], 'depositId');
    const list = (vars: Record<string, unknown>) => gqlData(server, s.client, DEPOSITS_LIST, { customerId, ...vars }, 'cryptoDeposits');
    const page = await list({});
    expect(page.items).toEqual(all);
    expect(page.pageInfo).toEqual({ hasNextPage: false, endCursor: expect.any(String) });
    expect(await restData(server, s.client, `/partner/v1/customers/${customerId}/crypto/deposits`)).toEqual(page);

    const ids = (p: { items: { depositId: string }[] }) => p.items.map((x) => x.depositId);
    expect(ids(await list({ statuses: ['FROZEN'] }))).toEqual([c.depositId]);
    expect(ids(await list({ statuses: ['PENDING_TRAVEL_RULE', 'FROZEN'] }))).toEqual(newestFirst([b, c], 'depositId').map((x) => x.depositId));
    const rest = await restData(server, s.client, `/partner/v1/customers/${customerId}/crypto/deposits?statuses=PENDING_TRAVEL_RULE,FROZEN`);
    expect(ids(rest)).toEqual(ids(await list({ statuses: ['PENDING_TRAVEL_RULE', 'FROZEN'] })));
    expect(ids(await list({ routeCode: second }))).toEqual([d.depositId]);
    expect(ids(await list({ routeCode: 'NO-SUCH-ROUTE' }))).toEqual([]);
    expect(ids(await list({ statuses: ['COMPLETED'], routeCode: s.routeCode }))).toEqual([a.depositId]);
    expect(ids(await list({ createdFrom: c.createdAt }))).toEqual(newestFirst([c, d], 'depositId').map((x) => x.depositId));
    expect(ids(await list({ createdBefore: c.createdAt }))).toEqual(newestFirst([a, b], 'depositId').map((x) => x.depositId));
    expect(ids(await list({ createdFrom: c.createdAt, createdBefore: c.createdAt }))).toEqual([]);
    const restRange = await restData(server, s.client, `/partner/v1/customers/${customerId}/crypto/deposits?createdFrom=${encodeURIComponent(c.createdAt)}&routeCode=${s.routeCode}`);
    expect(ids(restRange)).toEqual([c.depositId]);
  });

  it('statuses: an unknown value, [] or 21 values → 400 /statuses; routeCode over 64 → 400; a bad date → 400', async () => {
    const { s, customerId } = await setup();
    const gql = (vars: Record<string, unknown>) => server.gql(s.client, DEPOSITS_LIST, { customerId, ...vars });
    const rest = (q: string) => server.request(s.client, 'GET', `/partner/v1/customers/${customerId}/crypto/deposits?${q}`);
    expectGraphQLProblem(await gql({ statuses: ['APPROVED'] }), 400, 'VALIDATION_FAILED', '/statuses');
    expectGraphQLProblem(await gql({ statuses: [] }), 400, 'VALIDATION_FAILED', '/statuses');
    expectGraphQLProblem(await gql({ statuses: Array(21).fill('COMPLETED') }), 400, 'VALIDATION_FAILED', '/statuses');
    expectRestProblem(await rest('statuses=COMPLETED,DONE'), 400, 'VALIDATION_FAILED', '/statuses');
    expectRestProblem(await rest('statuses=completed'), 400, 'VALIDATION_FAILED', '/statuses');
    expectGraphQLProblem(await gql({ routeCode: 'R'.repeat(65) }), 400, 'VALIDATION_FAILED', '/routeCode');
    expectRestProblem(await rest(`routeCode=${'R'.repeat(65)}`), 400, 'VALIDATION_FAILED', '/routeCode');
    expectRestProblem(await rest('createdFrom=yesterday'), 400, 'VALIDATION_FAILED', '/createdFrom');
  });
});

describePageRules(() => server, {
  field: 'cryptoDeposits',
  document: DEPOSITS_LIST,
  restPath: (customerId) => `/partner/v1/customers/${customerId}/crypto/deposits`,
  idOf: (item) => item.depositId as string,
  make: async (srv, n) => {
    const s = await Scenario.create(srv);
    const customerId = await s.customer();
    const made = [];
    for (let i = 0; i < n; i++) made.push(await deposit(srv, s, customerId, { amountMinor: String(100 + i) }));
    return { s, customerId, ids: newestFirst(made, 'depositId').map((x) => x.depositId as string) };
  },
  add: async (srv, fx) => {
    await deposit(srv, fx.s, fx.customerId);
  },
  addedMayShow: false,
  foreignCursor: async (srv, fx) =>
    (await gqlData(srv, fx.s.client, TRANSACTIONS_LIST, { customerId: fx.customerId, first: 1 }, 'customerTransactions')).pageInfo.endCursor,
  badFilter: { gql: { statuses: ['SETTLED'] }, rest: 'statuses=SETTLED', pointer: '/statuses' },
  emptyList: { gql: { statuses: [] }, pointer: '/statuses' },
});
