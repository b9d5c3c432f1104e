// test: slow — `EVM_DEVNET=true npm start`: anvil, restarts, its state
// §18 C14: `EVM_DEVNET=true npm start` (the real entry, spawned) brings up anvil on EVM_DEVNET_PORT with the
// devnet token, starts the rail on it (C2), gives the demo partner its EVM routes (also when the devnet is
// turned on for a database whose demo partner exists without them), mines a block every
// EVM_DEVNET_BLOCK_TIME_MS, and keeps its chain in EVM_DEVNET_STATE_DIR across restarts. A port in use is
// one line naming EVM_DEVNET_PORT, exit 1.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Hex } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEVNET_DEPLOYER, DEVNET_HOT, DEVNET_TOKEN_ADDRESS, rpc } from '../../../src/modules/devnet/token.js';
import { createPgSchema, TEST_ENGINE, type PgSchema } from '../../helpers/pg.js';
import { PgTestDb } from '../../helpers/pg-test-db.js';
import { processKit, type Spawned } from '../../helpers/processes.js';
import { SqliteTestDb, type TestDb } from '../../helpers/test-db.js';

const kit = processKit({ tempPrefix: 'partner-devnet-server-' });

let databaseUrl: string;
let db: TestDb;
let pg: PgSchema | undefined;
let stateDir: string;
let devnetPort: number;

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((r) => probe.close(r));
  return port;
}

beforeAll(async () => {
  const dir = kit.tempDir();
  stateDir = path.join(dir, 'devnet');
  devnetPort = await freePort();
  if (TEST_ENGINE === 'pg') {
    pg = await createPgSchema('devnetsrv');
    databaseUrl = pg.url;
    db = new PgTestDb(pg.url, pg.schema);
  } else {
    const file = path.join(dir, 'partner.db');
    databaseUrl = `file:${file}`;
    db = new SqliteTestDb(file);
  }
}, 30_000);

afterAll(async () => {
  await db?.close?.();
  await pg?.drop();
});

const devnetEnv = (blockTimeMs: number) => ({
  DATABASE_URL: databaseUrl,
  LOG_LEVEL: 'warn',
  EVM_DEVNET: 'true',
  EVM_DEVNET_PORT: String(devnetPort),
  EVM_DEVNET_STATE_DIR: stateDir,
  EVM_DEVNET_BLOCK_TIME_MS: String(blockTimeMs),
});
const url = () => `http://127.0.0.1:${devnetPort}`;
const head = async () => Number(await rpc<Hex>(url(), 'eth_blockNumber', []));
const routes = () =>
  db.all<Record<string, unknown>>(
    `SELECT route_code, blockchain, currency, currency_scale, min_amount_minor, max_amount_minor, fee_amount_minor, travel_rule_threshold_minor, rail, token_contract
     FROM routes WHERE client_id = 'demo-partner' ORDER BY route_code`,
  );

const DEVNET_ROUTES = [
  {
    route_code: 'ETH-DEVNET',
    blockchain: 'ETH',
    currency: 'ETH',
    currency_scale: 18,
    min_amount_minor: '1',
    max_amount_minor: String(10n ** 21n),
    fee_amount_minor: '0',
    travel_rule_threshold_minor: null,
    rail: 'EVM',
    token_contract: null,
  },
  {
    route_code: 'USDT-DEVNET',
    blockchain: 'ETH',
    currency: 'USDT',
    currency_scale: 6,
    min_amount_minor: '1',
    max_amount_minor: String(10n ** 12n),
    fee_amount_minor: '0',
    travel_rule_threshold_minor: null,
    rail: 'EVM',
    token_contract: DEVNET_TOKEN_ADDRESS,
  },
];

