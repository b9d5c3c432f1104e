// Webhook deliveries' rows (§11.5): plain reads and writes, no rules. Times are ISO strings, compared as
// text (all UTC with milliseconds, so text order is time order).
import { and, asc, count, eq, gt, isNull, lte, max, or, sql } from 'drizzle-orm';
import type { Exec } from '../../db/exec.js';
import { sharedKeyLockCall } from '../../db/keyed-locks.js';
import { unawaited } from '../../db/pipelined.js';
import { pgStatement, prepared } from '../../db/prepared.js';
import type { WebhookDeliveryRow, WebhookEndpointRow } from './tables.js';

export type NewDelivery = Pick<
  WebhookDeliveryRow,
  'deliveryId' | 'endpointId' | 'eventId' | 'eventType' | 'resourceId' | 'sequence' | 'eventPosition' | 'eventCreatedAt' | 'createdAt' | 'nextAttemptAt'
> & { redelivery?: number };

/**
 * PostgreSQL: the fan-out of one event (src/modules/webhooks/delivery.ts) as one statement, sent without
 * waiting for its answer (src/db/pipelined.ts), by the rules of the fan-out's loop on SQLite: D1 and D5
 * (touchPendingOfResource). `holding`: the transaction's first fan-out of the client, which holds the
 * client's endpoints first (§11.4, HOLD_ENDPOINTS).
 */
export async function insertDeliveriesOfEvent(
  x: Exec,
  event: { eventId: string; clientId: string; type: string; resourceId: string },
  holding?: string,
): Promise<void> {
  const values = [event.clientId, event.type, event.resourceId, event.eventId];
  if (holding === undefined) await unawaited(x, pgStatement(x, 'insertDeliveriesOfEvent', INSERT_DELIVERIES_OF_EVENT, values));
  else await unawaited(x, pgStatement(x, 'holdAndInsertDeliveriesOfEvent', HOLD_AND_INSERT_DELIVERIES_OF_EVENT, [...values, holding]));
}

/**
 * §11.4: the client's endpoints held until commit: their key shared (`endpointsKey`, which a change holds
 * exclusively), ordering the fan-out against a change; and the client's row FOR SHARE: every change
 * writes it, so a fan-out whose snapshot is older than a committed change fails and runs again.
 */
const HOLD_ENDPOINTS = `hold as (select ${sharedKeyLockCall('$5')} from partner_clients where client_id = $1 for share)`;

/**
 * A condition true of every row that makes PostgreSQL compute `cte` (a CTE no part of the statement reads
 * is never computed) once, before the first row: its locks are taken even when no row follows.
 */
const computedFirst = (cte: string) => `(select count(*) from ${cte}) >= 0`;

/**
 * D1: one PENDING delivery per ENABLED endpoint of the client subscribed to the type ([] = all), with the
 * event's position and sequence from its row (written by the statement before, in this transaction).
 * D5: `touched` writes the resource's PENDING deliveries to the endpoint unchanged (touchPendingOfResource);
 * any → the new one is held back (no due time).
 */
const deliveriesOfEvent = (withHold: boolean) => `
  with ${withHold ? `${HOLD_ENDPOINTS},` : ''}
  subscribed as (
    select endpoint_id from webhook_endpoints
    where client_id = $1 and status = 'ENABLED' and (jsonb_array_length(types::jsonb) = 0 or types::jsonb ? $2)
  ),
  touched as (
    update webhook_deliveries d set status = d.status from subscribed s
    where d.endpoint_id = s.endpoint_id and d.resource_id = $3 and d.status = 'PENDING' and d.redelivery = 0
    returning d.endpoint_id
  )
  insert into webhook_deliveries (delivery_id, endpoint_id, event_id, event_type, resource_id, sequence, event_position,
    status, attempt_count, next_attempt_at, event_created_at, created_at, redelivery)
  select gen_random_uuid()::text, s.endpoint_id, e.event_id, e.type, e.resource_id, e.sequence, e.position, 'PENDING', 0,
    case when exists (select 1 from touched t where t.endpoint_id = s.endpoint_id) then null else e.created_at end,
    e.created_at, e.created_at, 0
  from subscribed s, events e
  where e.event_id = $4${withHold ? ` and ${computedFirst('hold')}` : ''}`;

