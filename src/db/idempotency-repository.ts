// §3 idempotency records and §5 evidence uses: plain reads and writes, no rules.
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Exec } from './exec.js';
import { insertAuditEvent } from './audit-repository.js';
import { unawaited } from './pipelined.js';
import { pgStatement, prepared, preparedRun } from './prepared.js';
import type { AuditInsert, EvidenceInsert } from './tables.js';

type IdempotencyRecord = Exec['t']['idempotencyRecords']['$inferSelect'];

export async function findIdempotencyRecord(x: Exec, clientId: string, key: string): Promise<IdempotencyRecord | undefined> {
  const rows = await prepared(
    x,
    'findIdempotencyRecord',
    (q, t) =>
      q
        .select()
        .from(t.idempotencyRecords)
        .where(and(eq(t.idempotencyRecords.clientId, sql.placeholder('clientId')), eq(t.idempotencyRecords.idempotencyKey, sql.placeholder('key')))),
    { clientId, key },
  );
  return rows[0];
}

export async function insertIdempotencyRecord(x: Exec, row: IdempotencyRecord): Promise<void> {
  await preparedRun(
    x,
    'insertIdempotencyRecord',
    (q, t) =>
      q
        .insert(t.idempotencyRecords)
        .values({
          clientId: sql.placeholder('clientId'),
          idempotencyKey: sql.placeholder('idempotencyKey'),
          operation: sql.placeholder('operation'),
          fingerprint: sql.placeholder('fingerprint'),
          resourceId: sql.placeholder('resourceId'),
          responseJson: sql.placeholder('responseJson'),
          createdAt: sql.placeholder('createdAt'),
          expiresAtMs: sql.placeholder('expiresAtMs'),
        }),
    row,
  );
}

/**
 * A success's idempotency record and its audit event (§3, §8), written together. Their answer is only
 * their failure (a concurrent record under the key: the job runs again and replays it), so on
 * PostgreSQL they are one statement, sent with the COMMIT (src/db/pipelined.ts).
 */
export async function insertIdempotencyRecordAudited(x: Exec, row: IdempotencyRecord, audit: Omit<AuditInsert, 'id'>): Promise<void> {
  if (x.engine !== 'pg') {
    await insertAuditEvent(x, audit);
    await insertIdempotencyRecord(x, row);
    return;
  }
  const values = [
    audit.at, audit.requestId, audit.clientId, audit.operation, audit.targetId ?? null, audit.idempotencyKey ?? null, audit.status,
    audit.problemCode ?? null, audit.resultId ?? null, audit.replayed, audit.evidenceUserRef ?? null, audit.evidencePolicyRef ?? null,
    audit.evidenceMfaRef ?? null,
    row.clientId, row.idempotencyKey, row.operation, row.fingerprint, row.resourceId, row.responseJson, row.createdAt, row.expiresAtMs,
  ];
  await unawaited(x, pgStatement(x, 'insertIdempotencyRecordAudited', INSERT_AUDITED, values));
}

const INSERT_AUDITED = `
  with audit as (
    insert into audit_events (at, request_id, client_id, operation, target_id, idempotency_key, status, problem_code, result_id,
      replayed, evidence_user_ref, evidence_policy_ref, evidence_mfa_ref)
    values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
  )
  insert into idempotency_records (client_id, idempotency_key, operation, fingerprint, resource_id, response_json, created_at, expires_at_ms)
  values ($14, $15, $16, $17, $18, $19, $20, $21)`;

export async function deleteIdempotencyRecord(x: Exec, clientId: string, key: string): Promise<void> {
  const t = x.t.idempotencyRecords;
  await x.q.delete(t).where(and(eq(t.clientId, clientId), eq(t.idempotencyKey, key)));
}

export async function purgeIdempotencyRecords(x: Exec, nowMs: number): Promise<number> {
  const t = x.t.idempotencyRecords;
  return (await x.q.delete(t).where(lt(t.expiresAtMs, nowMs)).returning({ key: t.idempotencyKey })).length;
}

export async function findEvidenceUse(x: Exec, e: Pick<EvidenceInsert, 'clientId' | 'operationType' | 'operationHash' | 'authorizedAt'>) {
  const rows = await prepared(
    x,
    'findEvidenceUse',
    (q, t) =>
      q
        .select({ id: t.authorizationEvidence.id })
        .from(t.authorizationEvidence)
        .where(
          and(
            eq(t.authorizationEvidence.clientId, sql.placeholder('clientId')),
            eq(t.authorizationEvidence.operationType, sql.placeholder('operationType')),
            eq(t.authorizationEvidence.operationHash, sql.placeholder('operationHash')),
            eq(t.authorizationEvidence.authorizedAt, sql.placeholder('authorizedAt')),
          ),
        ),
    { clientId: e.clientId, operationType: e.operationType, operationHash: e.operationHash, authorizedAt: e.authorizedAt },
  );
  return rows[0];
}

export async function insertEvidence(x: Exec, row: EvidenceInsert): Promise<void> {
  await x.q.insert(x.t.authorizationEvidence).values(row);
}
