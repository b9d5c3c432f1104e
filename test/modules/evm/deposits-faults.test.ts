// §18 C6, C10, §18.4: the follower against a faulty node (429s, answers past the timeout, a lagging node's
// empty logs and missing blocks) loses and doubles nothing; a transaction from the hot address that is
// none of the stored attempts halts the rail FOREIGN_TRANSACTION, and while halted deposits are still
// detected but not decided; a scheduled rescan finds what the follower never read and creates nothing twice;
// on catch-up the logs of many blocks come in one query, halved to what the node allows (§18.3).
import { afterAll, describe, expect, it } from 'vitest';
import { foundry } from 'viem/chains';
import { createWalletClient, http } from 'viem';
import { DEVNET_HOT } from '../../../src/modules/devnet/token.js';
import { useDevnet } from '../../helpers/anvil.js';
import { EvmPartner, followerPast, payToken, startEvmServer, waitFor } from '../../helpers/evm-deposits.js';
import type { TestServer } from '../../helpers/harness.js';
import { startRpcProxy, type RpcProxy } from '../../helpers/rpc-proxy.js';

const devnet = useDevnet();
const servers: TestServer[] = [];
const proxies: RpcProxy[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop();
  for (const p of proxies) await p.close();
});

async function rpcProxy(): Promise<RpcProxy> {
  const p = await startRpcProxy(devnet().url);
  proxies.push(p);
  return p;
}

async function server(url: string, extra: Record<string, string> = {}): Promise<TestServer> {
  const s = await startEvmServer(url, extra);
  servers.push(s);
  return s;
}

const ledgerRows = (s: TestServer, depositId: string) =>
  s.db.all<{ type: string; amount_minor: string }>(`SELECT type, amount_minor FROM ledger_transactions WHERE resource_id = ?`, depositId);

