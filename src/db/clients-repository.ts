import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import { prepared } from './prepared.js';
import type { Exec } from './exec.js';
import { clientSecrets, nonces, partnerClients } from './schema.js';

export async function findClient(db: Exec, clientId: string) {
  return findClientNow(db, clientId);
}

/** Operators' synchronous read (partnerctl runs on its own connection, outside the request path). */
export function findClientNow(db: Exec, clientId: string) {
  return prepared(db, 'findClient', (d) =>
    d.select().from(partnerClients).where(eq(partnerClients.clientId, sql.placeholder('clientId'))).prepare(),
  ).get({ clientId });
}

export function hasAnyClient(db: Exec): boolean {
  return db.select({ id: partnerClients.clientId }).from(partnerClients).limit(1).get() !== undefined;
}

export function insertClient(db: Exec, row: typeof partnerClients.$inferInsert): void {
  db.insert(partnerClients).values(row).run();
}

/** Active secrets, oldest first. */
export async function activeSecrets(db: Exec, clientId: string) {
  return activeSecretsNow(db, clientId);
}

export function activeSecretsNow(db: Exec, clientId: string) {
  return prepared(db, 'activeSecrets', (d) =>
    d
      .select()
      .from(clientSecrets)
      .where(and(eq(clientSecrets.clientId, sql.placeholder('clientId')), isNull(clientSecrets.retiredAt)))
      .orderBy(asc(clientSecrets.id))
      .prepare(),
  ).all({ clientId });
}

export function insertSecret(db: Exec, clientId: string, secret: string, createdAt: string): void {
  db.insert(clientSecrets).values({ clientId, secret, createdAt }).run();
}

export function retireSecret(db: Exec, id: number, retiredAt: string): void {
  db.update(clientSecrets).set({ retiredAt }).where(eq(clientSecrets.id, id)).run();
}

/**
 * Records a nonce; false when the client used it within the window. One statement: a row older than
 * the window (not yet purged) is taken over, a newer one is left alone and nothing changes.
 */
export async function recordNonce(db: Exec, clientId: string, nonce: string, seenAtMs: number, windowMs: number): Promise<boolean> {
  return (
    prepared(db, 'upsertNonce', (d) =>
      d
        .insert(nonces)
        .values({ clientId: sql.placeholder('clientId'), nonce: sql.placeholder('nonce'), seenAtMs: sql.placeholder('seenAtMs') })
        .onConflictDoUpdate({
          target: [nonces.clientId, nonces.nonce],
          set: { seenAtMs: sql`excluded.seen_at_ms` },
          setWhere: sql`${nonces.seenAtMs} <= ${sql.placeholder('windowStartMs')}`,
        })
        .prepare(),
    ).run({ clientId, nonce, seenAtMs, windowStartMs: seenAtMs - windowMs }).changes === 1
  );
}

export function setRateLimit(db: Exec, clientId: string, rps: number, burst: number): void {
  db.update(partnerClients).set({ rateLimitRps: rps, rateLimitBurst: burst }).where(eq(partnerClients.clientId, clientId)).run();
}

export async function purgeNonces(db: Exec, olderThanMs: number): Promise<number> {
  return db.delete(nonces).where(lt(nonces.seenAtMs, olderThanMs)).run().changes;
}
