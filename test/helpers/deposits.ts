// Deposits, deposit wallets and the ledger lists as a partner reads them (§10.1, §10.3, §10.4), and
// the §9.3 rules every list under a customer follows, as one suite a list file runs for its list.
import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { setRouteState } from '../../src/cli/operators.js';
import { denyAddress } from '../../src/modules/routes/operators.js';
import { DEPOSIT_FIELDS, ETH_ADDRESS_2, Scenario, type Client, type Reply, type RequestOptions, type TestServer } from './harness.js';
import { expectGraphQLProblem, expectRestProblem, expectRestSuccess } from './problems.js';

export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const DEPOSIT_KEYS = DEPOSIT_FIELDS.split(' ');
export const PAGE_INFO = 'pageInfo { hasNextPage endCursor }';

export const SIMULATE = `mutation($customerId: UUID!, $input: SimulateCryptoDepositInput!) { simulateCryptoDeposit(customerId: $customerId, input: $input) { ${DEPOSIT_FIELDS} } }`;
export const DEPOSIT_QUERY = `query($id: UUID!) { cryptoDeposit(depositId: $id) { ${DEPOSIT_FIELDS} } }`;
export const TRAVEL_RULE = `mutation($depositId: UUID!, $input: SubmitCryptoDepositTravelRuleInformationInput!) {
  submitCryptoDepositTravelRuleInformation(depositId: $depositId, input: $input) { ${DEPOSIT_FIELDS} } }`;
export const DEPOSITS_LIST = `query($customerId: UUID!, $first: Int, $after: String, $statuses: [PartnerCryptoDepositStatus!], $routeCode: String, $createdFrom: DateTime, $createdBefore: DateTime) {
  cryptoDeposits(customerId: $customerId, first: $first, after: $after, statuses: $statuses, routeCode: $routeCode, createdFrom: $createdFrom, createdBefore: $createdBefore) { items { ${DEPOSIT_FIELDS} } ${PAGE_INFO} } }`;
export const WALLET_FIELDS = 'customerId routeCode blockchain currency currencyScale address status travelRuleThresholdMinor rail tokenContract chainId';
export const WALLETS_LIST = `query($customerId: UUID!, $first: Int, $after: String, $blockchain: String) {
  cryptoDepositWallets(customerId: $customerId, first: $first, after: $after, blockchain: $blockchain) { items { ${WALLET_FIELDS} } ${PAGE_INFO} } }`;
export const BALANCE_FIELDS = 'customerId currency currencyScale availableMinor heldMinor totalMinor updatedAt';
export const BALANCES_LIST = `query($customerId: UUID!, $first: Int, $after: String, $currency: String) {
  customerBalances(customerId: $customerId, first: $first, after: $after, currency: $currency) { items { ${BALANCE_FIELDS} } ${PAGE_INFO} } }`;
export const TRANSACTION_FIELDS =
  'transactionId customerId type currency currencyScale amountMinor availableDeltaMinor heldDeltaMinor balanceAfter { availableMinor heldMinor totalMinor } sequence resourceType resourceId createdAt';
export const TRANSACTIONS_LIST = `query($customerId: UUID!, $first: Int, $after: String, $types: [PartnerTransactionType!], $currency: String, $resourceType: PartnerResourceType, $resourceId: UUID, $createdFrom: DateTime, $createdBefore: DateTime) {
  customerTransactions(customerId: $customerId, first: $first, after: $after, types: $types, currency: $currency, resourceType: $resourceType, resourceId: $resourceId, createdFrom: $createdFrom, createdBefore: $createdBefore) { items { ${TRANSACTION_FIELDS} } ${PAGE_INFO} } }`;
export const TRANSACTION_QUERY = `query($id: UUID!) { transaction(transactionId: $id) { ${TRANSACTION_FIELDS} } }`;
export const EVENT_FIELDS = 'eventId type resourceType resourceId customerId sequence data createdAt';
export const EVENTS_FEED = `query($first: Int, $after: String, $types: [String!], $customerId: UUID, $resourceId: UUID) {
  events(first: $first, after: $after, types: $types, customerId: $customerId, resourceId: $resourceId) { items { ${EVENT_FIELDS} } ${PAGE_INFO} } }`;

