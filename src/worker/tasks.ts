// Every task the worker runs, in the order of a round: each module with worker steps default-exports a
// TaskFactory from its tasks.ts, gathered by codegen in src/worker/generated/tasks.ts.
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Engine } from '../db/engine.js';
import { taskFactories } from './generated/tasks.js';
import type { WorkerTask } from './worker.js';

export type TaskServices = { engine: Pick<Engine, 'read' | 'writer'>; clock: () => Date; logger: Logger };

/** A module's worker tasks under a configuration (none where its mode runs none). */
export type TaskFactory = (config: Config, services: TaskServices) => WorkerTask[];

export function workerTasks(config: Config, services: TaskServices): WorkerTask[] {
  return taskFactories.flatMap((tasks) => tasks(config, services));
}
