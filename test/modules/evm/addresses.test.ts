// §18 C4 deposit addresses of EVM routes, §18.1 the wallet fields, C3 / §18.5 ROUTE_RAIL_UNSUPPORTED:
// indexes from one counter, gapless and in createdAt-then-id order, never twice per customer; the
// wallet of an EVM route shows the customer's address, its rail, token and chain on both surfaces.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoute, updateRouteOf } from '../../../src/cli/operators.js';
import { DEVNET_DEPOSIT_XPUB, devnetKey } from '../../../src/config/evm.js';
import { depositWalletAddress } from '../../../src/core/addresses/derive.js';
import { customersOfClientInOrder, type CustomerKey } from '../../../src/modules/customers/index.js';
import { allocateEvmAddress, DepositAddresses } from '../../../src/modules/evm/index.js';
import { DEVNET_TOKEN_ADDRESS } from '../../../src/modules/devnet/token.js';
import { ETH_ADDRESS_2, randomEthAddress, Scenario, startTestServer, type TestServer } from '../../helpers/harness.js';
import { useDevnet } from '../../helpers/anvil.js';
import { WALLETS_LIST, gqlData, restData } from '../../helpers/deposits.js';
import { expectGraphQLProblem } from '../../helpers/problems.js';
import { Wd, failAddress, fund } from '../../helpers/withdrawals.js';

const vector = JSON.parse(fs.readFileSync(new URL('../../vectors/evm-deposit-address.json', import.meta.url), 'utf8')) as {
  cases: { index: number; address: string }[];
};
const VECTOR = Object.fromEntries(vector.cases.map((c) => [c.index, c.address]));
const derive = new DepositAddresses(DEVNET_DEPOSIT_XPUB);

const devnet = useDevnet();
let server: TestServer;
let keyDir: string;

beforeAll(async () => {
  keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'partner-evm-key-'));
  const keyFile = path.join(keyDir, 'hot.key');
  fs.writeFileSync(keyFile, devnetKey(0));
  server = await startTestServer({ EVM_RPC_URLS: devnet().url, EVM_CHAIN_ID: '31337', EVM_DEPOSIT_XPUB: DEVNET_DEPOSIT_XPUB, EVM_SIGNER_KEY_FILE: keyFile });
}, 60_000);
afterAll(async () => {
  await server.stop();
  fs.rmSync(keyDir, { recursive: true, force: true });
});

const suffix = () => randomBytes(3).toString('hex');
type AddressRow = { customer_id: string; address_index: number; address: string; address_key: string };
const addresses = () => server.db.all<AddressRow>('SELECT customer_id, address_index, address, address_key FROM evm_addresses ORDER BY address_index');
const addressOf = async (customerId: string) =>
  server.db.get<AddressRow>('SELECT customer_id, address_index, address, address_key FROM evm_addresses WHERE customer_id = ?', customerId);
/** The customers of a partner in createdAt, then id, order (byte order, as C4 takes them). */
async function inCreationOrder(clientId: string): Promise<string[]> {
  const rows = await server.db.all<{ customer_id: string; created_at: string }>('SELECT customer_id, created_at FROM customers WHERE client_id = ?', clientId);
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return rows.sort((a, b) => cmp(a.created_at, b.created_at) || cmp(a.customer_id, b.customer_id)).map((r) => r.customer_id);
}

/** An EVM route of the devnet token for the scenario's partner, through partnerctl's function with the server's EVM settings. */
const evmRoute = (s: Scenario, o: { code?: string; native?: boolean } = {}) =>
  server.operator((db) =>
    createRoute(
      db,
      o.native
        ? { code: o.code ?? `ETH-EVM-${suffix()}`, clientId: s.client.clientId, blockchain: 'ETH', currency: 'ETH', scale: 18, rail: 'EVM' }
        : { code: o.code ?? `USDT-EVM-${suffix()}`, clientId: s.client.clientId, blockchain: 'ETH', currency: 'USDT', scale: 6, rail: 'EVM', tokenContract: DEVNET_TOKEN_ADDRESS },
      server.config.evm,
    ),
  );

