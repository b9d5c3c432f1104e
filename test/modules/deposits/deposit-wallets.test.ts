// §10.3 deposit wallets: one per route mapped to the customer's partner, derived (the contract's vectors
// end to end), DISABLED with its route, listed routeCode ascending in code-point order (§9.3).
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositWalletAddress } from '../../../src/core/addresses/derive.js';
import { isValidAddress, type Blockchain } from '../../../src/core/addresses/index.js';
import { Scenario, startTestServer, type TestServer } from '../../helpers/harness.js';
import { DEPOSITS_LIST, WALLETS_LIST, deposit, describePageRules, gqlData, restData, setRoute } from '../../helpers/deposits.js';
import { expectGraphQLProblem, expectRestProblem } from '../../helpers/problems.js';

const VECTORS: { vectors: { customerId: string; routeCode: string; blockchain: Blockchain; address: string }[] } = JSON.parse(
  fs.readFileSync(new URL('../../vectors/deposit-wallet.json', import.meta.url), 'utf8'),
);
const ROUTE_OF: Record<Blockchain, { currency: string; scale: number }> = {
  ETH: { currency: 'USDT', scale: 6 },
  TRON: { currency: 'USDT', scale: 6 },
  BTC: { currency: 'BTC', scale: 8 },
  SOL: { currency: 'USDC', scale: 6 },
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SANDBOX_STEP_DELAY_MS: '600000' });
});
afterAll(() => server.stop());

const suffix = () => randomBytes(3).toString('hex');
const wallets = (s: Scenario, customerId: string, vars: Record<string, unknown> = {}) =>
  gqlData(server, s.client, WALLETS_LIST, { customerId, ...vars }, 'cryptoDepositWallets');