export const randomEthTxHash = () => `0x${randomBytes(32).toString('hex')}`;

/** simulateCryptoDeposit on the scenario's route (an ETH one unless `input` says otherwise). */
export function simulate(server: TestServer, s: Scenario, customerId: string, input: Record<string, unknown> = {}, o: RequestOptions = {}): Promise<Reply> {
  return server.gql(s.client, SIMULATE, { customerId, input: { routeCode: s.routeCode, amountMinor: '1000000', fromAddress: ETH_ADDRESS_2, ...input } }, o);
}

/** A deposit that must succeed: its GraphQL body. */
export async function deposit(server: TestServer, s: Scenario, customerId: string, input: Record<string, unknown> = {}) {
  const r = await simulate(server, s, customerId, input);
  expect(r.status, r.text).toBe(200);
  expect(r.body.errors, r.text).toBeUndefined();
  return r.body.data.simulateCryptoDeposit as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** A GraphQL query that must succeed: its root field's value. */
export async function gqlData(server: TestServer, client: Client, doc: string, variables: Record<string, unknown>, field: string) {
  const r = await server.gql(client, doc, variables);
  expect(r.status, r.text).toBe(200);
  expect(r.body.errors, r.text).toBeUndefined();
  return r.body.data[field];
}

/** A REST GET that must succeed: its body. */
export async function restData(server: TestServer, client: Client, path: string) {
  return expectRestSuccess(await server.request(client, 'GET', path));
}

export const denySource = (server: TestServer, blockchain: string, address: string) => server.operator((db) => denyAddress(db, blockchain, address));
export const setRoute = (server: TestServer, code: string, enabled: boolean) => server.operator((db) => setRouteState(db, code, enabled));

// ---------------------------------------------------------------------------------------------------
// §9.3 page rules, run for one list under a customer.

/** A fresh customer whose list holds `ids` (in the list's order). */
export type ListFixture = { s: Scenario; customerId: string; ids: string[] };

export type ListSpec = {
  /** The GraphQL root field; its document takes $customerId, $first, $after and the list's filters. */
  field: string;
  document: string;
  restPath: (customerId: string) => string;
  idOf: (item: Record<string, unknown>) => string;
  /** A fresh customer (of a fresh partner) with `n` items. */
  make: (server: TestServer, n: number) => Promise<ListFixture>;
  /** One more item in the fixture's list. */
  add: (server: TestServer, fx: ListFixture) => Promise<void>;
  /** Whether an item added during a walk can show up in it (it sorts after the position) or never does (newest first). */
  addedMayShow: boolean;
  /** A cursor another list issued for the same customer. */
  foreignCursor: (server: TestServer, fx: ListFixture) => Promise<string>;
  /** A filter value outside its set: GraphQL variables, the REST query, the pointer (both surfaces). */
  badFilter: { gql: Record<string, unknown>; rest: string; pointer: string };
  /** A list-valued filter given as [] (GraphQL) → 400 at its pointer. */
  emptyList?: { gql: Record<string, unknown>; pointer: string };
};

export function describePageRules(getServer: () => TestServer, spec: ListSpec): void {
  const page = async (fx: ListFixture, vars: Record<string, unknown> = {}) =>
    gqlData(getServer(), fx.s.client, spec.document, { customerId: fx.customerId, ...vars }, spec.field);
  const gql = (fx: ListFixture, vars: Record<string, unknown> = {}, customerId = fx.customerId) =>
    getServer().gql(fx.s.client, spec.document, { customerId, ...vars });
  const rest = (fx: ListFixture, query = '', customerId = fx.customerId) =>
    getServer().request(fx.s.client, 'GET', `${spec.restPath(customerId)}${query ? `?${query}` : ''}`);
  const ids = (p: { items: Record<string, unknown>[] }) => p.items.map(spec.idOf);

  describe(`§9.3 page rules of ${spec.field}`, () => {
    let big: ListFixture;
    const fixture = async () => (big ??= await spec.make(getServer(), 21));

    it('page size: default 20, 1, 100; the rest is the next page; REST limit the same', async () => {
      const fx = await fixture();
      expect(fx.ids).toHaveLength(21);
      const first = await page(fx);
      expect(ids(first)).toEqual(fx.ids.slice(0, 20));
      expect(first.pageInfo.hasNextPage).toBe(true);
      const second = await page(fx, { after: first.pageInfo.endCursor });
      expect(ids(second)).toEqual(fx.ids.slice(20));
      expect(second.pageInfo).toEqual({ hasNextPage: false, endCursor: expect.any(String) });
      expect(ids(await page(fx, { first: null }))).toEqual(fx.ids.slice(0, 20));
      const one = await page(fx, { first: 1 });
      expect(ids(one)).toEqual(fx.ids.slice(0, 1));
      expect(one.pageInfo.hasNextPage).toBe(true);
      const all = await page(fx, { first: 100 });
      expect(ids(all)).toEqual(fx.ids);
      expect(all.pageInfo).toEqual({ hasNextPage: false, endCursor: second.pageInfo.endCursor });

      const r = await restData(getServer(), fx.s.client, spec.restPath(fx.customerId));
      expect(Object.keys(r).sort()).toEqual(['items', 'pageInfo']);
      expect(r.items.map(spec.idOf)).toEqual(fx.ids.slice(0, 20));
      expect(r.pageInfo).toEqual(first.pageInfo);
      expect((await restData(getServer(), fx.s.client, `${spec.restPath(fx.customerId)}?limit=1`)).items.map(spec.idOf)).toEqual(fx.ids.slice(0, 1));
      expect((await restData(getServer(), fx.s.client, `${spec.restPath(fx.customerId)}?limit=100`)).items.map(spec.idOf)).toEqual(fx.ids);
      // §9.3: an empty value is the parameter absent.
      expect((await restData(getServer(), fx.s.client, `${spec.restPath(fx.customerId)}?limit=&cursor=`)).items.map(spec.idOf)).toEqual(fx.ids.slice(0, 20));
      const next = await restData(getServer(), fx.s.client, `${spec.restPath(fx.customerId)}?cursor=${encodeURIComponent(r.pageInfo.endCursor)}`);
      expect(next.items.map(spec.idOf)).toEqual(fx.ids.slice(20));
    });

    it('page size outside 1–100 → 400 /first (REST /limit: also "01", "abc", "-1")', async () => {
      const fx = await fixture();
      for (const first of [0, 101, -1]) expectGraphQLProblem(await gql(fx, { first }), 400, 'VALIDATION_FAILED', '/first');
      expectGraphQLProblem(await gql(fx, { first: 'abc' }), 400, 'VALIDATION_FAILED', '/first');
      for (const limit of ['0', '101', '01', 'abc', '-1', '1.0', '1000000'])
        expectRestProblem(await rest(fx, `limit=${limit}`), 400, 'VALIDATION_FAILED', { pointer: '/limit', message: `limit=${limit}` });
    });

    it('a walk returns every item once, in order, while items are added between pages', async () => {
      const server = getServer();
      const fx = await spec.make(server, 5);
      const seen: string[] = [];
      let after: string | null = null;
      for (let round = 0; round < 20; round++) {
        const p: { items: Record<string, unknown>[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } =
          await page(fx, { first: 2, after });
        seen.push(...ids(p));
        await spec.add(server, fx);
        if (!p.pageInfo.hasNextPage) break;
        after = p.pageInfo.endCursor;
      }
      expect(new Set(seen).size, JSON.stringify(seen)).toBe(seen.length);
      if (spec.addedMayShow) expect(seen.filter((id) => fx.ids.includes(id))).toEqual(fx.ids);
      else expect(seen).toEqual(fx.ids);
    });

    it('an empty page keeps the cursor it was given; hasNextPage false', async () => {
      const fx = await fixture();
      const all = await page(fx, { first: 100 });
      const end = all.pageInfo.endCursor as string;
      const empty = await page(fx, { after: end });
      expect(empty).toEqual({ items: [], pageInfo: { hasNextPage: false, endCursor: end } });
      const r = await restData(getServer(), fx.s.client, `${spec.restPath(fx.customerId)}?cursor=${encodeURIComponent(end)}`);
      expect(r).toEqual({ items: [], pageInfo: { hasNextPage: false, endCursor: end } });
    });

    it("a cursor of another list, another customer, or malformed → 400 /after (REST /cursor)", async () => {
      const server = getServer();
      const fx = await fixture();
      const other = await fx.s.customer();
      const own = (await page(fx, { first: 1 })).pageInfo.endCursor as string;
      const foreign = await spec.foreignCursor(server, fx);
      const tampered = Buffer.from(JSON.stringify([spec.field, 'x'])).toString('base64url');
      for (const [why, cursor, customerId] of [
        ['another list', foreign, fx.customerId],
        ['another customer', own, other],
        ['malformed', 'not a cursor!', fx.customerId],
        ['another scope', tampered, fx.customerId],
        ['too long', 'A'.repeat(513), fx.customerId],
      ] as const) {
        expectGraphQLProblem(await gql(fx, { after: cursor }, customerId), 400, 'VALIDATION_FAILED', { pointer: '/after', message: why });
        expectRestProblem(await rest(fx, `cursor=${encodeURIComponent(cursor)}`, customerId), 400, 'VALIDATION_FAILED', { pointer: '/cursor', message: why });
      }
    });

    it('REST: a repeated or unknown parameter → 400 VALIDATION_FAILED', async () => {
      const fx = await fixture();
      expectRestProblem(await rest(fx, 'limit=1&limit=2'), 400, 'VALIDATION_FAILED', '/limit');
      expectRestProblem(await rest(fx, 'cursor=&cursor='), 400, 'VALIDATION_FAILED', '/cursor');
      expectRestProblem(await rest(fx, 'nope=1'), 400, 'VALIDATION_FAILED', '/nope');
      expectRestProblem(await rest(fx, 'first=1'), 400, 'VALIDATION_FAILED', '/first');
      expectRestProblem(await rest(fx, 'customerId=x'), 400, 'VALIDATION_FAILED', '/customerId');
    });

    it('a filter value outside its set → 400 naming it, on both surfaces', async () => {
      const fx = await fixture();
      expectGraphQLProblem(await gql(fx, spec.badFilter.gql), 400, 'VALIDATION_FAILED', spec.badFilter.pointer);
      expectRestProblem(await rest(fx, spec.badFilter.rest), 400, 'VALIDATION_FAILED', spec.badFilter.pointer);
      if (spec.emptyList) expectGraphQLProblem(await gql(fx, spec.emptyList.gql), 400, 'VALIDATION_FAILED', spec.emptyList.pointer);
    });

    it("unknown customer → 404 CUSTOMER_NOT_FOUND; another partner's → 403 FORBIDDEN (GraphQL: no data)", async () => {
      const server = getServer();
      const fx = await fixture();
      const stranger = await Scenario.create(server);
      const unknown = randomUUID();
      expectGraphQLProblem(await gql(fx, {}, unknown), 404, 'CUSTOMER_NOT_FOUND');
      expectRestProblem(await rest(fx, '', unknown), 404, 'CUSTOMER_NOT_FOUND');
      const theirs = await server.gql(stranger.client, spec.document, { customerId: fx.customerId });
      expectGraphQLProblem(theirs, 403, 'FORBIDDEN');
      expectRestProblem(await server.request(stranger.client, 'GET', spec.restPath(fx.customerId)), 403, 'FORBIDDEN');
      // Shape checks come first: a bad page size on an unknown customer is 400.
      expectRestProblem(await rest(fx, 'limit=0', unknown), 400, 'VALIDATION_FAILED', '/limit');
      expectRestProblem(await rest(fx, 'limit=1', 'not-a-uuid'), 400, 'VALIDATION_FAILED');
    });
  });
}

/** Items in the order §9.3 lists "every other list": createdAt descending, then id descending. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function newestFirst<T extends Record<string, any>>(items: T[], idKey: string): T[] {
  return [...items].sort((a, b) =>
    a.createdAt === b.createdAt ? (a[idKey] < b[idKey] ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1,
  );
}

/** A random currency code of its own (routes of one currency share a scale, §10.2). */
export const randomCurrency = () => `C${randomBytes(4).toString('hex').toUpperCase()}`;
