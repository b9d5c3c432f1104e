// §17.1 the partner backend's session operations: create (shape → idempotency → customer → origin →
// suspension → limit → effect), revoke, and the view every answer renders. The token exists in the clear
// only in the create's answer (and its sealed idempotency record, F2); the table holds its hash.
import { randomUUID } from 'node:crypto';
import type { Config } from '../../config.js';
import type { CallContext } from '../../core/context.js';
import type { Exec } from '../../db/exec.js';
import { requireOwn } from '../../core/ownership.js';
import { Problem, type FieldErrors } from '../../core/problem.js';
import type { PartnerFrontendSession } from '../../graphql/generated/resolvers-types.js';
import { claimOwnCustomer } from '../customers/index.js';
import { normaliseOrigin } from './origin.js';
import { claimClientOrigin, countActiveSessions, findSession, insertSession, revokeSession } from './repository.js';
import type { FrontendSessionRow } from './tables.js';
import { newSessionToken, sessionTokenHash } from './token.js';

export const MIN_TTL_SECONDS = 60;

type CreateInput = { origin: string; ttlSeconds?: number | null };

/** A session as the API shows it; `token` only in the create's answer (§17.1), null everywhere else. */
export function sessionView(row: FrontendSessionRow, token: string | null = null): PartnerFrontendSession {
  return {
    sessionId: row.sessionId,
    customerId: row.customerId,
    origin: row.origin,
    token,
    expiresAt: row.expiresAt,
    revokedAt: row.revokedAt,
    createdAt: row.createdAt,
  };
}

/** §17.1 create, the shape (400): the origin by §17.3, `ttlSeconds` 60–FRONTEND_SESSION_MAX_TTL_SECONDS. */
export function checkCreateInput(errors: FieldErrors, input: CreateInput, config: Pick<Config, 'production' | 'frontend'>): void {
  const origin = normaliseOrigin(input.origin, config.production);
  if ('fault' in origin) errors.add('/origin', origin.fault);
  const ttl = input.ttlSeconds;
  const max = config.frontend.maxTtlSeconds;
  if (ttl !== null && ttl !== undefined && (ttl < MIN_TTL_SECONDS || ttl > max))
    errors.add('/ttlSeconds', `must be ${MIN_TTL_SECONDS} to ${max} (FRONTEND_SESSION_MAX_TTL_SECONDS)`);
}

/**
 * §17.1 create, after the shape and idempotency: the customer (404 / 403, its row claimed so that
 * concurrent creates count the limit one at a time, and a suspension cannot pass a create) → the origin
 * registered for the client (403, its row claimed so that its removal cannot pass a create) → SUSPENDED
 * (409) → the limit (409) → the session. An unverified customer may have sessions.
 */
export async function createSession(tx: Exec, ctx: CallContext, customerId: string, input: CreateInput): Promise<PartnerFrontendSession> {
  const { config } = ctx.services;
  const customer = await claimOwnCustomer(tx, ctx, customerId);
  const checked = normaliseOrigin(input.origin, config.production);
  // validate() refused any other shape before this runs.
  if (!('origin' in checked)) throw new Error('createFrontendSession: the origin passed validation but is not one');
  const origin = checked.origin;
  if (!(await claimClientOrigin(tx, ctx.clientId, origin)))
    throw new Problem('ORIGIN_NOT_ALLOWED', `The origin ${origin} is not registered for your client: an operator adds it (partnerctl client origin add).`);
  if (customer.status === 'SUSPENDED') throw new Problem('CUSTOMER_SUSPENDED', `Customer ${customerId} is SUSPENDED.`);
  const now = ctx.now.toISOString();
  const max = config.frontend.maxActive;
  if ((await countActiveSessions(tx, customerId, now)) >= max)
    throw new Problem(
      'FRONTEND_SESSION_LIMIT_REACHED',
      `Customer ${customerId} has ${max} active frontend sessions (FRONTEND_SESSION_MAX_ACTIVE): revoke one or let one expire first.`,
    );
  const ttlSeconds = input.ttlSeconds ?? config.frontend.defaultTtlSeconds;
  const token = newSessionToken();
  const row: FrontendSessionRow = {
    sessionId: randomUUID(),
    clientId: ctx.clientId,
    customerId,
    origin,
    tokenHash: sessionTokenHash(token),
    expiresAt: new Date(ctx.now.getTime() + ttlSeconds * 1000).toISOString(),
    revokedAt: null,
    createdAt: now,
  };
  await insertSession(tx, row);
  return sessionView(row, token);
}

/**
 * §17.1 revoke, after the id's shape and idempotency: the session (404 NOT_FOUND / 403) → `revokedAt` set;
 * a revoked or expired one answers unchanged.
 */
export async function revokeSessionOf(tx: Exec, ctx: CallContext, sessionId: string): Promise<PartnerFrontendSession> {
  const row = requireOwn(ctx, await findSession(tx, sessionId), 'NOT_FOUND', 'frontend session', sessionId);
  const now = ctx.now.toISOString();
  if (row.revokedAt !== null || row.expiresAt <= now) return sessionView(row);
  // Undefined only when a concurrent revocation set it first: its answer is this one's.
  const revoked = (await revokeSession(tx, sessionId, now)) ?? (await findSession(tx, sessionId))!;
  return sessionView(revoked);
}
