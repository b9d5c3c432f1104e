// §18.3 the EVM rail's configuration keys (docs/deployment.md "The EVM rail"): every EVM_* variable is
// validated at start whether or not the rail is on; a bad value stops the start with a message naming the
// variable and never echoing a secret (C11: keys, key files, the deposit xpub, URLs beyond their origin).
// The values' types and parsers are in src/config/evm.ts; the rail reads `config.evm`.
import fs from 'node:fs';
import path from 'node:path';
import { getAddress, isAddress } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import {
  DEVNET_CHAIN_ID,
  DEVNET_DEPOSIT_XPUB,
  devnetKey,
  parsePrivateKey,
  parseXpub,
  Secret,
  TEST_CHAIN_IDS,
  urlOrigin,
  type EvmConfig,
  type EvmSigner,
} from '../../config/evm.js';
import { areaConfig, derived, flag, integer, unset, variable } from '../../config/keys.js';
import { integerIn } from '../../config/values.js';

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

function addressOf(name: string, raw: string): `0x${string}` {
  if (!isAddress(raw.trim(), { strict: false })) throw new Error(`${name} must be an Ethereum address, got "${raw}"`);
  return getAddress(raw.trim());
}

/** The variables EVM_DEVNET brings its own of, so they must be unset with it. */
const DEVNET_OWN = ['EVM_RPC_URLS', 'EVM_CHAIN_ID', 'EVM_DEPOSIT_XPUB', 'EVM_SIGNER', 'EVM_SIGNER_KEY_FILE', 'EVM_SIGNER_URL', 'EVM_HOT_ADDRESS'];

