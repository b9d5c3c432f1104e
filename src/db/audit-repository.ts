import { and, asc, eq, gte } from 'drizzle-orm';
import type { Exec } from './exec.js';
import { auditEvents, type AuditInsert, type AuditRow } from './schema.js';

/** Append-only: there is no update or delete of audit events anywhere in the code. */
export function insertAuditEvent(db: Exec, row: AuditInsert): void {
  db.insert(auditEvents).values(row).run();
}

export function listAuditEvents(db: Exec, clientId: string, sinceIso?: string): AuditRow[] {
  const where = sinceIso
    ? and(eq(auditEvents.clientId, clientId), gte(auditEvents.at, sinceIso))
    : eq(auditEvents.clientId, clientId);
  return db.select().from(auditEvents).where(where).orderBy(asc(auditEvents.id)).all();
}
