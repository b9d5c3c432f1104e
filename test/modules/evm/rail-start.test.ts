// test: slow — a refused start as `npm start` prints it
// §18 C2: the rail's start, on the in-process server against a real devnet (both engines). Each URL of
// EVM_RPC_URLS is asked eth_chainId (another id fatal, naming EVM_RPC_URLS[k], its origin only and both
// ids; an unreachable one logged by origin and skipped); the first start stores the rail's identity, the
// hot address's nonce counter and the follower's position; later starts refuse another chain
// (EVM_CHAIN_ID) or xpub (EVM_DEPOSIT_XPUB), and accept another hot address only when nothing is in
// flight (else EVM_SIGNER). Without EVM_RPC_URLS, EVM routes halt the rail (RAIL_OFF); configuring it lifts that.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { HDKey } from '@scure/bip32';
import pino from 'pino';
import { privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoute } from '../../../src/cli/operators.js';
import { evmConfigOf } from '../../../src/config.js';
import { DEVNET_DEPOSIT_XPUB, devnetKey } from '../../../src/config/evm.js';
import { evmReach, startDevnet, useDevnet, type Devnet } from '../../helpers/anvil.js';
import { TestServer, type Client } from '../../helpers/harness.js';
import { createPgSchema, TEST_ENGINE, type PgSchema } from '../../helpers/pg.js';
import { processKit } from '../../helpers/processes.js';

const devnet = useDevnet();
const kit = processKit({ tempPrefix: 'partner-rail-start-' });
/** A fake provider key: in a URL's path and query, it must never appear in an error or a log line. */
const FAKE_KEY = 'FAKEKEY0123456789abcdef';
const SEPOLIA = 11155111;

let keyDir: string;
/** A second node, on another chain id (anvil_setChainId). */
let sepolia: Devnet;
/** A node at any path and query: forwards every POST to the devnet (anvil answers only at /). */
let proxy: http.Server;
let proxyOrigin: string;
const servers: TestServer[] = [];