// Read in this order, so the first bad value named is the first here.
const keys = {
  devnetOn: flag('EVM_DEVNET', {
    default: false,
    docs: '`true`: the development devnet below (refused with `NODE_ENV=production`; `EVM_RPC_URLS`, `EVM_CHAIN_ID`, `EVM_DEPOSIT_XPUB` and `EVM_SIGNER*` must then be unset)',
  }),
  devnetPort: integer('EVM_DEVNET_PORT', { default: 8545, min: 1024, max: 65535, docs: "the devnet's port on 127.0.0.1; in use → `Cannot start: EVM_DEVNET_PORT …`" }),
  devnetBlockTimeMs: integer('EVM_DEVNET_BLOCK_TIME_MS', { default: 1000, min: 0, max: 60_000, docs: 'a block every this many ms (`0`: only on `partnerctl devnet pay|mine`)' }),
  devnetStateDir: variable('EVM_DEVNET_STATE_DIR', {
    default: '`devnet/` beside the SQLite file (`./data/devnet`)',
    values: 'a directory',
    docs: 'where anvil keeps its chain (C14); reused on restart',
    read: (raw, _env, ctx) => raw || path.join(ctx.sqliteFile ? path.dirname(ctx.sqliteFile) : 'data', 'devnet'),
  }),
  signerKind: variable('EVM_SIGNER', {
    default: 'local',
    values: '`local`, `web3signer`',
    docs: '`local` (key in `EVM_SIGNER_KEY_FILE`) or `web3signer` (`EVM_SIGNER_URL` for `EVM_HOT_ADDRESS`)',
    read: (raw): 'local' | 'web3signer' => {
      const kind = unset(raw) ? 'local' : raw;
      if (kind !== 'local' && kind !== 'web3signer') throw new Error(`EVM_SIGNER must be local or web3signer, got "${raw}"`);
      return kind;
    },
  }),
  allowLocalSigner: flag('EVM_ALLOW_LOCAL_SIGNER', { default: false, docs: 'a local signer is refused unless sandbox mode on chain 31337, or this is `true`' }),
  finality: variable('EVM_FINALITY', {
    default: '`finalized` (2 with `EVM_DEVNET`)',
    values: '`finalized`, 1–1000',
    docs: "the node's `finalized` tag, or a depth (C5)",
    read: (raw): 'finalized' | number => (unset(raw) || raw === 'finalized' ? 'finalized' : integerIn('EVM_FINALITY', raw, 0, 1, 1000)),
  }),
  pollIntervalMs: integer('EVM_POLL_INTERVAL_MS', { default: 4000, shown: '`4000` (250 with `EVM_DEVNET`)', min: 50, max: 60_000, docs: 'how often the chain is read' }),
  logRangeMax: integer('EVM_LOG_RANGE_MAX', { default: 1000, min: 1, max: 100_000, docs: 'blocks per log query on catch-up' }),
  maxInflight: integer('EVM_MAX_INFLIGHT', { default: 16, min: 1, max: 64, docs: 'signed attempts not yet final' }),
  feeCapMultiplier: integer('EVM_FEE_CAP_MULTIPLIER', { default: 2, min: 1, max: 10, docs: '`maxFeePerGas` = this × base fee + tip' }),
  bumpAfterBlocks: integer('EVM_BUMP_AFTER_BLOCKS', { default: 3, min: 1, max: 100, docs: 'an attempt not included after this many blocks is replaced' }),
  bumpPercent: integer('EVM_BUMP_PERCENT', { default: 20, min: 10, max: 100, docs: "a replacement's fees are raised by this %" }),
  maxFeePerGasGwei: integer('EVM_MAX_FEE_PER_GAS_GWEI', { default: 500, min: 1, max: 100_000, docs: 'no attempt above it' }),
  signerTimeoutMs: integer('EVM_SIGNER_TIMEOUT_MS', {
    default: 10_000,
    min: 100,
    max: 60_000,
    docs: 'a signer that has not answered by then is unreachable: the record stays in SCREENING and is tried again next poll (§18.6); signing happens between database transactions, so nothing waits on it',
  }),
  minDepositMinor: variable('EVM_MIN_DEPOSIT_MINOR', {
    default: '1',
    values: '1–10^18',
    docs: 'smaller incoming sums create no deposit',
    read: (raw): bigint => {
      if (unset(raw)) return 1n;
      const refused = `EVM_MIN_DEPOSIT_MINOR must be an integer from 1 to 10^18, got "${raw}"`;
      if (!/^\d+$/.test(raw.trim())) throw new Error(refused);
      const n = BigInt(raw.trim());
      if (n < 1n || n > 10n ** 18n) throw new Error(refused);
      return n;
    },
  }),
  rpcUrls: variable('EVM_RPC_URLS', {
    default: '— (rail off)',
    values: '1–8 comma-separated `http(s)` URLs',
    docs: 'the URLs of the one EVM network; requests go to the first healthy one. At start each is asked `eth_chainId`: another id stops the start (`Cannot start: EVM_RPC_URLS[k] (origin) is chain A, not EVM_CHAIN_ID B`), an unreachable one is logged by its origin and skipped, one at least must answer',
    read: (raw): string[] => {
      if (raw === undefined || raw.trim() === '') return [];
      const entries = raw.split(',').map((s) => s.trim());
      if (entries.length > 8) throw new Error(`EVM_RPC_URLS must hold 1 to 8 URLs, got ${entries.length}`);
      return entries.map((e, k) => {
        if (e === '') throw new Error(`EVM_RPC_URLS[${k}] is empty`);
        return httpUrl(`EVM_RPC_URLS[${k}]`, e);
      });
    },
  }),
  chainId: variable('EVM_CHAIN_ID', {
    default: '',
    values: `1–2^53−1; outside production (or with \`PARTNER_SANDBOX=true\`) only ${TEST_CHAIN_IDS.join(', ')}`,
    docs: 'required with `EVM_RPC_URLS` (C2)',
    read: (raw): number | null => (unset(raw) ? null : integerIn('EVM_CHAIN_ID', raw, 0, 1, Number.MAX_SAFE_INTEGER)),
  }),
  depositXpub: variable('EVM_DEPOSIT_XPUB', {
    default: '',
    values: '`xpub…`, `tpub…`',
    docs: "account-level BIP-32 extended public key; customers' deposit addresses are its children `0/i`; required with `EVM_RPC_URLS` (C4)",
    read: (raw): string | null => (unset(raw) ? null : (parseXpub(raw), raw.trim())),
  }),
  hotAddress: variable('EVM_HOT_ADDRESS', {
    default: '',
    values: 'an Ethereum address',
    docs: "with `web3signer`, the address it signs for; with `local`, if given, it must be the key's address",
    read: (raw) => (raw ? addressOf('EVM_HOT_ADDRESS', raw) : null),
  }),
  signerUrl: variable('EVM_SIGNER_URL', {
    default: '',
    values: 'an `http(s)` URL',
    docs: 'with `web3signer`: where it answers',
    read: (raw) => (raw ? httpUrl('EVM_SIGNER_URL', raw.trim()) : null),
  }),
  key: variable('EVM_SIGNER_KEY_FILE', {
    default: '',
    values: 'a file of 64 hex digits (`0x` optional)',
    docs: 'with `local`: the hot wallet\'s key',
    read: (raw): `0x${string}` | null => {
      if (!raw) return null;
      let text: string;
      try {
        text = fs.readFileSync(raw, 'utf8');
      } catch {
        throw new Error('EVM_SIGNER_KEY_FILE cannot be read');
      }
      return parsePrivateKey(text);
    },
  }),
};

