// test: SQLite only — SQLite WAL checkpoints
// The WAL checkpointer (src/db/checkpointer.ts) keeps the WAL bounded under a writer that never pauses:
// without its RESTART step the WAL file grows by every frame written until the writes stop.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCheckpointer, type Checkpointer } from '../../../src/db/checkpointer.js';
import { GroupCommitter } from '../../../src/db/group-commit.js';
import { openDatabase, type DbHandle } from '../../../src/db/open.js';
import { sleep } from '../../helpers/harness.js';

const PAGE = 4096;
/** A small bound, so the test writes many times more than it. */
const RESTART_FRAMES = 256;

describe('WAL checkpointer', () => {
  let dir: string;
  let handle: DbHandle;
  let checkpointer: Checkpointer;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkpointer-'));
    // SQLite-specific: the WAL checkpointer is SQLite's, tested on a file of its own (WAL size, pragmas).
    handle = openDatabase(path.join(dir, 'db.sqlite'));
    handle.sqlite.pragma('wal_autocheckpoint = 0');
    // A WAL producer only: durability of these rows is not under test.
    handle.sqlite.pragma('synchronous = OFF');
    handle.sqlite.exec('create table t (id integer primary key, data blob not null)');
    checkpointer = startCheckpointer(handle.sqlite.name, createRequire(import.meta.url).resolve('better-sqlite3'), 20, () => {}, RESTART_FRAMES);
  });
  afterEach(async () => {
    await checkpointer.stop();
    handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a writer that never stops for long still sees the WAL rewound: the file stays far below what was written', async () => {
    const insert = handle.sqlite.prepare('insert into t (data) values (?)');
    const blob = randomBytes(PAGE - 200);
    const rows = 20_000; // one transaction each, each a new page: 20,000+ WAL frames, about 80 MB
    for (let i = 0; i < rows; i++) {
      insert.run(blob);
      if (i % 32 === 31) await sleep(1);
    }
    const walBytes = fs.statSync(`${handle.sqlite.name}-wal`).size;
    // Without rewinds the WAL would hold every frame written. With them its file is only as large as
    // the most written between two checkpoint passes.
    expect(walBytes).toBeLessThan((rows * PAGE) / 2);
    expect((handle.sqlite.prepare('select count(*) as n from t').get() as { n: number }).n).toBe(rows);
  });

  it("the service's writer and the rewinds together: every job commits (a RESTART only delays it), the WAL stays bounded", async () => {
    handle.sqlite.pragma('synchronous = FULL');
    const writer = new GroupCommitter(handle);
    const insert = handle.sqlite.prepare('insert into t (data) values (?)');
    const blob = randomBytes(PAGE - 200);
    const waves = 200;
    const perWave = 50;
    for (let w = 0; w < waves; w++) {
      const jobs = Array.from({ length: perWave }, () => writer.run(async () => insert.run(blob)));
      const results = await Promise.allSettled(jobs);
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    }
    await writer.close();
    const rows = waves * perWave;
    expect((handle.sqlite.prepare('select count(*) as n from t').get() as { n: number }).n).toBe(rows);
    expect(fs.statSync(`${handle.sqlite.name}-wal`).size).toBeLessThan((rows * PAGE) / 2);
  });
});