beforeAll(async () => {
  keyDir = kit.tempDir();
  sepolia = await startDevnet();
  await sepolia.rpc('anvil_setChainId', [SEPOLIA]);
  proxy = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void fetch(devnet().url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.concat(chunks) }).then(async (r) => {
        res.writeHead(r.status, { 'content-type': 'application/json' });
        res.end(await r.text());
      });
    });
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', () => r()));
  proxyOrigin = `http://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  for (const s of servers) {
    // A server whose last start was refused starts with the rail off, so that stop() removes its database.
    if (!running.has(s)) await startWith(s, undefined);
    await s.stop();
  }
  await sepolia?.anvil.stop();
  await new Promise((r) => proxy?.close(r));
});

/** The key file of mnemonic account `index`, and its address. */
function signerOf(index: number): { file: string; address: `0x${string}` } {
  const file = path.join(keyDir, `key-${index}`);
  fs.writeFileSync(file, devnetKey(index));
  return { file, address: privateKeyToAddress(devnetKey(index)) };
}

type Rail = { urls?: string; chainId?: number; xpub?: string; signer?: number };

/** The EVM_* variables of a rail on the devnet (local signer allowed explicitly: the server is not in sandbox mode). */
function railEnv(o: Rail = {}): Record<string, string> {
  return {
    EVM_RPC_URLS: o.urls ?? devnet().url,
    EVM_CHAIN_ID: String(o.chainId ?? 31337),
    EVM_DEPOSIT_XPUB: o.xpub ?? DEVNET_DEPOSIT_XPUB,
    EVM_SIGNER: 'local',
    EVM_SIGNER_KEY_FILE: signerOf(o.signer ?? 0).file,
    EVM_ALLOW_LOCAL_SIGNER: 'true',
  };
}

/** A server on a fresh database, not started; `lines` collects its log. */
function newServer(): { server: TestServer; lines: string[] } {
  const server = new TestServer();
  servers.push(server);
  const lines: string[] = [];
  server.logger = pino({ level: 'info' }, { write: (s: string) => void lines.push(s) });
  return { server, lines };
}

/** The servers whose service runs (a refused start leaves the stopped one in `service`). */
const running = new Set<TestServer>();

/** Starts (or restarts) `server` with this rail configuration (none: the rail off). */
async function startWith(server: TestServer, env: Record<string, string> | undefined): Promise<void> {
  server.config.evm = evmConfigOf(env ?? {}, { production: false, sandbox: false, sqliteFile: null });
  if (running.delete(server)) await server.service.stop();
  await server.start();
  running.add(server);
}

const railRow = (s: TestServer) => s.db.get<{ chain_id: number; xpub_fingerprint: string; hot_address: string }>('SELECT chain_id, xpub_fingerprint, hot_address FROM evm_rail');
const nonces = (s: TestServer) => s.db.all<{ address: string; next_nonce: number }>('SELECT address, next_nonce FROM evm_nonces ORDER BY address');
const halt = (s: TestServer) => s.db.get<{ reason: string; since: string; detail: string }>('SELECT reason, since, detail FROM evm_halt');

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((r) => probe.close(r));
  return port;
}

describe('§18 C2 the rail’s first start', () => {
  it('stores the chain id, the xpub fingerprint, the hot address, its nonce counter at its count at latest, and the follower at the head', async () => {
    const hot = signerOf(3).address;
    await devnet().rpc('anvil_setNonce', [hot, '0x5']);
    const head = await devnet().mine(1);
    const { server } = newServer();
    await startWith(server, railEnv({ signer: 3 }));
    expect(server.service.areas.evm.rail).toEqual({ on: true, chainId: 31337, hotAddress: hot, origins: [devnet().url] });
    expect(await railRow(server)).toEqual({ chain_id: 31337, xpub_fingerprint: createHash('sha256').update(DEVNET_DEPOSIT_XPUB).digest('hex'), hot_address: hot });
    expect(await nonces(server)).toEqual([{ address: hot, next_nonce: 5 }]);
    // The follower reads from the head on; it may have read the head itself since.
    const follower = await server.db.get<{ next_block: number }>('SELECT next_block FROM evm_follower');
    expect(follower!.next_block).toBeGreaterThanOrEqual(head);
    expect(follower!.next_block).toBeLessThanOrEqual(head + 1);
    expect(await halt(server)).toBeUndefined();

    // A later start with the same configuration keeps the counter where the rail set it.
    await devnet().rpc('anvil_setNonce', [hot, '0x7']);
    await devnet().mine(2);
    await startWith(server, railEnv({ signer: 3 }));
    expect(await nonces(server)).toEqual([{ address: hot, next_nonce: 5 }]);
    expect((await railRow(server))!.hot_address).toBe(hot);
  }, 60_000);
});

describe('§18 C2 refusals at start (nothing is written)', () => {
  it('a URL on another chain: names EVM_RPC_URLS[k], its origin (never its path or query) and both ids', async () => {
    const { server, lines } = newServer();
    const urls = `${sepolia.url}, ${proxyOrigin}/v3/${FAKE_KEY}?apikey=${FAKE_KEY}`;
    const refusal = startWith(server, railEnv({ urls, chainId: SEPOLIA }));
    await expect(refusal).rejects.toThrow(`EVM_RPC_URLS[1] (${proxyOrigin}) is chain 31337, not EVM_CHAIN_ID ${SEPOLIA}`);
    const message = await refusal.catch((e: Error) => `${e.message} ${e.stack}`);
    expect(message).not.toContain(FAKE_KEY);
    expect(lines.join('')).not.toContain(FAKE_KEY);
  }, 60_000);

  it('`npm start` prints it as one line "Cannot start: …" and exits 1', async () => {
    let pg: PgSchema | undefined;
    const databaseUrl = TEST_ENGINE === 'pg' ? (pg = await createPgSchema('railstart')).url : `file:${path.join(kit.tempDir(), 'partner.db')}`;
    try {
      const r = await kit.tryStartMain({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'info', ...railEnv({ urls: `${proxyOrigin}/v3/${FAKE_KEY}?apikey=${FAKE_KEY}`, chainId: SEPOLIA }) });
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(`Cannot start: EVM_RPC_URLS[0] (${proxyOrigin}) is chain 31337, not EVM_CHAIN_ID ${SEPOLIA}\n`);
      expect(r.output).not.toContain(FAKE_KEY);
    } finally {
      await pg?.drop();
    }
  }, 60_000);

  it('an unreachable URL is logged by its origin and skipped when another answers; none answering is fatal', async () => {
    const port = await closedPort();
    const dead = `http://127.0.0.1:${port}`;
    const { server, lines } = newServer();
    await startWith(server, railEnv({ urls: `${dead}/rpc/${FAKE_KEY}?key=${FAKE_KEY},${devnet().url}` }));
    expect(server.service.areas.evm.rail).toMatchObject({ on: true, origins: [devnet().url] });
    const warned = lines.map((l) => JSON.parse(l) as { level: number; msg: string; rpc?: string }).filter((l) => l.rpc === dead);
    expect(warned).toEqual([expect.objectContaining({ level: 40, msg: `EVM_RPC_URLS[0] (${dead}) did not answer eth_chainId: skipped` })]);
    expect(lines.join('')).not.toContain(FAKE_KEY);
    expect(await railRow(server)).toMatchObject({ chain_id: 31337 });

    const other = newServer();
    await expect(startWith(other.server, railEnv({ urls: `${dead}/rpc/${FAKE_KEY}` }))).rejects.toThrow(`none of EVM_RPC_URLS answered eth_chainId (${dead})`);
    expect(other.lines.join('')).not.toContain(FAKE_KEY);
  }, 60_000);

  it('a later start on another chain id names EVM_CHAIN_ID; with another xpub, EVM_DEPOSIT_XPUB (never the xpub)', async () => {
    const { server } = newServer();
    await startWith(server, railEnv());
    const before = await railRow(server);
    await expect(startWith(server, railEnv({ urls: sepolia.url, chainId: SEPOLIA }))).rejects.toThrow(
      `EVM_CHAIN_ID is ${SEPOLIA}, but this database's EVM rail is chain 31337`,
    );
    const xpub = HDKey.fromMasterSeed(randomBytes(32)).derive("m/44'/60'/0'").publicExtendedKey;
    const refusal = startWith(server, railEnv({ xpub }));
    await expect(refusal).rejects.toThrow("EVM_DEPOSIT_XPUB is not the deposit key this database's EVM rail was started with");
    expect(await refusal.catch((e: Error) => e.message)).not.toContain(xpub);
    expect(await railRow(server)).toEqual(before);
    await startWith(server, railEnv());
  }, 60_000);

  it('another hot address: refused naming EVM_SIGNER while a transfer is in flight; accepted, with its own counter, once none is', async () => {
    const { server } = newServer();
    await startWith(server, railEnv());
    const old = signerOf(0).address;
    const next = signerOf(4).address;
    const at = new Date().toISOString();
    await server.db.run(
      `INSERT INTO evm_transfers (resource_id, resource_type, from_address, nonce, to_address, value_wei, data, gas, units, native, created_at, updated_at)
       VALUES (?, 'CRYPTO_WITHDRAWAL', ?, 0, ?, '0', '0x', '21000', '1', ${TEST_ENGINE === 'pg' ? 'true' : '1'}, ?, ?)`,
      'wd-1',
      old,
      next,
      at,
      at,
    );
    await expect(startWith(server, railEnv({ signer: 4 }))).rejects.toThrow(
      `EVM_SIGNER: the hot address ${next} is not ${old}, the one this database's EVM rail signs with, and 1 of its transfers are not final yet`,
    );
    expect((await railRow(server))!.hot_address).toBe(old);
    expect((await nonces(server)).map((n) => n.address)).toEqual([old]);

    await server.db.run('UPDATE evm_transfers SET final_at = ? WHERE resource_id = ?', at, 'wd-1');
    await devnet().rpc('anvil_setNonce', [next, '0x3']);
    await devnet().mine(1);
    await startWith(server, railEnv({ signer: 4 }));
    expect((await railRow(server))!.hot_address).toBe(next);
    expect(await nonces(server)).toEqual(
      [
        { address: old, next_nonce: 0 },
        { address: next, next_nonce: 3 },
      ].sort((a, b) => (a.address < b.address ? -1 : 1)),
    );
  }, 60_000);
});

