// §18.3 the EVM rail's configuration: every EVM_* variable is validated at start whether or not the rail
// is on; a bad value stops the start with a message naming the variable and never echoing a secret
// (C11: keys, key files, the deposit xpub, URLs beyond their origin).
import fs from 'node:fs';
import path from 'node:path';
import { inspect } from 'node:util';
import { HDKey } from '@scure/bip32';
import { mnemonicToAccount, privateKeyToAddress } from 'viem/accounts';
import { getAddress, isAddress } from 'viem';
import { booleanOf, integerIn } from './values.js';

/** A value that must never be printed: JSON, util.inspect and template strings show `[redacted]`. */
export class Secret<T> {
  readonly #value: T;
  constructor(value: T) {
    this.#value = value;
  }
  reveal(): T {
    return this.#value;
  }
  toJSON(): string {
    return '[redacted]';
  }
  toString(): string {
    return '[redacted]';
  }
  [inspect.custom](): string {
    return '[redacted]';
  }
}

/** C2: the test networks a server outside production may use (anvil, Sepolia, Holesky, Hoodi). */
export const TEST_CHAIN_IDS: readonly number[] = [31337, 11155111, 17000, 560048];
export const DEVNET_CHAIN_ID = 31337;

/** §18.2: the devnet's deposit xpub (account m/44'/60'/1' of the test mnemonic). */
export const DEVNET_DEPOSIT_XPUB =
  'xpub6Ce9NcJvTk372KjsGfWqbcex5DumjpNquQLApoeQUavSCjEc823BV1tb4rXUuPuht8h2hSxkg2EXUaKUJmniJvRZAELxypsCzBFdtosmV76';
/** C14: anvil's test mnemonic; its accounts 0 (hot wallet), 1 (payer) and 9 (token deployer) are public. */
export const DEVNET_MNEMONIC = 'test test test test test test test test test test test junk';

export type EvmSigner =
  | { kind: 'local'; key: Secret<`0x${string}`>; hotAddress: `0x${string}` }
  | { kind: 'web3signer'; url: Secret<string>; urlOrigin: string; hotAddress: `0x${string}` };

export type EvmDevnet = { port: number; blockTimeMs: number; stateDir: string };

export type EvmConfig = {
  /** EVM_RPC_URLS (empty: the rail is off; with EVM_DEVNET the devnet's, filled in when it has started). */
  rpcUrls: Secret<string>[];
  /** What may be shown of each URL: its origin, without userinfo, path or query (C11). */
  rpcOrigins: string[];
  chainId: number | null;
  /** EVM_DEPOSIT_XPUB, watch-only (C4). */
  depositXpub: Secret<string> | null;
  signer: EvmSigner | null;
  allowLocalSigner: boolean;
  /** C5: the node's `finalized` tag, or a depth. */
  finality: 'finalized' | number;
  pollIntervalMs: number;
  logRangeMax: number;
  maxInflight: number;
  feeCapMultiplier: number;
  bumpAfterBlocks: number;
  bumpPercent: number;
  maxFeePerGasGwei: number;
  /** §18.6: a signer that has not answered by then is unreachable (the record stays in SCREENING). */
  signerTimeoutMs: number;
  minDepositMinor: bigint;
  /** C14: set when EVM_DEVNET=true. */
  devnet: EvmDevnet | null;
};

const SECP256K1_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/** The part of a URL that may be shown (C11): scheme, host and port. */
export function urlOrigin(url: string): string {
  return new URL(url).origin;
}

