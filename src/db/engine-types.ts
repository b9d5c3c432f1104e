// What an engine is (engine.ts opens one, sqlite-engine.ts and pg-engine.ts implement it): kept apart
// so the implementations name it without importing the file that chooses between them.
import type { EngineKind, Exec, Writer } from './exec.js';

export type DatabaseTarget = { kind: 'sqlite'; file: string } | { kind: 'pg'; url: string };

/** Writes: each job one transaction (on SQLite a savepoint of a group commit), done once durable. */
export interface EngineWriter extends Writer {
  /** Resolves once everything committed so far is durable (a read may have seen it before its sync). */
  untilDurable(): Promise<void>;
  /** The engine can no longer promise durability (readiness reports it). */
  readonly failed: boolean;
  /**
   * True when jobs run one at a time in the order they were queued, on one connection (the SQLite
   * group commit): a later job then sees what an earlier one decided (src/http/nonces.ts).
   */
  readonly ordered: boolean;
}

export type Engine = {
  kind: EngineKind;
  /** Reads outside a write transaction. */
  read: Exec;
  /**
   * Single statements whose commit need not wait for the disk: state a crash may lose without harm (the
   * rate-limit buckets). On SQLite, `read` (the buckets are in memory there).
   */
  relaxed: Exec;
  writer: EngineWriter;
  /** Resolves when the migrations ran and the database answers (`/readyz`). */
  ready(): Promise<void>;
  /** Counters for tests and the benchmark. */
  stats(): Record<string, number>;
  close(): Promise<void>;
};

export type EngineOptions = {
  /** Apply the committed migrations (one process at a time). Default true. */
  migrate?: boolean;
  /** SQLite: WAL checkpoints in a worker thread this often; 0 or absent: SQLite's own, in line. */
  checkpointIntervalMs?: number;
  /** SQLite: how long a batch gathers under load (src/db/group-commit.ts). */
  groupCommitGatherMs?: number;
  /** SQLite: told the number of jobs of each committed group-commit batch (GET /metrics). */
  onBatch?: (jobs: number) => void;
  /** PostgreSQL: connections in the pool. */
  poolSize?: number;
  /**
   * PostgreSQL: the longest a transaction or a statement may last (settled point 11): the server ends a
   * transaction idle that long (idle_in_transaction_session_timeout) and cancels a statement running that
   * long (statement_timeout), set on every connection. Default 30000.
   */
  transactionTimeoutMs?: number;
  onError?: (message: string) => void;
};
