// §3 Idempotency, enforced once for both surfaces: the REST adapter runs the same operation, so the
// same (client, key, fingerprint) is one operation whichever surface it arrives on.
import type { Exec, RunOptions } from '../db/exec.js';
import { deleteIdempotencyRecord, findIdempotencyRecord, insertIdempotencyRecordAudited } from '../db/idempotency-repository.js';
import { auditSuccess, successEvent, type AuditSubject } from './audit.js';
import { jcs, sha256Hex } from './canonical.js';
import type { CallContext } from './context.js';
import { Problem } from './problem.js';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** §3 key format: 1–255 characters, each 0x21–0x7E. */
export function checkIdempotencyKey(key: string | undefined): asserts key is string {
  if (key === undefined) throw new Problem('IDEMPOTENCY_KEY_MISSING', 'The Idempotency-Key header is required on this operation.');
  if (!KEY_PATTERN.test(key))
    throw new Problem('IDEMPOTENCY_KEY_INVALID', 'Idempotency-Key must be 1–255 characters, each 0x21–0x7E.');
}

/** Lowercase hex SHA-256 of JCS {"operation", "arguments"}, absent and null members left out. */
export function fingerprintOf(operation: string, args: Record<string, unknown>): string {
  return sha256Hex(jcs({ operation, arguments: args }));
}

// A result holding a secret is stored sealed (descriptor `sealResult`), bound to its record by the
// associated data: a stored JSON result always starts with `{`, a sealed one with this prefix.
const sealedPrefix = 'sealed:';
const box = (ctx: CallContext) => ctx.services.config.secretBox;
const aadOf = (ctx: CallContext, key: string) => `idempotency\n${ctx.clientId}\n${key}`;

function openResult(ctx: CallContext, key: string, stored: string): string {
  return stored.startsWith(sealedPrefix) ? box(ctx).open(aadOf(ctx, key), stored.slice(sealedPrefix.length)) : stored;
}

type Settled<T> = { value: T } | { error: unknown };
const settle = <T>(p: Promise<T>): Promise<Settled<T>> => p.then((value) => ({ value }), (error: unknown) => ({ error }));
const outcomeOf = <T>(s: Settled<T>): T => {
  if ('error' in s) throw s.error;
  return s.value;
};

/**
 * Runs `effect` at most once per (client, key): a stored result with the same fingerprint is returned
 * as it was first answered; a different fingerprint is 409. The effect, its idempotency record and its
 * audit event commit together (one transaction), so a refusal (thrown Problem) or a crash stores
 * nothing, and two concurrent requests with one key run one after the other: the second sees the
 * first's record and replays it. The promise settles once the commit is durable. The key's format was
 * checked with the request (src/graphql/operation-guard.ts, src/http/rest-surface.ts).
 */
export function runIdempotent<T extends object>(
  ctx: CallContext,
  subject: AuditSubject,
  args: Record<string, unknown>,
  resourceIdOf: (result: T) => string,
  sealResult: boolean,
  effect: (tx: Exec) => Promise<T>,
  options?: RunOptions,
): Promise<T> {
  const key = ctx.idempotencyKey;
  // Its format was checked with the request; here only its presence, for the type.
  if (key === undefined) throw new Problem('IDEMPOTENCY_KEY_MISSING', 'The Idempotency-Key header is required on this operation.');
  const operation = subject.operation;
  const fingerprint = fingerprintOf(operation, args);
  const nowMs = ctx.now.getTime();
  return ctx.services.writer.run(async (tx) => {
    const lookup = findIdempotencyRecord(tx, ctx.clientId, key);
    // PostgreSQL: the effect starts now, behind the lookup, its reads in the lookup's round trip and its
    // writes held until the lookup's answer says the key is free (src/db/pg-held-writes.ts). A stored
    // record sets it aside: nothing it would write is sent, and what it read or answered is not used.
    const speculation = tx.speculate?.();
    const running = speculation && settle(effect(speculation.exec));
    let stored: Awaited<typeof lookup>;
    try {
      stored = await lookup;
      if (stored && stored.expiresAtMs <= nowMs) {
        // Expired but not yet purged: the key is free again (§3 TTL).
        await deleteIdempotencyRecord(tx, ctx.clientId, key);
        stored = undefined;
      }
    } catch (error) {
      speculation?.refuse();
      await running;
      throw error;
    }
    if (stored) {
      speculation?.refuse();
      await running;
      if (stored.fingerprint !== fingerprint)
        throw new Problem(
          'IDEMPOTENCY_KEY_REUSED',
          `Idempotency-Key "${key}" was already used for a different request (${stored.operation}).`,
        );
      ctx.onStored({ resourceId: stored.resourceId, expiresAtMs: stored.expiresAtMs, replayed: true, subject });
      await auditSuccess(tx, ctx, subject, stored.resourceId, true);
      return JSON.parse(openResult(ctx, key, stored.responseJson)) as T;
    }
    speculation?.release();
    const result = running ? outcomeOf(await running) : await effect(tx);
    const resourceId = resourceIdOf(result);
    const expiresAtMs = nowMs + ctx.services.config.idempotencyTtlHours * 3_600_000;
    const record = {
      clientId: ctx.clientId,
      idempotencyKey: key,
      operation,
      fingerprint,
      resourceId,
      responseJson: sealResult ? sealedPrefix + box(ctx).seal(aadOf(ctx, key), JSON.stringify(result)) : JSON.stringify(result),
      createdAt: ctx.now.toISOString(),
      expiresAtMs,
    };
    await insertIdempotencyRecordAudited(tx, record, successEvent(ctx, subject, resourceId, false));
    ctx.onStored({ resourceId, expiresAtMs, replayed: false, subject });
    return result;
  }, options);
}
