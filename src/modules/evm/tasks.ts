// §18 the EVM rail's worker tasks, in every mode (C3) when EVM_RPC_URLS (or EVM_DEVNET) configures a
// chain: none otherwise (records on EVM routes then wait, C2 RAIL_OFF). Network calls are made outside
// database transactions (the sender is a StartTask that runs its own short transactions).
import type { StepTask, TaskFactory, WorkerTask } from '../../core/task.js';
import type { Exec } from '../../db/exec.js';
import { takeStep } from '../transfers/index.js';
import { chainOf, pollTimeoutMs } from './chain.js';
import { followerTask } from './follower/task.js';
import { KINDS, type AnyKind } from './kinds.js';
import { findHalt } from './rail/repository.js';

const isHalted = async (x: Exec): Promise<boolean> => (await findHalt(x)) !== undefined;
import { EvmSender } from './sender.js';
import { signerOf } from './signer.js';

/**
 * §18.1: the entry step (SUBMITTED / CONFIRMED → SCREENING) of records on EVM routes, at the worker's
 * poll, without SANDBOX_STEP_DELAY_MS. dueAt becomes the time it entered SCREENING: the sender takes
 * records in that order (C9).
 */
function entryTask(kind: AnyKind): StepTask {
  return {
    name: `evm-${kind.name}-entry`,
    async due(db, _now, limit) {
      if (await findHalt(db)) return [];
      return (await kind.waiting(db, { rail: 'EVM', statuses: [kind.entry], limit })).map((w) => w.id);
    },
    async step(tx, id, now) {
      const r = await kind.load(tx, id);
      if (!r || r.status !== kind.entry) return false;
      // C10: while halted no record changes status.
      return takeStep(tx, kind, r, { step: 'enter' }, { at: () => now.toISOString(), dueAt: (_to, at) => at, halted: isHalted });
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
    entryTask(KINDS.CRYPTO_WITHDRAWAL),
    entryTask(KINDS.CRYPTO_REFUND),
    new EvmSender(config, services.engine, services.clock, services.logger, chain, signer),
  ];
  return all;
};
export default tasks;
