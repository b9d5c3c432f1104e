// test: slow — partnerctl route --rail EVM against a devnet
// §18 C1, C12, §18.4: `partnerctl route create|update --rail EVM [--token-contract A]` with its own EVM_*
// variables, against a devnet: the token's decimals read from the chain, the refusals (usage errors exit 2;
// VALIDATION_FAILED / INVALID_STATE exit 1, nothing written) and the printed route (`rail`, `tokenContract`
// EIP-55 or null, `tokenDecimals`). A few runs are the real `partnerctl` process (`spawned`); the rest run
// partnerctl's same code in the test's process (test/helpers/partnerctl-here.ts).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVNET_DEPOSIT_XPUB, devnetKey } from '../../../src/config/evm.js';
import { DEVNET_TOKEN_ADDRESS } from '../../../src/modules/devnet/token.js';
import { Coll } from '../../helpers/collections.js';
import { Scenario, startTestServer, type TestServer } from '../../helpers/harness.js';
import { useDevnet } from '../../helpers/anvil.js';
import { partnerctlHere, partnerctlHereJson } from '../../helpers/partnerctl-here.js';
import { expectRefusal, expectUsage, processKit, stderrResult, type Run } from '../../helpers/processes.js';
import { tokenRuntime } from '../../helpers/token-code.js';

const devnet = useDevnet();
const { tempDir, partnerctl, partnerctlJson } = processKit({ tempPrefix: 'partner-evm-routes-' });

let server: TestServer;
/** partnerctl's EVM_* variables (§18.4): the devnet's URL, chain and §18.2's xpub; no signer. */
let evmEnv: Record<string, string>;

beforeAll(async () => {
  evmEnv = { EVM_RPC_URLS: devnet().url, EVM_CHAIN_ID: '31337', EVM_DEPOSIT_XPUB: DEVNET_DEPOSIT_XPUB };
  const keyFile = path.join(tempDir(), 'hot.key');
  fs.writeFileSync(keyFile, devnetKey(0));
  server = await startTestServer({ ...evmEnv, EVM_SIGNER_KEY_FILE: keyFile });
}, 60_000);
afterAll(() => server.stop());

const suffix = () => randomBytes(3).toString('hex');
const ctl = (args: string[], env: Record<string, string> = evmEnv) => partnerctlHere(server.databaseUrl, args, env);
const ctlJson = (args: string[], env: Record<string, string> = evmEnv) => partnerctlHereJson(server.databaseUrl, args, env);
/** The same, as the real `partnerctl` process. */
const spawned = {
  ctl: (args: string[], env: Record<string, string> = evmEnv) => partnerctl(server.databaseUrl, args, env),
  ctlJson: (args: string[], env: Record<string, string> = evmEnv) => partnerctlJson(server.databaseUrl, args, env),
};

/** Set-up through the operators' functions (partnerctl's own, on a connection of the test's); the commands under test run as partnerctl. */
const newClient = async (): Promise<string> => (await server.newClient()).clientId;

const createArgs = (code: string, clientId: string, extra: string[] = [], o: { currency?: string; scale?: string; blockchain?: string } = {}) => [
  'route', 'create', '--code', code, '--client-id', clientId, '--blockchain', o.blockchain ?? 'ETH', '--currency', o.currency ?? 'USDT',
  '--scale', o.scale ?? '6', ...extra,
];

/** A refusal: exit 1, nothing on stdout, {code, detail} on stderr. */
/** A refusal of the command `args`: exit 1, nothing on stdout, {code, detail} on stderr. */
async function refused(args: string[], code: string, detail?: RegExp, env?: Record<string, string>, run: (args: string[], env?: Record<string, string>) => Promise<Run> = ctl) {
  return expectRefusal(await run(args, env), code, detail);
}

/** A usage error of the command `args`: exit 2. */
async function misused(args: string[], run: (args: string[]) => Promise<Run> = ctl) {
  expectUsage(await run(args));
}

