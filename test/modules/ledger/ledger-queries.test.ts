// §10.1 what deposits do to the ledger, read through customerBalances, customerTransactions and
// transaction on both surfaces (exact rows, the L2 chain), their §9.3 page rules, and the §11.3 feed.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scenario, randomEthAddress, startTestServer, type TestServer } from '../../helpers/harness.js';
import {
  BALANCES_LIST,
  DEPOSITS_LIST,
  EVENTS_FEED,
  TRANSACTION_QUERY,
  TRANSACTIONS_LIST,
  denySource,
  deposit,
  describePageRules,
  gqlData,
  randomCurrency,
  restData,
} from '../../helpers/deposits.js';
import { expectGraphQLProblem, expectRestProblem } from '../../helpers/problems.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SANDBOX_STEP_DELAY_MS: '600000' });
});
afterAll(() => server.stop());

type Tx = {
  transactionId: string;
  customerId: string;
  type: string;
  currency: string;
  currencyScale: number;
  amountMinor: string;
  availableDeltaMinor: string;
  heldDeltaMinor: string;
  balanceAfter: { availableMinor: string; heldMinor: string; totalMinor: string };
  sequence: number;
  resourceType: string;
  resourceId: string;
  createdAt: string;
};

const transactions = (s: Scenario, customerId: string, vars: Record<string, unknown> = {}) =>
  gqlData(server, s.client, TRANSACTIONS_LIST, { customerId, first: 100, ...vars }, 'customerTransactions');
const balances = (s: Scenario, customerId: string, vars: Record<string, unknown> = {}) =>
  gqlData(server, s.client, BALANCES_LIST, { customerId, ...vars }, 'customerBalances');

/** A partner with a USDT route and a second route in a currency of its own, a customer, deposits on both. */
async function credited() {
  const s = await Scenario.create(server, { travelRuleThresholdMinor: '5000000' });
  const currency = randomCurrency();
  const other = await server.newRoute(s.client, { currency, scale: 2, minMinor: '1' });
  const customerId = await s.customer();
  const source = randomEthAddress();
  await denySource(server, 'ETH', source);
  // Each a millisecond apart at least, so that newest first is the order they were made in.
  const at = (input: Record<string, unknown>) => (server.clock.advance(1), deposit(server, s, customerId, input));
  const d1 = await at({ amountMinor: '1000000' });
  const d2 = await at({ amountMinor: '2500000' });
  const held = await at({ amountMinor: '5000000' }); // PENDING_TRAVEL_RULE: no row
  const frozen = await at({ amountMinor: '700', fromAddress: source }); // FROZEN: no row
  const d3 = await at({ amountMinor: '42', routeCode: other });
  const d4 = await at({ amountMinor: '3' });
  return { s, customerId, currency, d1, d2, d3, d4, held, frozen };
}

