// The database engine the service runs on, chosen by DATABASE_URL: embedded SQLite (`file:`, the
// default) or PostgreSQL (`postgres://`). Everything above this line of code is the same on both:
// repositories receive an Exec (src/db/exec.ts), writes go through the engine's writer.
import path from 'node:path';

export type { DatabaseTarget, Engine, EngineOptions, EngineWriter } from './engine-types.js';
import type { DatabaseTarget, Engine, EngineOptions } from './engine-types.js';

/** `file:./data/partner.db`, `./x.db`, `/abs/x.db`: SQLite; `postgres://` or `postgresql://`: PostgreSQL. */
export function databaseTargetFromUrl(url: string): DatabaseTarget {
  if (/^postgres(ql)?:\/\//.test(url)) return { kind: 'pg', url };
  const p = url.startsWith('file:') ? url.slice('file:'.length) : url;
  if (!p || p === ':memory:') throw new Error(`DATABASE_URL must name a SQLite file or a PostgreSQL database, got "${url}"`);
  return { kind: 'sqlite', file: path.resolve(p) };
}

export async function openEngine(target: DatabaseTarget, options: EngineOptions = {}): Promise<Engine> {
  if (target.kind === 'pg') return (await import('./pg-engine.js')).openPgEngine(target.url, options);
  return (await import('./sqlite-engine.js')).openSqliteEngine(target.file, options);
}