const routeRow = (code: string, clientId: string) =>
  server.db.get<Record<string, unknown>>('SELECT rail, token_contract, token_decimals FROM routes WHERE route_code = ? AND client_id = ?', code, clientId);

/** Deploys `runtime` (hex, no 0x) at a fresh address: a contract whose decimals() answers what the code says. */
async function codeAt(runtime: string): Promise<string> {
  const address = `0x${randomBytes(20).toString('hex')}`;
  await devnet().rpc('anvil_setCode', [address, `0x${runtime}`]);
  return address;
}

describe('§18.4 route create --rail EVM', { timeout: 120_000 }, () => {
  it('a token route: decimals() read from the chain, printed with rail, tokenContract (EIP-55) and tokenDecimals', async () => {
    const clientId = await newClient();
    const code = `USDT-EVM-${suffix()}`;
    const route = await spawned.ctlJson(createArgs(code, clientId, ['--rail', 'EVM', '--token-contract', DEVNET_TOKEN_ADDRESS.toLowerCase()]));
    expect(route).toEqual({
      routeCode: code, clientId, blockchain: 'ETH', currency: 'USDT', currencyScale: 6, minAmountMinor: null, maxAmountMinor: null,
      feeAmountMinor: '0', travelRuleThresholdMinor: null, enabled: true, createdAt: expect.any(String), updatedAt: expect.any(String),
      rail: 'EVM', tokenContract: DEVNET_TOKEN_ADDRESS, tokenDecimals: 6,
    });
    expect(await routeRow(code, clientId)).toEqual({ rail: 'EVM', token_contract: DEVNET_TOKEN_ADDRESS, token_decimals: 6 });
  });

  it('a native route: 18 decimals, tokenContract null; a SANDBOX route prints tokenDecimals null', async () => {
    const clientId = await newClient();
    const eth = await ctlJson(createArgs(`ETH-EVM-${suffix()}`, clientId, ['--rail', 'EVM'], { currency: 'ETH', scale: '18' }));
    expect(eth).toMatchObject({ rail: 'EVM', tokenContract: null, tokenDecimals: 18 });
    const sandbox = await ctlJson(createArgs(`USDT-SB-${suffix()}`, clientId));
    expect(sandbox).toMatchObject({ rail: 'SANDBOX', tokenContract: null, tokenDecimals: null });
    expect(sandbox).not.toHaveProperty('evmTokenKey');
  });

  it('--rail FOO is a usage error (exit 2); --rail EVM on another blockchain → exit 1 VALIDATION_FAILED, nothing written', async () => {
    const clientId = await newClient();
    const code = `X-${suffix()}`;
    await misused(createArgs(code, clientId, ['--rail', 'FOO']), spawned.ctl);
    await refused(createArgs(code, clientId, ['--rail', 'EVM'], { blockchain: 'TRON' }), 'VALIDATION_FAILED', /ETH/, undefined, spawned.ctl);
    expect(await routeRow(code, clientId)).toBeUndefined();
  });

  it('without EVM_RPC_URLS (or EVM_DEVNET) → exit 1 VALIDATION_FAILED naming the variable; nothing written', async () => {
    const clientId = await newClient();
    const code = `X-${suffix()}`;
    await refused(createArgs(code, clientId, ['--rail', 'EVM'], { currency: 'ETH', scale: '18' }), 'VALIDATION_FAILED', /EVM_RPC_URLS/, {});
    expect(await routeRow(code, clientId)).toBeUndefined();
  });

  it('C12: --scale above the decimals, an address without code, a failing decimals(), decimals > 77 → VALIDATION_FAILED', async () => {
    const clientId = await newClient();
    const code = `X-${suffix()}`;
    // A token of 6 decimals whose symbol is a currency of its own, so that the scale is the only fault.
    const currency = `T${suffix()}`.toUpperCase();
    await refused(
      createArgs(code, clientId, ['--rail', 'EVM', '--token-contract', await codeAt(tokenRuntime({ decimals: 6, symbol: { string: currency } }))], { currency, scale: '8' }),
      'VALIDATION_FAILED',
      /--scale 8 .*6 decimals/,
    );
    const empty = `0x${randomBytes(20).toString('hex')}`;
    await refused(createArgs(code, clientId, ['--rail', 'EVM', '--token-contract', empty]), 'VALIDATION_FAILED', /no contract code/);
    // STOP: code that answers nothing.
    await refused(createArgs(code, clientId, ['--rail', 'EVM', '--token-contract', await codeAt('00')]), 'VALIDATION_FAILED', /decimals\(\)/);
    // Returns 78 to any call: PUSH1 0x4e PUSH1 0 MSTORE PUSH1 0x20 PUSH1 0 RETURN.
    await refused(createArgs(code, clientId, ['--rail', 'EVM', '--token-contract', await codeAt('604e60005260206000f3')]), 'VALIDATION_FAILED', /78/);
    // 77 is accepted (scale 6 ≤ 77).
    const big = await ctlJson(createArgs(`B-${suffix()}`, clientId, ['--rail', 'EVM', '--token-contract', await codeAt(tokenRuntime({ decimals: 77, symbol: { string: 'USDT' } }))]));
    expect(big.tokenDecimals).toBe(77);
    expect(await routeRow(code, clientId)).toBeUndefined();
  });

  it('a node answering another chain id → VALIDATION_FAILED naming both ids', async () => {
    const clientId = await newClient();
    await refused(createArgs(`X-${suffix()}`, clientId, ['--rail', 'EVM'], { currency: 'ETH', scale: '18' }), 'VALIDATION_FAILED', /31337.*11155111/, {
      ...evmEnv,
      EVM_CHAIN_ID: '11155111',
    });
  });

  it('C1 uq_evm_route_token: one EVM route per token and one native per partner (VALIDATION_FAILED, nothing written); another partner may', async () => {
    const clientId = await newClient();
    await ctlJson(createArgs(`A-${suffix()}`, clientId, ['--rail', 'EVM', '--token-contract', DEVNET_TOKEN_ADDRESS]));
    const second = `B-${suffix()}`;
    await refused(createArgs(second, clientId, ['--rail', 'EVM', '--token-contract', DEVNET_TOKEN_ADDRESS.toLowerCase()]), 'VALIDATION_FAILED', /uq_evm_route_token/);
    expect(await routeRow(second, clientId)).toBeUndefined();
    const currency = 'ETH';
    await ctlJson(createArgs(`N-${suffix()}`, clientId, ['--rail', 'EVM'], { currency, scale: '18' }));
    await refused(createArgs(`M-${suffix()}`, clientId, ['--rail', 'EVM'], { currency, scale: '18' }), 'VALIDATION_FAILED', /native/);
    // The same token on a SANDBOX route of the partner is not an EVM route: allowed.
    expect(await ctlJson(createArgs(`S-${suffix()}`, clientId, ['--token-contract', DEVNET_TOKEN_ADDRESS]))).toMatchObject({ rail: 'SANDBOX', tokenContract: DEVNET_TOKEN_ADDRESS });
    const other = await newClient();
    expect(await ctlJson(createArgs(`A-${suffix()}`, other, ['--rail', 'EVM', '--token-contract', DEVNET_TOKEN_ADDRESS]))).toMatchObject({ rail: 'EVM' });
  });

  it('two creates of the same token at once: exactly one is written, the other refused VALIDATION_FAILED', async () => {
    const clientId = await newClient();
    const codes = [`C1-${suffix()}`, `C2-${suffix()}`];
    const runs = await Promise.all(codes.map((code) => ctl(createArgs(code, clientId, ['--rail', 'EVM', '--token-contract', DEVNET_TOKEN_ADDRESS]))));
    expect(runs.map((r) => r.code).sort()).toEqual([0, 1]);
    expect(stderrResult(runs.find((r) => r.code === 1)!.stderr).code).toBe('VALIDATION_FAILED');
    expect(await server.db.count("SELECT COUNT(*) AS n FROM routes WHERE client_id = ? AND rail = 'EVM'", clientId)).toBe(1);
  });

  it('§16.6 --token-contract on SANDBOX routes: ETH only (VALIDATION_FAILED), a valid address (usage error), stored EIP-55, none removes it', async () => {
    const clientId = await newClient();
    const code = `S-${suffix()}`;
    await refused(createArgs(code, clientId, ['--token-contract', DEVNET_TOKEN_ADDRESS], { blockchain: 'TRON' }), 'VALIDATION_FAILED', /ETH/);
    await misused(createArgs(code, clientId, ['--token-contract', '0x1234']));
    expect(await ctlJson(createArgs(code, clientId, ['--token-contract', DEVNET_TOKEN_ADDRESS.toLowerCase()]))).toMatchObject({
      rail: 'SANDBOX', tokenContract: DEVNET_TOKEN_ADDRESS, tokenDecimals: null,
    });
    expect(await ctlJson(['route', 'update', '--code', code, '--client-id', clientId, '--token-contract', 'none'])).toMatchObject({ tokenContract: null });
  });
});

