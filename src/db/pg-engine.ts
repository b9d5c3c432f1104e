// PostgreSQL: a pool per process, several processes on one database. Every write job is one REPEATABLE
// READ transaction (all its reads from one snapshot), and every guarantee holds across processes by the
// database, never by one process's memory: a unique key or index backs each check a job reads before it
// writes (one idempotency record per (client, key), a nonce once, evidence once, one active beneficiary
// per address, unique references), so a job that raced another fails on the index, or on the row the
// other changed, and runs again with a new snapshot, where its reads see what the other committed and it
// answers as the rules say (a replay, a 409). The one sum rule (refunds within their deposit) writes the
// deposit row first (src/modules/deposits/repository.ts), so racing drafts conflict there. SERIALIZABLE
// would give the same guarantees but, with every request of a partner touching the same index pages,
// its predicate locks abort most of them.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { is, sql } from 'drizzle-orm';
import { drizzle, NodePgPreparedQuery } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Engine, EngineOptions, EngineWriter } from './engine-types.js';
import type { Exec, Query, RunOptions, Speculation, Tables } from './exec.js';
import * as pgTables from './generated/tables.pg.js';
import { EXCLUSIVE_SESSION_LOCK, EXCLUSIVE_SESSION_UNLOCK } from './keyed-locks.js';
import { pipelinedClientClass, type Job, type PipelinedClient, type WireCounters } from './pg-connection.js';
import { HeldWritesClient } from './pg-held-writes.js';
import { useNodePostgres } from './prepared.js';
import { DatabaseUnavailable, isDatabaseUnavailable, isTransactionTimeout } from './unavailable.js';

// The prepared statements' fast path and named statements for this driver's clients (src/db/prepared.ts).
useNodePostgres({
  isPreparedQuery: (p) => is(p, NodePgPreparedQuery),
  isNamedClient: (c) => c instanceof pg.Pool || c instanceof pg.Client || c instanceof HeldWritesClient,
});

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle/pg');
/** Held while migrations run, so several processes starting at once apply them one at a time. */
const MIGRATION_LOCK = 7_420_001;
/** A job conflicting with a concurrent one is run again; its reads then see what the other committed. */
const MAX_ATTEMPTS = 40;
/**
 * After this many conflicts a job runs again only while holding a session lock that every such job
 * takes before its transaction begins: jobs that keep colliding (many writers of one hot row, such as a
 * customer's balance) then run one after another, each with a snapshot taken after the previous one
 * committed, instead of exhausting their attempts against each other.
 */
const SERIAL_AFTER = 3;
const SERIAL_LOCK = 7_420_002;
// 23505: a unique index found the race a read missed; 40001 serialization failure, 40P01 deadlock.
const RETRYABLE = new Set(['23505', '40001', '40P01']);
/**
 * Settled point 10: a job whose connection was lost (or could not be opened) before its COMMIT was sent
 * did not commit, so it runs again on a new connection, this many times in all; one lost after the
 * COMMIT went out may have committed, so it is not run again here: the request answers 503 and the
 * partner's retry with its Idempotency-Key replays what committed or runs anew.
 */
const UNAVAILABLE_ATTEMPTS = 3;

// int8 (bigint) columns hold milliseconds and counts, far below 2^53: read them as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

const tables = pgTables as unknown as Tables;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function codeOf(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (typeof e.code === 'string') return e.code;
  return undefined;
}

const BEGIN = 'begin isolation level repeatable read';

class TransactionWriter implements EngineWriter {
  readonly failed = false;
  readonly ordered = false;
  readonly stats = { transactions: 0, retries: 0, serialized: 0 };
  /** One query builder per connection: the prepared statements (src/db/prepared.ts) are the connection's. */
  private readonly builders = new WeakMap<pg.Client, Query>();
  /** And one on its gate (Exec.speculate), with prepared statements of its own. */
  private readonly gates = new WeakMap<pg.Client, { gate: HeldWritesClient; q: Query }>();

  constructor(private readonly pool: pg.Pool) {}

