// §18.3: every EVM_* variable is validated at start, on or off; a bad value names the variable and never
// echoes a secret (C11); C2's test networks outside production; C11's local signer rule; C14's devnet.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import fc from 'fast-check';
import { privateKeyToAddress } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { DEVNET_DEPOSIT_XPUB, DEVNET_MNEMONIC, devnetKey, parsePrivateKey } from '../../../src/config/evm.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evm-config-'));
const KEY = devnetKey(0);
const keyFile = path.join(dir, 'hot.key');
fs.writeFileSync(keyFile, `  ${KEY}\n`);
// The account-level xprv behind §18.2's xpub (never accepted, never echoed).
const XPRV = HDKey.fromMasterSeed(mnemonicToSeedSync(DEVNET_MNEMONIC)).derive("m/44'/60'/1'").privateExtendedKey;
const base = { NODE_ENV: 'development', PARTNER_SANDBOX: 'true' };
// The keys production requires besides the rail's (§16.5).
const prod = { NODE_ENV: 'production', PARTNER_SECRET_KEY: 'ab'.repeat(32), CHECKOUT_LINK_BASE_URL: 'https://pay.example.com/pay' };
const rail = { ...base, EVM_RPC_URLS: 'http://127.0.0.1:8545', EVM_CHAIN_ID: '31337', EVM_DEPOSIT_XPUB: DEVNET_DEPOSIT_XPUB, EVM_SIGNER_KEY_FILE: keyFile };

