// Prepared statements for the hot queries, on either engine, built once per connection: drizzle otherwise
// rebuilds the SQL (and maps every column) on every call, most of a hot request's CPU. On SQLite
// better-sqlite3 prepares the statement once; on PostgreSQL it is named, and the pooled connection it
// belongs to (a transaction's own, or the pool for reads) prepares it on the server once.
import { is, Param, Placeholder } from 'drizzle-orm';
import type { Exec, Query, Tables } from './exec.js';

type Params = Record<string, unknown>;
type Statement = { all?(params?: Params): unknown; execute?(params?: Params): Promise<unknown>; run?(params?: Params): unknown };
type Buildable = PromiseLike<unknown> & { prepare(name?: string): unknown };

const caches = new WeakMap<object, Map<string, Statement>>();

function connectionOf(q: Query): object {
  // The database and its transactions hold the same session, whose client is the connection.
  return (q as unknown as { session: { client: object } }).session.client;
}

/** What drizzle's better-sqlite3 prepared query holds (drizzle-orm/better-sqlite3/session.js). */
type SqlitePrepared = {
  stmt: { reader: boolean; raw(on?: boolean): SqliteStatement; run(...params: unknown[]): unknown };
  query: { params: unknown[] };
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: unknown;
  all(params?: Params): unknown;
  run(params?: Params): unknown;
};
type SqliteStatement = { all(...params: unknown[]): unknown[][] };
type Decoder = { mapFromDriverValue(value: unknown): unknown };

/**
 * The same statement run without drizzle's per-call work: which value each `?` takes, and how each
 * column is decoded, are worked out once here instead of on every call (drizzle's fillPlaceholders
 * and mapResultRow, which allocate per column and test every entity's class). The rows are the same:
 * each column under its key, decoded by its column (JSON, booleans), null kept null. Queries this does
 * not cover (nested selections, custom mappers) keep drizzle's path.
 */
function fastSqlite(p: SqlitePrepared): Statement {
  if (p.customResultMapper || p.fields?.some((f) => f.path.length !== 1)) return p;
  const bind = p.query.params.map((param): ((values: Params) => unknown) => {
    if (is(param, Placeholder)) return (values) => valueOf(values, param.name);
    if (is(param, Param) && is(param.value, Placeholder)) {
      const { encoder, value } = param as Param & { value: Placeholder };
      return (values) => encoder!.mapToDriverValue(valueOf(values, value.name));
    }
    return () => param;
  });
  const args = (values: Params = {}) => bind.map((b) => b(values));
  if (!p.stmt.reader) return { all: (values) => (p.stmt.run(...args(values)), []), run: (values) => p.stmt.run(...args(values)) };
  const fields = p.fields;
  if (!fields) return p;
  const names = fields.map((f) => f.path[0]!);
  const decoders = fields.map((f) => decoderOf(f.field));
  const stmt = p.stmt.raw(true);
  return {
    all: (values) =>
      stmt.all(...args(values)).map((row) => {
        const out: Record<string, unknown> = {};
        for (let i = 0; i < names.length; i++) {
          const raw = row[i];
          out[names[i]!] = raw === null ? null : decoders[i]!.mapFromDriverValue(raw);
        }
        return out;
      }),
  };
}

function valueOf(values: Params, name: string): unknown {
  if (!(name in values)) throw new Error(`No value for placeholder "${name}" was provided`);
  return values[name];
}

/** drizzle's decoder of a selected field: a column decodes itself, an SQL expression has its own. */
function decoderOf(field: unknown): Decoder {
  const f = field as Decoder & { decoder?: Decoder; _?: { sql: { decoder: Decoder } }; sql?: { decoder: Decoder } };
  if (typeof f.mapFromDriverValue === 'function') return f;
  return f.decoder ?? f._?.sql.decoder ?? f.sql!.decoder;
}

function statementOf<B extends Buildable>(x: Exec, name: string, build: (q: Query, t: Tables) => B): Statement {
  const connection = connectionOf(x.q);
  let cache = caches.get(connection);
  if (!cache) caches.set(connection, (cache = new Map()));
  let statement = cache.get(name);
  if (statement === undefined)
    cache.set(name, (statement = x.engine === 'pg' ? (build(x.q, x.t).prepare(name) as Statement) : fastSqlite(build(x.q, x.t).prepare() as SqlitePrepared)));
  return statement;
}

/** A prepared query that returns rows (a select, or a write with `returning`), run with `params`. */
export function prepared<B extends Buildable>(x: Exec, name: string, build: (q: Query, t: Tables) => B, params?: Params): Promise<Awaited<B>> {
  const statement = statementOf(x, name, build);
  if (x.engine === 'pg') return statement.execute!(params) as Promise<Awaited<B>>;
  return Promise.resolve(statement.all!(params) as Awaited<B>);
}

/**
 * SQLite only: a prepared write without `returning`, and what SQLite says of it (rows changed, the rowid
 * drawn). RETURNING costs SQLite several microseconds per row; where the write's result says the same,
 * the SQLite path of a hot write uses this.
 */
export function sqliteRun<B extends Buildable>(x: Exec, name: string, build: (q: Query, t: Tables) => B, params?: Params): { changes: number; lastInsertRowid: number | bigint } {
  if (x.engine !== 'sqlite') throw new Error(`${name}: sqliteRun runs on SQLite only`);
  return statementOf(x, name, build).run!(params) as { changes: number; lastInsertRowid: number | bigint };
}

/** A prepared write whose rows nobody reads (no `returning`), run with `params`. */
export async function preparedRun<B extends Buildable>(x: Exec, name: string, build: (q: Query, t: Tables) => B, params?: Params): Promise<void> {
  const statement = statementOf(x, name, build);
  if (x.engine === 'pg') await statement.execute!(params);
  else statement.run!(params);
}
