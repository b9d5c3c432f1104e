// §18 the EVM rail's worker tasks, in every mode (C3) when EVM_RPC_URLS (or EVM_DEVNET) configures a
// chain: none otherwise (records on EVM routes then wait, C2 RAIL_OFF). Network calls are made outside
// database transactions (the sender is a StartTask that runs its own short transactions).
import type { StepTask, TaskFactory, WorkerTask } from '../../core/task.js';
import { transition } from '../lifecycle/index.js';
import { lifecycleOf, refundTransfers, withdrawalTransfers, type TransferKind } from '../transfers/index.js';
import { chainOf, pollTimeoutMs } from './chain.js';
import { followerTask } from './follower-task.js';
import { findHalt } from './rail-repository.js';
import { EvmSender } from './sender.js';
import { signerOf } from './signer.js';
import { evmRefundsIn, evmWithdrawalsIn, type Waiting } from './transfers-repository.js';
import type { Exec } from '../../db/exec.js';

/**
 * §18.1: the entry step (SUBMITTED / CONFIRMED → SCREENING) of records on EVM routes, at the worker's
 * poll, without SANDBOX_STEP_DELAY_MS. dueAt becomes the time it entered SCREENING: the sender takes
 * records in that order (C9).
 */
function entryTask<Row extends object>(kind: TransferKind<Row>, list: (x: Exec, status: string, limit: number) => Promise<Waiting[]>): StepTask {
  return {
    name: `evm-${kind.name}-entry`,
    async due(db, _now, limit) {
      if (await findHalt(db)) return [];
      return (await list(db, kind.entry, limit)).map((w) => w.id);
    },
    async step(tx, id, now) {
      // C10: while halted no record changes status.
      if (await findHalt(tx)) return false;
      const r = await kind.load(tx, id);
      if (!r || r.status !== kind.entry) return false;
      const at = now.toISOString();
      const row = await transition(tx, lifecycleOf(kind), { id, from: kind.entry, to: 'SCREENING', at, set: { kytResult: 'PENDING', dueAt: at } });
      return row !== undefined;
    },
  };
}

const tasks: TaskFactory = (config, services) => {
  const chain = chainOf(config.evm, { timeoutMs: pollTimeoutMs(config.evm.pollIntervalMs) });
  if (!chain) return [];
  const follower = followerTask(config, services);
  const signer = config.evm.signer ? signerOf(config.evm.signer, config.evm.signerTimeoutMs) : undefined;
  if (!signer) return [follower];
  const all: WorkerTask[] = [
    follower,
    entryTask(withdrawalTransfers, evmWithdrawalsIn),
    entryTask(refundTransfers, evmRefundsIn),
    new EvmSender(config, services.engine, services.clock, services.logger, chain, signer),
  ];
  return all;
};
export default tasks;
