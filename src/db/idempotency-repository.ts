import { and, eq, lt } from 'drizzle-orm';
import type { Exec } from './exec.js';
import { authorizationEvidence, idempotencyRecords } from './schema.js';
import type { EvidenceInsert } from './schema.js';

export function findIdempotencyRecord(db: Exec, clientId: string, key: string) {
  return db
    .select()
    .from(idempotencyRecords)
    .where(and(eq(idempotencyRecords.clientId, clientId), eq(idempotencyRecords.idempotencyKey, key)))
    .get();
}

export function insertIdempotencyRecord(db: Exec, row: typeof idempotencyRecords.$inferInsert): void {
  db.insert(idempotencyRecords).values(row).run();
}

export function deleteIdempotencyRecord(db: Exec, clientId: string, key: string): void {
  db.delete(idempotencyRecords)
    .where(and(eq(idempotencyRecords.clientId, clientId), eq(idempotencyRecords.idempotencyKey, key)))
    .run();
}

export function purgeIdempotencyRecords(db: Exec, nowMs: number): number {
  return db.delete(idempotencyRecords).where(lt(idempotencyRecords.expiresAtMs, nowMs)).run().changes;
}

export function findEvidenceUse(db: Exec, e: Pick<EvidenceInsert, 'clientId' | 'operationType' | 'operationHash' | 'authorizedAt'>) {
  return db
    .select({ id: authorizationEvidence.id })
    .from(authorizationEvidence)
    .where(
      and(
        eq(authorizationEvidence.clientId, e.clientId),
        eq(authorizationEvidence.operationType, e.operationType),
        eq(authorizationEvidence.operationHash, e.operationHash),
        eq(authorizationEvidence.authorizedAt, e.authorizedAt),
      ),
    )
    .get();
}

export function insertEvidence(db: Exec, row: EvidenceInsert): void {
  db.insert(authorizationEvidence).values(row).run();
}
