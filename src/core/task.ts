// What the worker (src/worker/) runs: a module's tasks are written against these types, so modules never
// import the worker. State lives in the records; a task only finds what is due and takes one step (§10.7).
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Engine } from '../db/engine.js';
import type { Exec } from '../db/exec.js';

type TaskBase = {
  name: string;
  /** Ids whose next step is due at `now`, oldest first, at most `limit`. */
  due(db: Exec, now: Date, limit: number): Promise<string[]>;
};

export type StepTask = TaskBase & {
  /** One step of one record in `tx`: false when it was no longer due (another process took it). */
  step(tx: Exec, id: string, now: Date): Promise<boolean>;
};

/**
 * A task whose step must not hold a transaction open (a webhook request, §11.5): it runs its own
 * transactions and may leave work running after `start` resolves.
 */
export type StartTask = TaskBase & {
  /** Takes the record (false when it was no longer due) and starts its work. */
  start(id: string, now: Date): Promise<boolean>;
  /** Resolves when the work started so far is done, with how much finished since the last call. */
  idle(): Promise<number>;
  /** Cuts the work in flight (it is made again later) and resolves when it has stopped. */
  stop(): Promise<void>;
  /** Set by the worker: ask for a round now (work finished, so more may be due) instead of at the next poll. */
  wake?: () => void;
};

export type WorkerTask = StepTask | StartTask;

export type TaskServices = { engine: Pick<Engine, 'read' | 'writer'>; clock: () => Date; logger: Logger };

/** A module's worker tasks under a configuration (none where its mode runs none). */
export type TaskFactory = (config: Config, services: TaskServices) => WorkerTask[];