const fault = (env: Record<string, string>): string => {
  try {
    loadConfig(env);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('the configuration was accepted');
};

describe('§18.3 EVM configuration', () => {
  it('off by default, with the contract’s defaults', () => {
    const { evm } = loadConfig(base);
    expect(evm.rpcUrls).toEqual([]);
    expect({ finality: evm.finality, poll: evm.pollIntervalMs, range: evm.logRangeMax, inflight: evm.maxInflight, cap: evm.feeCapMultiplier, bumpAfter: evm.bumpAfterBlocks, bump: evm.bumpPercent, maxFee: evm.maxFeePerGasGwei, signerTimeout: evm.signerTimeoutMs, min: evm.minDepositMinor }).toEqual({
      finality: 'finalized', poll: 4000, range: 1000, inflight: 16, cap: 2, bumpAfter: 3, bump: 20, maxFee: 500, signerTimeout: 10_000, min: 1n,
    });
  });

  it('on: the URLs (spaces around commas ignored), the chain, the local signer and its address', () => {
    const { evm } = loadConfig({ ...rail, EVM_RPC_URLS: ' http://127.0.0.1:8545 , https://rpc.example/v3/KEY?x=1 ', EVM_FINALITY: '12' });
    expect(evm.rpcOrigins).toEqual(['http://127.0.0.1:8545', 'https://rpc.example']);
    expect(evm.chainId).toBe(31337);
    expect(evm.finality).toBe(12);
    expect(evm.signer).toMatchObject({ kind: 'local', hotAddress: privateKeyToAddress(KEY) });
  });

  it.each([
    [{ EVM_POLL_INTERVAL_MS: '49' }, 'EVM_POLL_INTERVAL_MS'],
    [{ EVM_LOG_RANGE_MAX: '0' }, 'EVM_LOG_RANGE_MAX'],
    [{ EVM_MAX_INFLIGHT: '65' }, 'EVM_MAX_INFLIGHT'],
    [{ EVM_FEE_CAP_MULTIPLIER: '11' }, 'EVM_FEE_CAP_MULTIPLIER'],
    [{ EVM_BUMP_AFTER_BLOCKS: '101' }, 'EVM_BUMP_AFTER_BLOCKS'],
    [{ EVM_BUMP_PERCENT: '9' }, 'EVM_BUMP_PERCENT'],
    [{ EVM_MAX_FEE_PER_GAS_GWEI: '100001' }, 'EVM_MAX_FEE_PER_GAS_GWEI'],
    [{ EVM_SIGNER_TIMEOUT_MS: '99' }, 'EVM_SIGNER_TIMEOUT_MS'],
    [{ EVM_SIGNER_TIMEOUT_MS: '60001' }, 'EVM_SIGNER_TIMEOUT_MS'],
    [{ EVM_MIN_DEPOSIT_MINOR: '1000000000000000001' }, 'EVM_MIN_DEPOSIT_MINOR'],
    [{ EVM_FINALITY: '1001' }, 'EVM_FINALITY'],
    [{ EVM_SIGNER: 'hsm' }, 'EVM_SIGNER'],
    [{ EVM_ALLOW_LOCAL_SIGNER: 'yes' }, 'EVM_ALLOW_LOCAL_SIGNER'],
    [{ EVM_DEVNET_PORT: '80' }, 'EVM_DEVNET_PORT'],
    [{ EVM_DEVNET_BLOCK_TIME_MS: '60001' }, 'EVM_DEVNET_BLOCK_TIME_MS'],
    [{ EVM_DEVNET: '1' }, 'EVM_DEVNET'],
    [{ EVM_CHAIN_ID: '0' }, 'EVM_CHAIN_ID'],
    [{ EVM_HOT_ADDRESS: '0x123' }, 'EVM_HOT_ADDRESS'],
  ])('refuses %o even with the rail off, naming the variable', (bad, name) => {
    expect(fault({ ...base, ...bad })).toContain(name);
  });

  it('EVM_RPC_URLS: 1–8 http(s) URLs, no empty entry; a bad one named by position, never echoed', () => {
    expect(fault({ ...rail, EVM_RPC_URLS: 'http://a.example,,http://b.example' })).toContain('EVM_RPC_URLS[1]');
    expect(fault({ ...rail, EVM_RPC_URLS: Array.from({ length: 9 }, (_, i) => `http://n${i}.example`).join(',') })).toContain('EVM_RPC_URLS');
    const m = fault({ ...rail, EVM_RPC_URLS: 'ftp://user:SECRETPASS@rpc.example/KEY' });
    expect(m).toContain('EVM_RPC_URLS[0]');
    expect(m).not.toMatch(/SECRETPASS|KEY/);
  });

  it('with EVM_RPC_URLS: the chain id and the xpub are required; outside production only test networks (C2)', () => {
    expect(fault({ ...rail, EVM_CHAIN_ID: '' })).toContain('EVM_CHAIN_ID');
    expect(fault({ ...rail, EVM_DEPOSIT_XPUB: '' })).toContain('EVM_DEPOSIT_XPUB');
    for (const id of ['1', '137']) expect(fault({ ...rail, EVM_CHAIN_ID: id })).toContain('EVM_CHAIN_ID');
    for (const id of ['11155111', '17000', '560048']) expect(loadConfig({ ...rail, EVM_CHAIN_ID: id, EVM_ALLOW_LOCAL_SIGNER: 'true' }).evm.chainId).toBe(Number(id));
    // Production with sandbox on is still refused a main network.
    expect(fault({ ...rail, ...prod, EVM_CHAIN_ID: '1', EVM_ALLOW_LOCAL_SIGNER: 'true' })).toContain('EVM_CHAIN_ID');
  });

  it('an extended private key is refused and not echoed', () => {
    const m = fault({ ...rail, EVM_DEPOSIT_XPUB: XPRV });
    expect(m).toContain('EVM_DEPOSIT_XPUB');
    expect(m).not.toContain(XPRV.slice(4, 30));
    // The same account's xpub is §18.2's: the refusal is of the right key.
    expect(HDKey.fromExtendedKey(XPRV).publicExtendedKey).toBe(DEVNET_DEPOSIT_XPUB);
    expect(fault({ ...rail, EVM_DEPOSIT_XPUB: 'xpub-nonsense' })).toContain('EVM_DEPOSIT_XPUB');
  });

  it('C11: a local signer only in sandbox on 31337, or with EVM_ALLOW_LOCAL_SIGNER=true; EVM_HOT_ADDRESS must be its address', () => {
    expect(fault({ ...rail, PARTNER_SANDBOX: 'false' })).toContain('EVM_SIGNER');
    expect(fault({ ...rail, EVM_CHAIN_ID: '11155111' })).toContain('EVM_ALLOW_LOCAL_SIGNER');
    expect(loadConfig({ ...rail, PARTNER_SANDBOX: 'false', EVM_ALLOW_LOCAL_SIGNER: 'true' }).evm.signer?.kind).toBe('local');
    expect(fault({ ...rail, EVM_HOT_ADDRESS: privateKeyToAddress(devnetKey(1)) })).toContain('EVM_HOT_ADDRESS');
    expect(fault({ ...rail, EVM_SIGNER_KEY_FILE: '' })).toContain('EVM_SIGNER_KEY_FILE');
    expect(fault({ ...rail, EVM_SIGNER_KEY_FILE: path.join(dir, 'absent') })).toContain('EVM_SIGNER_KEY_FILE');
  });

  it('web3signer needs its URL and the hot address; the URL is shown by origin only', () => {
    const w = { ...rail, EVM_SIGNER: 'web3signer', EVM_SIGNER_KEY_FILE: '' };
    expect(fault(w)).toContain('EVM_SIGNER_URL');
    expect(fault({ ...w, EVM_SIGNER_URL: 'https://signer.example/api?token=SECRET' })).toContain('EVM_HOT_ADDRESS');
    const { evm } = loadConfig({ ...w, EVM_SIGNER_URL: 'https://signer.example/api?token=SECRET', EVM_HOT_ADDRESS: privateKeyToAddress(KEY).toLowerCase() });
    expect(evm.signer).toMatchObject({ kind: 'web3signer', urlOrigin: 'https://signer.example', hotAddress: privateKeyToAddress(KEY) });
  });

  it('secrets print as [redacted]: JSON, inspect, and template strings of the whole configuration', () => {
    const config = loadConfig({ ...rail, EVM_RPC_URLS: 'https://rpc.example/v3/APIKEY123' });
    for (const text of [JSON.stringify(config, (_k, v) => (typeof v === 'bigint' ? String(v) : v)), inspect(config, { depth: 10 }), `${config.evm.signer?.kind === 'local' ? config.evm.signer.key : ''}`]) {
      expect(text).not.toContain(KEY.slice(2));
      expect(text).not.toContain('APIKEY123');
      expect(text).not.toContain(DEVNET_DEPOSIT_XPUB);
    }
  });

  it('C14: the devnet brings its own chain, xpub and hot wallet; refused in production and with EVM_RPC_URLS or EVM_SIGNER* set', () => {
    const { evm } = loadConfig({ ...base, EVM_DEVNET: 'true', EVM_DEVNET_PORT: '18545' });
    expect(evm.rpcOrigins).toEqual(['http://127.0.0.1:18545']);
    expect({ chainId: evm.chainId, finality: evm.finality, poll: evm.pollIntervalMs, hot: evm.signer?.hotAddress }).toEqual({
      chainId: 31337, finality: 2, poll: 250, hot: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    });
    expect(evm.depositXpub?.reveal()).toBe(DEVNET_DEPOSIT_XPUB);
    expect(fault({ ...base, EVM_DEVNET: 'true', ...prod })).toContain('EVM_DEVNET');
    for (const name of ['EVM_RPC_URLS', 'EVM_CHAIN_ID', 'EVM_SIGNER_KEY_FILE']) expect(fault({ ...rail, EVM_DEVNET: 'true', EVM_SIGNER_KEY_FILE: keyFile, [name]: (rail as Record<string, string>)[name]! })).toContain('must be unset');
  });

  it('EVM_SIGNER_KEY_FILE: 64 hex digits, 0x optional, whitespace ignored; 0 and ≥ the curve order refused (property)', () => {
    const order = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: order - 1n }), fc.boolean(), fc.constantFrom('', ' ', '\n', '\t '), (n, prefix, ws) => {
        const hex = n.toString(16).padStart(64, '0');
        expect(parsePrivateKey(`${ws}${prefix ? '0x' : ''}${hex.slice(0, 32)}${ws}${hex.slice(32)}${ws}`)).toBe(`0x${hex}`);
      }),
    );
    for (const bad of ['0'.repeat(64), order.toString(16), 'f'.repeat(64), 'ab'.repeat(31), 'zz'.repeat(32)]) expect(() => parsePrivateKey(bad)).toThrow(/EVM_SIGNER_KEY_FILE/);
  });
});
