// The benches' PostgreSQL: BENCH_PG_URL (default the local server's `test` database), a schema of the
// bench's own for each run, dropped afterwards; a server that does not answer skips that part.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const PG_URL = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/test';

export async function pgAnswers(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_URL });
  try {
    await c.connect();
    await c.query('select 1');
    return true;
  } catch (error) {
    console.log(`PostgreSQL at BENCH_PG_URL does not answer (${(error as Error).message}): its part is skipped`);
    return false;
  } finally {
    await c.end().catch(() => undefined);
  }
}

/** Runs `work` with a DATABASE_URL whose search_path is a fresh schema named `<prefix>_<random>`. */
export async function onPgSchema<T>(prefix: string, work: (databaseUrl: string) => Promise<T>): Promise<T> {
  const schema = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`create schema ${schema}`);
  const url = new URL(PG_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  try {
    return await work(url.toString());
  } finally {
    await admin(`drop schema if exists ${schema} cascade`).catch(() => undefined);
  }
}
