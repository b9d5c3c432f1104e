// §10.7 the worker tasks of the transfer pipeline: one per kind of record, each step through the rail.
import type { TaskFactory } from '../../core/task.js';
import type { WorkerTask } from '../../core/task.js';
import { refundTransfers, withdrawalTransfers } from './kinds.js';
import type { TransferKind } from './pipeline.js';
import { stepTransfer } from './pipeline.js';
import type { TransferRail } from './rail.js';
import { pipelineStates } from './rules.js';
import { sandboxRail } from './sandbox-rail.js';

function taskOf<Row extends object>(kind: TransferKind<Row>, rail: TransferRail, delayMs: number): WorkerTask {
  return {
    name: kind.name,
    due: (db, now, limit) => kind.due(db, pipelineStates(kind.entry), now.toISOString(), limit),
    step: (tx, id, now) => stepTransfer(kind, rail, delayMs, tx, id, now),
  };
}

/** The tasks that move withdrawals and refunds through `rail`. */
export function transferTasks(rail: TransferRail, delayMs: number): WorkerTask[] {
  return [taskOf(withdrawalTransfers, rail, delayMs), taskOf(refundTransfers, rail, delayMs)];
}

// §10.7 / settled point 3: the sandbox simulator runs only in sandbox mode, and only for records on
// SANDBOX routes (the due queries); outside it those stay SUBMITTED / CONFIRMED, funds held. Records on
// EVM routes are the EVM rail's in every mode (§18 C1, src/modules/evm/tasks.ts).
const tasks: TaskFactory = (config) => (config.sandbox ? transferTasks(sandboxRail, config.sandboxStepDelayMs) : []);
export default tasks;
