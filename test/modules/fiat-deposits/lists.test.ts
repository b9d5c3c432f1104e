// §14.2 fiatDeposits: a customer's fiat deposits newest first, its filters (statuses, currency,
// fiatAccountId, createdFrom, createdBefore) on both surfaces, and §9.3's page rules.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FiatParty } from '../../helpers/fiat-accounts.js';
import { FIAT_DEPOSITS_LIST, simulateFiatDeposit } from '../../helpers/fiat-deposits.js';
import { describePageRules, gqlData, newestFirst, restData } from '../../helpers/deposits.js';
import { startTestServer, type TestServer } from '../../helpers/harness.js';
import { expectGraphQLProblem, expectRestProblem } from '../../helpers/problems.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const path = (customerId: string) => `/partner/v1/customers/${customerId}/fiat/deposits`;

describe('fiatDeposits filters (§14.2, §9.3)', () => {
  it('statuses, currency, fiatAccountId and the created range narrow the same on both surfaces; a page lists newest first', async () => {
    const f = await FiatParty.create(server);
    const eur = (await f.account('EUR')).fiatAccountId;
    const usd = (await f.account('USD')).fiatAccountId;
    const client = f.s.client;
    const other = new FiatParty(f.s, await f.s.verifiedCustomer());
    const theirs = (await other.account('EUR')).fiatAccountId;
    const a = await simulateFiatDeposit(server, client, eur, { amountMinor: '1' });
    server.clock.advance(1000);
    const b = await simulateFiatDeposit(server, client, usd, { amountMinor: '2' });
    // a and b are credited; c is RETURNED (its account suspended at the step); d stays PROCESSING.
    await server.advanceWorker();
    server.clock.advance(1000);
    const c = await simulateFiatDeposit(server, client, usd, { amountMinor: '3' });
    await f.suspend(usd);
    await server.advanceWorker();
    await f.suspend(usd, false);
    server.clock.advance(1000);
    const d = await simulateFiatDeposit(server, client, eur, { amountMinor: '4' });

    const gqlIds = async (vars: Record<string, unknown>) =>
      (await gqlData(server, client, FIAT_DEPOSITS_LIST, { customerId: f.customerId, ...vars }, 'fiatDeposits')).items.map((i: { fiatDepositId: string }) => i.fiatDepositId);
    const restIds = async (query: string) => (await restData(server, client, query ? `${path(f.customerId)}?${query}` : path(f.customerId))).items.map((i: { fiatDepositId: string }) => i.fiatDepositId);
    const both = async (vars: Record<string, unknown>, query: string, expected: Record<string, unknown>[]) => {
      const ids = expected.map((e) => e.fiatDepositId);
      expect(await gqlIds(vars), JSON.stringify(vars)).toEqual(ids);
      expect(await restIds(query), query).toEqual(ids);
    };
    await both({}, '', [d, c, b, a]);
    await both({ statuses: ['COMPLETED'] }, 'statuses=COMPLETED', [b, a]);
    await both({ statuses: ['RETURNED', 'PROCESSING'] }, 'statuses=RETURNED,PROCESSING', [d, c]);
    await both({ currency: 'USD' }, 'currency=USD', [c, b]);
    await both({ currency: 'GBP' }, 'currency=GBP', []);
    await both({ fiatAccountId: eur }, `fiatAccountId=${eur}`, [d, a]);
    await both({ fiatAccountId: randomUUID() }, `fiatAccountId=${randomUUID()}`, []);
    await both({ createdFrom: b.createdAt, createdBefore: d.createdAt }, `createdFrom=${b.createdAt}&createdBefore=${d.createdAt}`, [c, b]);
    await both({ createdFrom: d.createdAt, createdBefore: d.createdAt }, `createdFrom=${d.createdAt}&createdBefore=${d.createdAt}`, []);
    await both({ statuses: ['COMPLETED'], currency: 'EUR', fiatAccountId: eur }, `statuses=COMPLETED&currency=EUR&fiatAccountId=${eur}`, [a]);
    // Another customer's account only narrows: an empty page.
    await both({ fiatAccountId: theirs }, `fiatAccountId=${theirs}`, []);

    const page = await gqlData(server, client, FIAT_DEPOSITS_LIST, { customerId: f.customerId, first: 2 }, 'fiatDeposits');
    expect(page.items.map((i: { status: string }) => i.status)).toEqual(['PROCESSING', 'RETURNED']);
    expect(page.pageInfo.hasNextPage).toBe(true);
    const rest = await restData(server, client, `${path(f.customerId)}?limit=2&cursor=${encodeURIComponent(page.pageInfo.endCursor)}`);
    expect(rest.items).toEqual(newestFirst([a, b], 'fiatDepositId').map((x) => expect.objectContaining({ fiatDepositId: x.fiatDepositId, status: 'COMPLETED' })));
    expect(rest.pageInfo.hasNextPage).toBe(false);
  });

  it('filter faults → 400 naming each (every one at once); a UUID filter must be a UUID', async () => {
    const f = await FiatParty.create(server);
    const gql = (vars: Record<string, unknown>) => server.gql(f.s.client, FIAT_DEPOSITS_LIST, { customerId: f.customerId, ...vars });
    const rest = (query: string) => server.request(f.s.client, 'GET', `${path(f.customerId)}?${query}`);
    expectGraphQLProblem(await gql({ currency: '' }), 400, 'VALIDATION_FAILED', '/currency');
    expectGraphQLProblem(await gql({ currency: 'X'.repeat(17) }), 400, 'VALIDATION_FAILED', '/currency');
    expectGraphQLProblem(await gql({ statuses: [] }), 400, 'VALIDATION_FAILED', '/statuses');
    expectGraphQLProblem(await gql({ statuses: ['FROZEN'] }), 400, 'VALIDATION_FAILED');
    expectGraphQLProblem(await gql({ fiatAccountId: 'not-a-uuid' }), 400, 'VALIDATION_FAILED');
    expectRestProblem(await rest('fiatAccountId=not-a-uuid'), 400, 'VALIDATION_FAILED', '/fiatAccountId');
    expectRestProblem(await rest('statuses=FROZEN'), 400, 'VALIDATION_FAILED', '/statuses');
    expectRestProblem(await rest('createdFrom=yesterday'), 400, 'VALIDATION_FAILED', '/createdFrom');
    const all = expectRestProblem(await rest(`currency=${'X'.repeat(17)}&statuses=COMPLETED,COMPLETED,${'PROCESSING,'.repeat(20)}PROCESSING`), 400, 'VALIDATION_FAILED');
    expect(all.errors?.map((e) => e.pointer).sort()).toEqual(['/currency', '/statuses']);
  });
});

