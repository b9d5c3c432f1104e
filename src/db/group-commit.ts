// Group commit: the writes of every request that arrived since the last commit commit together, each
// in a savepoint of its own, and are made durable by one sync for all. A request's promise settles only
// after that sync, so nothing is acknowledged before it is on disk.
//
// The sync runs off the event loop. The batch commits with synchronous=NORMAL (SQLite writes the WAL
// frames, no sync), then fdatasync of the WAL file runs on libuv's thread pool while the event loop
// serves the next requests: what SQLite's synchronous=FULL does in WAL mode (a sync of the WAL after
// each commit), without every request of the process waiting behind the disk. While a sync runs, new
// jobs wait and then commit as one batch: they could not be acknowledged before the next sync anyway,
// and one transaction writes each hot page (indexes, the idempotency and audit tables) to the WAL once
// instead of once per event-loop turn, which keeps the syncs short under load (measured: far shorter
// latency tails than committing every turn). A job that throws rolls back to its savepoint alone; a
// failed COMMIT or sync fails every job it covers.
//
// Under load a batch also gathers: after a sync, while jobs have been arriving more often than once per
// gatherMs, the next batch waits until gatherMs after that sync (or until GATHER_ENOUGH jobs wait). Each
// batch has a fixed cost (BEGIN, COMMIT writing the hot table and index pages to the WAL again, the
// sync's round trip to the thread pool), and at moderate load batches of 2–6 jobs paid it over and over:
// the main thread was ~74% busy at half the saturated rate. Measured A/B at that rate (1 ms): ~64% busy,
// p50 up by ~2 ms, the saturated rate unchanged. A request that arrives when jobs are sparse is not
// held: the wait applies only while they come faster than gatherMs.
//
// The event loop never sleeps on a lock either: the batch's BEGIN IMMEDIATE runs with busy_timeout=0,
// and when another connection holds the write lock (the checkpointer rewinding the WAL, partnerctl) the
// batch is tried again a millisecond later, for up to BUSY_LIMIT_MS, while reads and parsing go on.
import fs from 'node:fs';
import type { Exec } from './exec.js';
import type { DbHandle } from './open.js';

type Job = { work: (tx: Exec) => unknown; resolve: (value: unknown) => void; reject: (error: unknown) => void };
type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };
/** Settles when batch `upTo` (and every batch before it) is durable. */
type Waiter = { upTo: number; resolve: () => void; reject: (error: unknown) => void };
/** fs.fdatasync's shape; tests pass one that holds or fails the sync to see what waits for it. */
export type Fsync = (fd: number, callback: (error: NodeJS.ErrnoException | null) => void) => void;

const MAX_BATCH = 512;
/** Jobs enough for a batch: no gathering wait once this many are pending. */
const GATHER_ENOUGH = 16;
/** Weight of the newest interval in the running mean of the time between jobs. */
const ARRIVAL_WEIGHT = 0.3;
/** How long a batch waits for another connection's write lock before its jobs fail (the old busy_timeout). */
const BUSY_LIMIT_MS = 5000;

const isBusy = (error: unknown) => typeof (error as { code?: unknown })?.code === 'string' && (error as { code: string }).code.startsWith('SQLITE_BUSY');

export class GroupCommitter {
  private pending: Job[] = [];
  private scheduled = false;
  /** Batches committed to the WAL, and how many of them are known to be on disk. */
  private committed = 0;
  private durable = 0;
  private syncing = false;
  private waiters: Waiter[] = [];
  /** Once an fsync failed, what is in the page cache can no longer be trusted to reach the disk. */
  private failure: Error | undefined;
  /** Batches committed, jobs run and fsyncs issued, for the benchmark and operators. */
  readonly stats = { batches: 0, jobs: 0, fsyncs: 0, busyRetries: 0, gatherWaits: 0 };
  /** When the current run of busy retries began. */
  private busySince: number | undefined;
  /** When the last sync ended, the last job arrived, and the running mean of the time between jobs (ms). */
  private syncEndedAt = -Infinity;
  private lastArrival: number | undefined;
  private meanArrivalGap = Infinity;
  private closing = false;

  // better-sqlite3's transaction functions keep their BEGIN/SAVEPOINT/COMMIT statements prepared, and a
  // transaction function called inside another one runs as a savepoint. Jobs get the drizzle database:
  // on one connection, its statements run inside the open transaction.
  private readonly inSavepoint: (job: Job) => unknown;
  private readonly batch: { immediate: (jobs: Job[], outcomes: Outcome[]) => void };
  private readonly walFd: number | undefined;
  private readonly enterBatch: () => void;
  private readonly leaveBatch: () => void;

  constructor(
    database: DbHandle,
    private readonly fsync: Fsync = fs.fdatasync,
    /** How long after a sync the next batch gathers jobs under load; 0: it commits at once. */
    private readonly gatherMs = 0,
  ) {
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
    // The WAL exists once the connection has read the database (migrations, pragma checks). Without one
    // (an in-memory database), commits keep the connection's own synchronous=FULL.
    this.walFd = openWal(database.sqlite.name);
    // Pragmas take effect when compiled, so they are run with exec each time (a prepared PRAGMA statement
    // re-run does nothing). Only the batch commits skip SQLite's fsync (this class makes them durable
    // itself) and its lock wait; anything else on the connection (reads, the purge) keeps
    // synchronous=FULL and its busy_timeout.
    const busyTimeout = Number(database.sqlite.pragma('busy_timeout', { simple: true }));
    const enter = this.walFd === undefined ? 'PRAGMA busy_timeout = 0' : 'PRAGMA busy_timeout = 0; PRAGMA synchronous = NORMAL';
    const leave = `PRAGMA busy_timeout = ${busyTimeout}` + (this.walFd === undefined ? '' : '; PRAGMA synchronous = FULL');
    this.enterBatch = () => void database.sqlite.exec(enter);
    this.leaveBatch = () => void database.sqlite.exec(leave);
  }