describe('§18.4 route update --rail EVM', { timeout: 120_000 }, () => {
  it('turns a SANDBOX route with nothing on it into an EVM route (decimals read); then its rail and tokenContract never change', async () => {
    const clientId = await newClient();
    const code = `U-${suffix()}`;
    await ctlJson(createArgs(code, clientId, ['--token-contract', DEVNET_TOKEN_ADDRESS]));
    const updated = await ctlJson(['route', 'update', '--code', code, '--client-id', clientId, '--rail', 'EVM']);
    expect(updated).toMatchObject({ routeCode: code, rail: 'EVM', tokenContract: DEVNET_TOKEN_ADDRESS, tokenDecimals: 6 });
    const update = (...extra: string[]) => ['route', 'update', '--code', code, '--client-id', clientId, ...extra];
    await refused(update('--rail', 'SANDBOX'), 'INVALID_STATE', /rail never changes/);
    await refused(update('--rail', 'EVM'), 'INVALID_STATE', /rail never changes/);
    await refused(update('--token-contract', 'none'), 'INVALID_STATE', /tokenContract never changes/);
    await refused(update('--token-contract', `0x${randomBytes(20).toString('hex')}`), 'INVALID_STATE', /tokenContract never changes/);
    // Other settings still change.
    expect(await ctlJson(update('--fee-minor', '7'))).toMatchObject({ feeAmountMinor: '7', rail: 'EVM', tokenContract: DEVNET_TOKEN_ADDRESS });
    expect(await routeRow(code, clientId)).toEqual({ rail: 'EVM', token_contract: DEVNET_TOKEN_ADDRESS, token_decimals: 6 });
  });

  it('refused (INVALID_STATE) once a deposit exists on the route; --rail EVM with the route on TRON → VALIDATION_FAILED; --rail FOO exit 2', async () => {
    const s = await Scenario.create(server);
    const customerId = await s.customer();
    await s.deposit(customerId);
    const update = (code: string, ...extra: string[]) => ['route', 'update', '--code', code, '--client-id', s.client.clientId, ...extra];
    // The token the route's currency (USDT) is the symbol of, so that the deposit is the only fault.
    await ctlJson(update(s.routeCode, '--token-contract', DEVNET_TOKEN_ADDRESS));
    await refused(update(s.routeCode, '--rail', 'EVM'), 'INVALID_STATE', /deposits, withdrawals, refunds or collection wallets/);
    expect(await routeRow(s.routeCode, s.client.clientId)).toMatchObject({ rail: 'SANDBOX' });
    const tron = await server.newRoute(s.client, { blockchain: 'TRON' });
    await refused(update(tron, '--rail', 'EVM'), 'VALIDATION_FAILED', /ETH/);
    await misused(update(tron, '--rail', 'FOO'));
    await refused(update(`none-${suffix()}`, '--rail', 'EVM'), 'NOT_FOUND');
  });

  it('refused (INVALID_STATE) once a collection wallet exists on the route (§15.5; the collections module answers routeHasRecords)', async () => {
    const c = await Coll.create(server);
    await c.wallet();
    const update = ['route', 'update', '--code', c.routeCode, '--client-id', c.client.clientId];
    await ctlJson([...update, '--token-contract', DEVNET_TOKEN_ADDRESS]);
    await refused([...update, '--rail', 'EVM'], 'INVALID_STATE', /collection wallets/);
    expect(await routeRow(c.routeCode, c.client.clientId)).toMatchObject({ rail: 'SANDBOX' });
  });

  it('a second native EVM route of the partner by update → VALIDATION_FAILED, the route stays SANDBOX', async () => {
    const clientId = await newClient();
    const currency = 'ETH';
    await ctlJson(createArgs(`N-${suffix()}`, clientId, ['--rail', 'EVM'], { currency, scale: '18' }));
    const code = `M-${suffix()}`;
    await ctlJson(createArgs(code, clientId, [], { currency, scale: '18' }));
    await refused(['route', 'update', '--code', code, '--client-id', clientId, '--rail', 'EVM'], 'VALIDATION_FAILED', /uq_evm_route_token/);
    expect(await routeRow(code, clientId)).toMatchObject({ rail: 'SANDBOX' });
  });
});

