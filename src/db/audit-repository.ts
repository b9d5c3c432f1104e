// The audit trail's rows (§8): append-only, there is no update or delete of audit events anywhere.
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Exec } from './exec.js';
import { unawaited } from './pipelined.js';
import { preparedRun } from './prepared.js';
import type { AuditInsert, AuditRow } from './tables.js';

// Every insertable column, so a placeholder exists for each.
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
const columns = Object.keys(auditColumns) as (keyof typeof auditColumns)[];

export async function insertAuditEvent(x: Exec, row: Omit<AuditInsert, 'id'>): Promise<void> {
  // Bound as given: better-sqlite3 binds no booleans, and PostgreSQL reads 0/1 as a boolean too.
  const params: Record<string, unknown> = {};
  for (const c of columns) params[c] = row[c] ?? null;
  params.replayed = row.replayed ? 1 : 0;
  // Nobody reads its answer: on PostgreSQL it goes out with what follows it (src/db/pipelined.ts).
  await unawaited(
    x,
    preparedRun(
      x,
      'insertAuditEvent',
      (q, t) => q.insert(t.auditEvents).values(Object.fromEntries(columns.map((c) => [c, sql.placeholder(c)])) as unknown as AuditInsert),
      params,
    ),
  );
}

export async function listAuditEvents(x: Exec, clientId: string, sinceIso?: string): Promise<AuditRow[]> {
  const t = x.t.auditEvents;
  const where = sinceIso ? and(eq(t.clientId, clientId), gte(t.at, sinceIso)) : eq(t.clientId, clientId);
  return x.q.select().from(t).where(where).orderBy(asc(t.id));
}
