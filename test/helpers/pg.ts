// PostgreSQL for the tests: `npm run test:pg` sets TEST_ENGINE=pg, and every server a test starts gets a
// schema of its own in PG_URL's database (default: the local server's `test`), dropped when it stops.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const PG_URL = process.env.PG_URL || 'postgres://postgres@127.0.0.1:5432/test';
export const TEST_ENGINE: 'sqlite' | 'pg' = process.env.TEST_ENGINE === 'pg' ? 'pg' : 'sqlite';

/** PG_URL with `schema` first on the search path: tables and migrations go there. */
export function urlWithSchema(schema: string): string {
  const url = new URL(PG_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

export type PgSchema = { schema: string; url: string; drop(): Promise<void> };

/** A new, empty schema; `drop()` removes it and everything in it. */
export async function createPgSchema(prefix = 't'): Promise<PgSchema> {
  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await admin.end();
  }
  return {
    schema,
    url: urlWithSchema(schema),
    async drop() {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      try {
        await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await c.end();
      }
    },
  };
}