describe('§18 C4 deposit addresses', () => {
  it('customers created before the route get 0, 1, 2 in creation order (§18.2 vector); one created after gets 3; never twice', async () => {
    expect(await addresses()).toEqual([]);
    const s = await Scenario.create(server);
    const before = [await s.customer(), await s.customer(), await s.customer()];
    // A SANDBOX route allocates nothing.
    expect(await addresses()).toEqual([]);
    await evmRoute(s);
    const order = await inCreationOrder(s.client.clientId);
    expect([...order].sort()).toEqual([...before].sort());
    expect(await addresses()).toEqual(
      order.map((customerId, i) => ({ customer_id: customerId, address_index: i, address: VECTOR[i], address_key: VECTOR[i]!.toLowerCase() })),
    );
    const after = await s.customer();
    expect(await addressOf(after)).toMatchObject({ address_index: 3, address: derive.at(3) });
    // A second EVM route of the partner (native ETH) allocates nothing: the address is the customer's on every EVM route.
    await evmRoute(s, { native: true });
    expect((await addresses()).map((r) => r.address_index)).toEqual([0, 1, 2, 3]);
    // Another partner's customers: without an EVM route none; with one the next indexes.
    const t = await Scenario.create(server);
    const theirs = await t.customer();
    expect(await addressOf(theirs)).toBeUndefined();
    await server.operator((db) => updateRouteOf(db, { code: t.routeCode, clientId: t.client.clientId, rail: 'EVM', tokenContract: DEVNET_TOKEN_ADDRESS }, server.config.evm));
    expect(await addressOf(theirs)).toMatchObject({ address_index: 4, address: derive.at(4) });
  });

  it('many createCustomer calls at once: the next n indexes exactly, no gap, no duplicate', async () => {
    const s = await Scenario.create(server);
    await evmRoute(s);
    const start = (await addresses()).length;
    const n = 16;
    const ids = await Promise.all(Array.from({ length: n }, () => s.customer()));
    const rows = (await addresses()).filter((r) => ids.includes(r.customer_id));
    expect(rows.map((r) => r.address_index).sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => start + i));
    for (const r of rows) expect(r.address).toBe(derive.at(r.address_index));
    // Every index so far is taken once, from 0, with no gap.
    expect((await addresses()).map((r) => r.address_index)).toEqual(Array.from({ length: start + n }, (_, i) => i));
  });
});

describe('§18 C4 a partner with many customers', () => {
  it('its customers are read page by page in the same creation order the allocation follows', async () => {
    const s = await Scenario.create(server);
    for (let i = 0; i < 5; i++) await s.customer();
    const walked: string[] = [];
    await server.operator(async (db) => {
      let after: CustomerKey | undefined;
      for (;;) {
        const page = await customersOfClientInOrder(db.read, s.client.clientId, after, 2);
        if (page.length === 0) return;
        walked.push(...page.map((c) => c.customerId));
        after = page.at(-1);
      }
    });
    expect(walked).toEqual(await inCreationOrder(s.client.clientId));
  });
});

describe('§18 C4 a rolled-back allocation', () => {
  it('takes no index: the next allocation gets the same one', async () => {
    const s = await Scenario.create(server);
    const customerId = await s.customer();
    const next = (await addresses()).length;
    await expect(
      server.operator((db) =>
        db.writer.run(async (tx) => {
          expect((await allocateEvmAddress(tx, customerId, DEVNET_DEPOSIT_XPUB, new Date().toISOString())).addressIndex).toBe(next);
          throw new Error('rolled back');
        }),
      ),
    ).rejects.toThrow('rolled back');
    expect(await addressOf(customerId)).toBeUndefined();
    await evmRoute(s);
    expect(await addressOf(customerId)).toMatchObject({ address_index: next, address: derive.at(next) });
  });
});

