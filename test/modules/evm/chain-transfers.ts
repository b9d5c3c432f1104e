// Withdrawals and refunds on the EVM rail (§18 C7–C10) as the tests drive them: a server on the file's
// devnet with the devnet hot wallet as its local signer, EVM routes (the devnet token, native ETH), and
// customers credited through SANDBOX routes of the same currency (balances are per customer and currency).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { createPublicClient, erc20Abi, getAddress, http, keccak256, encodeAbiParameters, type Hex, type PublicClient } from 'viem';
import { expect } from 'vitest';
import { DEVNET_DEPOSIT_XPUB, devnetKey } from '../../../src/config/evm.js';
import { DEVNET_HOT } from '../../../src/modules/devnet/token.js';
import { evmReach, type Devnet } from '../../helpers/anvil.js';
import type { TestDb } from '../../helpers/test-db.js';
import { Scenario, type Client, type TestServer } from '../../helpers/harness.js';
import { fund, Wd } from '../../helpers/withdrawals.js';

export const HOT = DEVNET_HOT.address;

/** A temporary key file holding the devnet hot wallet's key (mnemonic account 0). */
export function hotKeyFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evm-key-'));
  const file = path.join(dir, 'hot.key');
  fs.writeFileSync(file, devnetKey(0), { mode: 0o600 });
  return file;
}

/** The server environment of §18.3 for the devnet at `url`. */
export function evmEnv(url: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    EVM_RPC_URLS: url,
    EVM_CHAIN_ID: '31337',
    EVM_DEPOSIT_XPUB: DEVNET_DEPOSIT_XPUB,
    EVM_SIGNER_KEY_FILE: hotKeyFile(),
    EVM_FINALITY: '2',
    EVM_POLL_INTERVAL_MS: '50',
    ...extra,
  };
}

export const publicClientOf = (url: string): PublicClient => createPublicClient({ transport: http(url), cacheTime: 0 });

export async function tokenBalance(devnet: Devnet, address: string): Promise<bigint> {
  return publicClientOf(devnet.url).readContract({ address: devnet.token, abi: erc20Abi, functionName: 'balanceOf', args: [getAddress(address)] });
}

export async function ethBalance(devnet: Devnet, address: string): Promise<bigint> {
  return publicClientOf(devnet.url).getBalance({ address: getAddress(address) });
}

/** Sets the devnet token balance of `holder` (DevnetToken's balanceOf mapping is storage slot 1). */
export async function setTokenBalance(devnet: Devnet, holder: string, units: bigint): Promise<void> {
  const slot = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [getAddress(holder), 1n]));
  await devnet.rpc('anvil_setStorageAt', [devnet.token, slot, `0x${units.toString(16).padStart(64, '0')}`]);
}

/** Polls `read` until `ok` holds (the server's worker and sender run on their own timers; blocks are mined by the test). */
export async function waitFor<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: T = await read();
  while (!ok(last)) {
    if (Date.now() > end) throw new Error(`${what}: not reached within ${timeoutMs} ms; last ${JSON.stringify(last, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))}`);
    await new Promise((r) => setTimeout(r, 20));
    last = await read();
  }
  return last;
}

export type Kind = 'withdrawal' | 'refund';

export type RecordState = { status: string; status_info: string; tx_hash: string | null };

export async function stateOf(server: TestServer, kind: Kind, id: string): Promise<RecordState | undefined> {
  return kind === 'withdrawal'
    ? server.db.get<RecordState>('SELECT status, status_info, tx_hash FROM crypto_withdrawals WHERE withdrawal_id = ?', id)
    : server.db.get<RecordState>('SELECT status, status_info, tx_hash FROM crypto_refunds WHERE refund_id = ?', id);
}

export const waitStatus = async (server: TestServer, kind: Kind, id: string, status: string, timeoutMs?: number): Promise<RecordState> =>
  (await waitFor(() => stateOf(server, kind, id), (s) => s?.status === status, `${kind} ${id} ${status}`, timeoutMs))!;

export type AttemptRow = { tx_hash: string; nonce: number; max_fee_per_gas: string; max_priority_fee_per_gas: string; first_sent_block: number | null; raw: string };

