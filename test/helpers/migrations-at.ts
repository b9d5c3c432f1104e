// A SQLite database as an earlier release left it: the committed migrations up to and including `lastTag`
// only (a copy of the migrations folder with its journal cut there), for upgrade tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';

const folder = new URL('../../drizzle/sqlite/', import.meta.url).pathname;

export function sqliteDatabaseAt(file: string, lastTag: string): Database.Database {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  try {
    fs.cpSync(folder, copy, { recursive: true });
    const journalFile = path.join(copy, 'meta', '_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    const last = journal.entries.findIndex((e) => e.tag === lastTag);
    if (last < 0) throw new Error(`no migration ${lastTag}`);
    journal.entries = journal.entries.slice(0, last + 1);
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    const sqlite = new Database(file);
    migrate(drizzle(sqlite), { migrationsFolder: copy });
    return sqlite;
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
}