  /**
   * One attempt, on a connection of its own (pipelined, src/db/pg-connection.ts). The BEGIN goes out with
   * the job's first statements and is not waited for; the COMMIT goes out behind what the job sent without
   * waiting (src/db/pipelined.ts), so those writes and the commit are one round trip. A statement that
   * failed, awaited or not, fails the attempt with its own error: the COMMIT of an aborted transaction
   * rolls it back, and what failed after it failed only because it was aborted.
   *
   * `handOver`, once the COMMIT is sent: the connection goes to the next job before the COMMIT's answer
   * arrives, so that job's first statements follow it on the wire and the server answers both in one
   * wake-up: under load a job then costs one round trip of its own, not two. The server runs them after
   * the COMMIT, each in its own transaction; what this job sent keeps its failures (`Job`).
   */
  private async once<T>(client: PipelinedClient, work: (tx: Exec) => Promise<T>, handOver?: () => void): Promise<T> {
    if (client.unusable) throw new DatabaseUnavailable(new Error('Connection terminated unexpectedly'));
    this.stats.transactions += 1;
    const job: Job = { failure: undefined };
    client.job = job;
    client.query(BEGIN).catch(() => undefined); // its failure is the job's `failure`
    let q = this.builders.get(client);
    if (!q) this.builders.set(client, (q = drizzle(client, { schema: pgTables }) as unknown as Query));
    let gate: HeldWritesClient | undefined;
    const speculate = (): Speculation => {
      let g = this.gates.get(client);
      if (!g) {
        const held = new HeldWritesClient(client);
        this.gates.set(client, (g = { gate: held, q: drizzle(held as unknown as pg.Client, { schema: pgTables }) as unknown as Query }));
      }
      gate = g.gate;
      gate.hold();
      return { exec: { q: g.q, t: tables, engine: 'pg', pipelined: true }, release: () => g.gate.release(), refuse: () => g.gate.refuse() };
    };
    // A new Exec per transaction: what a module keeps per transaction is keyed by it (webhooks' holds).
    const tx: Exec = { q, t: tables, engine: 'pg', pipelined: true, speculate };
    let result: T;
    try {
      result = await work(tx);
    } catch (error) {
      await client.query('rollback').catch(() => {
        client.unusable = true;
      });
      // The database ended the transaction for outliving its bound (settled point 11): not run again.
      if (isTransactionTimeout(client.lost)) throw new DatabaseUnavailable(client.lost);
      throw job.failure ?? error;
    } finally {
      // Work still running after its job (set aside, not awaited) sends nothing more on this connection.
      gate?.refuse();
    }
    try {
      const commit = client.query('commit');
      if (handOver) {
        client.job = { failure: undefined };
        handOver();
      }
      await commit;
    } catch (error) {
      // Without an SQLSTATE the connection failed, not the transaction: it is not given to another job
      // (one it was handed over to fails on it too, and closes it).
      if (codeOf(error) === undefined) client.unusable = true;
      const cause = job.failure ?? error;
      // The COMMIT was sent: whether it took effect is unknown, so the job is not run again (above).
      throw isDatabaseUnavailable(cause) ? new DatabaseUnavailable(cause) : cause;
    }
    // A statement sent without waiting failed: the COMMIT answered ROLLBACK.
    if (job.failure !== undefined) throw job.failure;
    return result;
  }

  /**
   * `work` on a connection of the pool, returned to it afterwards (closed if it cannot be trusted), or
   * earlier when `work` hands it over (`once`).
   */
  private async connected<T>(work: (client: PipelinedClient, handOver: () => void) => Promise<T>): Promise<T> {
    const client = (await this.pool.connect()) as unknown as PipelinedClient & pg.PoolClient;
    let returned = false;
    const handOver = () => {
      if (returned) return;
      returned = true;
      client.release(client.unusable);
    };
    try {
      return await work(client, handOver);
    } finally {
      handOver();
    }
  }

  /** One attempt under the session lock of SERIAL_AFTER. */
  private serially<T>(work: (tx: Exec) => Promise<T>): Promise<T> {
    return this.connected(async (client) => {
      await client.query('select pg_advisory_lock($1)', [SERIAL_LOCK]);
      this.stats.serialized += 1;
      try {
        return await this.once(client, work);
      } finally {
        // A connection whose unlock failed (it was lost) is closed, which releases the lock; the job's
        // own outcome stands.
        await client.query('select pg_advisory_unlock($1)', [SERIAL_LOCK]).catch(() => {
          client.unusable = true;
        });
      }
    });
  }

  async run<T>(work: (tx: Exec) => Promise<T>, options?: RunOptions): Promise<T> {
    for (let attempt = 1, lost = 0; ; attempt++) {
      try {
        if (options?.exclusive !== undefined) return await this.exclusively(options.exclusive, work);
        return await (attempt > SERIAL_AFTER ? this.serially(work) : this.connected((client, handOver) => this.once(client, work, handOver)));
      } catch (error) {
        if (isDatabaseUnavailable(error)) {
          // Before its COMMIT (a DatabaseUnavailable is thrown only after it): a new connection.
          if (error instanceof DatabaseUnavailable || isTransactionTimeout(error) || ++lost >= UNAVAILABLE_ATTEMPTS) throw error instanceof DatabaseUnavailable ? error : new DatabaseUnavailable(error);
          this.stats.retries += 1;
          await sleep(50 * lost + Math.random() * 100);
          continue;
        }
        if (options?.exclusive !== undefined) throw error;
        await this.afterFailure(error, attempt, attempt < SERIAL_AFTER);
      }
    }
  }

