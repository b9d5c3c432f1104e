// §11.4 webhook endpoints: input, ownership, the 10-ENABLED limit, the ENABLED ⇄ DISABLED machine and the
// signing secrets. Shared by the GraphQL operations and partnerctl (operators.ts): each function
// throws the Problem the contract names, and runs inside the caller's write transaction.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Exec } from '../../db/exec.js';
import type { WebhookAttemptRow, WebhookDeliveryRow, WebhookEndpointRow } from './tables.js';
import { FieldErrors, Problem } from '../../core/problem.js';
import type { SecretBox } from '../../core/secret-box.js';
import { checkLength } from '../../core/validate.js';
import { lockClient } from '../../db/clients-repository.js';
import { EVENT_TYPES } from '../events/index.js';
import {
  cancelPendingDeliveries,
  countEnabledEndpoints,
  deleteSecretsExcept,
  expireSecret,
  insertEndpoint,
  insertSecret,
  lockEndpoint,
  transitionEndpoint,
  validSecretRows,
} from './repository.js';
import { webhookDeliveryRecord, webhookEndpointRecord } from './records.js';
import { checkEndpointUrl } from './url-rules.js';

export const ENDPOINT_STATUSES = webhookEndpointRecord.statuses;
export const DELIVERY_STATUSES = webhookDeliveryRecord.statuses;
export type EndpointStatus = (typeof ENDPOINT_STATUSES)[number];
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export type AttemptError = 'TIMEOUT' | 'CONNECTION_FAILED' | 'DESTINATION_NOT_ALLOWED' | 'NON_2XX_RESPONSE';

/** §11.4 at most this many ENABLED endpoints per partner client. */
export const MAX_ENABLED_ENDPOINTS = 10;
export const MAX_DESCRIPTION_LENGTH = 200;

export type EndpointView = {
  endpointId: string;
  url: string;
  description: string | null;
  types: string[];
  status: EndpointStatus;
  createdAt: string;
  updatedAt: string;
  disabledAt: string | null;
};
export type EndpointWithSecret = { endpoint: EndpointView; secret: string };

export function endpointView(r: WebhookEndpointRow): EndpointView {
  return {
    endpointId: r.endpointId,
    url: r.url,
    description: r.description,
    types: r.types,
    status: r.status as EndpointStatus,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    disabledAt: r.disabledAt,
  };
}

export function attemptView(a: WebhookAttemptRow) {
  return {
    attemptNumber: a.attemptNumber,
    startedAt: a.startedAt,
    durationMs: a.durationMs,
    responseStatus: a.responseStatus,
    error: a.error as AttemptError | null,
  };
}

/** §11.5 a delivery without its attempts (partnerctl's `webhook deliveries` items, §11.8). */
export function deliveryView(d: WebhookDeliveryRow) {
  return {
    deliveryId: d.deliveryId,
    endpointId: d.endpointId,
    eventId: d.eventId,
    eventType: d.eventType,
    resourceId: d.resourceId,
    sequence: d.sequence,
    status: d.status as DeliveryStatus,
    attemptCount: d.attemptCount,
    nextAttemptAt: d.nextAttemptAt,
    createdAt: d.createdAt,
    settledAt: d.settledAt,
  };
}

/** §11.4: `whsec_` + standard base64 (padded) of 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** Secrets are sealed with their endpoint as associated data: a sealed secret copied to another endpoint does not open. */
export const secretAssociatedData = (endpointId: string) => `webhook:${endpointId}`;

/**
 * The secrets that sign a request at `now` (§11.6 webhook-signature), newest first: the primary, and the
 * previous one while its rotation overlap lasts.
 */
export async function signingSecrets(x: Exec, box: SecretBox, endpointId: string, now: Date): Promise<string[]> {
  const rows = await validSecretRows(x, endpointId, now.toISOString());
  return rows.map((r) => box.open(secretAssociatedData(endpointId), r.secret));
}

/** Mutations: unknown → 404 NOT_FOUND, another partner's → 403 FORBIDDEN (§11.4). `clientId` null: an operator (any owner). */
export async function requireEndpoint(tx: Exec, clientId: string | null, endpointId: string): Promise<WebhookEndpointRow> {
  const row = await lockEndpoint(tx, endpointId);
  if (!row) throw new Problem('NOT_FOUND', `Webhook endpoint ${endpointId} does not exist.`);
  if (clientId !== null && row.clientId !== clientId) throw new Problem('FORBIDDEN', 'This webhook endpoint belongs to another partner.');
  return row;
}

export type CreateInput = { url: string; types?: readonly string[] | null; description?: string | null };

/** §11.4 input shape (400 VALIDATION_FAILED, field errors), then the §11.7 URL policy (400 WEBHOOK_URL_NOT_ALLOWED). */
export function checkCreateInput(input: CreateInput, production: boolean): void {
  const errors = new FieldErrors();
  const verdict = checkEndpointUrl(input.url, production);
  if ('code' in verdict && verdict.code === 'VALIDATION_FAILED') errors.add('/url', verdict.detail);
  checkLength(errors, '/description', input.description, 0, MAX_DESCRIPTION_LENGTH);
  const seen = new Set<string>();
  (input.types ?? []).forEach((type, i) => {
    // The value is named by its pointer, not repeated (§12.3).
    if (!EVENT_TYPES.includes(type)) errors.add(`/types/${i}`, 'is not an event type of §11.2');
    else if (seen.has(type)) errors.add(`/types/${i}`, 'is given twice');
    seen.add(type);
  });
  errors.throwIfAny();
  if ('code' in verdict) throw new Problem(verdict.code, `/url: ${verdict.detail}`);
}