export async function attemptsOf(server: { db: TestDb }, id: string): Promise<AttemptRow[]> {
  const rows = await server.db.all<AttemptRow>(
    'SELECT tx_hash, nonce, max_fee_per_gas, max_priority_fee_per_gas, first_sent_block, raw FROM evm_attempts WHERE resource_id = ? ORDER BY created_at, tx_hash',
    id,
  );
  return rows.map((r) => ({ ...r, nonce: Number(r.nonce), first_sent_block: r.first_sent_block === null ? null : Number(r.first_sent_block) }));
}

/** Waits until every stored attempt of the record has been sent at least once (then a mined block may include it). */
export const waitSent = (server: TestServer, id: string, count = 1) =>
  waitFor(() => attemptsOf(server, id), (a) => a.length >= count && a.every((x) => x.first_sent_block !== null), `attempts of ${id} sent`);

/** Whether the node's pool holds `hash` (a sent, not yet mined transaction). */
export async function inPool(devnet: Devnet, hash: string): Promise<boolean> {
  const tx = await devnet.rpc<{ blockNumber: string | null } | null>('eth_getTransactionByHash', [hash]);
  return tx !== null && tx.blockNumber === null;
}

/** A partner with EVM routes (token and native ETH) and SANDBOX routes of the same currencies to credit customers. */
export class EvmWorld {
  readonly token: Scenario;
  readonly eth: Scenario;
  readonly usdtSandbox: Scenario;
  readonly ethSandbox: Scenario;

  private constructor(readonly server: TestServer, readonly client: Client, routes: Record<'token' | 'eth' | 'usdtSandbox' | 'ethSandbox', string>) {
    this.token = new Scenario(server, client, routes.token);
    this.eth = new Scenario(server, client, routes.eth);
    this.usdtSandbox = new Scenario(server, client, routes.usdtSandbox);
    this.ethSandbox = new Scenario(server, client, routes.ethSandbox);
  }

  static async create(server: TestServer, devnet: Devnet): Promise<EvmWorld> {
    const client = await server.newClient();
    const tag = randomUUID().slice(0, 6);
    const routes = {
      token: await server.newRoute(client, { code: `USDT-EVM-${tag}`, rail: 'EVM', tokenContract: devnet.token, feeMinor: '2500' }, evmReach(devnet.url)),
      eth: await server.newRoute(client, { code: `ETH-EVM-${tag}`, rail: 'EVM', currency: 'ETH', scale: 9, minMinor: '1', maxMinor: '1000000000000', feeMinor: '1000' }, evmReach(devnet.url)),
      usdtSandbox: await server.newRoute(client, { code: `USDT-SBX-${tag}`, maxMinor: '100000000000000' }),
      ethSandbox: await server.newRoute(client, { code: `ETH-SBX-${tag}`, currency: 'ETH', scale: 9, minMinor: '1', maxMinor: '100000000000000' }),
    };
    return new EvmWorld(server, client, routes);
  }

  /** A customer with an ACTIVE beneficiary at `address` on the token or the ETH route. */
  customer(on: 'token' | 'eth', address: string): Promise<Wd> {
    return Wd.create(on === 'token' ? this.token : this.eth, address);
  }

  /** A submitted withdrawal of `amountMinor` (the customer credited with amount + fee first); its id. */
  async withdraw(wd: Wd, on: 'token' | 'eth', amountMinor: string): Promise<string> {
    const currency = on === 'token' ? { currency: 'USDT', currencyScale: 6 } : { currency: 'ETH', currencyScale: 9 };
    const w = await wd.draft({ amountMinor, ...currency });
    const funds = (BigInt(amountMinor) + BigInt(w.feeAmountMinor as string)).toString();
    await fund(on === 'token' ? this.usdtSandbox : this.ethSandbox, wd.customerId, funds, currency.currency, currency.currencyScale);
    const r = await wd.submitRest(w.withdrawalId);
    expect(r.status, r.text).toBe(200);
    expect(r.body.status).toBe('SUBMITTED');
    return w.withdrawalId;
  }
}

export type { Hex };
