// Prepared statements for the hot queries, on either engine, built once per connection: drizzle otherwise
// rebuilds the SQL (and maps every column) on every call, most of a hot request's CPU. On SQLite
// better-sqlite3 prepares the statement once; on PostgreSQL it is named, and the pooled connection it
// belongs to (a transaction's own, or the pool for reads) prepares it on the server once.
import { is, Param, Placeholder } from 'drizzle-orm';
import type { Exec, Query, Tables } from './exec.js';

/**
 * How node-postgres's statements and clients are told from another driver's (PGlite's, in the dialect
 * test). src/db/pg-engine.ts registers it when it loads, so a process on SQLite never loads pg and drizzle's
 * PostgreSQL code (most of a partnerctl command's start-up); with none registered, every statement takes
 * drizzle's own path, as another driver's does.
 */
export type NodePostgres = { isPreparedQuery(p: unknown): boolean; isNamedClient(client: unknown): boolean };
let nodePostgres: NodePostgres | undefined;

/** Registers node-postgres's checks (src/db/pg-engine.ts, once, as it loads). */
export function useNodePostgres(checks: NodePostgres): void {
  nodePostgres = checks;
}

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

/** What drizzle's node-postgres prepared query holds (drizzle-orm/node-postgres/session.js). */
type PgPrepared = {
  client: { query(config: object, values: unknown[]): Promise<{ rows: unknown[][] }> };
  params: unknown[];
  /** The query config for rows as arrays (with fields), and for whole results (without). */
  queryConfig: object;
  rawQueryConfig: object;
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: unknown;
  execute(params?: Params): Promise<unknown>;
};

/**
 * The same statement run without drizzle's per-call work: which value each placeholder takes, and how
 * each column is decoded, are worked out once here instead of on every call (drizzle's fillPlaceholders
 * and mapResultRow, which allocate per column and test every entity's class). The rows are the same:
 * each column under its key, decoded by its column (JSON, booleans), null kept null. Queries this does
 * not cover (nested selections, custom mappers) keep drizzle's path.
 */
function fastSqlite(p: SqlitePrepared): Statement {
  if (!coverable(p)) return p;
  const args = binder(p.query.params);
  if (!p.stmt.reader) return { all: (values) => (p.stmt.run(...args(values)), []), run: (values) => p.stmt.run(...args(values)) };
  if (!p.fields) return p;
  const decode = rowDecoder(p.fields);
  const stmt = p.stmt.raw(true);
  return { all: (values) => stmt.all(...args(values)).map(decode) };
}

/**
 * The same on PostgreSQL: the connection's named statement, run straight on its client (node-postgres;
 * another driver's statement, PGlite's in the dialect test, keeps drizzle's path).
 */
function fastPg(p: PgPrepared): Statement {
  if (!nodePostgres?.isPreparedQuery(p) || !coverable(p)) return p;
  const args = binder(p.params);
  if (!p.fields) return { execute: (values) => p.client.query(p.rawQueryConfig, args(values)) };
  const decode = rowDecoder(p.fields);
  return { execute: async (values) => (await p.client.query(p.queryConfig, args(values))).rows.map(decode) };
}

function coverable(p: { customResultMapper?: unknown; fields?: { path: string[] }[] }): boolean {
  return !p.customResultMapper && !p.fields?.some((f) => f.path.length !== 1);
}

/** The driver's values of a statement's parameters, from the placeholders' values. */
function binder(params: unknown[]): (values?: Params) => unknown[] {
  const bind = params.map((param): ((values: Params) => unknown) => {
    if (is(param, Placeholder)) return (values) => valueOf(values, param.name);
    if (is(param, Param) && is(param.value, Placeholder)) {
      const { encoder, value } = param as Param & { value: Placeholder };
      return (values) => encoder!.mapToDriverValue(valueOf(values, value.name));
    }
    return () => param;
  });
  return (values = {}) => bind.map((b) => b(values));
}

/** A row as an array of the driver's values → the selected object. */
function rowDecoder(fields: { path: string[]; field: unknown }[]): (row: unknown[]) => Record<string, unknown> {
  const names = fields.map((f) => f.path[0]!);
  const decoders = fields.map((f) => decoderOf(f.field));
  return (row) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) {
      const raw = row[i];
      out[names[i]!] = raw === null ? null : decoders[i]!.mapFromDriverValue(raw);
    }
    return out;
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
    cache.set(name, (statement = x.engine === 'pg' ? fastPg(build(x.q, x.t).prepare(name) as PgPrepared) : fastSqlite(build(x.q, x.t).prepare() as SqlitePrepared)));
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

const pgConfigs = new Map<string, { name: string; text: string }>();

/**
 * PostgreSQL: a statement written in SQL, for what the shared builder cannot say, prepared under `name`
 * once per connection and run straight on its client (a transaction's, or the pool) with `values` for
 * $1, $2, …: no query built per call. Its rows as the driver reads them, under the names the SQL gives.
 */
export function pgStatement<R = Record<string, unknown>>(x: Exec, name: string, text: string, values: unknown[]): Promise<{ rows: R[] }> {
  if (x.engine !== 'pg') throw new Error(`${name}: pgStatement runs on PostgreSQL only`);
  let config = pgConfigs.get(name);
  if (!config) pgConfigs.set(name, (config = { name, text }));
  else if (config.text !== text) throw new Error(`${name}: one name, two statements`);
  const client = connectionOf(x.q) as { query(config: object | string, values: unknown[]): Promise<{ rows: R[] }> };
  // Another driver (PGlite, in the dialect test) runs it unnamed.
  const named = nodePostgres?.isNamedClient(client) ?? false;
  return client.query(named ? config : text, values);
}
