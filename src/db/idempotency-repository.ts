import { and, eq, lt, sql } from 'drizzle-orm';
import { prepared } from './prepared.js';
import type { Exec } from './exec.js';
import { authorizationEvidence, idempotencyRecords } from './schema.js';
import type { EvidenceInsert } from './schema.js';

export async function findIdempotencyRecord(db: Exec, clientId: string, key: string) {
  return prepared(db, 'findIdempotencyRecord', (d) =>
    d
      .select()
      .from(idempotencyRecords)
      .where(and(eq(idempotencyRecords.clientId, sql.placeholder('clientId')), eq(idempotencyRecords.idempotencyKey, sql.placeholder('key'))))
      .prepare(),
  ).get({ clientId, key });
}

export async function insertIdempotencyRecord(db: Exec, row: typeof idempotencyRecords.$inferSelect): Promise<void> {
  prepared(db, 'insertIdempotencyRecord', (d) =>
    d
      .insert(idempotencyRecords)
      .values({
        clientId: sql.placeholder('clientId'),
        idempotencyKey: sql.placeholder('idempotencyKey'),
        operation: sql.placeholder('operation'),
        fingerprint: sql.placeholder('fingerprint'),
        resourceId: sql.placeholder('resourceId'),
        responseJson: sql.placeholder('responseJson'),
        createdAt: sql.placeholder('createdAt'),
        expiresAtMs: sql.placeholder('expiresAtMs'),
      })
      .prepare(),
  ).run(row);
}

export async function deleteIdempotencyRecord(db: Exec, clientId: string, key: string): Promise<void> {
  db.delete(idempotencyRecords)
    .where(and(eq(idempotencyRecords.clientId, clientId), eq(idempotencyRecords.idempotencyKey, key)))
    .run();
}

export async function purgeIdempotencyRecords(db: Exec, nowMs: number): Promise<number> {
  return db.delete(idempotencyRecords).where(lt(idempotencyRecords.expiresAtMs, nowMs)).run().changes;
}

export async function findEvidenceUse(db: Exec, e: Pick<EvidenceInsert, 'clientId' | 'operationType' | 'operationHash' | 'authorizedAt'>) {
  return prepared(db, 'findEvidenceUse', (d) =>
    d
      .select({ id: authorizationEvidence.id })
      .from(authorizationEvidence)
      .where(
        and(
          eq(authorizationEvidence.clientId, sql.placeholder('clientId')),
          eq(authorizationEvidence.operationType, sql.placeholder('operationType')),
          eq(authorizationEvidence.operationHash, sql.placeholder('operationHash')),
          eq(authorizationEvidence.authorizedAt, sql.placeholder('authorizedAt')),
        ),
      )
      .prepare(),
  ).get({ clientId: e.clientId, operationType: e.operationType, operationHash: e.operationHash, authorizedAt: e.authorizedAt });
}

export async function insertEvidence(db: Exec, row: EvidenceInsert): Promise<void> {
  db.insert(authorizationEvidence).values(row).run();
}
