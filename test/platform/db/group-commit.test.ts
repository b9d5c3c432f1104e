// test: SQLite only — the SQLite group commit, on files of its own
// The group committer (src/db/group-commit.ts) on a real SQLite file: nothing settles before the fsync
// that covers it, one fsync at a time covers every batch committed before it, a failed fsync fails what
// waits and every later write, a lock held elsewhere is waited for off the event loop, the
// connection keeps synchronous=FULL and its busy_timeout for everything else, and under load the batch
// after a sync gathers jobs for gatherMs (but not when enough wait, nor when they come sparsely).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { GroupCommitter, type Fsync } from '../../../src/db/group-commit.js';
import type { Exec } from '../../../src/db/exec.js';
import { openDatabase, type DbHandle } from '../../../src/db/open.js';
import { sleep, until } from '../../helpers/harness.js';

/** An fsync that really syncs, but only when the test lets the held call go. */
class HeldFsync {
  readonly held: { fd: number; callback: (error: NodeJS.ErrnoException | null) => void }[] = [];
  readonly fsync: Fsync = (fd, callback) => void this.held.push({ fd, callback });
  release(error?: NodeJS.ErrnoException): void {
    const call = this.held.shift();
    if (!call) throw new Error('no fsync is waiting');
    if (error) return call.callback(error);
    fs.fsync(call.fd, call.callback);
  }
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
async function turns(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await turn();
}

/** Records whether a promise settled, without letting a rejection go unhandled. */
function watch<T>(p: Promise<T>) {
  const state: { settled: boolean; value?: T; error?: unknown } = { settled: false };
  p.then(
    (value) => Object.assign(state, { settled: true, value }),
    (error) => Object.assign(state, { settled: true, error }),
  );
  return state;
}

describe('GroupCommitter', () => {
  let dir: string;
  let handle: DbHandle;
  const insert = (n: number) => async (tx: Exec) => tx.q.run(sql`insert into t (n) values (${n})`);
  const count = () => (handle.sqlite.prepare('select count(*) as n from t').get() as { n: number }).n;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'group-commit-'));
    // SQLite-specific: the group committer is SQLite's (WAL fsync, busy retries, pragmas), tested on a file of its own.
    handle = openDatabase(path.join(dir, 'db.sqlite'));
    handle.sqlite.exec('create table t (n integer not null check (n >= 0))');
  });
  afterEach(() => {
    handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a job settles only after the fsync that covers its commit; the commit itself is visible before', async () => {
    const held = new HeldFsync();
    const writer = new GroupCommitter(handle, held.fsync);
    const job = watch(writer.run(insert(1)));
    await turns(3);
    expect(count()).toBe(1);
    expect(held.held).toHaveLength(1);
    expect(job.settled).toBe(false);
    expect(watch(writer.untilDurable()).settled).toBe(false);
    held.release();
    await until(() => job.settled);
    expect(job.error).toBeUndefined();
    expect(writer.stats).toMatchObject({ batches: 1, jobs: 1, fsyncs: 1 });
  });

  it('one fsync at a time: jobs that arrive while it runs wait, then commit together in one batch', async () => {
    const held = new HeldFsync();
    const writer = new GroupCommitter(handle, held.fsync);
    const first = watch(writer.run(insert(1)));
    await turns(2);
    const second = watch(writer.run(insert(2)));
    await turns(2);
    const third = watch(writer.run(insert(3)));
    await turns(2);
    expect(writer.stats.batches).toBe(1);
    expect(count()).toBe(1);
    expect(held.held).toHaveLength(1);
    held.release();
    await until(() => first.settled);
    await until(() => held.held.length === 1);
    expect(writer.stats).toMatchObject({ batches: 2, jobs: 3 });
    expect(count()).toBe(3);
    const barrier = watch(writer.untilDurable());
    await turns(3);
    expect([second.settled, third.settled, barrier.settled]).toEqual([false, false, false]);
    held.release();
    await until(() => barrier.settled);
    expect([second.settled, third.settled, barrier.settled]).toEqual([true, true, true]);
    expect(writer.stats.fsyncs).toBe(2);
  });

  it('a job that throws rolls back alone; the others of its batch commit', async () => {
    const writer = new GroupCommitter(handle);
    const results = await Promise.allSettled([writer.run(insert(1)), writer.run(insert(-1)), writer.run(insert(2))]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(writer.stats.batches).toBe(1);
    expect(handle.sqlite.prepare('select n from t order by n').pluck().all()).toEqual([1, 2]);
  });

  it('a failed fsync fails the jobs it covered and every later write; the writer reports it', async () => {
    const held = new HeldFsync();
    const writer = new GroupCommitter(handle, held.fsync);
    const job = watch(writer.run(insert(1)));
    await turns(2);
    const queued = watch(writer.run(insert(2)));
    held.release(Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' }));
    await turns(2);
    expect(job.settled).toBe(true);
    expect(String(job.error)).toContain('fsync of the SQLite WAL failed');
    expect(String(queued.error)).toContain('fsync of the SQLite WAL failed');
    expect(writer.failed).toBe(true);
    await expect(writer.run(insert(3))).rejects.toThrow('fsync of the SQLite WAL failed');
    await expect(writer.untilDurable()).rejects.toThrow('fsync of the SQLite WAL failed');
    expect(count()).toBe(1);
  });

  it("another connection's write lock delays the batch without putting the event loop to sleep", async () => {
    const writer = new GroupCommitter(handle);
    const other = new Database(handle.sqlite.name);
    try {
      other.exec('BEGIN IMMEDIATE');
      const job = watch(writer.run(insert(1)));
      // Were the writer waiting in SQLite's busy handler, this timer could not fire before it gave up.
      await sleep(30);
      expect(job.settled).toBe(false);
      expect(writer.stats.busyRetries).toBeGreaterThan(0);
      other.exec('COMMIT');
      await until(() => job.settled);
      expect(job.error).toBeUndefined();
      expect(count()).toBe(1);
      expect(handle.sqlite.pragma('busy_timeout', { simple: true })).toBe(5000);
    } finally {
      other.close();
    }
  });

  it('batches run at synchronous=NORMAL without lock waits; the connection is back at FULL and its busy_timeout after each, a failed one too', async () => {
    const writer = new GroupCommitter(handle);
    // Inside a batch SQLite does not fsync (the writer does, off the loop) and does not wait on locks.
    const inside = await writer.run(async () => [handle.sqlite.pragma('synchronous', { simple: true }), handle.sqlite.pragma('busy_timeout', { simple: true })]);
    expect(inside).toEqual([1, 0]);
    await writer.run(insert(1));
    expect(handle.sqlite.pragma('synchronous', { simple: true })).toBe(2);
    expect(handle.sqlite.pragma('busy_timeout', { simple: true })).toBe(5000);
    await Promise.allSettled([writer.run(insert(-1))]);
    expect(handle.sqlite.pragma('synchronous', { simple: true })).toBe(2);
    await writer.close();
  });

  describe('gathering (GROUP_COMMIT_GATHER_MS)', () => {
    it('a first job at idle commits at once; under load the batch after a sync waits, and what arrives meanwhile joins it', async () => {
      const held = new HeldFsync();
      const writer = new GroupCommitter(handle, held.fsync, 1000);
      const first = watch(writer.run(insert(1)));
      await turns(2);
      expect(writer.stats).toMatchObject({ batches: 1, gatherWaits: 0 });
      // Jobs now arrive far more often than once a second.
      const during = [writer.run(insert(2)), writer.run(insert(3))].map(watch);
      held.release();
      await until(() => first.settled);
      await turns(3);
      expect(writer.stats.gatherWaits).toBeGreaterThan(0);
      expect(writer.stats.batches).toBe(1);
      expect(count()).toBe(1);
      const late = watch(writer.run(insert(4)));
      await until(() => writer.stats.batches === 2);
      expect(writer.stats).toMatchObject({ batches: 2, jobs: 4 });
      expect(count()).toBe(4);
      expect([...during, late].map((j) => j.settled)).toEqual([false, false, false]);
      held.release();
      await until(() => late.settled);
      expect([...during, late].map((j) => j.error)).toEqual([undefined, undefined, undefined]);
    });

    it('close() commits a gathering batch at once and waits for its sync; later jobs are refused', async () => {
      const writer = new GroupCommitter(handle, undefined, 60_000);
      await writer.run(insert(1));
      // Under load: the next batch would wait a minute for more jobs.
      const held = [writer.run(insert(2)), writer.run(insert(3))].map(watch);
      await turns(3);
      expect(writer.stats.gatherWaits).toBeGreaterThan(0);
      expect(count()).toBe(1);
      await writer.close();
      expect(held.map((j) => [j.settled, j.error])).toEqual([[true, undefined], [true, undefined]]);
      expect(count()).toBe(3);
      await expect(writer.run(insert(4))).rejects.toThrow('the group committer is closed');
    });

    it('16 waiting jobs commit without gathering', async () => {
      const held = new HeldFsync();
      const writer = new GroupCommitter(handle, held.fsync, 60_000);
      const first = watch(writer.run(insert(1)));
      await turns(2);
      const during = Array.from({ length: 16 }, (_, i) => watch(writer.run(insert(i + 2))));
      held.release();
      await until(() => writer.stats.batches === 2);
      expect(writer.stats).toMatchObject({ jobs: 17, gatherWaits: 0 });
      expect(first.settled).toBe(true);
      held.release();
      await until(() => during.every((j) => j.settled));
      expect(count()).toBe(17);
    });

    it('jobs that come more sparsely than gatherMs are never held', async () => {
      const held = new HeldFsync();
      const writer = new GroupCommitter(handle, held.fsync, 300);
      const first = watch(writer.run(insert(1)));
      await turns(2);
      await sleep(400);
      const second = watch(writer.run(insert(2)));
      held.release();
      await until(() => writer.stats.batches === 2);
      expect(writer.stats.gatherWaits).toBe(0);
      expect(first.settled).toBe(true);
      held.release();
      await until(() => second.settled);
      expect(count()).toBe(2);
    });

    it('with gatherMs 0 (the default of the class) nothing is ever held', async () => {
      const writer = new GroupCommitter(handle);
      for (let round = 0; round < 5; round++) await Promise.all([writer.run(insert(round)), writer.run(insert(round))]);
      expect(writer.stats).toMatchObject({ batches: 5, jobs: 10, gatherWaits: 0 });
    });

    it('GROUP_COMMIT_GATHER_MS: 1 ms by default, 0 turns it off, anything else that is not a positive number is refused at start-up', () => {
      expect(loadConfig({}).groupCommitGatherMs).toBe(1);
      expect(loadConfig({ GROUP_COMMIT_GATHER_MS: '0' }).groupCommitGatherMs).toBe(0);
      expect(loadConfig({ GROUP_COMMIT_GATHER_MS: '2.5' }).groupCommitGatherMs).toBe(2.5);
      for (const bad of ['-1', 'soon', 'Infinity'])
        expect(() => loadConfig({ GROUP_COMMIT_GATHER_MS: bad })).toThrow(`GROUP_COMMIT_GATHER_MS must be a positive number, got "${bad}"`);
    });
  });
});