describe('§18.1 the wallets of EVM routes', () => {
  it('rail, tokenContract and chainId; the EVM address is the customer’s C4 address on every EVM route; GraphQL and REST agree', async () => {
    const s = await Scenario.create(server, { code: `A-SB-${suffix()}` });
    const customerId = await s.customer();
    const token = await evmRoute(s, { code: `B-USDT-${suffix()}` });
    const native = await evmRoute(s, { code: `C-ETH-${suffix()}`, native: true });
    const mine = (await addressOf(customerId))!;
    expect(mine.address).toBe(derive.at(mine.address_index));
    const page = await gqlData(server, s.client, WALLETS_LIST, { customerId }, 'cryptoDepositWallets');
    const common = { customerId, blockchain: 'ETH', status: 'ACTIVE', travelRuleThresholdMinor: null };
    expect(page.items).toEqual([
      { ...common, routeCode: s.routeCode, currency: 'USDT', currencyScale: 6, address: depositWalletAddress('ETH', s.routeCode, customerId), rail: 'SANDBOX', tokenContract: null, chainId: null },
      { ...common, routeCode: token.routeCode, currency: 'USDT', currencyScale: 6, address: mine.address, rail: 'EVM', tokenContract: DEVNET_TOKEN_ADDRESS, chainId: 31337 },
      { ...common, routeCode: native.routeCode, currency: 'ETH', currencyScale: 18, address: mine.address, rail: 'EVM', tokenContract: null, chainId: 31337 },
    ]);
    expect(await restData(server, s.client, `/partner/v1/customers/${customerId}/crypto/deposit-wallets`)).toEqual(page);
    // Another customer: another address.
    const other = await s.customer();
    const theirs = await gqlData(server, s.client, WALLETS_LIST, { customerId: other }, 'cryptoDepositWallets');
    expect(theirs.items[1].address).toBe((await addressOf(other))!.address);
    expect(theirs.items[1].address).not.toBe(mine.address);
  });
});

describe('§18 C3 / §18.5 simulateCryptoDeposit on an EVM route', () => {
  const SIMULATE = `mutation($customerId: UUID!, $input: SimulateCryptoDepositInput!) { simulateCryptoDeposit(customerId: $customerId, input: $input) { depositId } }`;

  it('409 ROUTE_RAIL_UNSUPPORTED after the customer and route checks (rows 4–5), before the address checks (row 6); nothing written', async () => {
    const s = await Scenario.create(server);
    const customerId = await s.customer();
    const route = await evmRoute(s);
    const simulate = (id: string, input: Record<string, unknown>) => server.gql(s.client, SIMULATE, { customerId: id, input: { routeCode: route.routeCode, amountMinor: '1000', fromAddress: ETH_ADDRESS_2, ...input } });
    expectGraphQLProblem(await simulate(customerId, {}), 409, 'ROUTE_RAIL_UNSUPPORTED');
    // Row 6's faults (a bad source address) come after: still 409.
    expectGraphQLProblem(await simulate(customerId, { fromAddress: 'not-an-address' }), 409, 'ROUTE_RAIL_UNSUPPORTED');
    // Row 4 (an unknown customer) and row 5 (a route not mapped) come before.
    expectGraphQLProblem(await simulate('00000000-0000-4000-8000-000000000000', {}), 404, 'CUSTOMER_NOT_FOUND');
    expectGraphQLProblem(await simulate(customerId, { routeCode: `none-${suffix()}` }), 403, 'ROUTE_NOT_PERMITTED');
    expect(await server.db.count('SELECT COUNT(*) AS n FROM crypto_deposits WHERE customer_id = ?', customerId)).toBe(0);
    // The SANDBOX route of the same partner still simulates.
    await s.deposit(customerId);
  });
});

describe('§18 C3 no sandbox failure entry on an EVM route', () => {
  it('a withdrawal on an EVM route to a destination with a §10.7 failure entry captures none; on a SANDBOX route it does', async () => {
    const s = await Scenario.create(server);
    const evm = new Scenario(server, s.client, (await evmRoute(s)).routeCode);
    const address = randomEthAddress();
    await failAddress(server, address, 'BROADCASTING');
    const failAtOf = async (wd: Wd) => {
      const w = await wd.draft({ amountMinor: '1000' });
      // One balance per (customer, currency) across routes (D6): funded by a sandbox deposit on the SANDBOX route.
      await fund(s, wd.customerId, (1000n + BigInt(w.feeAmountMinor as string)).toString());
      const r = await wd.submitRest(w.withdrawalId);
      expect(r.status, r.text).toBe(200);
      return (await server.db.get<{ fail_at: string | null }>('SELECT fail_at FROM crypto_withdrawals WHERE withdrawal_id = ?', w.withdrawalId))!.fail_at;
    };
    expect(await failAtOf(await Wd.create(evm, address))).toBeNull();
    expect(await failAtOf(await Wd.create(s, address))).toBe('BROADCASTING');
  });
});