describe('§18 the follower under faults', () => {
  it('429s, a timeout, empty logs and missing blocks from the node: every deposit once, credited once', async () => {
    const proxy = await rpcProxy();
    const s = await server(proxy.url);
    const partner = await EvmPartner.create(s, devnet());
    const customers = await Promise.all([1, 2, 3, 4].map(() => partner.customer()));
    await followerPast(s, (await devnet().head()) - 1);
    const faults = [
      () => proxy.fail({ kind: '429' }, 4),
      () => proxy.fail({ kind: 'null-block' }, 3, 'eth_getBlockByNumber'),
      // A node that keeps answering `[]`: past a few polls the block's receipts decide.
      () => proxy.fail({ kind: 'empty-logs' }, 20, 'eth_getLogs'),
      // Past the client's timeout (2 s at EVM_POLL_INTERVAL_MS=50).
      () => proxy.fail({ kind: 'delay', ms: 2_500 }, 1),
    ];
    for (const [i, c] of customers.entries()) {
      await payToken(devnet(), c.address, BigInt(1_000_000 + i));
      faults[i]!();
      await devnet().mine();
      await partner.depositsUntil(c.customerId, (ds) => ds[0]?.status === 'CONFIRMING', `deposit ${i} CONFIRMING`);
    }
    await devnet().mine(2);
    for (const [i, c] of customers.entries()) {
      const ds = await partner.depositsUntil(c.customerId, (d) => d[0]?.status === 'COMPLETED', `deposit ${i} COMPLETED`);
      expect(ds).toHaveLength(1);
      expect(ds[0]!.amountMinor).toBe(String(1_000_000 + i));
      expect(await ledgerRows(s, ds[0]!.depositId)).toEqual([{ type: 'DEPOSIT', amount_minor: String(1_000_000 + i) }]);
      expect(await partner.eventTypes(ds[0]!.depositId)).toEqual(['crypto_deposit.confirming', 'crypto_deposit.completed']);
    }
    expect(proxy.faulted).toBeGreaterThanOrEqual(4 + 3 + 3 + 1);
  }, 90_000);

  it('a transaction from the hot address that is no stored attempt halts FOREIGN_TRANSACTION; deposits are detected, not decided', async () => {
    const s = await server(devnet().url);
    const partner = await EvmPartner.create(s, devnet());
    const { customerId, address } = await partner.customer();
    // The rail's start stored the hot address the follower compares senders with.
    expect(await s.db.get(`SELECT hot_address FROM evm_rail WHERE id = 1`)).toEqual({ hot_address: DEVNET_HOT.address });
    const hot = createWalletClient({ account: DEVNET_HOT, chain: foundry, transport: http(devnet().url) });
    const foreign = await hot.sendTransaction({ to: '0x000000000000000000000000000000000000dEaD', value: 1n, chain: foundry, account: DEVNET_HOT });
    await devnet().mine();
    const halt = await waitFor(() => s.db.get<{ reason: string; detail: string }>(`SELECT reason, detail FROM evm_halt WHERE id = 1`), (h) => h !== undefined, 'halt');
    expect(halt!.reason).toBe('FOREIGN_TRANSACTION');
    expect(halt!.detail).toContain(foreign.toLowerCase());
    expect(halt!.detail).toMatch(/nonce \d+/);

    await payToken(devnet(), address, 1_234_567n);
    await devnet().mine();
    const [d] = await partner.depositsUntil(customerId, (ds) => ds[0]?.status === 'CONFIRMING', 'CONFIRMING while halted');
    const head = await devnet().mine(3);
    await followerPast(s, head);
    // The follower has polled past finality at least once more: still not decided.
    await followerPast(s, await devnet().mine(1));
    expect((await partner.deposits(customerId))[0]).toMatchObject({ depositId: d!.depositId, status: 'CONFIRMING', finalizedAt: null });
    expect(await ledgerRows(s, d!.depositId)).toEqual([]);
  });

  it('§18.4 a rescan finds a transfer the follower never read (decided at once, the block being final) and creates nothing twice', async () => {
    const s = await server(devnet().url);
    const partner = await EvmPartner.create(s, devnet());
    const seen = await partner.customer();
    const missed = await partner.customer();
    await payToken(devnet(), seen.address, 1_000_000n);
    const seenBlock = await devnet().mine();
    await devnet().mine(2);
    await partner.depositsUntil(seen.customerId, (ds) => ds[0]?.status === 'COMPLETED', 'seen deposit');
    // The follower is stopped while a payment is made, then set past it (as if it had started later).
    await s.service.stop();
    await payToken(devnet(), missed.address, 2_000_000n);
    const missedBlock = await devnet().mine();
    const head = await devnet().mine(3);
    await s.db.run(`UPDATE evm_follower SET next_block = ? WHERE id = 1`, head + 1);
    await s.start();
    await followerPast(s, await devnet().mine());
    expect(await partner.deposits(missed.customerId)).toEqual([]);

    await s.db.run(`UPDATE evm_follower SET rescan_from = ? WHERE id = 1`, seenBlock - 1);
    await waitFor(() => s.db.get<{ rescan_from: number | null }>(`SELECT rescan_from FROM evm_follower WHERE id = 1`), (r) => r?.rescan_from === null, 'rescan done');
    const [m] = await partner.depositsUntil(missed.customerId, (ds) => ds[0]?.status === 'COMPLETED', 'rescanned deposit');
    expect(m).toMatchObject({ amountMinor: '2000000', blockNumber: missedBlock });
    expect(await partner.eventTypes(m!.depositId)).toEqual(['crypto_deposit.confirming', 'crypto_deposit.completed']);
    const [again] = await partner.deposits(seen.customerId);
    expect(await partner.deposits(seen.customerId)).toHaveLength(1);
    expect(await partner.eventTypes(again!.depositId)).toEqual(['crypto_deposit.confirming', 'crypto_deposit.completed']);
    expect(await ledgerRows(s, again!.depositId)).toEqual([{ type: 'DEPOSIT', amount_minor: '1000000' }]);
  });

  it('§18.3 catch-up: the logs of many blocks in one query, halved to what the node allows (EVM_LOG_RANGE_MAX); every deposit once', async () => {
    const proxy = await rpcProxy();
    const s = await server(proxy.url, { EVM_LOG_RANGE_MAX: '16' });
    const partner = await EvmPartner.create(s, devnet());
    const customers = await Promise.all([1, 2, 3, 4, 5].map(() => partner.customer()));
    await followerPast(s, await devnet().head());
    // The follower stops while blocks pile up: a payment, then three empty blocks, five times.
    await s.service.stop();
    proxy.fail({ kind: 'range-limit', maxBlocks: 5 }, 1_000, 'eth_getLogs');
    const from = (await devnet().head()) + 1;
    const paidIn: number[] = [];
    for (const [i, c] of customers.entries()) {
      await payToken(devnet(), c.address, BigInt(2_000_000 + i));
      paidIn.push(await devnet().mine());
      await devnet().mine(3);
    }
    const head = await devnet().head();
    const seen = proxy.logQueries.length;
    await s.start();
    await followerPast(s, head);
    const queries = proxy.logQueries.slice(seen);
    const ranges = queries.filter((q): q is { fromBlock: number; toBlock: number } => 'fromBlock' in q);
    // 16 blocks refused, 8 refused, then 4 at a time from the first block behind.
    expect(ranges.slice(0, 3).map((q) => [q.fromBlock, q.toBlock - q.fromBlock + 1])).toEqual([
      [from, 16],
      [from, 8],
      [from, 4],
    ]);
    const answered = ranges.filter((q) => q.toBlock - q.fromBlock + 1 <= 5);
    expect(answered.map((q) => q.fromBlock)).toEqual(answered.map((_, i) => from + 4 * i));
    expect(answered.at(-1)!.toBlock).toBeGreaterThanOrEqual(head - 1);
    // Blocks the ranges answered ask nothing more: a block with a payment has its logs, an empty one a bloom without them.
    const byHash = queries.filter((q) => 'blockHash' in q);
    expect(byHash.length).toBeLessThanOrEqual(2);

    await devnet().mine(2);
    for (const [i, c] of customers.entries()) {
      const ds = await partner.depositsUntil(c.customerId, (d) => d[0]?.status === 'COMPLETED', `deposit ${i} COMPLETED`);
      expect(ds).toHaveLength(1);
      expect(ds[0]).toMatchObject({ amountMinor: String(2_000_000 + i), blockNumber: paidIn[i] });
      expect(await ledgerRows(s, ds[0]!.depositId)).toEqual([{ type: 'DEPOSIT', amount_minor: String(2_000_000 + i) }]);
    }
  }, 90_000);
});
