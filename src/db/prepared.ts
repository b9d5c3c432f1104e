// Prepared statements, built once per SQLite connection. Drizzle otherwise rebuilds the SQL and asks
// better-sqlite3 to prepare it on every call, which is most of a hot request's database time. A
// statement belongs to the connection, so one prepared outside a transaction runs inside it as well.
import type { Exec } from './exec.js';

const caches = new WeakMap<object, Map<string, unknown>>();

function connectionOf(exec: Exec): object {
  // Both the database and its transactions hold the same session, whose client is the connection.
  return (exec as unknown as { session: { client: object } }).session.client;
}

export function prepared<T>(exec: Exec, name: string, build: (exec: Exec) => T): T {
  const connection = connectionOf(exec);
  let cache = caches.get(connection);
  if (!cache) caches.set(connection, (cache = new Map()));
  let statement = cache.get(name) as T | undefined;
  if (statement === undefined) cache.set(name, (statement = build(exec)));
  return statement;
}