/** Resolves once the head passes `block` (the devnet's timer mines it); the test's timeout bounds it. */
async function headPasses(block: number): Promise<number> {
  for (;;) {
    const h = await head();
    if (h > block) return h;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The server's stdout once it holds `text` (the banner follows the "listening" line, maybe in a later chunk). */
async function printed(s: Spawned, text: string): Promise<string> {
  while (!s.stdout().includes(text)) {
    if (s.proc.exitCode !== null) throw new Error(`the server exited without printing ${text}: ${s.output()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return s.stdout();
}

/** §18.2's vector: child 0/0 of the devnet's deposit xpub, the demo customer's address. */
const DEMO_EVM_ADDRESS = '0x8C8d35429F74ec245F8Ef2f4Fd1e551cFF97d650';

describe('§18 C14 EVM_DEVNET=true npm start', () => {
  let server: Spawned | undefined;
  // SIGTERM, never the kit's SIGKILL: the server stops its anvil (a killed server would leave it running).
  afterEach(async () => {
    if (server) await kit.stopMain(server);
    server = undefined;
  });

  it('turned on for a database whose demo partner exists: anvil with the token, the rail, the demo EVM routes, a block every EVM_DEVNET_BLOCK_TIME_MS', async () => {
    // A development database from before the devnet: the demo partner without EVM routes.
    const plain = await kit.startMain({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' });
    await printed(plain, 'Demo partner provisioned');
    await kit.stopMain(plain);
    expect((await routes()).map((r) => r.route_code)).toEqual(['USDT-ETH']);

    server = await kit.startMain(devnetEnv(100));
    expect(await printed(server, 'Explore:')).toContain(
      `Devnet: ${url()} (chain 31337, hot wallet ${DEVNET_HOT.address}), token USDT at ${DEVNET_TOKEN_ADDRESS}; a block every 100 ms; state in ${stateDir}`,
    );
    expect(server.stdout()).toContain('Devnet routes of demo-partner: USDT-DEVNET, ETH-DEVNET');
    // The demo customer's EVM deposit address (index 0 of §18.2's xpub), with the command that pays it.
    const demoCustomer = await db.get<{ customer_id: string }>("SELECT customer_id FROM customers WHERE external_ref = 'demo-customer-1'");
    expect(server.stdout()).toContain(
      `Demo customer ${demoCustomer!.customer_id}: EVM deposit address ${DEMO_EVM_ADDRESS} — pay it: npx partnerctl devnet pay --to ${DEMO_EVM_ADDRESS} --route USDT-DEVNET`,
    );
    expect(Number(await rpc<Hex>(url(), 'eth_chainId', []))).toBe(31337);
    expect(await rpc<Hex>(url(), 'eth_getCode', [DEVNET_TOKEN_ADDRESS, 'latest'])).not.toBe('0x');
    expect(await routes()).toEqual([...DEVNET_ROUTES, expect.objectContaining({ route_code: 'USDT-ETH', rail: 'SANDBOX' })]);
    const rail = await db.get<{ chain_id: number | string; hot_address: string }>('SELECT chain_id, hot_address FROM evm_rail');
    // A bigint column on PostgreSQL reads as a string.
    expect({ ...rail, chain_id: Number(rail!.chain_id) }).toEqual({ chain_id: 31337, hot_address: DEVNET_HOT.address });
    expect(await db.get('SELECT reason FROM evm_halt')).toBeUndefined();
    // The timer mines.
    const h = await head();
    expect(await headPasses(h + 2)).toBeGreaterThan(h + 2);
    await kit.stopMain(server);
    server = undefined;
    // SIGTERM stopped anvil (its port is free again) after it dumped its chain.
    expect(fs.existsSync(path.join(stateDir, 'state.json'))).toBe(true);
    await expect(rpc(url(), 'eth_blockNumber', [])).rejects.toThrow();
  }, 90_000);

  it('a restart keeps its chain (head, token, no second deployment) and creates no route twice; 0 ms: blocks only when mined', async () => {
    server = await kit.startMain(devnetEnv(0));
    expect(await printed(server, 'Explore:')).toContain('blocks only on partnerctl devnet pay|mine');
    expect(server.stdout()).toContain(`EVM deposit address ${DEMO_EVM_ADDRESS}`);
    expect(server.stdout()).not.toContain('Devnet routes of demo-partner');
    const mined = await kit.partnerctlJson(databaseUrl, ['devnet', 'mine', '--blocks', '3'], { EVM_DEVNET: 'true', EVM_DEVNET_PORT: String(devnetPort) });
    expect(mined).toEqual({ head: await head() });
    await kit.stopMain(server);
    server = undefined;

    server = await kit.startMain(devnetEnv(0));
    expect(await head()).toBe(mined.head);
    expect(await rpc<Hex>(url(), 'eth_getCode', [DEVNET_TOKEN_ADDRESS, 'latest'])).not.toBe('0x');
    expect(Number(await rpc<Hex>(url(), 'eth_getTransactionCount', [DEVNET_DEPLOYER.address, 'latest']))).toBe(1);
    expect((await routes()).map((r) => r.route_code)).toEqual(['ETH-DEVNET', 'USDT-DEVNET', 'USDT-ETH']);
    await kit.stopMain(server);
    server = undefined;
  }, 90_000);

  it('EVM_DEVNET_PORT in use: one line naming it, exit 1', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve, reject) => {
      blocker.once('error', reject);
      blocker.listen(devnetPort, '127.0.0.1', () => resolve());
    });
    try {
      const r = await kit.tryStartMain(devnetEnv(0));
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(
        `Cannot start: EVM_DEVNET_PORT ${devnetPort} on 127.0.0.1 is already in use (another devnet?): stop what listens there, or choose another port with EVM_DEVNET_PORT\n`,
      );
    } finally {
      await new Promise((r) => blocker.close(r));
    }
  }, 60_000);
});