describe('§14.1, §16.8, §18.6 a route\'s currency: EUR and USD reserved; an EVM route\'s currency is its asset', { timeout: 120_000 }, () => {
  it('EUR and USD → exit 1 VALIDATION_FAILED on every route, whatever the rail (the real process for ETH/EUR with --rail EVM and without)', async () => {
    const clientId = await newClient();
    const code = `F-${suffix()}`;
    await refused(createArgs(code, clientId, ['--rail', 'EVM'], { currency: 'EUR', scale: '2' }), 'VALIDATION_FAILED', /EUR.*reserved/, undefined, spawned.ctl);
    await refused(createArgs(code, clientId, [], { currency: 'EUR', scale: '2' }), 'VALIDATION_FAILED', /EUR.*reserved/, undefined, spawned.ctl);
    for (const currency of ['EUR', 'USD'])
      for (const extra of [[], ['--rail', 'SANDBOX'], ['--rail', 'EVM'], ['--rail', 'EVM', '--token-contract', DEVNET_TOKEN_ADDRESS], ['--token-contract', DEVNET_TOKEN_ADDRESS]])
        await refused(createArgs(code, clientId, extra, { currency, scale: '2' }), 'VALIDATION_FAILED', new RegExp(`${currency}.*reserved`));
    for (const blockchain of ['TRON', 'BTC', 'SOL']) await refused(createArgs(code, clientId, [], { currency: 'USD', scale: '2', blockchain }), 'VALIDATION_FAILED', /USD.*reserved/);
    expect(await server.db.count('SELECT COUNT(*) AS n FROM routes WHERE client_id = ?', clientId)).toBe(0);
  });

  it('a native EVM route in another currency than ETH → VALIDATION_FAILED naming both; by update --rail EVM too (the route stays SANDBOX)', async () => {
    const clientId = await newClient();
    const code = `N-${suffix()}`;
    await refused(createArgs(code, clientId, ['--rail', 'EVM'], { currency: 'USDT', scale: '6' }), 'VALIDATION_FAILED', /ETH.*USDT/, undefined, spawned.ctl);
    expect(await routeRow(code, clientId)).toBeUndefined();
    await ctlJson(createArgs(code, clientId));
    await refused(['route', 'update', '--code', code, '--client-id', clientId, '--rail', 'EVM'], 'VALIDATION_FAILED', /ETH.*USDT/);
    expect(await routeRow(code, clientId)).toMatchObject({ rail: 'SANDBOX', token_contract: null });
    expect(await ctlJson(createArgs(`E-${suffix()}`, clientId, ['--rail', 'EVM'], { currency: 'ETH', scale: '18' }))).toMatchObject({ currency: 'ETH', rail: 'EVM' });
  });

  it('a token route whose currency is not its symbol() → VALIDATION_FAILED naming both (the real process); by update --rail EVM too', async () => {
    const clientId = await newClient();
    const currency = `D${suffix()}`.toUpperCase();
    const code = `T-${suffix()}`;
    const r = await refused(createArgs(code, clientId, ['--rail', 'EVM', '--token-contract', DEVNET_TOKEN_ADDRESS], { currency }), 'VALIDATION_FAILED', undefined, undefined, spawned.ctl);
    expect(r).toContain(currency);
    expect(r).toContain('"USDT"');
    expect(await routeRow(code, clientId)).toBeUndefined();
    await ctlJson(createArgs(code, clientId, ['--token-contract', DEVNET_TOKEN_ADDRESS], { currency }));
    const u = await refused(['route', 'update', '--code', code, '--client-id', clientId, '--rail', 'EVM'], 'VALIDATION_FAILED');
    expect(u).toContain(currency);
    expect(u).toContain('"USDT"');
    expect(await routeRow(code, clientId)).toMatchObject({ rail: 'SANDBOX' });
  });

  it('symbol() compared after upper-casing; a bytes32 symbol is read; a reverting, empty or unprintable answer → VALIDATION_FAILED naming the currency', async () => {
    const clientId = await newClient();
    const lower = await codeAt(tokenRuntime({ decimals: 6, symbol: { string: 'usdt' } }));
    expect(await ctlJson(createArgs(`L-${suffix()}`, clientId, ['--rail', 'EVM', '--token-contract', lower]))).toMatchObject({ currency: 'USDT', rail: 'EVM', tokenDecimals: 6 });
    const bytes32 = await codeAt(tokenRuntime({ decimals: 6, symbol: { bytes32: 'USDT' } }));
    expect(await ctlJson(createArgs(`B-${suffix()}`, clientId, ['--rail', 'EVM', '--token-contract', bytes32]))).toMatchObject({ currency: 'USDT', rail: 'EVM' });
    for (const symbol of ['revert', 'empty', { bytes32: '\u0001' }, { string: '' }] as const) {
      const code = `X-${suffix()}`;
      const detail = await refused(createArgs(code, clientId, ['--rail', 'EVM', '--token-contract', await codeAt(tokenRuntime({ decimals: 6, symbol }))]), 'VALIDATION_FAILED', /symbol\(\)/);
      expect(detail).toContain('USDT');
      expect(await routeRow(code, clientId)).toBeUndefined();
    }
  });

  it('route update --rail EVM of a route stored in EUR before the rule → VALIDATION_FAILED, it stays SANDBOX', async () => {
    const clientId = await newClient();
    const code = `OLD-${suffix()}`;
    const at = new Date().toISOString();
    await server.db.run(
      `INSERT INTO routes (route_code, client_id, blockchain, currency, currency_scale, fee_amount_minor, created_at, updated_at, rail) VALUES (?, ?, 'ETH', 'EUR', 2, '0', ?, ?, 'SANDBOX')`,
      code, clientId, at, at,
    );
    await refused(['route', 'update', '--code', code, '--client-id', clientId, '--rail', 'EVM'], 'VALIDATION_FAILED', /EUR.*reserved/);
    expect(await routeRow(code, clientId)).toMatchObject({ rail: 'SANDBOX' });
  });
});
