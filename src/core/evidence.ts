// §5 Authorization evidence: bound to the exact operation by a hash, fresh, and used once.
import type { Exec } from '../db/exec.js';
import { findEvidenceUse, insertEvidence } from '../db/idempotency-repository.js';
import type { CallContext } from './context.js';
import { jcs, sha256Hex } from './canonical.js';
import { operationPayload } from './operation-hash.js';
import type { OperationType } from './operation.js';
import { FieldErrors, Problem } from './problem.js';

export type Evidence = {
  operationType: string;
  operationHash: string;
  authorizedAt: Date;
  authorizedByPartnerUserRef: string;
  authorizationMethod: string;
  mfaEvidenceRef: string;
  authorizedByPartnerPolicyRef?: string | null;
  sourceSystem?: string | null;
  sourceActionRef?: string | null;
  rawEvidence?: Record<string, string> | null;
};

const FUTURE_SKEW_MS = 300_000;

/** Shape checks of §5 required members (400), run with the other field validation. */
export function validateEvidenceShape(ev: Evidence, errors: FieldErrors, base = '/operationAuthorization'): void {
  const required = ['operationType', 'operationHash', 'authorizedByPartnerUserRef', 'authorizationMethod', 'mfaEvidenceRef'] as const;
  for (const name of required) {
    const v = ev[name];
    if (typeof v !== 'string' || v.trim() === '') errors.add(`${base}/${name}`, 'is required');
    else if (v.length > 256) errors.add(`${base}/${name}`, 'must be at most 256 characters');
  }
  for (const name of ['authorizedByPartnerPolicyRef', 'sourceSystem', 'sourceActionRef'] as const) {
    const v = ev[name];
    if (typeof v === 'string' && v.length > 256) errors.add(`${base}/${name}`, 'must be at most 256 characters');
  }
}

/** §5 type, hash and age, in that order (all 403). */
export function verifyEvidence(
  ctx: CallContext,
  operationType: OperationType,
  pathId: Record<string, string>,
  input: Record<string, unknown> & { operationAuthorization: Evidence },
): void {
  const ev = input.operationAuthorization;
  if (ev.operationType !== operationType)
    throw new Problem('OPERATION_TYPE_MISMATCH', `operationAuthorization.operationType must be ${operationType}.`);
  const payload = jcs(operationPayload(operationType, pathId, input));
  if (ev.operationHash !== sha256Hex(payload)) {
    // The payload the server hashed, as text: every member is in the request, so it reveals nothing and
    // lets a partner diff it against their own (docs/api/evidence.md).
    const problem = new Problem(
      'OPERATION_HASH_MISMATCH',
      'operationAuthorization.operationHash is not the SHA-256 of the JCS of this operation’s payload: compare operationPayload, the JCS this server hashed, with yours.',
    );
    problem.operationType = operationType;
    problem.operationPayload = payload;
    throw problem;
  }
  const ageMs = ctx.now.getTime() - ev.authorizedAt.getTime();
  const maxAgeMs = ctx.services.config.authorizationMaxAgeSeconds * 1000;
  if (ageMs > maxAgeMs || ageMs < -FUTURE_SKEW_MS)
    throw new Problem(
      'AUTHORIZATION_EXPIRED',
      `operationAuthorization.authorizedAt must be within the last ${maxAgeMs / 1000} s and at most 300 s ahead.`,
    );
}

/** What makes one use of evidence (§5): the same four values again are the same evidence. */
function evidenceUse(ctx: CallContext, ev: Evidence) {
  return { clientId: ctx.clientId, operationType: ev.operationType, operationHash: ev.operationHash, authorizedAt: ev.authorizedAt.toISOString() };
}

/** The record type evidence of `operationType` authorizes: CRYPTO_REFUND_SUBMIT → CRYPTO_REFUND. */
export const targetTypeOf = (operationType: OperationType): string => operationType.slice(0, operationType.lastIndexOf('_'));

/** Stores the evidence with the record it authorized (after assertEvidenceUnused in the same transaction). */
export function recordEvidence(
  tx: Exec,
  ctx: CallContext,
  ev: Evidence,
  target: { type: string; id: string },
): Promise<void> {
  return insertEvidence(tx, {
    ...evidenceUse(ctx, ev),
    authorizedByPartnerUserRef: ev.authorizedByPartnerUserRef,
    authorizationMethod: ev.authorizationMethod,
    mfaEvidenceRef: ev.mfaEvidenceRef,
    authorizedByPartnerPolicyRef: ev.authorizedByPartnerPolicyRef ?? null,
    sourceSystem: ev.sourceSystem ?? null,
    sourceActionRef: ev.sourceActionRef ?? null,
    rawEvidence: ev.rawEvidence ?? null,
    targetType: target.type,
    targetId: target.id,
    idempotencyKey: ctx.idempotencyKey ?? '',
    createdAt: ctx.now.toISOString(),
  });
}

/** §5 one evidence → one operation (409): a state rule, checked before the effect. */
export async function assertEvidenceUnused(tx: Exec, ctx: CallContext, ev: Evidence): Promise<void> {
  if (await findEvidenceUse(tx, evidenceUse(ctx, ev)))
    throw new Problem('AUTHORIZATION_ALREADY_USED', 'This operationAuthorization was already used for another request.');
}