describe('deposits credit the ledger (§10.1)', () => {
  it('customerTransactions: exactly one DEPOSIT row per credited deposit, newest first; L2 holds per currency', async () => {
    const { s, customerId, currency, d1, d2, d3, d4 } = await credited();
    const page = await transactions(s, customerId);
    const rows: Tx[] = page.items;
    expect(page.pageInfo.hasNextPage).toBe(false);
    const expectRow = (d: Record<string, unknown>, cur: string, scale: number, sequence: number, available: string): Tx => ({
      transactionId: expect.any(String) as unknown as string,
      customerId,
      type: 'DEPOSIT',
      currency: cur,
      currencyScale: scale,
      amountMinor: d.amountMinor as string,
      availableDeltaMinor: d.amountMinor as string,
      heldDeltaMinor: '0',
      balanceAfter: { availableMinor: available, heldMinor: '0', totalMinor: available },
      sequence,
      resourceType: 'CRYPTO_DEPOSIT',
      resourceId: d.depositId as string,
      createdAt: d.createdAt as string,
    });
    expect(rows).toEqual([
      expectRow(d4, 'USDT', 6, 3, '3500003'),
      expectRow(d3, currency, 2, 1, '42'),
      expectRow(d2, 'USDT', 6, 2, '3500000'),
      expectRow(d1, 'USDT', 6, 1, '1000000'),
    ]);
    // L2: per (customer, currency), oldest first, each balanceAfter = the previous + its deltas, from zero.
    for (const cur of ['USDT', currency]) {
      const chain = rows.filter((r) => r.currency === cur).reverse();
      let available = 0n;
      let held = 0n;
      chain.forEach((r, i) => {
        expect(r.sequence).toBe(i + 1);
        available += BigInt(r.availableDeltaMinor);
        held += BigInt(r.heldDeltaMinor);
        expect(r.balanceAfter).toEqual({ availableMinor: String(available), heldMinor: String(held), totalMinor: String(available + held) });
      });
    }
    // REST renders the same page.
    expect(await restData(server, s.client, `/partner/v1/customers/${customerId}/transactions?limit=100`)).toEqual(page);
    // Each row by id, on both surfaces.
    for (const row of rows) {
      expect(await gqlData(server, s.client, TRANSACTION_QUERY, { id: row.transactionId }, 'transaction')).toEqual(row);
      expect(await restData(server, s.client, `/partner/v1/transactions/${row.transactionId}`)).toEqual(row);
    }
  });

  it('customerBalances: one per currency, currency ascending; equals the last row’s balanceAfter; REST the same', async () => {
    const { s, customerId, currency, d3, d4 } = await credited();
    const page = await balances(s, customerId);
    const usdt = { customerId, currency: 'USDT', currencyScale: 6, availableMinor: '3500003', heldMinor: '0', totalMinor: '3500003', updatedAt: d4.createdAt };
    const own = { customerId, currency, currencyScale: 2, availableMinor: '42', heldMinor: '0', totalMinor: '42', updatedAt: d3.createdAt };
    expect(page).toEqual({ items: [currency, 'USDT'].sort().map((c) => (c === 'USDT' ? usdt : own)), pageInfo: { hasNextPage: false, endCursor: expect.any(String) } });
    expect(await restData(server, s.client, `/partner/v1/customers/${customerId}/balances`)).toEqual(page);
    expect((await balances(s, customerId, { currency: 'USDT' })).items).toEqual([usdt]);
    expect((await restData(server, s.client, `/partner/v1/customers/${customerId}/balances?currency=${currency}`)).items).toEqual([own]);
    expect((await balances(s, customerId, { currency: 'EUR' })).items).toEqual([]);
    expectGraphQLProblem(await server.gql(s.client, BALANCES_LIST, { customerId, currency: 'C'.repeat(17) }), 400, 'VALIDATION_FAILED', '/currency');
    expectRestProblem(await server.request(s.client, 'GET', `/partner/v1/customers/${customerId}/balances?currency=${'C'.repeat(17)}`), 400, 'VALIDATION_FAILED', '/currency');
    // A customer without a credited deposit has no balance yet.
    const fresh = await s.customer();
    expect(await balances(s, fresh)).toEqual({ items: [], pageInfo: { hasNextPage: false, endCursor: null } });
  });

  it('customerTransactions filters: types, currency, resourceType, resourceId, createdFrom/createdBefore; bad values → 400', async () => {
    const { s, customerId, currency, d1, d2, d3 } = await credited();
    const ids = async (vars: Record<string, unknown>) => (await transactions(s, customerId, vars)).items.map((r: Tx) => r.resourceId);
    expect(await ids({ types: ['DEPOSIT'] })).toHaveLength(4);
    expect(await ids({ types: ['HOLD', 'RELEASE'] })).toEqual([]);
    expect(await ids({ currency })).toEqual([d3.depositId]);
    expect(await ids({ resourceType: 'CRYPTO_DEPOSIT', resourceId: d2.depositId })).toEqual([d2.depositId]);
    expect(await ids({ resourceType: 'CRYPTO_WITHDRAWAL' })).toEqual([]);
    expect(await ids({ createdBefore: d2.createdAt })).toEqual([d1.depositId]);
    expect(await ids({ createdFrom: d2.createdAt, createdBefore: d2.createdAt })).toEqual([]);
    const rest = await restData(server, s.client, `/partner/v1/customers/${customerId}/transactions?types=DEPOSIT,HOLD&currency=${currency}`);
    expect(rest.items.map((r: Tx) => r.resourceId)).toEqual([d3.depositId]);
    const gql = (vars: Record<string, unknown>) => server.gql(s.client, TRANSACTIONS_LIST, { customerId, ...vars });
    const get = (q: string) => server.request(s.client, 'GET', `/partner/v1/customers/${customerId}/transactions?${q}`);
    expectGraphQLProblem(await gql({ types: ['DEPOSITED'] }), 400, 'VALIDATION_FAILED', '/types');
    expectGraphQLProblem(await gql({ types: [] }), 400, 'VALIDATION_FAILED', '/types');
    expectRestProblem(await get('types=DEPOSIT,deposit'), 400, 'VALIDATION_FAILED', '/types');
    expectGraphQLProblem(await gql({ resourceType: 'DEPOSIT' }), 400, 'VALIDATION_FAILED', '/resourceType');
    expectRestProblem(await get('resourceType=DEPOSIT'), 400, 'VALIDATION_FAILED', '/resourceType');
    expectRestProblem(await get('resourceId=nope'), 400, 'VALIDATION_FAILED', '/resourceId');
  });

  it('transaction: unknown → null (REST 404 NOT_FOUND); another partner’s → 403 FORBIDDEN; not a UUID → 400', async () => {
    const { s, customerId } = await credited();
    const [row] = (await transactions(s, customerId, { first: 1 })).items as Tx[];
    const unknown = randomUUID();
    const q = await server.gql(s.client, TRANSACTION_QUERY, { id: unknown });
    expect(q.body).toEqual({ data: { transaction: null } });
    expectRestProblem(await server.request(s.client, 'GET', `/partner/v1/transactions/${unknown}`), 404, 'NOT_FOUND');
    const other = await Scenario.create(server);
    expectGraphQLProblem(await server.gql(other.client, TRANSACTION_QUERY, { id: row!.transactionId }), 403, 'FORBIDDEN', { data: 'null-fields' });
    expectRestProblem(await server.request(other.client, 'GET', `/partner/v1/transactions/${row!.transactionId}`), 403, 'FORBIDDEN');
    expectRestProblem(await server.request(s.client, 'GET', '/partner/v1/transactions/123'), 400, 'VALIDATION_FAILED');
  });
});

