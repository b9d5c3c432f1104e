// Every task the worker runs, in the order of a round.
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Engine } from '../db/engine.js';
import { sandboxRail } from '../modules/transfers/sandbox-rail.js';
import { transferTasks } from '../modules/transfers/tasks.js';
import { DeliveryTask } from '../modules/webhooks/delivery.js';
import type { WorkerTask } from './worker.js';

export type TaskServices = { engine: Pick<Engine, 'read' | 'writer'>; clock: () => Date; logger: Logger };

export function workerTasks(config: Config, services: TaskServices): WorkerTask[] {
  // §10.7 / settled point 3: the sandbox simulator is the only rail shipped and runs only in sandbox
  // mode; outside it submitted withdrawals stay SUBMITTED and confirmed refunds CONFIRMED, funds held.
  const rail = config.sandbox ? sandboxRail : undefined;
  const transfers = rail ? transferTasks(rail, config.sandboxStepDelayMs) : [];
  // §11.5: webhooks are delivered in every mode.
  return [...transfers, new DeliveryTask(config, services.engine, services.clock, services.logger)];
}