  /** Rethrows what a new attempt cannot cure; else counts the retry and waits a little. */
  private async afterFailure(error: unknown, attempt: number, backOff: boolean): Promise<void> {
    const code = codeOf(error);
    if (attempt >= MAX_ATTEMPTS || code === undefined || !RETRYABLE.has(code)) throw error;
    this.stats.retries += 1;
    // Jittered, growing back-off: colliding jobs do not collide again in lockstep.
    if (backOff) await sleep(Math.random() * Math.min(50, 2 ** attempt));
  }

  /**
   * RunOptions.exclusive: every attempt on one connection holding the key as a session lock, taken
   * before the first BEGIN (a REPEATABLE READ snapshot is taken at the transaction's first statement, so
   * a lock taken inside it would come after its snapshot). Never SERIAL_LOCK as well: a job holding that
   * may be waiting for this key (a deadlock the database would only break after a second).
   */
  private exclusively<T>(key: string, work: (tx: Exec) => Promise<T>): Promise<T> {
    return this.connected(async (client) => {
      await client.query(EXCLUSIVE_SESSION_LOCK, [key]);
      try {
        for (let attempt = 1; ; attempt++) {
          try {
            return await this.once(client, work);
          } catch (error) {
            // A lost connection holds the key no more: the attempt is made again from the start (run).
            if (isDatabaseUnavailable(error)) throw error;
            await this.afterFailure(error, attempt, true);
          }
        }
      } finally {
        // A connection whose unlock failed may still hold the lock: closed, so the database releases it.
        await client.query(EXCLUSIVE_SESSION_UNLOCK, [key]).catch(() => {
          client.unusable = true;
        });
      }
    });
  }

  /** Each of this writer's COMMITs returns once durable (its pool keeps synchronous_commit on): nothing waits for a sync. */
  untilDurable(): Promise<void> {
    return Promise.resolve();
  }
}

/** `url` with `setting` added to the server options it sends (which may already set a search_path). */
function withOption(url: string, setting: string): string {
  const u = new URL(url);
  u.searchParams.set('options', [u.searchParams.get('options'), setting].filter(Boolean).join(' '));
  return u.toString();
}

export async function openPgEngine(url: string, options: EngineOptions = {}): Promise<Engine> {
  const wire: WireCounters = { statements: 0, roundTrips: 0 };
  const Client = pipelinedClientClass(wire);
  // Settled point 11: a transaction frozen mid-way (a paused host, a lost network) would hold its locks,
  // and every writer queued behind them, for ever; the server ends it after the bound instead.
  const timeout = Math.floor(options.transactionTimeoutMs ?? 30_000);
  url = withOption(url, `-c idle_in_transaction_session_timeout=${timeout} -c statement_timeout=${timeout}`);
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10, Client });
  pool.on('error', (error) => options.onError?.(`idle PostgreSQL connection failed: ${error.message}`));
  const db = drizzle(pool, { schema: pgTables });
  // The rate-limit buckets: one row per client that every request updates. A commit that waited for the
  // disk would hold that row's lock across an fsync and make all of a client's requests queue behind it.
  const relaxedPool = new pg.Pool({ connectionString: withOption(url, '-c synchronous_commit=off'), max: 2, Client });
  relaxedPool.on('error', (error) => options.onError?.(`idle PostgreSQL connection failed: ${error.message}`));
  // Tables and the migrations' own table live in the connection's schema (search_path), so databases
  // or schemas side by side stay apart.
  const schema = (await pool.query<{ s: string }>('select current_schema() as s')).rows[0]?.s ?? 'public';
  if (options.migrate !== false) {
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      try {
        await migrate(drizzle(client), { migrationsFolder, migrationsSchema: schema });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
      }
    } finally {
      client.release();
    }
  }
  const writer = new TransactionWriter(pool);
  return {
    kind: 'pg',
    read: { q: db as unknown as Query, t: tables, engine: 'pg' },
    relaxed: { q: drizzle(relaxedPool, { schema: pgTables }) as unknown as Query, t: tables, engine: 'pg' },
    writer,
    async ready() {
      await db.execute(sql`select count(*) from ${sql.identifier(schema)}.__drizzle_migrations`);
    },
    stats: () => ({ ...writer.stats, ...wire, poolWaiting: pool.waitingCount }),
    async close() {
      await Promise.all([pool.end(), relaxedPool.end()]);
    },
  };
}
