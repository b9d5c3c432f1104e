// §18 C7–C9 the sender against a faulty node: 429s and answers past the client's timeout on the calls it
// makes out of SCREENING (estimate, fees, balances), on sending and on receipts. A node that does not
// answer is "unreachable": the record stays where it is and the next pass tries again — nothing is FAILED
// for it, no nonce is lost or used twice, and each withdrawal completes once, paying its destination once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDevnet } from '../../helpers/anvil.js';
import { randomEthAddress, startTestServer, type TestServer } from '../../helpers/harness.js';
import { startRpcProxy, type RpcProxy } from '../../helpers/rpc-proxy.js';
import { checkLedgerInvariants } from '../../helpers/ledger-checks.js';
import { ledgerOf } from '../../helpers/withdrawals.js';
import { attemptsOf, evmEnv, EvmWorld, stateOf, tokenBalance, waitFor } from './chain-transfers.js';

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

/** Mines a block at a time until `id` is COMPLETED (the sender and follower run on their own timers). */
async function mineUntilCompleted(id: string): Promise<void> {
  await waitFor(
    async () => {
      const s = await stateOf(server, 'withdrawal', id);
      if (s?.status === 'BROADCASTING' || s?.status === 'CONFIRMING') await devnet().mine(1);
      return s;
    },
    (s) => s?.status === 'COMPLETED' || s?.status === 'FAILED',
    `withdrawal ${id} decided`,
    60_000,
  );
}

describe('§18 the sender under faults', () => {
  it.each([
    ['429s on every call', () => proxy.fail({ kind: '429' }, 6)],
    // Past the client's timeout (2 s at EVM_POLL_INTERVAL_MS=50).
    ['eth_estimateGas past the timeout', () => proxy.fail({ kind: 'delay', ms: 2_500 }, 1, 'eth_estimateGas')],
    ['eth_sendRawTransaction answered 429', () => proxy.fail({ kind: '429' }, 3, 'eth_sendRawTransaction')],
    ['receipts answered 429', () => proxy.fail({ kind: '429' }, 5, 'eth_getTransactionReceipt')],
  ])('%s: COMPLETED once, one nonce, the destination paid once', async (_name, arm) => {
    const dest = randomEthAddress();
    const wd = await world.customer('token', dest);
    const faulted = proxy.faulted;
    arm();
    const id = await world.withdraw(wd, 'token', '1234567');
    await mineUntilCompleted(id);
    expect((await stateOf(server, 'withdrawal', id))!.status).toBe('COMPLETED');
    expect(proxy.faulted).toBeGreaterThan(faulted);
    const attempts = await attemptsOf(server, id);
    expect(new Set(attempts.map((a) => a.nonce)).size).toBe(1);
    expect(await tokenBalance(devnet(), dest)).toBe(1_234_567n);
    expect(await ledgerOf(server, id)).toEqual([
      ['HOLD', '1237067'],
      ['WITHDRAWAL', '1234567'],
      ['WITHDRAWAL_FEE', '2500'],
    ]);
    await checkLedgerInvariants(server, wd.customerId);
    proxy.clear();
  }, 90_000);

  it('the nonces of all of them are contiguous: none lost to a failed call', async () => {
    const rows = await server.db.all<{ nonce: number | string }>('SELECT DISTINCT nonce FROM evm_attempts ORDER BY nonce');
    const nonces = rows.map((r) => Number(r.nonce));
    expect(nonces).toEqual(nonces.map((_, i) => nonces[0]! + i));
    expect(nonces).toHaveLength(4);
  });
});