describe('the event feed (§11.3) after deposits', () => {
  it('a deposit: crypto_deposit.completed then transaction.posted, sequence 1 each, data as the by-id queries answer', async () => {
    const s = await Scenario.create(server);
    const customerId = await s.customer();
    const d = await deposit(server, s, customerId);
    const feed = await gqlData(server, s.client, EVENTS_FEED, { customerId }, 'events');
    expect(feed.pageInfo).toEqual({ hasNextPage: false, endCursor: expect.any(String) });
    // §12.5: the customer's own creation event comes first.
    const [created, dep, posted] = feed.items;
    expect(feed.items).toHaveLength(3);
    expect(created).toMatchObject({ type: 'customer.unverified', resourceId: customerId, sequence: 1 });
    const { refundableAmountMinor: _r, ...data } = d;
    expect(dep).toEqual({
      eventId: expect.any(String),
      type: 'crypto_deposit.completed',
      resourceType: 'CRYPTO_DEPOSIT',
      resourceId: d.depositId,
      customerId,
      sequence: 1,
      data,
      createdAt: d.updatedAt,
    });
    const [row] = (await transactions(s, customerId)).items as Tx[];
    expect(posted).toEqual({
      eventId: expect.any(String),
      type: 'transaction.posted',
      resourceType: 'TRANSACTION',
      resourceId: row!.transactionId,
      customerId,
      sequence: 1,
      data: row,
      createdAt: row!.createdAt,
    });
    // REST renders the same feed; an empty page keeps the cursor.
    expect(await restData(server, s.client, `/partner/v1/events?customerId=${customerId}`)).toEqual(feed);
    const end = feed.pageInfo.endCursor;
    expect(await gqlData(server, s.client, EVENTS_FEED, { after: end }, 'events')).toEqual({ items: [], pageInfo: { hasNextPage: false, endCursor: end } });
    // The next deposit is what a poller holding the cursor gets.
    const d2 = await deposit(server, s, customerId);
    const next = await gqlData(server, s.client, EVENTS_FEED, { after: end }, 'events');
    expect(next.items.map((e: { type: string; resourceId: string }) => [e.type, e.resourceId === d2.depositId])).toEqual([
      ['crypto_deposit.completed', true],
      ['transaction.posted', false],
    ]);
  });

  it('filters: types, customerId (404 / 403 like a list), resourceId; an unknown type → 400 /types', async () => {
    const s = await Scenario.create(server, { travelRuleThresholdMinor: '5000000' });
    const a = await s.customer();
    const b = await s.customer();
    const da = await deposit(server, s, a);
    const held = await deposit(server, s, b, { amountMinor: '5000000' });
    const feed = (vars: Record<string, unknown>) => gqlData(server, s.client, EVENTS_FEED, vars, 'events');
    const types = (p: { items: { type: string }[] }) => p.items.map((e) => e.type);
    expect(types(await feed({}))).toEqual(['customer.unverified', 'customer.unverified', 'crypto_deposit.completed', 'transaction.posted', 'crypto_deposit.pending_travel_rule']);
    expect(types(await feed({ types: ['transaction.posted'] }))).toEqual(['transaction.posted']);
    expect(types(await feed({ types: ['crypto_deposit.pending_travel_rule', 'crypto_deposit.frozen'] }))).toEqual(['crypto_deposit.pending_travel_rule']);
    expect((await feed({ customerId: b })).items.map((e: { resourceId: string }) => e.resourceId)).toEqual([b, held.depositId]);
    expect(types(await feed({ resourceId: da.depositId }))).toEqual(['crypto_deposit.completed']);
    const rest = await restData(server, s.client, `/partner/v1/events?types=transaction.posted,crypto_deposit.completed&customerId=${a}`);
    expect(types(rest)).toEqual(['crypto_deposit.completed', 'transaction.posted']);
    // Another partner sees none of them.
    const other = await Scenario.create(server);
    expect((await gqlData(server, other.client, EVENTS_FEED, {}, 'events')).items).toEqual([]);
    expectGraphQLProblem(await server.gql(other.client, EVENTS_FEED, { customerId: a }), 403, 'FORBIDDEN');
    expectRestProblem(await server.request(other.client, 'GET', `/partner/v1/events?customerId=${a}`), 403, 'FORBIDDEN');
    expectGraphQLProblem(await server.gql(s.client, EVENTS_FEED, { customerId: randomUUID() }), 404, 'CUSTOMER_NOT_FOUND');
    expectRestProblem(await server.request(s.client, 'GET', `/partner/v1/events?customerId=${randomUUID()}`), 404, 'CUSTOMER_NOT_FOUND');
    for (const bad of [['crypto_deposit.credited'], ['transaction.POSTED'], []]) {
      expectGraphQLProblem(await server.gql(s.client, EVENTS_FEED, { types: bad }), 400, 'VALIDATION_FAILED', '/types');
    }
    expectRestProblem(await server.request(s.client, 'GET', '/partner/v1/events?types=crypto_deposit.credited'), 400, 'VALIDATION_FAILED', '/types');
    expectRestProblem(await server.request(s.client, 'GET', '/partner/v1/events?types=a&types=b'), 400, 'VALIDATION_FAILED', '/types');
    expectRestProblem(await server.request(s.client, 'GET', '/partner/v1/events?limit=0'), 400, 'VALIDATION_FAILED', '/limit');
    expectRestProblem(await server.request(s.client, 'GET', '/partner/v1/events?cursor=abc'), 400, 'VALIDATION_FAILED', '/cursor');
  });
});

