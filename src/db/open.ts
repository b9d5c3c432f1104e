// Opens the SQLite file with the durability the service promises (every acknowledged write is on disk), applies the committed
// drizzle-kit migrations and checks that the pragmas really took effect.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from './generated/tables.js';

export type Db = BetterSQLite3Database<typeof schema>;
export type DbHandle = { db: Db; sqlite: Database.Database; close(): void };

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle/sqlite');

export function openDatabase(file: string, opts: { migrate?: boolean } = {}): DbHandle {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  // FULL: a commit is on disk before the response that acknowledges it is sent.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  // Another process (partnerctl, a second server) may hold the write lock briefly.
  sqlite.pragma('busy_timeout = 5000');
  const checks: [string, unknown][] = [
    ['journal_mode', 'wal'],
    ['synchronous', 2],
    ['foreign_keys', 1],
    ['busy_timeout', 5000],
  ];
  for (const [name, want] of checks) {
    const got = sqlite.pragma(name, { simple: true });
    if (got !== want) throw new Error(`SQLite pragma ${name} is ${String(got)}, expected ${String(want)}`);
  }
  const db = drizzle(sqlite, { schema });
  if (opts.migrate !== false) migrate(db, { migrationsFolder });
  return { db, sqlite, close: () => sqlite.close() };
}
