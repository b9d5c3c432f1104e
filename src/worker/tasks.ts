// Every task the worker runs, in the order of a round: each module with worker steps default-exports a
// TaskFactory from its tasks.ts, gathered by codegen in src/worker/generated/tasks.ts.
import type { Config } from '../config.js';
import { taskFactories } from './generated/tasks.js';
import type { TaskServices, WorkerTask } from '../core/task.js';

export function workerTasks(config: Config, services: TaskServices): WorkerTask[] {
  return taskFactories.flatMap((tasks) => tasks(config, services));
}
