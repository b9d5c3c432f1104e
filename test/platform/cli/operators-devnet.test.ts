// test: slow — partnerctl devnet pay|mine
// §18.4, C14 partnerctl devnet pay|mine, with its own EVM_DEVNET and EVM_DEVNET_PORT, on a test server's
// database (SQLite or PostgreSQL) and a real devnet; a few runs are the real process, the rest partnerctl's
// code in the test's process (test/helpers/partnerctl-here.ts). `pay` sends from the payer
// (mnemonic account 1) units = amountMinor × 10^(decimals − scale) of the route's token, or ETH on a native
// route, mines one block and prints {"txHash","blockNumber","from","to","amountMinor"}; `mine` prints
// {"head"}. Outside a devnet: exit 1 SANDBOX_ONLY; bad --to VALIDATION_FAILED; unknown route NOT_FOUND;
// --blocks outside 1–1000 a usage error (exit 2).
import { erc20Abi, getAddress, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVNET_PAYER, DEVNET_TOKEN_ADDRESS } from '../../../src/modules/devnet/token.js';
import { chainAt } from '../../../src/modules/evm/chain.js';
import { evmReach, useDevnet } from '../../helpers/anvil.js';
import { startTestServer, type TestServer } from '../../helpers/harness.js';
import { partnerctlHere } from '../../helpers/partnerctl-here.js';
import { expectRefusal, expectUsage, processKit } from '../../helpers/processes.js';

const devnet = useDevnet();
const { partnerctl } = processKit({ tempPrefix: 'partner-ctl-devnet-' });

/** Fresh addresses nobody holds anything at. */
const TO_TOKEN = '0x1111111111111111111111111111111111111111';
const TO_ETH = '0xabcdefabcdefabcdefabcdefabcdefabcdefabcd';

describe('§18.4 partnerctl devnet', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    const client = await server.newClient();
    // A token route (its currency the token's symbol, §18.6) of scale 2 (units = amount × 10^4 for the token's 6 decimals), and native ETH.
    await server.newRoute(client, { code: 'USDX-DEVNET', currency: 'USDT', scale: 2, minMinor: '1', maxMinor: '100000000', feeMinor: '0', rail: 'EVM', tokenContract: DEVNET_TOKEN_ADDRESS }, evmReach(devnet().url));
    await server.newRoute(client, { code: 'ETH-DEVNET', currency: 'ETH', scale: 18, minMinor: '1', maxMinor: String(10n ** 21n), feeMinor: '0', rail: 'EVM' }, evmReach(devnet().url));
    await server.newRoute(client, { code: 'USDX-SANDBOX', currency: 'USDT', scale: 2 });
  }, 60_000);
  afterAll(() => server?.stop());

  const env = () => ({ EVM_DEVNET: 'true', EVM_DEVNET_PORT: String(devnet().anvil.port) });
  const ctl = (args: string[], extra: Record<string, string> = env()) => partnerctlHere(server.databaseUrl, ['devnet', ...args], extra);
  /** The real `partnerctl` process. */
  const spawned = (args: string[], extra: Record<string, string> = env()) => partnerctl(server.databaseUrl, ['devnet', ...args], extra);
  const chain = () => chainAt([devnet().url]);

  it('pay on a token route: transfer(to, amountMinor × 10^(6 − 2)) from the payer, one block mined; the printed result', async () => {
    const head = await devnet().head();
    const r = await spawned(['pay', '--to', TO_TOKEN, '--route', 'USDX-DEVNET', '--amount-minor', '1234']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toEqual({ txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/), blockNumber: head + 1, from: DEVNET_PAYER.address, to: getAddress(TO_TOKEN), amountMinor: '1234' });
    expect(await devnet().head()).toBe(head + 1);
    expect(await chain().readContract({ address: DEVNET_TOKEN_ADDRESS, abi: erc20Abi, functionName: 'balanceOf', args: [TO_TOKEN] })).toBe(12_340_000n);
    const receipt = await chain().getTransactionReceipt({ hash: out.txHash as Hex });
    expect(receipt).toMatchObject({ status: 'success', from: DEVNET_PAYER.address.toLowerCase(), to: DEVNET_TOKEN_ADDRESS.toLowerCase(), blockNumber: BigInt(head + 1) });
  }, 60_000);

  it('pay on a native route: value = amountMinor wei (scale 18); to printed EIP-55', async () => {
    const head = await devnet().head();
    const r = await ctl(['pay', '--to', TO_ETH, '--route', 'ETH-DEVNET', '--amount-minor', '5000000000000000']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/), blockNumber: head + 1, from: DEVNET_PAYER.address, to: getAddress(TO_ETH), amountMinor: '5000000000000000' });
    expect(await chain().getBalance({ address: TO_ETH })).toBe(5_000_000_000_000_000n);
  }, 60_000);

  it('mine: one block by default, --blocks N; prints {"head"}', async () => {
    const head = await devnet().head();
    const one = await ctl(['mine']);
    expect(one.code, one.stderr).toBe(0);
    expect(JSON.parse(one.stdout)).toEqual({ head: head + 1 });
    const many = await ctl(['mine', '--blocks', '1000']);
    expect(JSON.parse(many.stdout)).toEqual({ head: head + 1001 });
    expect(await devnet().head()).toBe(head + 1001);
  }, 60_000);

  it('refusals: SANDBOX_ONLY without EVM_DEVNET=true; a bad --to VALIDATION_FAILED; a route without an EVM mapping NOT_FOUND; nothing sent', async () => {
    const head = await devnet().head();
    expectRefusal(await spawned(['mine'], {}), 'SANDBOX_ONLY', /EVM_DEVNET=true/);
    expectRefusal(await ctl(['pay', '--to', TO_TOKEN, '--route', 'USDX-DEVNET', '--amount-minor', '1'], { EVM_DEVNET: 'false' }), 'SANDBOX_ONLY', /EVM_DEVNET=true/);
    // Too short; mixed case with a wrong EIP-55 checksum.
    for (const to of ['0x1234', '0x8c8d35429F74ec245F8Ef2f4Fd1e551cFF97d650'])
      expectRefusal(await ctl(['pay', '--to', to, '--route', 'USDX-DEVNET', '--amount-minor', '1']), 'VALIDATION_FAILED', /--to must be an Ethereum address/);
    for (const code of ['NO-SUCH-ROUTE', 'USDX-SANDBOX'])
      expectRefusal(await ctl(['pay', '--to', TO_TOKEN, '--route', code, '--amount-minor', '1']), 'NOT_FOUND', new RegExp(`route ${code} has no mapping on the EVM rail`));
    expect(await devnet().head()).toBe(head);
  }, 180_000);

  it('usage errors (exit 2): --blocks outside 1–1000, --amount-minor not a positive integer, a missing option', async () => {
    for (const blocks of ['0', '1001', 'x']) expectUsage(await ctl(['mine', '--blocks', blocks]), /--blocks must be an integer from 1 to 1000/);
    for (const amount of ['0', '1.5'])
      expectUsage(await ctl(['pay', '--to', TO_TOKEN, '--route', 'USDX-DEVNET', '--amount-minor', amount]), /--amount-minor must be a positive integer/);
    expectUsage(await ctl(['pay', '--to', TO_TOKEN, '--route', 'USDX-DEVNET']), /--amount-minor/);
    expectUsage(await spawned([]), /devnet needs a command: pay, mine/);
  }, 180_000);
});
