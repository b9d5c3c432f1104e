// §17.2 the bearer half of authentication: `Authorization: Bearer <token>` → the frontend session it
// names, or 401 AUTH_SESSION_INVALID, which never says whether the token was unknown, malformed, expired
// or revoked. The token is only ever hashed here: it is not logged, stored or quoted in a detail.
import type { FrontendSession } from '../core/context.js';
import { Problem } from '../core/problem.js';
import type { Exec } from '../db/exec.js';
import { findSessionByTokenHash, isSessionTokenForm, sessionTokenHash, type FrontendSessionRow } from '../modules/frontend/index.js';

/** §17.2: the challenge of a bearer request's 401 (RFC 6750 §3), whatever was wrong with the token. */
export const BEARER_CHALLENGE = 'Bearer error="invalid_token"';

/**
 * How long a process may answer from a session row it read. §17.1: a revocation holds in every process
 * within 1 s of its answer; 500 ms leaves that margin for the read itself and the clock. §17.6: the
 * revocations made by a suspension or an origin removal (partnerctl) hold within the same 500 ms.
 */
export const SESSION_CACHE_MS = 500;
/** Sessions remembered at once; past it, the oldest reading is forgotten (a miss costs one indexed read). */
const MAX_ENTRIES = 10_000;

const BEARER = /^bearer +([^ ]+) *$/i;

export const sessionInvalid = (): Problem =>
  new Problem('AUTH_SESSION_INVALID', 'The bearer token is not a valid frontend session: ask your backend for a new session.');

/** The Bearer scheme's name (case-insensitive, RFC 9110 §11.1), alone or before its credentials. */
const BEARER_SCHEME = /^bearer(?: |$)/i;

/**
 * §17.6 (amended): a request takes the bearer path only when its Authorization header's scheme is
 * `Bearer`. Another scheme (a gateway's `Basic`) is ignored: the request is a signed one (§2), or
 * answered as §2 answers a missing header.
 */
export const isBearerRequest = (headers: Record<string, string | undefined>): boolean =>
  headers.authorization !== undefined && BEARER_SCHEME.test(headers.authorization.trimStart());

/**
 * Session rows by token hash, each answered for at most SESSION_CACHE_MS of the request clock after it
 * was read. Only sessions found are kept: a token that names none is looked up every time, so a session
 * is usable as soon as its create answered.
 */
export class SessionCache {
  private readonly entries = new Map<string, { row: FrontendSessionRow; readAtMs: number }>();

  constructor(private readonly ttlMs = SESSION_CACHE_MS) {}

  async find(db: Exec, tokenHash: string, nowMs: number): Promise<FrontendSessionRow | undefined> {
    const hit = this.entries.get(tokenHash);
    // A clock read before the entry (another request's older reading) does not extend it either.
    if (hit && nowMs >= hit.readAtMs && nowMs - hit.readAtMs < this.ttlMs) return hit.row;
    this.entries.delete(tokenHash);
    const row = await findSessionByTokenHash(db, tokenHash);
    if (row && this.ttlMs > 0) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(tokenHash, { row, readAtMs: nowMs });
    }
    return row;
  }
}

/** §17.2, §17.6 check 2: the session a request's Authorization names, usable at `now`; else 401. */
export async function authenticateSession(db: Exec, cache: SessionCache, authorization: string, now: Date): Promise<FrontendSession & { clientId: string }> {
  const token = BEARER.exec(authorization)?.[1];
  if (token === undefined || !isSessionTokenForm(token)) throw sessionInvalid();
  const row = await cache.find(db, sessionTokenHash(token), now.getTime());
  // §17.2: expired when now ≥ expiresAt.
  if (!row || row.revokedAt !== null || now.getTime() >= Date.parse(row.expiresAt)) throw sessionInvalid();
  return { sessionId: row.sessionId, clientId: row.clientId, customerId: row.customerId, origin: row.origin, expiresAt: row.expiresAt };
}