describe('§18 C2, C10 RAIL_OFF', () => {
  it('a server without EVM_RPC_URLS whose database holds EVM routes starts halted (RAIL_OFF); configuring the rail lifts only that halt', async () => {
    const { server } = newServer();
    await startWith(server, undefined);
    expect(server.service.areas.evm.rail).toEqual({ on: false, halted: false });
    expect(await halt(server)).toBeUndefined();
    const client: Client = await server.newClient();
    await server.operator((db) =>
      createRoute(db, { code: 'ETH-EVM', clientId: client.clientId, blockchain: 'ETH', currency: 'ETH', scale: 18, rail: 'EVM' }, evmReach(devnet().url)),
    );
    await startWith(server, undefined);
    expect(server.service.areas.evm.rail).toEqual({ on: false, halted: true });
    expect(await halt(server)).toEqual({ reason: 'RAIL_OFF', since: expect.any(String), detail: 'EVM_RPC_URLS is not set' });
    // Still off: the first halt stays (its `since` too).
    const first = await halt(server);
    await startWith(server, undefined);
    expect(await halt(server)).toEqual(first);

    await startWith(server, railEnv());
    expect(await halt(server)).toBeUndefined();

    // Another reason is not the start's to lift.
    await server.db.run("INSERT INTO evm_halt (id, reason, since, detail) VALUES (1, 'FOREIGN_TRANSACTION', ?, 'a test')", new Date().toISOString());
    await startWith(server, railEnv());
    expect(await halt(server)).toMatchObject({ reason: 'FOREIGN_TRANSACTION', detail: 'a test' });
  }, 60_000);
});
