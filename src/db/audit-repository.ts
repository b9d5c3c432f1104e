import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { prepared } from './prepared.js';
import type { Exec } from './exec.js';
import { auditEvents, type AuditInsert, type AuditRow } from './schema.js';

/** Append-only: there is no update or delete of audit events anywhere in the code. */
export async function insertAuditEvent(db: Exec, row: Omit<AuditInsert, 'id'>): Promise<void> {
  const columns = Object.keys(auditColumns) as (keyof typeof auditColumns)[];
  prepared(db, 'insertAuditEvent', (d) =>
    d
      .insert(auditEvents)
      .values(Object.fromEntries(columns.map((c) => [c, sql.placeholder(c)])) as unknown as AuditInsert)
      .prepare(),
  ).run({ ...Object.fromEntries(columns.map((c) => [c, row[c] ?? null])), replayed: row.replayed ? 1 : 0 });
}

// Every insertable column, so a placeholder exists for each (booleans bound as 0/1).
const auditColumns: Record<Exclude<keyof AuditInsert, 'id'>, true> = {
  at: true,
  requestId: true,
  clientId: true,
  operation: true,
  targetId: true,
  idempotencyKey: true,
  status: true,
  problemCode: true,
  resultId: true,
  replayed: true,
  evidenceUserRef: true,
  evidencePolicyRef: true,
  evidenceMfaRef: true,
};

export function listAuditEvents(db: Exec, clientId: string, sinceIso?: string): AuditRow[] {
  const where = sinceIso
    ? and(eq(auditEvents.clientId, clientId), gte(auditEvents.at, sinceIso))
    : eq(auditEvents.clientId, clientId);
  return db.select().from(auditEvents).where(where).orderBy(asc(auditEvents.id)).all();
}
