// Deposits on the devnet (§18 C6): a server whose rail follows a test's anvil, partners with EVM routes
// of the devnet token and of native ETH, customers with deposit addresses, payments from the devnet's
// payer, and waiting for the server's state by polling its API (never a fixed sleep).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createWalletClient, encodeFunctionData, http, type Hex, type WalletClient } from 'viem';
import { foundry } from 'viem/chains';
import { DEVNET_DEPOSIT_XPUB, devnetKey } from '../../src/config/evm.js';
import { DepositAddresses } from '../../src/modules/evm/index.js';
import { DEVNET_PAYER, TOKEN_ABI } from '../../src/modules/devnet/token.js';
import type { Devnet } from './anvil.js';
import { DEPOSIT_FIELDS, Scenario, sleep, startTestServer, type Client, type TestServer } from './harness.js';

const addresses = new DepositAddresses(DEVNET_DEPOSIT_XPUB);
/** Address indexes handed out in this test process, so no two customers of a file share an address. */
let nextIndex = Number.parseInt(randomBytes(2).toString('hex'), 16) * 16;

/** The server's environment for a rail on `rpcUrl` (the devnet, or a proxy in front of it). */
export function evmEnv(rpcUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evm-key-'));
  const keyFile = path.join(dir, 'signer.key');
  fs.writeFileSync(keyFile, devnetKey(0), { mode: 0o600 });
  return {
    EVM_RPC_URLS: rpcUrl,
    EVM_CHAIN_ID: '31337',
    EVM_DEPOSIT_XPUB: DEVNET_DEPOSIT_XPUB,
    EVM_SIGNER_KEY_FILE: keyFile,
    EVM_FINALITY: '2',
    EVM_POLL_INTERVAL_MS: '50',
    ...extra,
  };
}

export function startEvmServer(rpcUrl: string, extra: Record<string, string> = {}): Promise<TestServer> {
  return startTestServer(evmEnv(rpcUrl, extra));
}

/** A partner with an EVM route of the devnet token (USDT, scale 6) and one of native ETH (scale 9). */
export class EvmPartner {
  constructor(
    readonly server: TestServer,
    readonly client: Client,
    readonly tokenRoute: string,
    readonly ethRoute: string,
  ) {}

  static async create(server: TestServer, devnet: Devnet, o: { threshold?: string } = {}): Promise<EvmPartner> {
    const client = await server.newClient();
    const tag = randomBytes(3).toString('hex');
    const common = { minMinor: '1', maxMinor: '1000000000000', feeMinor: '0', rail: 'EVM' as const, ...(o.threshold ? { travelRuleThresholdMinor: o.threshold } : {}) };
    const tokenRoute = await server.newRoute(client, { code: `USDT-EVM-${tag}`, currency: 'USDT', scale: 6, tokenContract: devnet.token, ...common });
    const ethRoute = await server.newRoute(client, { code: `ETH-EVM-${tag}`, currency: 'ETH', scale: 9, ...common });
    // C12: decimals() is read at `route create` (another part of the rail); the devnet token's are 6.
    await server.db.run(`UPDATE routes SET token_decimals = 6 WHERE route_code = ? AND token_decimals IS NULL`, tokenRoute);
    return new EvmPartner(server, client, tokenRoute, ethRoute);
  }

  /** A customer with a deposit address (C4): inserted here only if allocation did not give it one. */
  async customer(): Promise<{ customerId: string; address: Hex }> {
    const customerId = await new Scenario(this.server, this.client, this.tokenRoute).customer();
    const i = nextIndex++;
    const address = addresses.at(i) as Hex;
    await this.server.operator((engine) =>
      engine.writer.run(async (tx) => {
        await tx.q
          .insert(tx.t.evmAddresses)
          .values({ customerId, addressIndex: i, address, addressKey: address.toLowerCase(), createdAt: new Date().toISOString() })
          .onConflictDoNothing();
      }),
    );
    const row = await this.server.db.get<{ address: Hex }>(`SELECT address FROM evm_addresses WHERE customer_id = ?`, customerId);
    return { customerId, address: row!.address };
  }

  deposits(customerId: string): Promise<Record<string, any>[]> {
    return this.server
      .gql(this.client, `query($c: UUID!) { cryptoDeposits(customerId: $c) { items { ${DEPOSIT_FIELDS} } } }`, { c: customerId })
      .then((r) => {
        if (r.status !== 200 || r.body.errors) throw new Error(`cryptoDeposits failed: ${r.text}`);
        return r.body.data.cryptoDeposits.items;
      });
  }

  /** Polls the API until the customer's deposits satisfy `cond` (at most 30 s). */
  async depositsUntil(customerId: string, cond: (ds: Record<string, any>[]) => boolean, what = 'deposits'): Promise<Record<string, any>[]> {
    return waitFor(() => this.deposits(customerId), cond, what);
  }

  /** The deposit's event types, in its sequence (E3). */
  async eventTypes(depositId: string): Promise<string[]> {
    const rows = await this.server.db.all<{ type: string }>(`SELECT type FROM events WHERE resource_id = ? ORDER BY sequence`, depositId);
    return rows.map((r) => r.type);
  }
}

/** Polls `read` until `cond` holds; a generous limit, since the server works on its own time. */
export async function waitFor<T>(read: () => Promise<T>, cond: (v: T) => boolean, what: string, limitMs = 30_000): Promise<T> {
  const end = Date.now() + limitMs;
  for (;;) {
    const v = await read();
    if (cond(v)) return v;
    if (Date.now() > end) throw new Error(`${what}: condition not met within ${limitMs} ms; last: ${JSON.stringify(v)}`);
    await sleep(25);
  }
}

/** The follower has read every block up to `head` (its next block is past it). */
export function followerPast(server: TestServer, head: number): Promise<unknown> {
  return waitFor(
    () => server.db.get<{ next_block: number }>(`SELECT next_block FROM evm_follower WHERE id = 1`),
    (r) => r !== undefined && Number(r.next_block) > head,
    `follower past block ${head}`,
  );
}

export const payer = (devnet: Devnet): WalletClient =>
  createWalletClient({ account: DEVNET_PAYER, chain: foundry, transport: http(devnet.url) });

/** Token units from the payer to `to` (not mined). */
export function payToken(devnet: Devnet, to: Hex, units: bigint, token: Hex = devnet.token): Promise<Hex> {
  return payer(devnet).writeContract({ address: token, abi: TOKEN_ABI, functionName: 'transfer', args: [to, units], chain: foundry, account: DEVNET_PAYER });
}

/** Wei from the payer to `to` (not mined). */
export function payEth(devnet: Devnet, to: Hex, wei: bigint): Promise<Hex> {
  return payer(devnet).sendTransaction({ to, value: wei, chain: foundry, account: DEVNET_PAYER });
}

/** A signed token payment, to be sent (again) as raw bytes: the same hash each time. */
export async function signedTokenPayment(devnet: Devnet, to: Hex, units: bigint, nonce?: number): Promise<Hex> {
  const wallet = payer(devnet);
  const request = await wallet.prepareTransactionRequest({
    to: devnet.token,
    data: encodeTransfer(to, units),
    chain: foundry,
    account: DEVNET_PAYER,
    ...(nonce === undefined ? {} : { nonce }),
  });
  return wallet.signTransaction({ ...request, chain: foundry, account: DEVNET_PAYER } as never);
}

export const encodeTransfer = (to: Hex, units: bigint): Hex => encodeFunctionData({ abi: TOKEN_ABI, functionName: 'transfer', args: [to, units] });
