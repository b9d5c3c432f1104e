// TestDb on PostgreSQL (helpers/test-db.ts): the same portable SQL, its `?` placeholders numbered, run in
// the server's schema on a small pool of the test's own (each statement committed on its own), closed
// when the server stops.
import pg from 'pg';
import type { TestDb } from './test-db.js';

/** `?` → `$1, $2, …` (tests never put a `?` inside a string literal). */
const numbered = (sql: string) => {
  let i = 0;
  return sql.replace(/\?/g, () => `$${++i}`);
};

export class PgTestDb implements TestDb {
  private pool: pg.Pool | undefined;

  constructor(
    readonly url: string,
    readonly schema: string,
  ) {}

  private async query<T>(sql: string, params: unknown[]): Promise<T[]> {
    this.pool ??= new pg.Pool({ connectionString: this.url, max: 2 });
    return (await this.pool.query(numbered(sql), params)).rows as T[];
  }

  async close(): Promise<void> {
    await this.pool?.end();
    this.pool = undefined;
  }

  async count(sql: string, ...params: unknown[]): Promise<number> {
    const [row] = await this.query<{ n: unknown }>(sql, params);
    if (!row || !('n' in row)) throw new Error(`count: the query returned no column n: ${sql}`);
    return Number(row.n);
  }

  all<T = Record<string, unknown>>(sql: string, ...params: unknown[]): Promise<T[]> {
    return this.query<T>(sql, params);
  }

  async get<T = Record<string, unknown>>(sql: string, ...params: unknown[]): Promise<T | undefined> {
    return (await this.query<T>(sql, params))[0];
  }

  reading<T>(fn: (db: TestDb) => Promise<T>): Promise<T> {
    return fn(this);
  }

  async run(sql: string, ...params: unknown[]): Promise<void> {
    await this.query(sql, params);
  }

  async tables(): Promise<string[]> {
    const rows = await this.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ?`,
      [this.schema],
    );
    // Sorted here, by code point, as SQLite's ORDER BY name does (a collation would order `_` elsewhere).
    return rows.map((r) => r.name).sort();
  }
}
