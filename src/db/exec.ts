// What repositories run on, on either engine: a query builder and the engine's tables. Repositories use
// only the builder API the SQLite and PostgreSQL dialects share (select, insert … returning, update,
// delete, on conflict), await every query, and take the tables from here, never by import: the same
// function then runs on both engines. Types come from the SQLite definitions (every table, gathered in
// src/db/generated/tables.ts from src/db/tables.ts and src/modules/*/tables.ts); the PostgreSQL mirror
// (the tables.pg.ts beside each) produces the same rows.
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import type * as schema from './generated/tables.js';

export type Tables = typeof schema;
export type Query = BaseSQLiteDatabase<'async', unknown, Tables>;
export type EngineKind = 'sqlite' | 'pg';

export type Exec = {
  readonly q: Query;
  readonly t: Tables;
  readonly engine: EngineKind;
  /**
   * PostgreSQL, a write job's transaction: its statements are pipelined, so a write whose answer nobody
   * reads may be sent without waiting for it (src/db/pipelined.ts); the engine's COMMIT waits for it.
   */
  readonly pipelined?: true;
  /**
   * PostgreSQL, a write job's transaction: the same transaction seen through a gate (src/db/pg-held-writes.ts)
   * that sends plain reads at once and holds every write, and what follows it, until `release()`;
   * after `refuse()` none of it is sent. Work can so start while the statement that decides whether it
   * counts is in flight (src/core/idempotency.ts). One at a time per transaction.
   */
  readonly speculate?: () => Speculation;
};

export type Speculation = { readonly exec: Exec; release(): void; refuse(): void };

/**
 * Runs a write job in one transaction of the engine (a savepoint of the SQLite group commit) and
 * resolves once it is durable. A job awaits only repository calls: on SQLite they settle at once, so a
 * batch never yields the connection to other work mid-transaction.
 */
export type Writer = { run<T>(work: (tx: Exec) => Promise<T>, options?: RunOptions): Promise<T> };

export type RunOptions = {
  /**
   * A key the job changes state under that other transactions read holding the key shared
   * (`sharedKeyLockCall`). On PostgreSQL the job's transaction begins only once it holds the key
   * exclusively, as a session lock kept until after its commit: it waits for every transaction holding
   * the key shared to commit, so its snapshot sees what they wrote, and those that ask for the key later
   * wait for its commit. On SQLite every job runs alone, and the key changes nothing.
   */
  exclusive?: string;
};
