// Lifecycle settled point 11: no transaction of the service stays open longer than
// DATABASE_TRANSACTION_TIMEOUT_MS (1000–600000, default 30000). On PostgreSQL every connection of the
// engine sets idle_in_transaction_session_timeout and statement_timeout to it, so a writer frozen mid-way
// is ended by the database (and answered 503, settled point 10) instead of holding its locks for ever.
// SQLite's writer never leaves a transaction idle, so only the bounds apply there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { openEngine, type Engine } from '../../../src/db/engine.js';
import { DatabaseUnavailable } from '../../../src/db/unavailable.js';
import { createPgSchema, TEST_ENGINE, type PgSchema } from '../../helpers/pg.js';
import { sql, type SQL } from 'drizzle-orm';
import type { Exec } from '../../../src/db/exec.js';

/** A raw statement on the PostgreSQL builder (the shared builder API has none). */
const execute = (tx: Exec, query: SQL) => (tx.q as unknown as { execute(q: SQL): Promise<unknown> }).execute(query);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('DATABASE_TRANSACTION_TIMEOUT_MS', () => {
  it('defaults to 30000; 1000 and 600000 are accepted, anything else stops the start naming it', () => {
    expect(loadConfig({}).databaseTransactionTimeoutMs).toBe(30_000);
    expect(loadConfig({ DATABASE_TRANSACTION_TIMEOUT_MS: '1000' }).databaseTransactionTimeoutMs).toBe(1000);
    expect(loadConfig({ DATABASE_TRANSACTION_TIMEOUT_MS: '600000' }).databaseTransactionTimeoutMs).toBe(600_000);
    for (const bad of ['999', '600001', '0', '1.5', 'abc', '-1'])
      expect(() => loadConfig({ DATABASE_TRANSACTION_TIMEOUT_MS: bad }), bad).toThrow(/^DATABASE_TRANSACTION_TIMEOUT_MS must be an integer from 1000 to 600000, got/);
  });
});

describe.skipIf(TEST_ENGINE !== 'pg')('PostgreSQL ends a transaction that outlives the bound', () => {
  let schema: PgSchema;
  let engine: Engine;
  beforeAll(async () => {
    schema = await createPgSchema('txtimeout');
    engine = await openEngine({ kind: 'pg', url: schema.url }, { poolSize: 2, transactionTimeoutMs: 1000 });
  });
  afterAll(async () => {
    await engine?.close();
    await schema?.drop();
  });

  it('every connection carries the bound', async () => {
    const rows = (await engine.writer.run((tx) =>
      execute(tx, sql`select current_setting('idle_in_transaction_session_timeout') as idle, current_setting('statement_timeout') as stmt`),
    )) as unknown as { rows: { idle: string; stmt: string }[] };
    expect(rows.rows[0]).toEqual({ idle: '1s', stmt: '1s' });
  });

  it('a writer idle in its transaction past the bound is ended by the database: DatabaseUnavailable, not run again, nothing committed', async () => {
    let attempts = 0;
    const started = engine.writer.run(async (tx) => {
      attempts += 1;
      await execute(tx, sql`create table if not exists held_marker (n int)`);
      await execute(tx, sql`insert into held_marker values (1)`);
      await sleep(2500); // frozen mid-way, past the 1 s bound
      await execute(tx, sql`insert into held_marker values (2)`);
    });
    await expect(started).rejects.toBeInstanceOf(DatabaseUnavailable);
    // Not run again: a job that outlived the bound would outlive it again.
    expect(attempts).toBe(1);
    const after = (await engine.writer.run((tx) => execute(tx, sql`select to_regclass('held_marker') as t`))) as unknown as { rows: { t: string | null }[] };
    expect(after.rows[0]!.t).toBeNull();
  });
});
