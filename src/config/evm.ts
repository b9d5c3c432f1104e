// §18.3 the EVM rail's configuration values: their types, the secrets' wrapper, the devnet's constants and
// the parsers other code uses too. The EVM_* keys themselves are declared in src/modules/evm/config.ts.
// A bad value stops the start with a message naming the variable and never echoing a secret (C11: keys,
// key files, the deposit xpub, URLs beyond their origin).
import { inspect } from 'node:util';
import { HDKey } from '@scure/bip32';
import { mnemonicToAccount } from 'viem/accounts';

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

/** The anvil key of account `m/44'/60'/0'/0/<index>` of the test mnemonic (C14). */
export function devnetKey(index: number): `0x${string}` {
  const hd = mnemonicToAccount(DEVNET_MNEMONIC, { addressIndex: index }).getHdKey();
  return `0x${Buffer.from(hd.privateKey!).toString('hex')}`;
}
