// Partner clients, their secrets and their nonces (§2): plain reads and writes, no rules.
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Exec, Query, Tables } from './exec.js';
import { sharedKeyLockCall } from './keyed-locks.js';
import { pgStatement, prepared, sqliteRun } from './prepared.js';

export async function findClient(x: Exec, clientId: string) {
  const rows = await prepared(
    x,
    'findClient',
    (q, t) => q.select().from(t.partnerClients).where(eq(t.partnerClients.clientId, sql.placeholder('clientId'))),
    { clientId },
  );
  return rows[0];
}

/**
 * Whether the client exists, claiming its row for the rest of the transaction on PostgreSQL (a write of
 * the row to itself): two operator changes that count something of the client and then add to it run one
 * after the other, the second again on the first's result. On SQLite every write job runs alone.
 */
export async function lockClient(x: Exec, clientId: string): Promise<boolean> {
  const t = x.t.partnerClients;
  if (x.engine === 'pg') return (await x.q.update(t).set({ name: sql`${t.name}` }).where(eq(t.clientId, clientId)).returning({ id: t.clientId })).length > 0;
  return (await findClient(x, clientId)) !== undefined;
}

export async function hasAnyClient(x: Exec): Promise<boolean> {
  return (await x.q.select({ id: x.t.partnerClients.clientId }).from(x.t.partnerClients).limit(1)).length > 0;
}

export async function insertClient(x: Exec, row: Exec['t']['partnerClients']['$inferInsert']): Promise<void> {
  await x.q.insert(x.t.partnerClients).values(row);
}

/** Active secrets, oldest first. */
export async function activeSecrets(x: Exec, clientId: string) {
  return prepared(
    x,
    'activeSecrets',
    (q, t) =>
      q
        .select()
        .from(t.clientSecrets)
        .where(and(eq(t.clientSecrets.clientId, sql.placeholder('clientId')), isNull(t.clientSecrets.retiredAt)))
        .orderBy(asc(t.clientSecrets.id)),
    { clientId },
  );
}

export async function insertSecret(x: Exec, clientId: string, secret: string, createdAt: string): Promise<void> {
  await x.q.insert(x.t.clientSecrets).values({ clientId, secret, createdAt });
}

export async function retireSecret(x: Exec, id: number, retiredAt: string): Promise<void> {
  await x.q.update(x.t.clientSecrets).set({ retiredAt }).where(eq(x.t.clientSecrets.id, id));
}

/**
 * Records a nonce; false when the client used it within the window. One statement: a row older than
 * the window (not yet purged) is taken over, a newer one is left alone and nothing changes.
 */
export async function recordNonce(x: Exec, clientId: string, nonce: string, seenAtMs: number, windowMs: number): Promise<boolean> {
  const params = { clientId, nonce, seenAtMs, windowStartMs: seenAtMs - windowMs };
  const upsert = (q: Query, t: Tables) =>
    q
      .insert(t.nonces)
      .values({ clientId: sql.placeholder('clientId'), nonce: sql.placeholder('nonce'), seenAtMs: sql.placeholder('seenAtMs') })
      .onConflictDoUpdate({
        target: [t.nonces.clientId, t.nonces.nonce],
        set: { seenAtMs: sql`excluded.seen_at_ms` },
        setWhere: sql`${t.nonces.seenAtMs} <= ${sql.placeholder('windowStartMs')}`,
      });
  // A row inserted, or an expired one taken over, is a change; a nonce still in its window changes nothing.
  if (x.engine === 'sqlite') return sqliteRun(x, 'upsertNonce', upsert, params).changes === 1;
  const rows = await prepared(x, 'upsertNonce', (q, t) => upsert(q, t).returning({ nonce: t.nonces.nonce }), params);
  return rows.length === 1;
}

export async function setRateLimit(x: Exec, clientId: string, rps: number, burst: number): Promise<void> {
  await x.q.update(x.t.partnerClients).set({ rateLimitRps: rps, rateLimitBurst: burst }).where(eq(x.t.partnerClients.clientId, clientId));
}

export async function purgeNonces(x: Exec, olderThanMs: number): Promise<number> {
  const t = x.t.nonces;
  return (await x.q.delete(t).where(lt(t.seenAtMs, olderThanMs)).returning({ nonce: t.nonce })).length;
}

/**
 * PostgreSQL: the key `lockKey` shared until commit (see keyed-locks.ts), then the client's row FOR SHARE
 * (as the webhooks' fan-out holds a client's endpoints). A change that holds the key exclusively and
 * claims the row (`lockClient`) waits for this transaction's commit, and this one, when its snapshot is
 * older than such a committed change, fails on the row and runs again. SQLite: every job runs alone.
 */
export async function shareClient(x: Exec, lockKey: string, clientId: string): Promise<void> {
  if (x.engine !== 'pg') return;
  await pgStatement(x, 'shareClient', SHARE_CLIENT, [lockKey, clientId]);
}

const SHARE_CLIENT = `select ${sharedKeyLockCall('$1')} from partner_clients where client_id = $2 for share`;
