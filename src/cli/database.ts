// Which database a process acts on, in words an operator compares: the server prints it at start, and
// partnerctl on stderr before each command that opens one (§11.8), so a command run against another
// database than the server's (DATABASE_URL unset in one shell) is seen, not silent. No password.
import type { DatabaseTarget } from '../db/engine.js';

export function describeDatabase(target: DatabaseTarget): string {
  if (target.kind === 'sqlite') return target.file;
  const url = new URL(target.url);
  const schema = /search_path=([^\s&]+)/.exec(url.searchParams.get('options') ?? '')?.[1];
  return `PostgreSQL ${url.host}${url.pathname}${schema ? ` (schema ${schema})` : ''}`;
}

/** partnerctl's stderr line: `{"database", "from"}`, JSON like its other stderr output. */
export function databaseNotice(target: DatabaseTarget, env: NodeJS.ProcessEnv): string {
  return JSON.stringify({ database: describeDatabase(target), from: env.DATABASE_URL ? 'DATABASE_URL' : 'the default (DATABASE_URL is unset)' });
}
