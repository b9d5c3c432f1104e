// Connections of a test's own to a server's SQLite file, through the same SQLite library as the server
// (so the POSIX locks it holds stay intact), each closed straight after use.
import Database from 'better-sqlite3';

/** A read-only connection to an existing database file (as an auditor would look at it), closed after `fn`. */
export function readDatabase<T>(file: string, fn: (db: Database.Database) => T): T {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

/** The `n` of a `SELECT COUNT(*) AS n ...` read straight from the file. */
export function countRows(file: string, sql: string, ...params: unknown[]): number {
  return readDatabase(file, (db) => (db.prepare(sql).get(...params) as { n: number }).n);
}

/** A read-write connection that waits up to 5 s for the server's locks, closed after `fn`. */
export function sqliteOn<T>(file: string, fn: (db: Database.Database) => T): T {
  const db = new Database(file);
  db.pragma('busy_timeout = 5000');
  try {
    return fn(db);
  } finally {
    db.close();
  }
}
