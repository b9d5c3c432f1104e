// §11.4 webhook endpoints and their sealed secrets; the read side of §11.5 deliveries and attempts, and
// the cancellation of an endpoint's PENDING deliveries when it is disabled. Plain reads and writes.
import { and, asc, desc, eq, gt, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Exec } from '../../db/exec.js';
import { newestFirst, olderThan } from '../../db/keyset.js';
import type { WebhookAttemptRow, WebhookDeliveryRow, WebhookEndpointRow } from './tables.js';

export async function findEndpoint(x: Exec, endpointId: string): Promise<WebhookEndpointRow | undefined> {
  const t = x.t.webhookEndpoints;
  return (await x.q.select().from(t).where(eq(t.endpointId, endpointId)))[0];
}

export async function insertEndpoint(x: Exec, row: WebhookEndpointRow): Promise<WebhookEndpointRow> {
  return (await x.q.insert(x.t.webhookEndpoints).values(row).returning())[0]!;
}

/** Moves an endpoint from one status to the next; undefined when it was no longer in `from` (compare-and-set). */
export async function transitionEndpoint(
  x: Exec,
  endpointId: string,
  from: string,
  set: Partial<WebhookEndpointRow>,
): Promise<WebhookEndpointRow | undefined> {
  const t = x.t.webhookEndpoints;
  return (await x.q.update(t).set(set).where(and(eq(t.endpointId, endpointId), eq(t.status, from))).returning())[0];
}

/**
 * The endpoint, claimed on PostgreSQL by a no-op update (as deposits/repository.ts lockDeposit), so two
 * concurrent changes of one endpoint (two rotations) run one after the other. SQLite: a plain read.
 */
export async function lockEndpoint(x: Exec, endpointId: string): Promise<WebhookEndpointRow | undefined> {
  const t = x.t.webhookEndpoints;
  if (x.engine === 'pg') return (await x.q.update(t).set({ status: sql`${t.status}` }).where(eq(t.endpointId, endpointId)).returning())[0];
  return findEndpoint(x, endpointId);
}

export async function countEnabledEndpoints(x: Exec, clientId: string): Promise<number> {
  const t = x.t.webhookEndpoints;
  const rows = await x.q
    .select({ n: sql<number>`count(*)` })
    .from(t)
    .where(and(eq(t.clientId, clientId), eq(t.status, 'ENABLED')));
  return Number(rows[0]?.n ?? 0);
}

export type EndpointFilter = { before?: readonly [string, string]; statuses?: string[]; limit: number };

/** A client's endpoints, createdAt descending then id descending (§9.3). */
export async function listEndpoints(x: Exec, clientId: string, f: EndpointFilter): Promise<WebhookEndpointRow[]> {
  const t = x.t.webhookEndpoints;
  const where: (SQL | undefined)[] = [eq(t.clientId, clientId), olderThan(t.createdAt, t.endpointId, f.before)];
  if (f.statuses) where.push(inArray(t.status, f.statuses));
  return x.q
    .select()
    .from(t)
    .where(and(...where))
    .orderBy(...newestFirst(t.createdAt, t.endpointId))
    .limit(f.limit);
}

export type SecretRow = Exec['t']['webhookSecrets']['$inferSelect'];

export async function insertSecret(x: Exec, endpointId: string, sealed: string, createdAt: string): Promise<void> {
  await x.q.insert(x.t.webhookSecrets).values({ endpointId, secret: sealed, createdAt, expiresAt: null });
}

/** The secrets that sign at `now` (primary, or within their overlap), newest first. */
export async function validSecretRows(x: Exec, endpointId: string, now: string): Promise<SecretRow[]> {
  const t = x.t.webhookSecrets;
  return x.q
    .select()
    .from(t)
    .where(and(eq(t.endpointId, endpointId), or(isNull(t.expiresAt), gt(t.expiresAt, now))))
    .orderBy(desc(t.id));
}

/** Drops every secret of the endpoint but `keep` (rotation, §11.4: never more than two). */
export async function deleteSecretsExcept(x: Exec, endpointId: string, keep: number[]): Promise<void> {
  const t = x.t.webhookSecrets;
  await x.q.delete(t).where(and(eq(t.endpointId, endpointId), keep.length ? notInArray(t.id, keep) : undefined));
}

export async function expireSecret(x: Exec, id: number, expiresAt: string): Promise<void> {
  const t = x.t.webhookSecrets;
  await x.q.update(t).set({ expiresAt }).where(eq(t.id, id));
}

/** §11.4 disable: the endpoint's PENDING deliveries become CANCELLED (settled, nothing more due). */
export async function cancelPendingDeliveries(x: Exec, endpointId: string, at: string): Promise<number> {
  const t = x.t.webhookDeliveries;
  const rows = await x.q
    .update(t)
    .set({ status: 'CANCELLED', settledAt: at, nextAttemptAt: null })
    .where(and(eq(t.endpointId, endpointId), eq(t.status, 'PENDING')))
    .returning({ id: t.deliveryId });
  return rows.length;
}

export type DeliveryFilter = { before?: readonly [string, string]; statuses?: string[]; eventId?: string; limit: number };

/** An endpoint's deliveries, createdAt descending then id descending (§9.3). */
export async function listDeliveries(x: Exec, endpointId: string, f: DeliveryFilter): Promise<WebhookDeliveryRow[]> {
  const t = x.t.webhookDeliveries;
  const where: (SQL | undefined)[] = [eq(t.endpointId, endpointId), olderThan(t.createdAt, t.deliveryId, f.before)];
  if (f.statuses) where.push(inArray(t.status, f.statuses));
  if (f.eventId !== undefined) where.push(eq(t.eventId, f.eventId));
  return x.q
    .select()
    .from(t)
    .where(and(...where))
    .orderBy(...newestFirst(t.createdAt, t.deliveryId))
    .limit(f.limit);
}

/** The attempts of these deliveries, each delivery's oldest first. */
export async function attemptsOf(x: Exec, deliveryIds: string[]): Promise<WebhookAttemptRow[]> {
  if (deliveryIds.length === 0) return [];
  const t = x.t.webhookAttempts;
  return x.q.select().from(t).where(inArray(t.deliveryId, deliveryIds)).orderBy(asc(t.deliveryId), asc(t.attemptNumber));
}
