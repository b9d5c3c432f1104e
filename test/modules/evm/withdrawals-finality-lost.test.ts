// §18 C10 (settled 2026-12-07): the hash of every block that holds a deposit or an included attempt is kept
// and checked for at least 2 × EVM_FINALITY blocks after it became final, so FINALITY_LOST is seen for
// withdrawals too. Here EVM_FINALITY=100: a final block holding only a withdrawal's included attempt, 140
// blocks after it became final (past the follower's usual window of 128, within 2 × 100), is reorganised
// away: the rail halts FINALITY_LOST naming that block; the withdrawal stays COMPLETED, no ledger row changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hex } from 'viem';
import { useDevnet } from '../../helpers/anvil.js';
import { followerPast } from '../../helpers/evm-deposits.js';
import { randomEthAddress, startTestServer, type TestServer } from '../../helpers/harness.js';
import { evmEnv, EvmWorld, waitFor, waitSent, waitStatus } from './chain-transfers.js';

const devnet = useDevnet();
let server: TestServer;
let world: EvmWorld;

beforeAll(async () => {
  server = await startTestServer(evmEnv(devnet().url, { EVM_FINALITY: '100' }));
  world = await EvmWorld.create(server, devnet());
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

describe('§18 C10 FINALITY_LOST for a withdrawal\'s block', { timeout: 120_000 }, () => {
  it('a final block holding only an included attempt, reorganised away 140 blocks after finality → halt FINALITY_LOST naming it', async () => {
    const wd = await world.customer('token', randomEthAddress());
    const id = await world.withdraw(wd, 'token', '1500000');
    await waitStatus(server, 'withdrawal', id, 'BROADCASTING');
    await waitSent(server, id);
    const snapshot = await devnet().rpc<Hex>('evm_snapshot');
    const block = await devnet().mine(1);
    await waitStatus(server, 'withdrawal', id, 'CONFIRMING');
    expect(await server.db.count('SELECT COUNT(*) AS n FROM crypto_deposits WHERE block_number = ?', block)).toBe(0);
    await devnet().mine(100);
    await waitStatus(server, 'withdrawal', id, 'COMPLETED');
    const head = await devnet().mine(140);
    await followerPast(server, head);
    const ledgerBefore = await server.db.all(`SELECT * FROM ledger_transactions ORDER BY created_at, transaction_id`);

    await devnet().rpc('evm_revert', [snapshot]);
    await devnet().rpc('anvil_dropAllTransactions');
    await devnet().mine(head - block + 20);
    const halt = await waitFor(
      () => server.db.get<{ reason: string; detail: string }>(`SELECT reason, detail FROM evm_halt WHERE id = 1`),
      (h) => h !== undefined,
      'FINALITY_LOST halt',
      30_000,
    );
    expect(halt!.reason).toBe('FINALITY_LOST');
    expect(halt!.detail).toMatch(new RegExp(`^block ${block} \\(0x[0-9a-f]{64}\\) was final`));
    expect(await waitStatus(server, 'withdrawal', id, 'COMPLETED')).toMatchObject({ status: 'COMPLETED' });
    expect(await server.db.all(`SELECT * FROM ledger_transactions ORDER BY created_at, transaction_id`)).toEqual(ledgerBefore);
  });
});
