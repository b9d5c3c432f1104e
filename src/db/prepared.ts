// Prepared statements for the hot queries, on either engine, built once per connection: drizzle otherwise
// rebuilds the SQL (and maps every column) on every call, most of a hot request's CPU. On SQLite
// better-sqlite3 prepares the statement once; on PostgreSQL it is named, and the pooled connection it
// belongs to (a transaction's own, or the pool for reads) prepares it on the server once.
import type { Exec, Query, Tables } from './exec.js';

type Params = Record<string, unknown>;
type Statement = { all?(params?: Params): unknown; execute?(params?: Params): Promise<unknown> };
type Buildable = PromiseLike<unknown> & { prepare(name?: string): unknown };

const caches = new WeakMap<object, Map<string, Statement>>();

function connectionOf(q: Query): object {
  // The database and its transactions hold the same session, whose client is the connection.
  return (q as unknown as { session: { client: object } }).session.client;
}

/** A prepared query that returns rows (a select, or a write with `returning`), run with `params`. */
export function prepared<B extends Buildable>(x: Exec, name: string, build: (q: Query, t: Tables) => B, params?: Params): Promise<Awaited<B>> {
  const connection = connectionOf(x.q);
  let cache = caches.get(connection);
  if (!cache) caches.set(connection, (cache = new Map()));
  let statement = cache.get(name);
  if (statement === undefined) cache.set(name, (statement = (x.engine === 'pg' ? build(x.q, x.t).prepare(name) : build(x.q, x.t).prepare()) as Statement));
  if (x.engine === 'pg') return statement.execute!(params) as Promise<Awaited<B>>;
  return Promise.resolve(statement.all!(params) as Awaited<B>);
}
