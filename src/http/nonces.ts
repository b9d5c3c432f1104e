// §2 single-use nonces without a commit of their own. A nonce's record joins the same group commit as
// the request's effect, and the request answers only after that commit, so an answered request's nonce
// is durably spent.
//
// The record's job is queued at authentication, before any write of the request, and jobs run in
// arrival order: each of the request's writes first asks whether the record found the nonce unused.
// When it did not (a replay, or another process on the same database spent it first), the write throws
// inside its own savepoint and rolls back, and the answer becomes 401 AUTH_NONCE_REUSED. A request
// answered AUTH_NONCE_REUSED never leaves an effect behind. The record's upsert is the one check of the
// nonce (no lookup at authentication); a request whose nonce is still in flight here is refused at once.
//
// That ordering is the SQLite group commit's (one connection, jobs in arrival order). On PostgreSQL
// jobs are concurrent transactions: there the record is the first statement of the request's first
// write job, in the same transaction as its effect and sent with the job's first statements, so a
// request costs one transaction, not two, and no round trip of its own; a job
// that rolls back takes the record with it, and the next job of the request (the audit of a refusal)
// records it again; a request with no write job (a query) records it in a job of its own before it
// answers. Either way the database's primary key on (client, nonce) decides, across processes.
import { recordNonce } from '../db/clients-repository.js';
import type { EngineWriter } from '../db/engine.js';
import type { Exec, RunOptions } from '../db/exec.js';
import type { Writer } from '../core/context.js';
import { Problem, problemFromError } from '../core/problem.js';

export const NONCE_WINDOW_MS = 15 * 60_000;

const reused = () => new Problem('AUTH_NONCE_REUSED', 'This X-Partner-Nonce was already used; sign each request with a fresh one.');
const internal = () => new Problem('INTERNAL', 'Internal server error');

export type NonceSpend = {
  /**
   * Waits for the nonce's record to be committed and resolves (never rejects) with undefined, or with the
   * Problem that must replace the answer (another process spent it first, or the commit failed). Called
   * once the request's work is done.
   */
  refusalOnceRecorded(): Promise<Problem | undefined>;
  /** The request's writes: each runs only if the nonce is the request's (see above). */
  writer: Writer;
};

export class NonceLedger {
  private readonly inFlight = new Set<string>();

  constructor(private readonly writer: EngineWriter) {}

  /** Spends the nonce: AUTH_NONCE_REUSED at once while the same nonce is in flight, else at its commit. */
  spend(clientId: string, nonce: string, nowMs: number): NonceSpend {
    const key = `${clientId}\n${nonce}`;
    if (this.inFlight.has(key)) throw reused();
    this.inFlight.add(key);
    if (!this.writer.ordered) return this.spendWithEffect(key, clientId, nonce, nowMs);
    // Set while the record's job runs (synchronously, inside its batch), so a later job of the same
    // batch already knows; a batch that failed to commit marks it before the next batch begins.
    let state: 'pending' | 'fresh' | 'reused' | 'failed' = 'pending';
    const refusal = this.writer
      .run(async (tx) => {
        try {
          state = (await recordNonce(tx, clientId, nonce, nowMs, NONCE_WINDOW_MS)) ? 'fresh' : 'reused';
        } catch (error) {
          state = 'failed';
          throw error;
        }
        return state;
      })
      .then(
        (result) => (result === 'fresh' ? undefined : reused()),
        () => {
          state = 'failed';
          return internal();
        },
      )
      .finally(() => this.inFlight.delete(key));
    const guarded = <T>(work: (tx: Exec) => Promise<T>) => async (tx: Exec): Promise<T> => {
      if (state === 'reused') throw reused();
      // 'pending' cannot happen (the record's job was queued first); refuse rather than write unguarded.
      if (state !== 'fresh') throw internal();
      return work(tx);
    };
    return { refusalOnceRecorded: () => refusal, writer: { run: (work, options) => this.writer.run(guarded(work), options) } };
  }

  /** PostgreSQL: the record rides in the request's first write job that commits (see above). */
  private spendWithEffect(key: string, clientId: string, nonce: string, nowMs: number): NonceSpend {
    let state: 'unrecorded' | 'recorded' | 'reused' = 'unrecorded';
    let failed = false;
    /**
     * The record goes out first and the job's statements behind it, without waiting for its answer (the
     * connection is pipelined: one round trip for both); its answer is read before the job ends and
     * decides over the job's own: a nonce not the request's makes it AUTH_NONCE_REUSED and rolls the job
     * back, and a failed record (a conflict to retry) is the job's failure.
     */
    const withRecord = async <T>(tx: Exec, work: (tx: Exec) => Promise<T>): Promise<T> => {
      const fresh = recordNonce(tx, clientId, nonce, nowMs, NONCE_WINDOW_MS);
      fresh.catch(() => undefined); // read below
      const outcome = await work(tx).then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      );
      if (!(await fresh)) {
        state = 'reused';
        throw reused();
      }
      if ('error' in outcome) throw outcome.error;
      return outcome.value;
    };
    // A request's jobs run one after another: two carrying the record at once would conflict on it.
    let tail: Promise<unknown> = Promise.resolve();
    const run = <T>(work: (tx: Exec) => Promise<T>, options?: RunOptions): Promise<T> => {
      const job = tail.then(() => runNow(work, options));
      tail = job.catch(() => undefined);
      return job;
    };
    const runNow = async <T>(work: (tx: Exec) => Promise<T>, options?: RunOptions): Promise<T> => {
      if (state === 'reused') throw reused();
      if (state === 'recorded') return this.writer.run(work, options);
      // The job may run again (a conflict): the record is then made again, in the new transaction.
      const result = await this.writer.run((tx) => withRecord(tx, work), options);
      state = 'recorded';
      return result;
    };
    let refusal: Promise<Problem | undefined> | undefined;
    // Settled point 10: the record could not be committed because the database went away: 503, not 500.
    let unavailable: Problem | undefined;
    const refusalOnceRecorded = () =>
      (refusal ??= (async () => {
        try {
          if (state === 'unrecorded') await run(async () => undefined);
        } catch (error) {
          const known = problemFromError(error);
          if (known?.code === 'SERVICE_UNAVAILABLE') unavailable = known;
          else if (!(error instanceof Problem)) failed = true;
        } finally {
          this.inFlight.delete(key);
        }
        if (state === 'reused') return reused();
        if (unavailable && state !== 'recorded') return unavailable;
        return failed || state !== 'recorded' ? internal() : undefined;
      })());
    return { refusalOnceRecorded, writer: { run } };
  }
}
