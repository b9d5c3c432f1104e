// Group commit: the writes of every request that arrived in one event-loop turn commit together, each
// in a savepoint of its own, with one fsync for all. A request's promise settles only after the COMMIT
// returned (synchronous=FULL: the data is on disk), so nothing is acknowledged before it is durable.
// A job that throws rolls back to its savepoint alone; a failed COMMIT fails every job of the batch.
import type { Exec } from './exec.js';
import type { DbHandle } from './open.js';

type Job = { work: (tx: Exec) => unknown; resolve: (value: unknown) => void; reject: (error: unknown) => void };
type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

const MAX_BATCH = 512;

export class GroupCommitter {
  private pending: Job[] = [];
  private scheduled = false;
  /** Batches committed and jobs run, for the benchmark and operators. */
  readonly stats = { batches: 0, jobs: 0 };

  // better-sqlite3's transaction functions keep their BEGIN/SAVEPOINT/COMMIT statements prepared, and a
  // transaction function called inside another one runs as a savepoint. Jobs get the drizzle database:
  // on one connection, its statements run inside the open transaction.
  private readonly inSavepoint: (job: Job) => unknown;
  private readonly batch: { immediate: (jobs: Job[], outcomes: Outcome[]) => void };

  constructor(database: DbHandle) {
    this.inSavepoint = database.sqlite.transaction((job: Job) => job.work(database.db));
    this.batch = database.sqlite.transaction((jobs: Job[], outcomes: Outcome[]) => {
      for (const job of jobs) {
        try {
          outcomes.push({ ok: true, value: this.inSavepoint(job) });
        } catch (error) {
          outcomes.push({ ok: false, error });
        }
      }
    });
  }

  run<T>(work: (tx: Exec) => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        // After the I/O callbacks of this turn: every request parsed so far joins the batch.
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    const jobs = this.pending.splice(0, MAX_BATCH);
    this.scheduled = this.pending.length > 0;
    if (this.scheduled) setImmediate(() => this.flush());
    const outcomes: Outcome[] = [];
    try {
      this.batch.immediate(jobs, outcomes);
    } catch (error) {
      for (const job of jobs) job.reject(error);
      return;
    }
    this.stats.batches += 1;
    this.stats.jobs += jobs.length;
    jobs.forEach((job, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    });
  }
}
