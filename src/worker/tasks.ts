// Every task the worker runs, in the order of a round.
import type { Config } from '../config.js';
import { sandboxRail } from '../modules/transfers/sandbox-rail.js';
import { transferTasks } from '../modules/transfers/tasks.js';
import type { WorkerTask } from './worker.js';

export function workerTasks(config: Config): WorkerTask[] {
  // §10.7 / settled point 3: the sandbox simulator is the only rail shipped and runs only in sandbox
  // mode; outside it submitted withdrawals stay SUBMITTED and confirmed refunds CONFIRMED, funds held.
  const rail = config.sandbox ? sandboxRail : undefined;
  return rail ? transferTasks(rail, config.sandboxStepDelayMs) : [];
}
