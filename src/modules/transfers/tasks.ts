// §10.7 the worker tasks of the transfer pipeline: one per kind of record, each step through the rail.
import type { WorkerTask } from '../../worker/worker.js';
import { refundTransfers, withdrawalTransfers } from './kinds.js';
import type { TransferKind } from './pipeline.js';
import { stepTransfer } from './pipeline.js';
import type { TransferRail } from './rail.js';
import { pipelineStates } from './rules.js';

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
