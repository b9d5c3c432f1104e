// §18 C9 hot wallet capacity and C10 the count check, against the file's devnet and the real server:
// with EVM_MAX_INFLIGHT=1 a second withdrawal waits in SCREENING ("Waiting for hot wallet capacity", one
// `updated` event) until the first is final; a token balance that cannot cover it waits too; a
// transaction from the hot key that the service did not sign halts the rail (FOREIGN_TRANSACTION) and
// nothing is signed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletClient, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { devnetKey } from '../../../src/config/evm.js';
import { useDevnet } from '../../helpers/anvil.js';
import { randomEthAddress, startTestServer, type TestServer } from '../../helpers/harness.js';
import { eventsOf } from '../../helpers/withdrawals.js';
import { attemptsOf, evmEnv, EvmWorld, HOT, publicClientOf, setTokenBalance, stateOf, tokenBalance, waitFor, waitSent, waitStatus } from './chain-transfers.js';

const devnet = useDevnet();
let server: TestServer;
let world: EvmWorld;

beforeAll(async () => {
  server = await startTestServer(evmEnv(devnet().url, { EVM_MAX_INFLIGHT: '1' }));
  world = await EvmWorld.create(server, devnet());
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

const WAITING = 'Waiting for hot wallet capacity';
const types = async (id: string) => (await eventsOf(server, id)).map((e) => e.type);

describe('C9 hot wallet capacity', () => {
  it('EVM_MAX_INFLIGHT=1: the second waits in SCREENING with one `updated` event, and goes once the first is final', async () => {
    const first = await world.withdraw(await world.customer('token', randomEthAddress()), 'token', '1000000');
    await waitStatus(server, 'withdrawal', first, 'BROADCASTING');
    const second = await world.withdraw(await world.customer('token', randomEthAddress()), 'token', '1000000');
    const waiting = await waitFor(() => stateOf(server, 'withdrawal', second), (s) => s?.status_info === WAITING, 'the second waiting');
    expect(waiting).toEqual({ status: 'SCREENING', status_info: WAITING, tx_hash: null });
    const updated = (await eventsOf(server, second)).at(-1)!;
    expect(updated.type).toBe('crypto_withdrawal.updated');
    expect(updated.data).toMatchObject({ status: 'SCREENING', statusInfo: WAITING, txHash: null });
    expect(await attemptsOf(server, second)).toEqual([]);

    await waitSent(server, first);
    await devnet().mine(1);
    await waitStatus(server, 'withdrawal', first, 'CONFIRMING');
    // Included but not final: still counted, the second still waits.
    expect((await stateOf(server, 'withdrawal', second))!.status).toBe('SCREENING');
    await devnet().mine(2);
    await waitStatus(server, 'withdrawal', first, 'COMPLETED');
    const broadcasting = await waitStatus(server, 'withdrawal', second, 'BROADCASTING');
    expect(broadcasting.status_info).toBe('Broadcasting transaction');
    // One `updated` when it started waiting, none repeated over the passes it waited.
    expect(await types(second)).toEqual([
      'crypto_withdrawal.approved',
      'crypto_withdrawal.submitted',
      'crypto_withdrawal.screening',
      'crypto_withdrawal.updated',
      'crypto_withdrawal.broadcasting',
    ]);
    await waitSent(server, second);
    await devnet().mine(3);
    await waitStatus(server, 'withdrawal', second, 'COMPLETED');
  });

  it('a hot token balance that cannot cover the withdrawal: it waits, and goes once the balance covers it', async () => {
    const held = await tokenBalance(devnet(), HOT);
    await setTokenBalance(devnet(), HOT, 999_999n);
    const id = await world.withdraw(await world.customer('token', randomEthAddress()), 'token', '1000000');
    try {
      await waitFor(() => stateOf(server, 'withdrawal', id), (s) => s?.status_info === WAITING, 'waiting for the token balance');
    } finally {
      await setTokenBalance(devnet(), HOT, held);
    }
    await waitStatus(server, 'withdrawal', id, 'BROADCASTING');
    await waitSent(server, id);
    await devnet().mine(3);
    await waitStatus(server, 'withdrawal', id, 'COMPLETED');
  });
});

describe('C10 FOREIGN_TRANSACTION', () => {
  it('a transaction from the hot key the service did not sign: the count check halts the rail before signing; nothing is signed, submissions still succeed', async () => {
    const wallet = createWalletClient({ account: privateKeyToAccount(devnetKey(0)), transport: http(devnet().url) });
    const chain = publicClientOf(devnet().url);
    const nonce = await chain.getTransactionCount({ address: HOT, blockTag: 'latest' });
    await wallet.sendTransaction({ chain: null, to: randomEthAddress() as `0x${string}`, value: 1n, nonce, gas: 21_000n });
    await devnet().mine(1);
    const counted = await server.db.count('SELECT count(*) AS n FROM evm_attempts');

    const id = await world.withdraw(await world.customer('token', randomEthAddress()), 'token', '1000000');
    const halt = await waitFor(
      () => server.db.get<{ reason: string; detail: string }>('SELECT reason, detail FROM evm_halt'),
      (h) => h !== undefined,
      'the halt',
    );
    expect(halt!.reason).toBe('FOREIGN_TRANSACTION');
    // The follower (reading the foreign transaction's block) or the count check before signing halts it first.
    const held = (await stateOf(server, 'withdrawal', id))!.status;
    expect(['SUBMITTED', 'SCREENING']).toContain(held);
    // Submissions still succeed (SUBMITTED, HOLD) and no record changes status while halted.
    const next = await world.withdraw(await world.customer('token', randomEthAddress()), 'token', '1000000');
    await devnet().mine(1);
    await waitFor(() => server.db.count('SELECT count(*) AS n FROM evm_attempts'), (n) => n === counted, 'nothing signed');
    expect((await stateOf(server, 'withdrawal', next))!.status).toBe('SUBMITTED');
    expect((await stateOf(server, 'withdrawal', id))!.status).toBe(held);
    expect(await server.db.count('SELECT count(*) AS n FROM evm_transfers WHERE resource_id IN (?, ?)', id, next)).toBe(0);
  });
});