  run<T>(work: (tx: Exec) => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.failure) return reject(this.failure);
      if (this.closing) return reject(new Error('the group committer is closed'));
      this.noteArrival();
      this.pending.push({ work, resolve: resolve as (value: unknown) => void, reject });
      this.schedule();
    });
  }

  private noteArrival(): void {
    const now = performance.now();
    if (this.lastArrival !== undefined) {
      const gap = now - this.lastArrival;
      this.meanArrivalGap = this.meanArrivalGap === Infinity ? gap : this.meanArrivalGap + ARRIVAL_WEIGHT * (gap - this.meanArrivalGap);
    }
    this.lastArrival = now;
  }

  /** Milliseconds the next batch should still wait for more jobs (0: commit now). */
  private gatherWait(): number {
    if (this.gatherMs <= 0 || this.closing || this.pending.length >= GATHER_ENOUGH || this.meanArrivalGap >= this.gatherMs) return 0;
    return Math.max(0, this.syncEndedAt + this.gatherMs - performance.now());
  }

  private schedule(): void {
    if (this.scheduled || this.syncing || this.pending.length === 0) return;
    this.scheduled = true;
    // After the I/O callbacks of this turn: every request parsed so far joins the batch.
    setImmediate(() => this.flush());
  }

  /**
   * Settles once everything committed so far is on disk. An answer that read committed data must wait
   * for this before it leaves: the data it shows may belong to a batch whose fsync is still running.
   */
  settled(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.durable >= this.committed) return Promise.resolve();
    return new Promise((resolve, reject) => this.waiters.push({ upTo: this.committed, resolve, reject }));
  }

  /** True once an fsync failed: the service can no longer promise durability (readiness reports it). */
  get failed(): boolean {
    return this.failure !== undefined;
  }

  /**
   * Commits what still waits (a gathering batch commits at once; one waiting for another connection's
   * lock keeps retrying, for up to BUSY_LIMIT_MS), waits for the last fsync and releases the WAL file.
   * Later jobs are refused: the database is about to close.
   */
  async close(): Promise<void> {
    this.closing = true;
    // A gathering batch commits now rather than when its timer fires (a busy retry keeps its own timer).
    if (this.pending.length > 0 && !this.syncing && this.busySince === undefined) this.flush();
    while ((this.pending.length > 0 || this.syncing) && !this.failure) await new Promise((resolve) => setTimeout(resolve, 1));
    await this.settled().catch(() => {});
    if (this.walFd !== undefined) fs.closeSync(this.walFd);
  }

  private flush(): void {
    this.scheduled = false;
    if (this.pending.length === 0 || this.failure) return;
    const wait = this.gatherWait();
    if (wait > 0) {
      this.stats.gatherWaits += 1;
      this.scheduled = true;
      setTimeout(() => this.flush(), wait);
      return;
    }
    const jobs = this.pending.splice(0, MAX_BATCH);
    const outcomes: Outcome[] = [];
    try {
      this.enterBatch();
      this.batch.immediate(jobs, outcomes);
    } catch (error) {
      // BEGIN IMMEDIATE found the write lock taken: nothing ran; the same jobs try again shortly.
      if (isBusy(error) && outcomes.length === 0 && Date.now() - (this.busySince ??= Date.now()) < BUSY_LIMIT_MS) {
        this.pending.unshift(...jobs);
        this.stats.busyRetries += 1;
        this.scheduled = true;
        setTimeout(() => this.flush(), 1);
        return;
      }
      this.busySince = undefined;
      for (const job of jobs) job.reject(error);
      this.schedule();
      return;
    } finally {
      this.leaveBatch();
    }
    this.busySince = undefined;
    this.stats.batches += 1;
    this.stats.jobs += jobs.length;
    this.committed += 1;
    const settle = () =>
      jobs.forEach((job, i) => {
        const outcome = outcomes[i]!;
        if (outcome.ok) job.resolve(outcome.value);
        else job.reject(outcome.error);
      });
    if (this.walFd === undefined) {
      this.durable = this.committed;
      settle();
      return this.schedule();
    }
    this.waiters.push({ upTo: this.committed, resolve: settle, reject: (error) => jobs.forEach((job) => job.reject(error)) });
    this.sync();
  }

  private sync(): void {
    if (this.syncing || this.failure || this.durable >= this.committed || this.walFd === undefined) return;
    // Commits happen only between fsyncs, so this one covers the batch just committed (and any before).
    this.syncing = true;
    const target = this.committed;
    this.stats.fsyncs += 1;
    this.fsync(this.walFd, (error) => {
      this.syncing = false;
      if (error) {
        // fsync failures are not retried: the kernel may have dropped the dirty pages, and a second
        // fsync would report success for data that is gone. Fail what waits and refuse new writes.
        this.failure = new Error(`fsync of the SQLite WAL failed: ${error.message}`);
        const waiting = this.waiters;
        const queued = this.pending;
        this.waiters = [];
        this.pending = [];
        for (const w of waiting) w.reject(this.failure);
        for (const job of queued) job.reject(this.failure);
        return;
      }
      this.durable = target;
      this.syncEndedAt = performance.now();
      const ready = this.waiters.filter((w) => w.upTo <= target);
      this.waiters = this.waiters.filter((w) => w.upTo > target);
      for (const w of ready) w.resolve();
      this.schedule();
    });
  }
}

function openWal(databaseFile: string): number | undefined {
  if (databaseFile === '' || databaseFile === ':memory:') return undefined;
  try {
    return fs.openSync(`${databaseFile}-wal`, 'r');
  } catch {
    return undefined;
  }
}
