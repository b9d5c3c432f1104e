// PostgreSQL connections in pipeline mode (node-postgres `pipeline`): a statement goes out at once, without
// waiting for the answers of the statements before it, and the server answers them in order. What a job
// sends together costs it one round trip: the BEGIN with its first statements, independent reads, and the
// writes whose answers it does not read with the COMMIT (src/db/pg-engine.ts, src/db/pipelined.ts).
// Sequential code (send, await, send) behaves as without pipelining.
import pg from 'pg';

/** Statements sent and round trips waited for, over every connection of an engine (GET /metrics). */
export type WireCounters = { statements: number; roundTrips: number };

type Corkable = { cork(): void; uncork(): void };

/**
 * The work a connection's statements are sent for (a transaction's attempt). The connection may pass to
 * the next job before the last answers to this one's arrive (src/db/pg-engine.ts), so a statement's
 * failure is kept with the job that sent it, not with the connection.
 */
export type Job = {
  /**
   * The first of the job's statements that failed. In a transaction every statement after a failed one
   * fails too (25P02: the transaction is aborted), so this one is the cause, the one a retry is decided on.
   */
  failure: unknown;
};

export type PipelinedClient = pg.Client & {
  /** The job whose statements are being sent; a fresh one when no job holds the connection. */
  job: Job;
  /** Set when the connection cannot be trusted with another transaction (a ROLLBACK that failed). */
  unusable: boolean;
  /** What ended the connection, when the server did (an 'error' event): a timeout is not retried. */
  lost: unknown;
};

/**
 * The pool's connection class: pipelined, counting, and corking its socket until the end of the tick at
 * a statement's send, so the statements a job sends together leave in one write (one `writev`, not one
 * per statement). A statement starts a round trip
 * unless it follows, with no answer received in between, statements still awaiting theirs: statements
 * sent together share one; one sent after an answer it may depend on starts the next.
 */
export function pipelinedClientClass(wire: WireCounters): typeof pg.Client {
  return class extends pg.Client {
    job: Job = { failure: undefined };
    unusable = false;
    lost: unknown = undefined;
    private awaiting = 0;
    private answeredSinceSend = false;
    private corked = false;

    constructor(config?: string | pg.ClientConfig) {
      super({ ...(typeof config === 'string' ? { connectionString: config } : config), pipeline: true });
      // Settled point 10: a connection the server ended (a restart, a failover, pg_terminate_backend)
      // emits 'error' even while a job holds it, when the pool listens no more; unheard, that event would
      // end the process. Its statements fail on their own (the job's failure); the connection is only
      // marked, so that it is discarded when returned (src/db/pg-engine.ts) and the pool opens another.
      this.on('error', (error: unknown) => {
        this.unusable = true;
        this.lost ??= error;
      });
    }

    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    override query(...args: any[]): any {
      wire.statements += 1;
      if (this.awaiting === 0 || this.answeredSinceSend) wire.roundTrips += 1;
      this.answeredSinceSend = false;
      this.corkUntilNextTick();
      const job = this.job;
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const result = (super.query as any)(...args);
      // A promise (every call but pg-pool's own, which pass a callback and are answered before the
      // next is sent): its answer ends the wait.
      if (result && typeof (result as Promise<unknown>).then === 'function') {
        this.awaiting += 1;
        (result as Promise<unknown>).then(
          () => {
            this.awaiting -= 1;
            this.answeredSinceSend = true;
          },
          (error: unknown) => {
            this.awaiting -= 1;
            this.answeredSinceSend = true;
            job.failure ??= error;
          },
        );
      }
      return result;
    }

    private corkUntilNextTick(): void {
      if (this.corked) return;
      const stream = (this as unknown as { connection: { stream: Partial<Corkable> } }).connection.stream;
      if (typeof stream.cork !== 'function' || typeof stream.uncork !== 'function') return;
      this.corked = true;
      stream.cork();
      // After the microtasks of this tick: the statements a job sends before it next waits.
      process.nextTick(() => {
        this.corked = false;
        stream.uncork!();
      });
    }
  } as unknown as typeof pg.Client;
}
