// Prepared statements for the hot queries, on either engine. On SQLite a statement is built once per
// connection: drizzle otherwise rebuilds the SQL and better-sqlite3 prepares it on every call, most of
// a hot request's database time. On PostgreSQL the statement is named: node-postgres prepares it once
// per pooled connection; it is built from the transaction's own builder, so it runs inside it.
import type { Exec, Query, Tables } from './exec.js';

type Params = Record<string, unknown>;
type Statement = { all(params?: Params): unknown };
type Buildable = PromiseLike<unknown> & { prepare(name?: string): unknown };

const caches = new WeakMap<object, Map<string, Statement>>();

function connectionOf(q: Query): object {
  // The database and its transactions hold the same session, whose client is the connection.
  return (q as unknown as { session: { client: object } }).session.client;
}

/** A prepared query that returns rows (a select, or a write with `returning`), run with `params`. */
export function prepared<B extends Buildable>(x: Exec, name: string, build: (q: Query, t: Tables) => B, params?: Params): Promise<Awaited<B>> {
  if (x.engine === 'pg') {
    const statement = build(x.q, x.t).prepare(name) as { execute(params?: Params): Promise<Awaited<B>> };
    return statement.execute(params);
  }
  const connection = connectionOf(x.q);
  let cache = caches.get(connection);
  if (!cache) caches.set(connection, (cache = new Map()));
  let statement = cache.get(name);
  if (statement === undefined) cache.set(name, (statement = build(x.q, x.t).prepare() as Statement));
  return Promise.resolve(statement.all(params) as Awaited<B>);
}