// ---------------------------------------------------------------------------------------------------

describePageRules(() => server, {
  field: 'customerTransactions',
  document: TRANSACTIONS_LIST,
  restPath: (customerId) => `/partner/v1/customers/${customerId}/transactions`,
  idOf: (item) => item.transactionId as string,
  make: async (srv, n) => {
    const s = await Scenario.create(srv);
    const customerId = await s.customer();
    for (let i = 0; i < n; i++) await deposit(srv, s, customerId, { amountMinor: String(100 + i) });
    // One currency: newest first is sequence descending.
    const rows = await srv.db.all<{ transaction_id: string }>('SELECT transaction_id FROM ledger_transactions WHERE customer_id = ? ORDER BY sequence DESC', customerId);
    return { s, customerId, ids: rows.map((r) => r.transaction_id) };
  },
  add: async (srv, fx) => {
    await deposit(srv, fx.s, fx.customerId);
  },
  addedMayShow: false,
  foreignCursor: async (srv, fx) =>
    (await gqlData(srv, fx.s.client, DEPOSITS_LIST, { customerId: fx.customerId, first: 1 }, 'cryptoDeposits')).pageInfo.endCursor,
  badFilter: { gql: { types: ['DEPOSITED'] }, rest: 'types=DEPOSITED', pointer: '/types' },
  emptyList: { gql: { types: [] }, pointer: '/types' },
});

describePageRules(() => server, {
  field: 'customerBalances',
  document: BALANCES_LIST,
  restPath: (customerId) => `/partner/v1/customers/${customerId}/balances`,
  idOf: (item) => item.currency as string,
  make: async (srv, n) => {
    const s = await Scenario.create(srv);
    const customerId = await s.customer();
    const currencies: string[] = [];
    for (let i = 0; i < n; i++) {
      const currency = randomCurrency();
      const routeCode = await srv.newRoute(s.client, { currency, minMinor: '1' });
      await deposit(srv, s, customerId, { routeCode, amountMinor: '5' });
      currencies.push(currency);
    }
    return { s, customerId, ids: currencies.sort() };
  },
  add: async (srv, fx) => {
    const routeCode = await srv.newRoute(fx.s.client, { currency: randomCurrency() });
    await deposit(srv, fx.s, fx.customerId, { routeCode });
  },
  addedMayShow: true,
  foreignCursor: async (srv, fx) =>
    (await gqlData(srv, fx.s.client, TRANSACTIONS_LIST, { customerId: fx.customerId, first: 1 }, 'customerTransactions')).pageInfo.endCursor,
  badFilter: { gql: { currency: 'C'.repeat(17) }, rest: `currency=${'C'.repeat(17)}`, pointer: '/currency' },
});