/**
 * The key every change of a client's endpoints (create, disable, enable) holds exclusively from before
 * its transaction until after its commit (RunOptions.exclusive), and every fan-out holds shared
 * (insertDeliveriesOfEvent's hold): a change waits for the fan-outs running, and later ones see it
 * (§11.4, §11.5 D1).
 */
export function endpointsKey(clientId: string): string {
  return `webhook-endpoints:${clientId}`;
}

/** §11.4: one more ENABLED endpoint would pass the limit → 409. Claims the client first (see lockClient). */
async function checkLimit(tx: Exec, clientId: string): Promise<void> {
  if (!(await lockClient(tx, clientId))) throw new Problem('NOT_FOUND', `Partner client ${clientId} does not exist.`);
  if ((await countEnabledEndpoints(tx, clientId)) >= MAX_ENABLED_ENDPOINTS)
    throw new Problem('WEBHOOK_ENDPOINT_LIMIT_REACHED', `A partner client has at most ${MAX_ENABLED_ENDPOINTS} ENABLED webhook endpoints; disable one first.`);
}

/** §11.4 create: a new ENABLED endpoint and its first (primary) secret. The input was checked (checkCreateInput). */
export async function createEndpoint(tx: Exec, box: SecretBox, clientId: string, input: CreateInput, now: Date): Promise<EndpointWithSecret> {
  await checkLimit(tx, clientId);
  const at = now.toISOString();
  const row = await insertEndpoint(tx, {
    endpointId: randomUUID(),
    clientId,
    url: input.url,
    description: input.description ?? null,
    types: [...(input.types ?? [])],
    status: 'ENABLED',
    createdAt: at,
    updatedAt: at,
    disabledAt: null,
  });
  const secret = newWebhookSecret();
  await insertSecret(tx, row.endpointId, box.seal(secretAssociatedData(row.endpointId), secret), at);
  return { endpoint: endpointView(row), secret };
}

/** §11.4 ENABLED → DISABLED: `disabledAt` set, its PENDING deliveries CANCELLED. A DISABLED one: unchanged. */
export async function disableEndpoint(tx: Exec, row: WebhookEndpointRow, now: Date): Promise<EndpointView> {
  if (row.status === 'DISABLED') return endpointView(row);
  const at = now.toISOString();
  const disabled = await transitionEndpoint(tx, row.endpointId, 'ENABLED', { status: 'DISABLED', disabledAt: at, updatedAt: at });
  if (!disabled) throw new Problem('INVALID_STATE', 'The webhook endpoint changed meanwhile; retry.');
  // The client's row is written by every change of its endpoints (see insertDeliveriesOfEvent's hold).
  await lockClient(tx, row.clientId);
  await cancelPendingDeliveries(tx, row.endpointId, at);
  return endpointView(disabled);
}

/** §11.4 DISABLED → ENABLED: the URL re-checked (§11.7), then the limit. An ENABLED one: unchanged (before the limit). */
export async function enableEndpoint(tx: Exec, row: WebhookEndpointRow, now: Date, production: boolean): Promise<EndpointView> {
  if (row.status === 'ENABLED') return endpointView(row);
  const verdict = checkEndpointUrl(row.url, production);
  if ('code' in verdict) throw new Problem('WEBHOOK_URL_NOT_ALLOWED', `The endpoint's URL is not allowed: ${verdict.detail}.`);
  await checkLimit(tx, row.clientId);
  const at = now.toISOString();
  const enabled = await transitionEndpoint(tx, row.endpointId, 'DISABLED', { status: 'ENABLED', disabledAt: null, updatedAt: at });
  if (!enabled) throw new Problem('INVALID_STATE', 'The webhook endpoint changed meanwhile; retry.');
  return endpointView(enabled);
}

/**
 * §11.4 rotate: the new secret becomes primary; the previous primary signs until now + overlap; any
 * other (an older one still within its overlap, or expired) is dropped, so never more than two sign.
 */
export async function rotateEndpointSecret(tx: Exec, box: SecretBox, row: WebhookEndpointRow, now: Date, overlapSeconds: number): Promise<EndpointWithSecret> {
  const at = now.toISOString();
  const primary = (await validSecretRows(tx, row.endpointId, at)).find((s) => s.expiresAt === null);
  await deleteSecretsExcept(tx, row.endpointId, primary ? [primary.id] : []);
  if (primary) await expireSecret(tx, primary.id, new Date(now.getTime() + overlapSeconds * 1000).toISOString());
  const secret = newWebhookSecret();
  await insertSecret(tx, row.endpointId, box.seal(secretAssociatedData(row.endpointId), secret), at);
  return { endpoint: endpointView(row), secret };
}