/** §18.3: the EVM rail's configuration from its variables and the rules between them (rpcUrls empty: off). */
export const evmConfig = derived(keys, (v, env, ctx): EvmConfig => {
  const common = {
    allowLocalSigner: v.allowLocalSigner,
    finality: v.devnetOn && unset(env.EVM_FINALITY) ? 2 : v.finality,
    pollIntervalMs: v.devnetOn && unset(env.EVM_POLL_INTERVAL_MS) ? 250 : v.pollIntervalMs,
    logRangeMax: v.logRangeMax,
    maxInflight: v.maxInflight,
    feeCapMultiplier: v.feeCapMultiplier,
    bumpAfterBlocks: v.bumpAfterBlocks,
    bumpPercent: v.bumpPercent,
    maxFeePerGasGwei: v.maxFeePerGasGwei,
    signerTimeoutMs: v.signerTimeoutMs,
    minDepositMinor: v.minDepositMinor,
  };

  if (v.devnetOn) {
    if (ctx.production) throw new Error('EVM_DEVNET=true is refused with NODE_ENV=production');
    for (const name of DEVNET_OWN) if (!unset(env[name])) throw new Error(`${name} must be unset with EVM_DEVNET=true (the devnet brings its own)`);
    const url = `http://127.0.0.1:${v.devnetPort}`;
    const devKey = devnetKey(0);
    return {
      ...common,
      rpcUrls: [new Secret(url)],
      rpcOrigins: [url],
      chainId: DEVNET_CHAIN_ID,
      depositXpub: new Secret(DEVNET_DEPOSIT_XPUB),
      signer: { kind: 'local', key: new Secret(devKey), hotAddress: privateKeyToAddress(devKey) },
      devnet: { port: v.devnetPort, blockTimeMs: v.devnetBlockTimeMs, stateDir: v.devnetStateDir },
    };
  }

  const { chainId, depositXpub: xpub, hotAddress } = v;
  const off = { ...common, rpcUrls: [], rpcOrigins: [], chainId, depositXpub: xpub === null ? null : new Secret(xpub), signer: null, devnet: null };
  if (v.rpcUrls.length === 0) return off;
  if (chainId === null) throw new Error('EVM_CHAIN_ID is required with EVM_RPC_URLS');
  if ((ctx.sandbox || !ctx.production) && !TEST_CHAIN_IDS.includes(chainId))
    throw new Error(`EVM_CHAIN_ID ${chainId} is not a test network (${TEST_CHAIN_IDS.join(', ')}); outside production only those are allowed`);
  if (xpub === null) throw new Error('EVM_DEPOSIT_XPUB is required with EVM_RPC_URLS');
  const reach = { rpcUrls: v.rpcUrls.map((u) => new Secret(u)), rpcOrigins: v.rpcUrls.map(urlOrigin) };
  if (!ctx.signer) return { ...off, ...reach };
  let signer: EvmSigner;
  if (v.signerKind === 'local') {
    if (v.key === null) throw new Error('EVM_SIGNER_KEY_FILE is required with EVM_SIGNER=local');
    if (!v.allowLocalSigner && !(ctx.sandbox && chainId === DEVNET_CHAIN_ID))
      throw new Error('EVM_SIGNER=local is refused here: only in sandbox mode on chain 31337, or with EVM_ALLOW_LOCAL_SIGNER=true');
    const address = privateKeyToAddress(v.key);
    if (hotAddress !== null && hotAddress !== address) throw new Error("EVM_HOT_ADDRESS is not the address of EVM_SIGNER_KEY_FILE's key");
    signer = { kind: 'local', key: new Secret(v.key), hotAddress: address };
  } else {
    if (v.signerUrl === null) throw new Error('EVM_SIGNER_URL is required with EVM_SIGNER=web3signer');
    if (hotAddress === null) throw new Error('EVM_HOT_ADDRESS is required with EVM_SIGNER=web3signer');
    signer = { kind: 'web3signer', url: new Secret(v.signerUrl), urlOrigin: urlOrigin(v.signerUrl), hotAddress };
  }
  return { ...off, ...reach, signer };
});

export default areaConfig({ evm: evmConfig }, { table: 'configuration-evm' });
