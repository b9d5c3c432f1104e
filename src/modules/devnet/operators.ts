// §18.4, C14 partnerctl devnet pay|mine: move the development devnet the server runs with EVM_DEVNET=true.
// partnerctl reads its own EVM_DEVNET and EVM_DEVNET_PORT; outside a devnet both commands are refused
// (SANDBOX_ONLY). `pay` sends from the payer (mnemonic account 1) the route's token, or ETH on a native
// route, and mines one block; `mine` mines blocks. Nothing here writes the database.
import { createPublicClient, createWalletClient, getAddress, http, isAddress, type Hex } from 'viem';
import { evmConfigOf } from '../../config.js';
import type { Engine } from '../../db/engine.js';
import { DEVNET_PAYER, TOKEN_ABI } from './token.js';
import { firstEvmRouteOfCode } from '../routes/index.js';
import { OperatorError, OperatorRefusal } from '../../core/command.js';

/** §18.4 `devnet mine --blocks N`: 1–1000. */
export const MAX_MINE_BLOCKS = 1000;

/** The devnet's RPC URL from partnerctl's own environment; SANDBOX_ONLY without EVM_DEVNET=true. */
export function devnetUrlOf(env: NodeJS.ProcessEnv): string {
  if (env.EVM_DEVNET !== 'true') throw new OperatorRefusal('SANDBOX_ONLY', 'devnet commands need the development devnet: set EVM_DEVNET=true (and EVM_DEVNET_PORT if the server uses another port)');
  let port: number;
  try {
    const evm = evmConfigOf(env, { production: env.NODE_ENV === 'production', sandbox: false, sqliteFile: null });
    port = evm.devnet!.port;
  } catch (e) {
    throw new OperatorRefusal('VALIDATION_FAILED', e instanceof Error ? e.message : String(e));
  }
  return `http://127.0.0.1:${port}`;
}

/** `--blocks` (default 1): an integer 1–1000, else a usage error. */
export function blocksOf(raw: string | undefined): number {
  if (raw === undefined) return 1;
  const n = /^[0-9]{1,4}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= 1 && n <= MAX_MINE_BLOCKS)) throw new OperatorError(`--blocks must be an integer from 1 to ${MAX_MINE_BLOCKS}`);
  return n;
}

/** `--amount-minor`: digits, at least 1, else a usage error (as the route amount flags). */
export function amountMinorOf(raw: string): bigint {
  if (!/^[0-9]{1,78}$/.test(raw) || BigInt(raw) < 1n) throw new OperatorError('--amount-minor must be a positive integer in minor units');
  return BigInt(raw);
}

/** `--to`: an Ethereum address (a mixed-case one with its EIP-55 checksum), EIP-55 after. */
export function destinationOf(raw: string): `0x${string}` {
  if (!isAddress(raw)) throw new OperatorRefusal('VALIDATION_FAILED', '--to must be an Ethereum address (0x and 40 hex digits; mixed case only with a valid EIP-55 checksum)');
  return getAddress(raw);
}

const unreachable = (url: string) => new OperatorRefusal('INVALID_STATE', `the devnet does not answer at ${url}: is the server running with EVM_DEVNET=true on this EVM_DEVNET_PORT?`);

async function call<T>(url: string, method: string, params: unknown[]): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  } catch {
    throw unreachable(url);
  }
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new OperatorRefusal('INVALID_STATE', `${method}: ${body.error.message}`);
  return body.result as T;
}

/** Mines `blocks` blocks; the head after. */
export async function devnetMine(url: string, blocks: number): Promise<{ head: number }> {
  await call(url, 'anvil_mine', [`0x${blocks.toString(16)}`]);
  return { head: Number(await call<Hex>(url, 'eth_blockNumber', [])) };
}

export type DevnetPay = { to: `0x${string}`; routeCode: string; amountMinor: bigint };

/** C14 `devnet pay`: the payer sends units = amountMinor × 10^(decimals − scale) of the route's asset, then one block. */
export async function devnetPay(db: Pick<Engine, 'read'>, url: string, p: DevnetPay) {
  const route = await firstEvmRouteOfCode(db.read, p.routeCode);
  if (!route) throw new OperatorRefusal('NOT_FOUND', `route ${p.routeCode} has no mapping on the EVM rail`);
  const token = route.tokenContract ? getAddress(route.tokenContract) : null;
  const publicClient = createPublicClient({ transport: http(url, { retryCount: 0 }), cacheTime: 0 });
  const wallet = createWalletClient({ account: DEVNET_PAYER, transport: http(url, { retryCount: 0 }) });
  try {
    // C12: the decimals stored at route create (18 for native ETH); read from the token when none is stored.
    const decimals = route.tokenDecimals ?? (token ? Number(await publicClient.readContract({ address: token, abi: TOKEN_ABI, functionName: 'decimals' })) : 18);
    if (decimals < route.currencyScale)
      throw new OperatorRefusal('VALIDATION_FAILED', `route ${route.routeCode} has scale ${route.currencyScale}, above its token's ${decimals} decimals`);
    const units = p.amountMinor * 10n ** BigInt(decimals - route.currencyScale);
    const txHash = token
      ? await wallet.writeContract({ address: token, abi: TOKEN_ABI, functionName: 'transfer', args: [p.to, units], chain: null })
      : await wallet.sendTransaction({ to: p.to, value: units, chain: null });
    await call(url, 'evm_mine', []);
    const receipt = await publicClient.getTransactionReceipt({ hash: txHash });
    return { txHash: txHash.toLowerCase(), blockNumber: Number(receipt.blockNumber), from: getAddress(DEVNET_PAYER.address), to: p.to, amountMinor: p.amountMinor.toString() };
  } catch (e) {
    if (e instanceof OperatorRefusal) throw e;
    const cause = e as { name?: string; shortMessage?: string; message?: string; walk?: (fn: (x: unknown) => boolean) => unknown };
    if (cause.name === 'HttpRequestError' || cause.walk?.((x) => (x as { name?: string }).name === 'HttpRequestError')) throw unreachable(url);
    // A transfer the payer cannot make (its balance, say): the node's reason, without viem's request dump.
    throw new OperatorRefusal('VALIDATION_FAILED', `the payer ${DEVNET_PAYER.address} cannot send it: ${(cause.shortMessage ?? cause.message ?? '').replace(/\s+/g, ' ')}`);
  }
}