describe('cryptoDepositWallets', () => {
  it('one wallet per route of the partner (DISABLED ones too), routeCode ascending, every field; REST the same', async () => {
    const s = await Scenario.create(server, { code: `M-ETH-${suffix()}`, travelRuleThresholdMinor: '5000000' });
    const tron = await server.newRoute(s.client, { code: `T-TRON-${suffix()}`, blockchain: 'TRON' });
    const btc = await server.newRoute(s.client, { code: `B-BTC-${suffix()}`, blockchain: 'BTC', currency: 'BTC', scale: 8, minMinor: '1' });
    const sol = await server.newRoute(s.client, { code: `S-SOL-${suffix()}`, blockchain: 'SOL', currency: 'USDC' });
    const off = await server.newRoute(s.client, { code: `A-OFF-${suffix()}`, disabled: true });
    await Scenario.create(server); // another partner's route: never listed
    const customerId = await s.customer();
    const wallet = (routeCode: string, blockchain: Blockchain, currency: string, currencyScale: number, status: string, threshold: string | null) => ({
      customerId,
      routeCode,
      blockchain,
      currency,
      currencyScale,
      address: depositWalletAddress(blockchain, routeCode, customerId),
      status,
      travelRuleThresholdMinor: threshold,
      // §18.1: SANDBOX routes.
      rail: 'SANDBOX',
      tokenContract: null,
      chainId: null,
    });
    const expected = [
      wallet(off, 'ETH', 'USDT', 6, 'DISABLED', null),
      wallet(btc, 'BTC', 'BTC', 8, 'ACTIVE', null),
      wallet(s.routeCode, 'ETH', 'USDT', 6, 'ACTIVE', '5000000'),
      wallet(sol, 'SOL', 'USDC', 6, 'ACTIVE', null),
      wallet(tron, 'TRON', 'USDT', 6, 'ACTIVE', null),
    ];
    const page = await wallets(s, customerId);
    expect(page).toEqual({ items: expected, pageInfo: { hasNextPage: false, endCursor: expect.any(String) } });
    for (const w of expected) expect(isValidAddress(w.blockchain, w.address), w.address).toBe(true);
    expect(await restData(server, s.client, `/partner/v1/customers/${customerId}/crypto/deposit-wallets`)).toEqual(page);
    // Another customer of the partner: the same routes, other addresses.
    const other = await s.customer();
    const theirs = await wallets(s, other);
    expect(theirs.items.map((w: { routeCode: string }) => w.routeCode)).toEqual(expected.map((w) => w.routeCode));
    expect(theirs.items.map((w: { address: string }) => w.address)).not.toContain(expected[2]!.address);
  });

  it('the contract vectors, end to end: a customer with the vectors’ id gets those addresses', async () => {
    const client = await server.newClient();
    for (const v of VECTORS.vectors) await server.newRoute(client, { code: v.routeCode, blockchain: v.blockchain, ...ROUTE_OF[v.blockchain], minMinor: '1' });
    const customerId = VECTORS.vectors[0]!.customerId;
    const now = new Date().toISOString();
    await server.db.run(
      'INSERT INTO customers (customer_id, client_id, external_ref, type, display_name, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      customerId, client.clientId, 'vector-customer', 'INDIVIDUAL', null, 'ACTIVE', now, now,
    );
    const s = new Scenario(server, client, VECTORS.vectors[0]!.routeCode);
    const page = await wallets(s, customerId);
    const byRoute = Object.fromEntries(page.items.map((w: { routeCode: string; address: string }) => [w.routeCode, w.address]));
    expect(byRoute).toEqual(Object.fromEntries(VECTORS.vectors.map((v) => [v.routeCode, v.address])));
    // A deposit on each route pays into exactly that address.
    const ethDeposit = await deposit(server, s, customerId, { routeCode: 'USDT-ETH' });
    expect(ethDeposit.toAddress).toBe('0x8F85CBcF564A42b22E8972B435b99E28BCe66672');
    const upper = await restData(server, client, `/partner/v1/customers/${customerId.toUpperCase()}/crypto/deposit-wallets`);
    expect(upper.items).toEqual(page.items);
  });

  it('a deposit’s toAddress is its wallet’s address; disabling the route shows the wallet DISABLED at once, enabling ACTIVE', async () => {
    const s = await Scenario.create(server);
    const customerId = await s.customer();
    const d = await deposit(server, s, customerId);
    const [w] = (await wallets(s, customerId)).items;
    expect(w).toMatchObject({ routeCode: s.routeCode, address: d.toAddress, status: 'ACTIVE' });
    await setRoute(server, s.routeCode, false);
    expect((await wallets(s, customerId)).items).toEqual([{ ...w, status: 'DISABLED' }]);
    await setRoute(server, s.routeCode, true);
    expect((await wallets(s, customerId)).items).toEqual([w]);
  });

  it('order is code-point order (upper case before "_" before lower case), not a locale’s', async () => {
    const tag = suffix();
    const s = await Scenario.create(server, { code: `b-${tag}` });
    for (const code of [`B-${tag}`, `_-${tag}`, `a-${tag}`, `Z-${tag}`, `0-${tag}`, `.-${tag}`]) await server.newRoute(s.client, { code });
    const customerId = await s.customer();
    const codes = (await wallets(s, customerId)).items.map((w: { routeCode: string }) => w.routeCode);
    expect(codes).toEqual([`.-${tag}`, `0-${tag}`, `B-${tag}`, `Z-${tag}`, `_-${tag}`, `a-${tag}`, `b-${tag}`]);
    // Paged one at a time, the same order.
    const walked: string[] = [];
    let after: string | null = null;
    for (;;) {
      const p: { items: { routeCode: string }[]; pageInfo: { hasNextPage: boolean; endCursor: string } } = await wallets(s, customerId, { first: 1, after });
      walked.push(...p.items.map((w) => w.routeCode));
      if (!p.pageInfo.hasNextPage) break;
      after = p.pageInfo.endCursor;
    }
    expect(walked).toEqual(codes);
  });

  it('blockchain filter: ETH, TRON, BTC, SOL; anything else → 400 /blockchain on both surfaces', async () => {
    const s = await Scenario.create(server);
    const tron = await server.newRoute(s.client, { code: `TR-${suffix()}`, blockchain: 'TRON' });
    const customerId = await s.customer();
    const codes = async (blockchain: string) => (await wallets(s, customerId, { blockchain })).items.map((w: { routeCode: string }) => w.routeCode);
    expect(await codes('ETH')).toEqual([s.routeCode]);
    expect(await codes('TRON')).toEqual([tron]);
    expect(await codes('SOL')).toEqual([]);
    const rest = await restData(server, s.client, `/partner/v1/customers/${customerId}/crypto/deposit-wallets?blockchain=TRON`);
    expect(rest.items.map((w: { routeCode: string }) => w.routeCode)).toEqual([tron]);
    for (const bad of ['eth', 'DOGE', 'ETH,TRON', 'x'.repeat(40)]) {
      expectGraphQLProblem(await server.gql(s.client, WALLETS_LIST, { customerId, blockchain: bad }), 400, 'VALIDATION_FAILED', '/blockchain');
      expectRestProblem(
        await server.request(s.client, 'GET', `/partner/v1/customers/${customerId}/crypto/deposit-wallets?blockchain=${encodeURIComponent(bad)}`),
        400,
        'VALIDATION_FAILED',
        '/blockchain',
      );
    }
  });
});

describePageRules(() => server, {
  field: 'cryptoDepositWallets',
  document: WALLETS_LIST,
  restPath: (customerId) => `/partner/v1/customers/${customerId}/crypto/deposit-wallets`,
  idOf: (item) => item.routeCode as string,
  make: async (srv, n) => {
    const s = await Scenario.create(srv);
    const codes = [s.routeCode];
    for (let i = 1; i < n; i++) codes.push(await srv.newRoute(s.client));
    return { s, customerId: await s.customer(), ids: codes.sort() };
  },
  add: async (srv, fx) => {
    await srv.newRoute(fx.s.client);
  },
  addedMayShow: true,
  foreignCursor: async (srv, fx) => {
    await deposit(srv, fx.s, fx.customerId);
    return (await gqlData(srv, fx.s.client, DEPOSITS_LIST, { customerId: fx.customerId, first: 1 }, 'cryptoDeposits')).pageInfo.endCursor;
  },
  badFilter: { gql: { blockchain: 'DOGE' }, rest: 'blockchain=DOGE', pointer: '/blockchain' },
});