describePageRules(() => server, {
  field: 'fiatDeposits',
  document: FIAT_DEPOSITS_LIST,
  restPath: path,
  idOf: (i) => i.fiatDepositId as string,
  make: async (srv, n) => {
    const f = await FiatParty.create(srv, ['SEPA']);
    const account = (await f.account('EUR')).fiatAccountId;
    const made: Record<string, string>[] = [];
    for (let i = 0; i < n; i++) made.push(await simulateFiatDeposit(srv, f.s.client, account, { amountMinor: String(i + 1) }));
    return { s: f.s, customerId: f.customerId, ids: newestFirst(made, 'fiatDepositId').map((d) => d.fiatDepositId!) };
  },
  add: async (srv, fx) => {
    const accounts = await restData(srv, fx.s.client, `/partner/v1/customers/${fx.customerId}/fiat/accounts`);
    await simulateFiatDeposit(srv, fx.s.client, accounts.items[0].fiatAccountId);
  },
  addedMayShow: false,
  foreignCursor: async (srv, fx) => (await restData(srv, fx.s.client, `/partner/v1/customers/${fx.customerId}/fiat/accounts?limit=1`)).pageInfo.endCursor,
  badFilter: { gql: { currency: '' }, rest: `currency=${'X'.repeat(17)}`, pointer: '/currency' },
  emptyList: { gql: { statuses: [] }, pointer: '/statuses' },
});
