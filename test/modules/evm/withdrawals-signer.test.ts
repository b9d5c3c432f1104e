// §18 C10 SIGNER_MISMATCH: a signed transaction whose recovered sender is not the hot address stores
// nothing (the sign-and-store transaction rolls back: no nonce consumed, no attempt, the record stays in
// SCREENING) and halts the rail. The EVM tasks run here on the test's own worker over the server's
// database, with a signer that signs for another key.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateKeyToAccount } from 'viem/accounts';
import { loadConfig } from '../../../src/config.js';
import { devnetKey } from '../../../src/config/evm.js';
import type { WorkerTask } from '../../../src/core/task.js';
import { chainAt } from '../../../src/modules/evm/chain.js';
import { EvmSender } from '../../../src/modules/evm/sender.js';
import evmTasks from '../../../src/modules/evm/tasks.js';
import { Worker } from '../../../src/worker/worker.js';
import { useDevnet } from '../../helpers/anvil.js';
import { randomEthAddress, startTestServer, type TestServer } from '../../helpers/harness.js';
import { evmEnv, EvmWorld, HOT, stateOf } from './chain-transfers.js';

const devnet = useDevnet();
let server: TestServer;
let world: EvmWorld;

beforeAll(async () => {
  // The server's own worker has no EVM tasks (no EVM_RPC_URLS): the test's worker below is the rail.
  server = await startTestServer();
  world = await EvmWorld.create(server, devnet());
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

describe('C10 SIGNER_MISMATCH', () => {
  it('the recovered sender is not the hot address: nothing stored, no nonce consumed, the rail halts', async () => {
    const id = await world.withdraw(await world.customer('token', randomEthAddress()), 'token', '1000000');
    const config = loadConfig({ ...evmEnv(devnet().url), DATABASE_URL: server.databaseUrl, LOG_LEVEL: 'silent' });
    const other = privateKeyToAccount(devnetKey(3));
    const logger = pino({ level: 'silent' });
    await server.operator(async (engine) => {
      const services = { engine, clock: server.clock.now, logger };
      const [entryW, entryR] = evmTasks(config, services);
      const sender = new EvmSender(config, engine, server.clock.now, logger, chainAt([devnet().url]), { address: HOT, sign: async (tx) => ({ ok: true, raw: await other.signTransaction(tx) }) });
      const worker = new Worker(engine, [entryW, entryR, sender] as WorkerTask[], server.clock.now, 50, logger);
      try {
        await worker.drain();
      } finally {
        await worker.stop();
      }
    });
    const halt = await server.db.get<{ reason: string; detail: string }>('SELECT reason, detail FROM evm_halt');
    expect(halt?.reason).toBe('SIGNER_MISMATCH');
    expect(await stateOf(server, 'withdrawal', id)).toEqual({ status: 'SCREENING', status_info: 'Screening destination address', tx_hash: null });
    expect(await server.db.count('SELECT count(*) AS n FROM evm_attempts')).toBe(0);
    expect(await server.db.count('SELECT count(*) AS n FROM evm_transfers')).toBe(0);
    const counter = await server.db.get<{ next_nonce: number | string }>('SELECT next_nonce FROM evm_nonces WHERE address = ?', HOT);
    expect(Number(counter!.next_nonce)).toBe(0);
  });
});
