// Group commit (SQLite): the writes of every request that arrived since the last commit commit together,
// each in a savepoint of its own, and are made durable by one sync for all. A request's promise settles
// only after that sync, so nothing is acknowledged before it is on disk.
//
// The sync runs off the event loop. The batch commits with synchronous=NORMAL (SQLite writes the WAL
// frames, no sync), then fdatasync of the WAL file runs on libuv's thread pool while the event loop
// serves the next requests: what SQLite's synchronous=FULL does in WAL mode (a sync of the WAL after
// each commit), without every request of the process waiting behind the disk. While a sync runs, new
// jobs wait and then commit as one batch: they could not be acknowledged before the next sync anyway,
// and one transaction writes each hot page (indexes, the idempotency and audit tables) to the WAL once.
// A job that throws rolls back to its savepoint alone; a failed COMMIT or sync fails every job it covers.
//
// Under load a batch also gathers: after a sync, while jobs have been arriving more often than once per
// gatherMs, the next batch waits until gatherMs after that sync (or until GATHER_ENOUGH jobs wait), so
// the fixed cost of a batch (BEGIN, COMMIT, the sync's round trip) is shared by more jobs. A job that
// arrives when jobs are sparse is never held. docs/performance.md has the measurements.
//
// Jobs are async (the repositories' interface is the same on every engine), but on better-sqlite3 every
// repository call settles at once, so a batch runs to its COMMIT within one turn of the event loop and
// no other request's read can see its uncommitted rows. A job must await nothing but repository calls.
//
// The event loop never sleeps on a lock either: the batch's BEGIN IMMEDIATE runs with busy_timeout=0,
// and when another connection holds the write lock (the checkpointer rewinding the WAL, partnerctl) the
// batch is tried again a millisecond later, for up to BUSY_LIMIT_MS, while reads and parsing go on.
import fs from 'node:fs';
import type { EngineWriter } from './engine-types.js';
import type { Exec, Query, RunOptions } from './exec.js';
import type { DbHandle } from './open.js';
import * as tables from './generated/tables.js';

type Job = { work: (tx: Exec) => Promise<unknown>; resolve: (value: unknown) => void; reject: (error: unknown) => void };
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

export class GroupCommitter implements EngineWriter {
  /** Jobs run one at a time, in arrival order, on one connection. */
  readonly ordered = true;
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

  private readonly db: Exec;
  private readonly sql: Record<'begin' | 'commit' | 'rollback' | 'savepoint' | 'release' | 'rollbackTo', { run(): unknown }>;
  private readonly inTransaction: () => boolean;
  /** A batch is running its jobs (between BEGIN and COMMIT): no second one may start. */
  private flushing = false;
  private readonly walFd: number | undefined;
  private readonly enterBatch: () => void;
  private readonly leaveBatch: () => void;

  constructor(
    database: DbHandle,
    private readonly fsync: Fsync = fs.fdatasync,
    /** How long after a sync the next batch gathers jobs under load; 0: it commits at once. */
    private readonly gatherMs = 0,
    /** Told each committed batch's number of jobs (metrics). */
    private readonly onBatch?: (jobs: number) => void,
  ) {
    // Jobs get the drizzle database: on one connection, its statements run inside the open transaction.
    this.db = { q: database.db as unknown as Query, t: tables, engine: 'sqlite' };
    const prepare = (text: string) => database.sqlite.prepare(text);
    this.sql = {
      begin: prepare('BEGIN IMMEDIATE'),
      commit: prepare('COMMIT'),
      rollback: prepare('ROLLBACK'),
      savepoint: prepare('SAVEPOINT job'),
      release: prepare('RELEASE job'),
      rollbackTo: prepare('ROLLBACK TO job'),
    };
    this.inTransaction = () => database.sqlite.inTransaction;
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

  // Jobs run one at a time on one connection: RunOptions.exclusive holds already.
  run<T>(work: (tx: Exec) => Promise<T>, _options?: RunOptions): Promise<T> {
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
    if (this.scheduled || this.syncing || this.flushing || this.pending.length === 0) return;
    this.scheduled = true;
    // After the I/O callbacks of this turn: every request parsed so far joins the batch.
    setImmediate(() => void this.flush());
  }

  /**
   * Resolves once everything committed so far is on disk. An answer that read committed data must wait
   * for this before it leaves: the data it shows may belong to a batch whose fsync is still running.
   */
  untilDurable(): Promise<void> {
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
    if (this.pending.length > 0 && !this.syncing && !this.flushing && this.busySince === undefined) void this.flush();
    while ((this.pending.length > 0 || this.syncing || this.flushing) && !this.failure) await new Promise((resolve) => setTimeout(resolve, 1));
    await this.untilDurable().catch(() => {});
    if (this.walFd !== undefined) fs.closeSync(this.walFd);
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    if (this.pending.length === 0 || this.failure || this.flushing) return;
    const wait = this.gatherWait();
    if (wait > 0) {
      this.stats.gatherWaits += 1;
      this.scheduled = true;
      setTimeout(() => void this.flush(), wait);
      return;
    }
    const jobs = this.pending.splice(0, MAX_BATCH);
    const outcomes: Outcome[] = [];
    this.flushing = true;
    try {
      this.enterBatch();
      try {
        this.sql.begin.run();
      } catch (error) {
        // BEGIN IMMEDIATE found the write lock taken: nothing ran; the same jobs try again shortly.
        if (isBusy(error) && Date.now() - (this.busySince ??= Date.now()) < BUSY_LIMIT_MS) {
          this.pending.unshift(...jobs);
          this.stats.busyRetries += 1;
          this.scheduled = true;
          setTimeout(() => void this.flush(), 1);
          return;
        }
        throw error;
      }
      try {
        for (const job of jobs) {
          this.sql.savepoint.run();
          try {
            const value = await job.work(this.db);
            this.sql.release.run();
            outcomes.push({ ok: true, value });
          } catch (error) {
            this.sql.rollbackTo.run();
            this.sql.release.run();
            outcomes.push({ ok: false, error });
          }
        }
        this.sql.commit.run();
      } catch (error) {
        if (this.inTransaction()) this.sql.rollback.run();
        throw error;
      }
    } catch (error) {
      this.busySince = undefined;
      for (const job of jobs) job.reject(error);
      this.flushing = false;
      this.schedule();
      return;
    } finally {
      this.flushing = false;
      this.leaveBatch();
    }
    this.busySince = undefined;
    this.stats.batches += 1;
    this.stats.jobs += jobs.length;
    this.onBatch?.(jobs.length);
    this.committed += 1;
    const answerJobs = () =>
      jobs.forEach((job, i) => {
        const outcome = outcomes[i]!;
        if (outcome.ok) job.resolve(outcome.value);
        else job.reject(outcome.error);
      });
    if (this.walFd === undefined) {
      this.durable = this.committed;
      answerJobs();
      return this.schedule();
    }
    this.waiters.push({ upTo: this.committed, resolve: answerJobs, reject: (error) => jobs.forEach((job) => job.reject(error)) });
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
