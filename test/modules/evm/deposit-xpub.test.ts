// §18 C2 and C4 (settled 2026-12-07): every process that derives deposit addresses (the server with or
// without the rail, partnerctl) compares EVM_DEPOSIT_XPUB with the fingerprint stored at the rail's first
// start and refuses another (naming EVM_DEPOSIT_XPUB, never its value); and a customer created by a process
// without the rail is given its address by the next process that starts the rail, before its first poll.
import { randomBytes } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evmConfigOf } from '../../../src/config.js';
import { DEVNET_DEPOSIT_XPUB } from '../../../src/config/evm.js';
import { DepositAddresses } from '../../../src/modules/evm/index.js';
import { useDevnet } from '../../helpers/anvil.js';
import { Scenario, TestServer, type Client } from '../../helpers/harness.js';
import { partnerctlHere, partnerctlHereJson } from '../../helpers/partnerctl-here.js';
import { expectRefusal } from '../../helpers/processes.js';
import { evmEnv } from './chain-transfers.js';

const devnet = useDevnet();
const OTHER_XPUB = HDKey.fromMasterSeed(randomBytes(32)).derive("m/44'/60'/0'").publicExtendedKey;
const derived = new DepositAddresses(DEVNET_DEPOSIT_XPUB);
let server: TestServer;
let running = false;
let client: Client;
let routeCode: string;

/** (Re)starts the server with these EVM_* variables (none: the rail off); the refusal of a start, if any. */
async function startWith(env: Record<string, string>): Promise<Error | undefined> {
  server.config.evm = evmConfigOf(env, { production: false, sandbox: server.config.sandbox, sqliteFile: null });
  if (running) await server.service.stop();
  running = false;
  try {
    await server.start();
    running = true;
    return undefined;
  } catch (e) {
    return e as Error;
  }
}

const reach = () => ({ EVM_RPC_URLS: devnet().url, EVM_CHAIN_ID: '31337', EVM_DEPOSIT_XPUB: DEVNET_DEPOSIT_XPUB });
const addressOf = (customerId: string) => server.db.get<{ address_index: number; address: string }>('SELECT address_index, address FROM evm_addresses WHERE customer_id = ?', customerId);

beforeAll(async () => {
  server = new TestServer();
  expect(await startWith(evmEnv(devnet().url))).toBeUndefined();
  client = await server.newClient();
  routeCode = `ETH-EVM-${randomBytes(3).toString('hex')}`;
  await partnerctlHereJson(server.databaseUrl, ['route', 'create', '--code', routeCode, '--client-id', client.clientId, '--blockchain', 'ETH', '--currency', 'ETH', '--scale', '18', '--rail', 'EVM'], reach());
}, 60_000);
afterAll(async () => {
  if (!running) await startWith({});
  await server.stop();
});

describe('§18 C2, C4 the deposit xpub of every process', { timeout: 120_000 }, () => {
  it('partnerctl with another EVM_DEPOSIT_XPUB: route create|update --rail EVM → exit 1 VALIDATION_FAILED naming it (not its value), nothing written', async () => {
    const other = await server.newClient();
    const code = `ETH-X-${randomBytes(3).toString('hex')}`;
    const env = { ...reach(), EVM_DEPOSIT_XPUB: OTHER_XPUB };
    const args = ['route', 'create', '--code', code, '--client-id', other.clientId, '--blockchain', 'ETH', '--currency', 'ETH', '--scale', '18'];
    const r = await partnerctlHere(server.databaseUrl, [...args, '--rail', 'EVM'], env);
    expect(expectRefusal(r, 'VALIDATION_FAILED', /EVM_DEPOSIT_XPUB/)).not.toContain(OTHER_XPUB);
    expect(await server.db.count('SELECT COUNT(*) AS n FROM routes WHERE route_code = ?', code)).toBe(0);
    await partnerctlHereJson(server.databaseUrl, args, env);
    expectRefusal(await partnerctlHere(server.databaseUrl, ['route', 'update', '--code', code, '--client-id', other.clientId, '--rail', 'EVM'], env), 'VALIDATION_FAILED', /EVM_DEPOSIT_XPUB/);
    expect(await server.db.get('SELECT rail FROM routes WHERE route_code = ?', code)).toEqual({ rail: 'SANDBOX' });
  });

  it('a customer created by a server without the rail has no address; the next start of the rail gives it the next index before its first poll', async () => {
    const before = await server.db.get<{ next_index: number }>('SELECT next_index FROM evm_address_counter WHERE id = 1');
    expect(await startWith({})).toBeUndefined();
    const customerId = await new Scenario(server, client, routeCode).customer();
    expect(await addressOf(customerId)).toBeUndefined();
    // The rail on, its follower never polling within the test: the address is the start's.
    expect(await startWith(evmEnv(devnet().url, { EVM_POLL_INTERVAL_MS: '60000' }))).toBeUndefined();
    const index = before ? Number(before.next_index) : 0;
    expect(await addressOf(customerId)).toEqual({ address_index: index, address: derived.at(index) });
  });

  it('a server with another EVM_DEPOSIT_XPUB refuses to start, with the rail and without it (it would derive addresses on createCustomer)', async () => {
    const withRail = await startWith(evmEnv(devnet().url, { EVM_DEPOSIT_XPUB: OTHER_XPUB }));
    expect(withRail?.message).toMatch(/EVM_DEPOSIT_XPUB/);
    const withoutRail = await startWith({ EVM_DEPOSIT_XPUB: OTHER_XPUB });
    expect(withoutRail?.message).toMatch(/EVM_DEPOSIT_XPUB/);
    expect(withoutRail?.message).not.toContain(OTHER_XPUB);
    expect(await startWith({ EVM_DEPOSIT_XPUB: DEVNET_DEPOSIT_XPUB })).toBeUndefined();
  });
});
