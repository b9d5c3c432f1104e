// §2 single-use nonces without a commit of their own: a nonce is checked at once (database and the
// nonces of requests still in flight), and its record joins the same group commit as the request's
// effect. The request answers only after that commit, so an answered request's nonce is durably spent.
//
// Another process on the same database may spend the same nonce between the check and the commit. The
// record's job runs before any write of the request (jobs run in arrival order), so each of the
// request's writes first asks guard(): when the nonce was lost, the write throws inside its own
// savepoint and rolls back. A request answered AUTH_NONCE_REUSED never leaves an effect behind.
import { nonceSeen, recordNonce } from '../db/clients-repository.js';
import type { GroupCommitter } from '../db/group-commit.js';
import type { Exec } from '../db/exec.js';
import type { Db } from '../db/open.js';
import type { Writer } from '../domain/context.js';
import { Problem } from '../domain/problem.js';

export const NONCE_WINDOW_MS = 15 * 60_000;

const reused = () => new Problem('AUTH_NONCE_REUSED', 'This X-Partner-Nonce was already used; sign each request with a fresh one.');
const internal = () => new Problem('INTERNAL', 'Internal server error');

export type NonceSpend = {
  /**
   * Settles (never rejects) when the nonce's record is committed: with undefined, or with the Problem
   * that must replace the answer (another process spent it first, or the commit failed).
   */
  settled: Promise<Problem | undefined>;
  /** The request's writes: each runs only if the nonce is the request's (see above). */
  writer: Writer;
};

export class NonceLedger {
  private readonly inFlight = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly writer: GroupCommitter,
  ) {}

  /** Spends the nonce: AUTH_NONCE_REUSED at once when it was seen. */
  spend(clientId: string, nonce: string, nowMs: number): NonceSpend {
    const key = `${clientId}\n${nonce}`;
    if (this.inFlight.has(key) || nonceSeen(this.db, clientId, nonce, nowMs - NONCE_WINDOW_MS)) throw reused();
    this.inFlight.add(key);
    // Set while the record's job runs (synchronously, inside its batch), so a later job of the same
    // batch already knows; a batch that failed to commit marks it before the next batch begins.
    let state: 'pending' | 'fresh' | 'reused' | 'failed' = 'pending';
    const settled = this.writer
      .run((tx) => {
        try {
          state = recordNonce(tx, clientId, nonce, nowMs, NONCE_WINDOW_MS) ? 'fresh' : 'reused';
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
    const guarded = <T>(work: (tx: Exec) => T) => (tx: Exec): T => {
      if (state === 'reused') throw reused();
      // 'pending' cannot happen (the record's job was queued first); refuse rather than write unguarded.
      if (state !== 'fresh') throw internal();
      return work(tx);
    };
    return { settled, writer: { run: (work) => this.writer.run(guarded(work)) } };
  }
}