const INSERT_DELIVERIES_OF_EVENT = deliveriesOfEvent(false);
const HOLD_AND_INSERT_DELIVERIES_OF_EVENT = deliveriesOfEvent(true);

/** D1: a client's ENABLED endpoints, by the client index (the one query when it has none). */
export async function enabledEndpointsOf(x: Exec, clientId: string): Promise<WebhookEndpointRow[]> {
  // Prepared: it runs for every event, in the transaction of every change.
  return prepared(
    x,
    'enabledEndpointsOf',
    (q, t) => q.select().from(t.webhookEndpoints).where(and(eq(t.webhookEndpoints.clientId, sql.placeholder('clientId')), eq(t.webhookEndpoints.status, 'ENABLED'))),
    { clientId },
  );
}

export async function findEndpoint(x: Exec, endpointId: string): Promise<WebhookEndpointRow | undefined> {
  const t = x.t.webhookEndpoints;
  return (await x.q.select().from(t).where(eq(t.endpointId, endpointId)))[0];
}

/**
 * Writes the endpoint row unchanged: on PostgreSQL two transactions doing so for one endpoint conflict and
 * one runs again, so the claims of one endpoint (D6) are decided one at a time across processes.
 */
export async function lockEndpoint(x: Exec, endpointId: string): Promise<void> {
  const t = x.t.webhookEndpoints;
  await x.q.update(t).set({ updatedAt: sql`${t.updatedAt}` }).where(eq(t.endpointId, endpointId));
}

/**
 * D5: the PENDING deliveries of (endpoint, resource), written unchanged. Any → the new one is held back.
 * Redeliveries are outside the resource's order: they neither hold back nor wait.
 * Writing them (not only reading) makes a concurrent end of one of them conflict with the fan-out on
 * PostgreSQL, so the end never misses the delivery it must release.
 */
export async function touchPendingOfResource(x: Exec, endpointId: string, resourceId: string): Promise<number> {
  const t = x.t.webhookDeliveries;
  const rows = await x.q
    .update(t)
    .set({ status: sql`${t.status}` })
    .where(and(eq(t.endpointId, endpointId), eq(t.resourceId, resourceId), eq(t.status, 'PENDING'), eq(t.redelivery, 0)))
    .returning({ id: t.deliveryId });
  return rows.length;
}

/**
 * The number of the event's next redelivery to the endpoint (1 for the first). Two at once on PostgreSQL
 * pick the same number; the unique index refuses the second, whose transaction runs again.
 */
export async function nextRedelivery(x: Exec, endpointId: string, eventId: string): Promise<number> {
  const t = x.t.webhookDeliveries;
  const row = (await x.q.select({ n: max(t.redelivery) }).from(t).where(and(eq(t.endpointId, endpointId), eq(t.eventId, eventId))))[0];
  return Number(row?.n ?? 0) + 1;
}

export async function insertDelivery(x: Exec, row: NewDelivery): Promise<void> {
  await x.q.insert(x.t.webhookDeliveries).values({ ...row, status: 'PENDING', attemptCount: 0 });
}

export async function findDelivery(x: Exec, deliveryId: string): Promise<WebhookDeliveryRow | undefined> {
  const t = x.t.webhookDeliveries;
  return (await x.q.select().from(t).where(eq(t.deliveryId, deliveryId)))[0];
}

const leaseFree = (x: Exec, now: string) => {
  const t = x.t.webhookDeliveries;
  return or(isNull(t.leaseUntil), lte(t.leaseUntil, now))!;
};

/** Whether any delivery is PENDING (by the due index): most rounds of a service without webhooks stop here. */
export async function anyPending(x: Exec): Promise<boolean> {
  const t = x.t.webhookDeliveries;
  return (await x.q.select({ id: t.deliveryId }).from(t).where(eq(t.status, 'PENDING')).limit(1)).length > 0;
}

