// Audit trail (§8): every authenticated mutation attempt, with its outcome. A success is written in the
// transaction of its effect (runIdempotent); a refusal in a transaction of its own, by the pipeline.
import { insertAuditEvent } from '../db/audit-repository.js';
import type { Exec } from '../db/exec.js';
import type { AuditInsert } from '../db/tables.js';
import type { AuditSubject, RequestContext } from './context.js';
export type { AuditSubject } from './context.js';
import type { Problem } from './problem.js';

const MAX_REF = 256;


const ref = (v: unknown): string | null => (typeof v === 'string' ? v.slice(0, MAX_REF) : null);

/**
 * What an attempt was about: the descriptor's target argument and the evidence's references (never the
 * evidence itself). `args` may be anything a caller sent: nothing in it is trusted.
 */
export function auditSubject(operation: { name: string; target: string | null }, args: Record<string, unknown>): AuditSubject {
  const input = args.input as { operationAuthorization?: Record<string, unknown> } | null | undefined;
  const ev = input && typeof input === 'object' ? input.operationAuthorization : undefined;
  const evidence = ev && typeof ev === 'object' ? ev : {};
  return {
    operation: operation.name,
    targetId: operation.target === null ? null : ref(args[operation.target]),
    evidenceUserRef: ref(evidence.authorizedByPartnerUserRef),
    evidencePolicyRef: ref(evidence.authorizedByPartnerPolicyRef),
    evidenceMfaRef: ref(evidence.mfaEvidenceRef),
  };
}

function base(ctx: RequestContext, subject: AuditSubject) {
  return {
    at: ctx.now.toISOString(),
    requestId: ctx.requestId,
    clientId: ctx.clientId,
    idempotencyKey: ctx.idempotencyKey ?? null,
    ...subject,
  };
}

/** The audit event of a success, to write (auditSuccess, or with its idempotency record: src/core/idempotency.ts). */
export function successEvent(ctx: RequestContext, subject: AuditSubject, resultId: string, replayed: boolean): Omit<AuditInsert, 'id'> {
  return { ...base(ctx, subject), status: 200, problemCode: null, resultId, replayed };
}

export function auditSuccess(tx: Exec, ctx: RequestContext, subject: AuditSubject, resultId: string, replayed: boolean): Promise<void> {
  return insertAuditEvent(tx, successEvent(ctx, subject, resultId, replayed));
}

export function auditRefusal(tx: Exec, ctx: RequestContext, subject: AuditSubject, problem: Pick<Problem, 'status' | 'code'>): Promise<void> {
  return insertAuditEvent(tx, { ...base(ctx, subject), status: problem.status, problemCode: problem.code, resultId: null, replayed: false });
}
