// A test's own look at (and, to set up a state, write to) the database of a TestServer, independent of the
// engine behind it. Tests read and write through `server.db`, never through the engine's client directly.
//
// Today the only implementation is SQLite's: one short-lived better-sqlite3 connection on the server's file
// per call, through the same SQLite library as the server (so the POSIX locks it holds on the file stay
// intact), read-only for reads, waiting up to 5 s for the server's locks for writes.
// A PostgreSQL implementation will translate the `?` placeholders to `$1, $2, ...` and run each statement in
// the server's schema. So the SQL given here must be portable between SQLite and PostgreSQL:
//   - no SQLite-only functions or tables: `sqlite_master`, `sqlite_sequence`, `rowid`, `PRAGMA`,
//     `strftime`, `json_extract`, `group_concat`, `ifnull`, ...;
//   - booleans selected as `CASE WHEN col THEN 1 ELSE 0 END` (SQLite stores 0/1, PostgreSQL true/false),
//     and compared in WHERE as `col` / `NOT col`, never `col = 1`;
//   - no reliance on column affinity (compare a text column with a string, an integer one with a number);
//   - plain identifiers: every table and column is snake_case, so none needs quoting; and column aliases
//     in lower case too (PostgreSQL folds an unquoted `AS resultId` to `resultid`);
//   - COUNT(*) is a bigint (a string) on PostgreSQL: `count` converts it with Number, `all`/`get` do not.
// A test that is inherently about SQLite (its files, WAL, pragmas) keeps its direct access, marked
// `// SQLite-specific: <why>`.
import Database from 'better-sqlite3';

export interface TestDb {
  /** The `n` of a `SELECT COUNT(*) AS n ...`, as a number. */
  count(sql: string, ...params: unknown[]): Promise<number>;
  /** Every row of a query. */
  all<T = Record<string, unknown>>(sql: string, ...params: unknown[]): Promise<T[]>;
  /** The first row of a query, or undefined when there is none. */
  get<T = Record<string, unknown>>(sql: string, ...params: unknown[]): Promise<T | undefined>;
  /** A write (to set up a state), on a connection of its own, committed when the promise resolves. */
  run(sql: string, ...params: unknown[]): Promise<void>;
  /**
   * The names of the server's tables, sorted, without the engine's own (SQLite: `sqlite_*`); the one
   * question whose SQL cannot be portable (PostgreSQL: information_schema.tables of the server's schema).
   */
  tables(): Promise<string[]>;
  /**
   * Runs `fn`'s queries on one connection held until it settles (SQLite: one read-only connection, whose
   * schema is parsed once, instead of one per call; PostgreSQL: the pool as ever), for a check that asks
   * many questions in a row. Each statement still reads what is committed when it runs; `run` is not for it.
   */
  reading<T>(fn: (db: TestDb) => Promise<T>): Promise<T>;
  /** Lets go of what it holds (PostgreSQL: its pool). */
  close?(): Promise<void>;
}

/** TestDb on a SQLite file: a connection of its own per call, closed straight after it. */
export class SqliteTestDb implements TestDb {
  constructor(readonly file: string) {}

  /** The connection `reading` holds, while it runs. */
  private held: Database.Database | undefined;

  private async read<T>(fn: (db: Database.Database) => T): Promise<T> {
    if (this.held) return fn(this.held);
    const db = new Database(this.file, { readonly: true, fileMustExist: true });
    try {
      return fn(db);
    } finally {
      db.close();
    }
  }

  async reading<T>(fn: (db: TestDb) => Promise<T>): Promise<T> {
    const held = new Database(this.file, { readonly: true, fileMustExist: true });
    const inner = new SqliteTestDb(this.file);
    inner.held = held;
    try {
      return await fn(inner);
    } finally {
      inner.held = undefined;
      held.close();
    }
  }

  async count(sql: string, ...params: unknown[]): Promise<number> {
    const row = await this.read((db) => db.prepare(sql).get(...params) as { n: unknown } | undefined);
    if (!row || !('n' in row)) throw new Error(`count: the query returned no column n: ${sql}`);
    return Number(row.n);
  }

  async all<T = Record<string, unknown>>(sql: string, ...params: unknown[]): Promise<T[]> {
    return this.read((db) => db.prepare(sql).all(...params) as T[]);
  }

  async get<T = Record<string, unknown>>(sql: string, ...params: unknown[]): Promise<T | undefined> {
    return this.read((db) => db.prepare(sql).get(...params) as T | undefined);
  }

  async tables(): Promise<string[]> {
    return this.read((db) =>
      (db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name`).all() as { name: string }[]).map((r) => r.name),
    );
  }

  async run(sql: string, ...params: unknown[]): Promise<void> {
    const db = new Database(this.file, { fileMustExist: true });
    try {
      db.pragma('busy_timeout = 5000');
      db.prepare(sql).run(...params);
    } finally {
      db.close();
    }
  }
}
