// The embedded engine: one SQLite file in WAL mode, every write through the group commit, checkpoints
// in a worker thread.
import { createRequire } from 'node:module';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { startCheckpointer } from './checkpointer.js';
import type { Engine, EngineOptions } from './engine-types.js';
import type { Exec, Query } from './exec.js';
import { GroupCommitter } from './group-commit.js';
import { openDatabase } from './open.js';
import * as tables from './generated/tables.js';

export async function openSqliteEngine(file: string, options: EngineOptions = {}): Promise<Engine> {
  const absolute = path.resolve(file);
  const database = openDatabase(absolute, { migrate: options.migrate });
  const interval = options.checkpointIntervalMs ?? 0;
  if (interval > 0) database.sqlite.pragma('wal_autocheckpoint = 0');
  const checkpointer =
    interval > 0
      ? startCheckpointer(absolute, createRequire(import.meta.url).resolve('better-sqlite3'), interval, (message) => options.onError?.(message))
      : { stop: async () => {} };
  const exec: Exec = { q: database.db as unknown as Query, t: tables, engine: 'sqlite' };
  const writer = new GroupCommitter(database, undefined, options.groupCommitGatherMs ?? 0, options.onBatch);
  return {
    kind: 'sqlite',
    read: exec,
    relaxed: exec,
    writer,
    async ready() {
      database.db.get(sql`select count(*) as n from __drizzle_migrations`);
    },
    stats: () => ({ ...writer.stats }),
    async close() {
      await checkpointer.stop();
      await writer.close();
      database.close();
    },
  };
}
