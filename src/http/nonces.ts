// §2 single-use nonces without a commit of their own: a nonce is checked at once (database and the
// nonces of requests still in flight), and its record joins the same group commit as the request's
// effect. The request answers only after that commit, so an answered request's nonce is durably spent.
import { nonceSeen, recordNonce } from '../db/clients-repository.js';
import type { GroupCommitter } from '../db/group-commit.js';
import type { Db } from '../db/open.js';
import { Problem } from '../domain/problem.js';

export const NONCE_WINDOW_MS = 15 * 60_000;

const reused = () => new Problem('AUTH_NONCE_REUSED', 'This X-Partner-Nonce was already used; sign each request with a fresh one.');

export class NonceLedger {
  private readonly inFlight = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly writer: GroupCommitter,
  ) {}

  /**
   * Spends the nonce: AUTH_NONCE_REUSED at once when it was seen. The promise settles (never rejects)
   * when its record is committed: with undefined, or with the Problem that must replace the answer
   * (another process on the same database spent it first, or the commit failed).
   */
  spend(clientId: string, nonce: string, nowMs: number): Promise<Problem | undefined> {
    const key = `${clientId}\n${nonce}`;
    if (this.inFlight.has(key) || nonceSeen(this.db, clientId, nonce, nowMs - NONCE_WINDOW_MS)) throw reused();
    this.inFlight.add(key);
    return this.writer
      .run((tx) => recordNonce(tx, clientId, nonce, nowMs, NONCE_WINDOW_MS))
      .then(
        (fresh) => (fresh ? undefined : reused()),
        () => new Problem('INTERNAL', 'Internal server error'),
      )
      .finally(() => this.inFlight.delete(key));
  }
}
