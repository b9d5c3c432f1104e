// Every task the worker runs, in the order of a round.
import type { Config } from '../config.js';
import type { WorkerTask } from './worker.js';

export function workerTasks(_config: Config): WorkerTask[] {
  return [];
}