/** An http(s) URL, or an error naming `name` that shows at most the URL's origin. */
function httpUrl(name: string, raw: string): string {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new Error(`${name} must be an http(s) URL`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error(`${name} must be an http(s) URL, got one of scheme ${u.protocol}`);
  return raw;
}

function rpcUrlsOf(raw: string | undefined): string[] {
  if (raw === undefined || raw.trim() === '') return [];
  const entries = raw.split(',').map((s) => s.trim());
  if (entries.length > 8) throw new Error(`EVM_RPC_URLS must hold 1 to 8 URLs, got ${entries.length}`);
  return entries.map((e, k) => {
    if (e === '') throw new Error(`EVM_RPC_URLS[${k}] is empty`);
    return httpUrl(`EVM_RPC_URLS[${k}]`, e);
  });
}

/** §18.3: an extended public key; a private one is refused without being echoed. */
export function parseXpub(raw: string): HDKey {
  const value = raw.trim();
  if (/^[xt]prv/.test(value)) throw new Error('EVM_DEPOSIT_XPUB must be an extended public key; an extended private key was given and is refused');
  let key: HDKey;
  try {
    // xpub and tpub carry different version bytes; both are accepted.
    key = HDKey.fromExtendedKey(value, value.startsWith('tpub') ? { private: 0x04358394, public: 0x043587cf } : undefined);
  } catch {
    throw new Error('EVM_DEPOSIT_XPUB must be a BIP-32 extended public key (xpub… or tpub…)');
  }
  if (key.privateKey) throw new Error('EVM_DEPOSIT_XPUB must be an extended public key; an extended private key was given and is refused');
  return key;
}

/** §18.3 EVM_SIGNER_KEY_FILE: 64 hex digits, `0x` optional, whitespace ignored; 0 and ≥ the curve order refused. */
export function parsePrivateKey(text: string): `0x${string}` {
  const hex = text.replace(/\s+/g, '').replace(/^0x/i, '');
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new Error('EVM_SIGNER_KEY_FILE must hold 64 hex digits (0x optional)');
  const n = BigInt(`0x${hex}`);
  if (n === 0n || n >= SECP256K1_ORDER) throw new Error('EVM_SIGNER_KEY_FILE holds no valid secp256k1 private key');
  return `0x${hex.toLowerCase()}`;
}

function addressOf(name: string, raw: string): `0x${string}` {
  if (!isAddress(raw.trim(), { strict: false })) throw new Error(`${name} must be an Ethereum address, got "${raw}"`);
  return getAddress(raw.trim());
}

function finalityOf(raw: string | undefined): 'finalized' | number {
  if (raw === undefined || raw === '' || raw === 'finalized') return 'finalized';
  return integerIn('EVM_FINALITY', raw, 0, 1, 1000);
}

/** The anvil key of account `m/44'/60'/0'/0/<index>` of the test mnemonic (C14). */
export function devnetKey(index: number): `0x${string}` {
  const hd = mnemonicToAccount(DEVNET_MNEMONIC, { addressIndex: index }).getHdKey();
  return `0x${Buffer.from(hd.privateKey!).toString('hex')}`;
}

type Context = {
  production: boolean;
  sandbox: boolean;
  /** The SQLite file, when the database is one (C14's default state dir). */
  sqliteFile: string | null;
  /** false: partnerctl, which reaches the chain and derives addresses but signs nothing (§18.4); no signer is required. */
  signer?: boolean;
};

export function evmConfigOf(env: NodeJS.ProcessEnv, ctx: Context): EvmConfig {
  const devnetOn = booleanOf('EVM_DEVNET', env.EVM_DEVNET, false);
  const devnet: EvmDevnet = {
    port: integerIn('EVM_DEVNET_PORT', env.EVM_DEVNET_PORT, 8545, 1024, 65535),
    blockTimeMs: integerIn('EVM_DEVNET_BLOCK_TIME_MS', env.EVM_DEVNET_BLOCK_TIME_MS, 1000, 0, 60_000),
    stateDir: env.EVM_DEVNET_STATE_DIR || path.join(ctx.sqliteFile ? path.dirname(ctx.sqliteFile) : 'data', 'devnet'),
  };
  const signerKind = env.EVM_SIGNER === undefined || env.EVM_SIGNER === '' ? 'local' : env.EVM_SIGNER;
  if (signerKind !== 'local' && signerKind !== 'web3signer') throw new Error(`EVM_SIGNER must be local or web3signer, got "${env.EVM_SIGNER}"`);
  const allowLocalSigner = booleanOf('EVM_ALLOW_LOCAL_SIGNER', env.EVM_ALLOW_LOCAL_SIGNER, false);
  const common = {
    allowLocalSigner,
    finality: devnetOn && !env.EVM_FINALITY ? 2 : finalityOf(env.EVM_FINALITY),
    pollIntervalMs: integerIn('EVM_POLL_INTERVAL_MS', env.EVM_POLL_INTERVAL_MS, devnetOn ? 250 : 4000, 50, 60_000),
    logRangeMax: integerIn('EVM_LOG_RANGE_MAX', env.EVM_LOG_RANGE_MAX, 1000, 1, 100_000),
    maxInflight: integerIn('EVM_MAX_INFLIGHT', env.EVM_MAX_INFLIGHT, 16, 1, 64),
    feeCapMultiplier: integerIn('EVM_FEE_CAP_MULTIPLIER', env.EVM_FEE_CAP_MULTIPLIER, 2, 1, 10),
    bumpAfterBlocks: integerIn('EVM_BUMP_AFTER_BLOCKS', env.EVM_BUMP_AFTER_BLOCKS, 3, 1, 100),
    bumpPercent: integerIn('EVM_BUMP_PERCENT', env.EVM_BUMP_PERCENT, 20, 10, 100),
    maxFeePerGasGwei: integerIn('EVM_MAX_FEE_PER_GAS_GWEI', env.EVM_MAX_FEE_PER_GAS_GWEI, 500, 1, 100_000),
    signerTimeoutMs: integerIn('EVM_SIGNER_TIMEOUT_MS', env.EVM_SIGNER_TIMEOUT_MS, 10_000, 100, 60_000),
    minDepositMinor: minDepositOf(env.EVM_MIN_DEPOSIT_MINOR),
  };

  // Every variable is read and checked, on or off (§18.3).
  const rpcUrls = rpcUrlsOf(env.EVM_RPC_URLS);
  const chainId = env.EVM_CHAIN_ID === undefined || env.EVM_CHAIN_ID === '' ? null : integerIn('EVM_CHAIN_ID', env.EVM_CHAIN_ID, 0, 1, Number.MAX_SAFE_INTEGER);
  const xpub = env.EVM_DEPOSIT_XPUB === undefined || env.EVM_DEPOSIT_XPUB === '' ? null : (parseXpub(env.EVM_DEPOSIT_XPUB), env.EVM_DEPOSIT_XPUB.trim());
  const hotAddress = env.EVM_HOT_ADDRESS ? addressOf('EVM_HOT_ADDRESS', env.EVM_HOT_ADDRESS) : null;
  const signerUrl = env.EVM_SIGNER_URL ? httpUrl('EVM_SIGNER_URL', env.EVM_SIGNER_URL.trim()) : null;
  let key: `0x${string}` | null = null;
  if (env.EVM_SIGNER_KEY_FILE) {
    let text: string;
    try {
      text = fs.readFileSync(env.EVM_SIGNER_KEY_FILE, 'utf8');
    } catch {
      throw new Error('EVM_SIGNER_KEY_FILE cannot be read');
    }
    key = parsePrivateKey(text);
  }

  if (devnetOn) {
    if (ctx.production) throw new Error('EVM_DEVNET=true is refused with NODE_ENV=production');
    for (const name of ['EVM_RPC_URLS', 'EVM_CHAIN_ID', 'EVM_DEPOSIT_XPUB', 'EVM_SIGNER', 'EVM_SIGNER_KEY_FILE', 'EVM_SIGNER_URL', 'EVM_HOT_ADDRESS'])
      if (env[name] !== undefined && env[name] !== '') throw new Error(`${name} must be unset with EVM_DEVNET=true (the devnet brings its own)`);
    const url = `http://127.0.0.1:${devnet.port}`;
    const devKey = devnetKey(0);
    return {
      ...common,
      rpcUrls: [new Secret(url)],
      rpcOrigins: [url],
      chainId: DEVNET_CHAIN_ID,
      depositXpub: new Secret(DEVNET_DEPOSIT_XPUB),
      signer: { kind: 'local', key: new Secret(devKey), hotAddress: privateKeyToAddress(devKey) },
      devnet,
    };
  }

  const off = { ...common, rpcUrls: [], rpcOrigins: [], chainId, depositXpub: xpub === null ? null : new Secret(xpub), signer: null, devnet: null };
  if (rpcUrls.length === 0) return off;
  if (chainId === null) throw new Error('EVM_CHAIN_ID is required with EVM_RPC_URLS');
  if ((ctx.sandbox || !ctx.production) && !TEST_CHAIN_IDS.includes(chainId))
    throw new Error(`EVM_CHAIN_ID ${chainId} is not a test network (${TEST_CHAIN_IDS.join(', ')}); outside production only those are allowed`);
  if (xpub === null) throw new Error('EVM_DEPOSIT_XPUB is required with EVM_RPC_URLS');
  if (ctx.signer === false) return { ...off, rpcUrls: rpcUrls.map((u) => new Secret(u)), rpcOrigins: rpcUrls.map(urlOrigin) };
  let signer: EvmSigner;
  if (signerKind === 'local') {
    if (key === null) throw new Error('EVM_SIGNER_KEY_FILE is required with EVM_SIGNER=local');
    if (!allowLocalSigner && !(ctx.sandbox && chainId === DEVNET_CHAIN_ID))
      throw new Error('EVM_SIGNER=local is refused here: only in sandbox mode on chain 31337, or with EVM_ALLOW_LOCAL_SIGNER=true');
    const address = privateKeyToAddress(key);
    if (hotAddress !== null && hotAddress !== address) throw new Error("EVM_HOT_ADDRESS is not the address of EVM_SIGNER_KEY_FILE's key");
    signer = { kind: 'local', key: new Secret(key), hotAddress: address };
  } else {
    if (signerUrl === null) throw new Error('EVM_SIGNER_URL is required with EVM_SIGNER=web3signer');
    if (hotAddress === null) throw new Error('EVM_HOT_ADDRESS is required with EVM_SIGNER=web3signer');
    signer = { kind: 'web3signer', url: new Secret(signerUrl), urlOrigin: urlOrigin(signerUrl), hotAddress };
  }
  return { ...off, rpcUrls: rpcUrls.map((u) => new Secret(u)), rpcOrigins: rpcUrls.map(urlOrigin), signer };
}

function minDepositOf(raw: string | undefined): bigint {
  if (raw === undefined || raw === '') return 1n;
  if (!/^\d+$/.test(raw.trim())) throw new Error(`EVM_MIN_DEPOSIT_MINOR must be an integer from 1 to 10^18, got "${raw}"`);
  const n = BigInt(raw.trim());
  if (n < 1n || n > 10n ** 18n) throw new Error(`EVM_MIN_DEPOSIT_MINOR must be an integer from 1 to 10^18, got "${raw}"`);
  return n;
}