/** D4: PENDING deliveries whose event is older than the cutoff, not in flight. */
export async function expiredDeliveries(x: Exec, cutoff: string, now: string, limit: number): Promise<string[]> {
  const t = x.t.webhookDeliveries;
  const rows = await x.q
    .select({ id: t.deliveryId })
    .from(t)
    .where(and(eq(t.status, 'PENDING'), lte(t.eventCreatedAt, cutoff), leaseFree(x, now)))
    .orderBy(asc(t.eventCreatedAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Endpoints with a delivery due at `now` (not held back, not in flight). */
export async function endpointsWithDue(x: Exec, now: string, limit: number): Promise<string[]> {
  const t = x.t.webhookDeliveries;
  const rows = await x.q
    .select({ id: t.endpointId })
    .from(t)
    .where(and(eq(t.status, 'PENDING'), lte(t.nextAttemptAt, now), leaseFree(x, now)))
    .groupBy(t.endpointId)
    .limit(limit);
  return rows.map((r) => r.id);
}

/** An endpoint's deliveries due at `now`, oldest due first. */
export async function dueOfEndpoint(x: Exec, endpointId: string, now: string, limit: number): Promise<string[]> {
  const t = x.t.webhookDeliveries;
  const rows = await x.q
    .select({ id: t.deliveryId })
    .from(t)
    .where(and(eq(t.endpointId, endpointId), eq(t.status, 'PENDING'), lte(t.nextAttemptAt, now), leaseFree(x, now)))
    .orderBy(asc(t.nextAttemptAt), asc(t.eventPosition))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Deliveries not yet delivered, given up or cancelled: the webhook queue's depth (GET /metrics). */
export async function countPendingDeliveries(x: Exec): Promise<number> {
  const t = x.t.webhookDeliveries;
  const row = (await x.q.select({ n: count() }).from(t).where(eq(t.status, 'PENDING')))[0];
  return Number(row?.n ?? 0);
}

/** D6: an endpoint's attempts in flight (leased, lease not run out). */
export async function inFlightOf(x: Exec, endpointId: string, now: string): Promise<number> {
  const t = x.t.webhookDeliveries;
  const row = (
    await x.q
      .select({ n: count() })
      .from(t)
      .where(and(eq(t.endpointId, endpointId), eq(t.status, 'PENDING'), gt(t.leaseUntil, now)))
  )[0];
  return Number(row?.n ?? 0);
}

/** Compare-and-set on what the caller read: false when another transaction changed the delivery first. */
export async function updateDelivery(
  x: Exec,
  d: Pick<WebhookDeliveryRow, 'deliveryId' | 'status' | 'attemptCount' | 'leaseUntil'>,
  set: Partial<Pick<WebhookDeliveryRow, 'status' | 'attemptCount' | 'nextAttemptAt' | 'leaseUntil' | 'settledAt'>>,
): Promise<boolean> {
  const t = x.t.webhookDeliveries;
  const rows = await x.q
    .update(t)
    .set(set)
    .where(
      and(
        eq(t.deliveryId, d.deliveryId),
        eq(t.status, d.status),
        eq(t.attemptCount, d.attemptCount),
        d.leaseUntil === null ? isNull(t.leaseUntil) : eq(t.leaseUntil, d.leaseUntil),
      ),
    )
    .returning({ id: t.deliveryId });
  return rows.length === 1;
}

/** D5: the earliest PENDING delivery of (endpoint, resource), the one to release when its elder ends (redeliveries are never held back). */
export async function headOfResource(x: Exec, endpointId: string, resourceId: string): Promise<WebhookDeliveryRow | undefined> {
  const t = x.t.webhookDeliveries;
  return (
    await x.q
      .select()
      .from(t)
      .where(and(eq(t.endpointId, endpointId), eq(t.resourceId, resourceId), eq(t.status, 'PENDING'), eq(t.redelivery, 0)))
      .orderBy(asc(t.eventPosition))
      .limit(1)
  )[0];
}

export async function releaseDelivery(x: Exec, deliveryId: string, at: string): Promise<void> {
  const t = x.t.webhookDeliveries;
  await x.q
    .update(t)
    .set({ nextAttemptAt: at })
    .where(and(eq(t.deliveryId, deliveryId), eq(t.status, 'PENDING'), isNull(t.nextAttemptAt)));
}

export type AttemptRow = { deliveryId: string; attemptNumber: number; startedAt: string; durationMs: number; responseStatus: number | null; error: string | null };

export async function insertAttempt(x: Exec, row: AttemptRow): Promise<void> {
  await x.q.insert(x.t.webhookAttempts).values(row);
}
