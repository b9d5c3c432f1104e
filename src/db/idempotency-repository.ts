// §3 idempotency records and §5 evidence uses: plain reads and writes, no rules.
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Exec } from './exec.js';
import { unawaited } from './pipelined.js';
import { prepared, preparedRun } from './prepared.js';
import type { EvidenceInsert } from './tables.js';

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
  // Its answer is only its failure (a concurrent record under the key: the job runs again and replays):
  // on PostgreSQL it goes out with the COMMIT (src/db/pipelined.ts).
  const write = preparedRun(
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
  await unawaited(x, write);
}

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
