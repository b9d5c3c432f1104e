// §18.6 (settled points on C7): what a node's answer proves. A null receipt is no evidence: a lagging or
// load-balanced node answers null for a transaction it has not indexed, so a withdrawal whose attempt was
// included, with the chain moved past finality and the hot address's count above its nonce, stays
// BROADCASTING (nothing released: the transfer left) and completes once the receipt is answered. Only a
// revert of eth_estimateGas fails a record out of SCREENING; any other JSON-RPC error (a rate limit -32005
// in an HTTP 200, an internal error -32603, an unknown block) or a timeout is the node being unreachable:
// the record stays in SCREENING, nothing signed, and completes once the node answers.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useDevnet } from '../../helpers/anvil.js';
import { randomEthAddress, startTestServer, type TestServer } from '../../helpers/harness.js';
import { startRpcProxy, type Fault, type RpcProxy } from '../../helpers/rpc-proxy.js';
import { eventsOf, ledgerOf } from '../../helpers/withdrawals.js';
import { attemptsOf, evmEnv, EvmWorld, HOT, publicClientOf, stateOf, tokenBalance, waitFor, waitSent } from './chain-transfers.js';

const devnet = useDevnet();
let proxy: RpcProxy;
let server: TestServer;
let world: EvmWorld;

beforeAll(async () => {
  proxy = await startRpcProxy(devnet().url);
  server = await startTestServer(evmEnv(proxy.url));
  world = await EvmWorld.create(server, devnet());
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await proxy?.close();
});
// A case that fails leaves no fault armed for the next.
afterEach(() => proxy.clear());

/** Mines a block at a time until `id` is decided. */
async function mineUntilDecided(id: string): Promise<string> {
  const s = await waitFor(
    async () => {
      const s = await stateOf(server, 'withdrawal', id);
      if (s?.status === 'BROADCASTING' || s?.status === 'CONFIRMING') await devnet().mine(1);
      return s;
    },
    (s) => s?.status === 'COMPLETED' || s?.status === 'FAILED',
    `withdrawal ${id} decided`,
    60_000,
  );
  return s!.status;
}

describe('§18.6 C7: a null receipt is no evidence', () => {
  it('an included attempt whose receipt the node hides past finality: BROADCASTING, nothing released; COMPLETED once answered', async () => {
    const dest = randomEthAddress();
    const id = await world.withdraw(await world.customer('token', dest), 'token', '1234567');
    const [attempt] = await waitSent(server, id);
    proxy.fail({ kind: 'null-receipt', txHash: attempt!.tx_hash }, 1_000_000, 'eth_getTransactionReceipt');
    // Included, then final (EVM_FINALITY=2): the chain's count is now above the record's nonce.
    await devnet().mine(1);
    const final = await devnet().mine(3);
    const chain = publicClientOf(devnet().url);
    expect(await chain.getTransactionCount({ address: HOT, blockNumber: BigInt(final - 2) })).toBeGreaterThan(attempt!.nonce);
    expect((await chain.getTransactionReceipt({ hash: attempt!.tx_hash as `0x${string}` })).status).toBe('success');
    // The sender asks for the receipt on several polls after finality, and is answered null each time
    // (a record failed meanwhile is asked no more: the wait ends and the status says so).
    const asked = proxy.faulted;
    await waitFor(
      async () => ({ n: proxy.faulted, status: (await stateOf(server, 'withdrawal', id))!.status }),
      (x) => x.n >= asked + 4 || x.status !== 'BROADCASTING',
      'receipts asked on four more polls',
    );
    // (A replacement may have been signed meanwhile, C8: with the nonce used it is never included.)
    expect(await stateOf(server, 'withdrawal', id)).toMatchObject({ status: 'BROADCASTING', status_info: 'Broadcasting transaction' });
    expect(await ledgerOf(server, id)).toEqual([['HOLD', '1237067']]);
    expect(await server.db.get('SELECT reason FROM evm_halt')).toBeUndefined();
    proxy.clear();
    // Its block is already final, so CONFIRMING may last less than one look: decided is what counts.
    expect(await mineUntilDecided(id)).toBe('COMPLETED');
    expect(await ledgerOf(server, id)).toEqual([
      ['HOLD', '1237067'],
      ['WITHDRAWAL', '1234567'],
      ['WITHDRAWAL_FEE', '2500'],
    ]);
    expect(await tokenBalance(devnet(), dest)).toBe(1_234_567n);
    expect((await stateOf(server, 'withdrawal', id))!.tx_hash).toBe(attempt!.tx_hash);
    expect((await eventsOf(server, id)).map((e) => e.type)).not.toContain('crypto_withdrawal.failed');
  }, 90_000);
});

describe('§18.6 C7: only a revert of eth_estimateGas fails a record', () => {
  it.each<[string, Fault]>([
    ['a rate limit (-32005) in an HTTP 200', { kind: 'rpc-error', code: -32005, message: 'rate limit exceeded' }],
    ['an internal error (-32603)', { kind: 'rpc-error', code: -32603, message: 'internal error' }],
    ['an unknown block (-32000)', { kind: 'rpc-error', code: -32000, message: 'header not found' }],
    // Past the client's timeout (2 s at EVM_POLL_INTERVAL_MS=50).
    ['a timeout', { kind: 'delay', ms: 2_500 }],
  ])('%s: stays in SCREENING, nothing signed, then COMPLETED once the node answers', async (_name, fault) => {
    const dest = randomEthAddress();
    const wd = await world.customer('token', dest);
    const asked = proxy.faulted;
    proxy.fail(fault, 1_000_000, 'eth_estimateGas');
    const id = await world.withdraw(wd, 'token', '1000000');
    // Three answers of the fault (a record failed on the first is estimated no more: the wait ends there).
    await waitFor(
      async () => ({ n: proxy.faulted, status: (await stateOf(server, 'withdrawal', id))?.status }),
      (x) => x.n >= asked + 3 || x.status === 'FAILED',
      'eth_estimateGas answered with the fault three times',
      30_000,
    );
    expect(await stateOf(server, 'withdrawal', id)).toEqual({ status: 'SCREENING', status_info: 'Screening destination address', tx_hash: null });
    expect(await attemptsOf(server, id)).toEqual([]);
    expect(await ledgerOf(server, id)).toEqual([['HOLD', '1002500']]);
    proxy.clear();
    expect(await mineUntilDecided(id)).toBe('COMPLETED');
    expect(await ledgerOf(server, id)).toEqual([
      ['HOLD', '1002500'],
      ['WITHDRAWAL', '1000000'],
      ['WITHDRAWAL_FEE', '2500'],
    ]);
    expect(await tokenBalance(devnet(), dest)).toBe(1_000_000n);
  }, 90_000);
});
