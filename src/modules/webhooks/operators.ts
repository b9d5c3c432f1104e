// §11.8 partnerctl webhook commands: the rules of the GraphQL operations (src/modules/webhooks/rules.ts),
// run by an operator for a partner client. A Problem of those rules becomes a refusal with its code
// (exit 1, `{"code", "detail"}`); the operator acts for any client, so there is no ownership check.
import { webhookSecretOverlapSecondsOf } from '../../config.js';
import type { OperatorContext } from '../../core/command.js';
import type { Engine } from '../../db/engine.js';
import type { Exec } from '../../db/exec.js';
import { findClient } from '../../db/clients-repository.js';
import { Problem } from '../../core/problem.js';
import type { SecretBox } from '../../core/secret-box.js';
import { findEndpoint, listDeliveries, listEndpoints, redeliverEvent } from './index.js';
import {
  checkCreateInput,
  createEndpoint,
  DELIVERY_STATUSES,
  deliveryView,
  disableEndpoint,
  enableEndpoint,
  endpointsKey,
  endpointView,
  requireEndpoint,
  type WebhookEndpointRow,
  rotateEndpointSecret,
} from './index.js';
import { OperatorRefusal } from '../../core/command.js';

type Db = Pick<Engine, 'writer' | 'read'>;
/** partnerctl's own mode (§11.7) and the key that seals the secrets. */
export type WebhookSettings = { box: SecretBox; production: boolean; overlapSeconds: number };

/** The settings of partnerctl's own process (WEBHOOK_SECRET_OVERLAP_SECONDS read when a command needs it). */
export const webhookSettingsOf = (ctx: OperatorContext): WebhookSettings => ({
  box: ctx.box,
  production: ctx.production,
  overlapSeconds: webhookSecretOverlapSecondsOf(ctx.env),
});

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
/** §11.8 `webhook deliveries`: the newest, newest first. */
export const CLI_DELIVERIES = 100;

async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof Problem) throw new OperatorRefusal(e.code, e.detail);
    throw e;
  }
}

function endpointIdOf(text: string, option = '--endpoint-id'): string {
  if (!UUID.test(text)) throw new OperatorRefusal('VALIDATION_FAILED', `${option} must be a UUID`);
  return text.toLowerCase();
}

/** `--types T1,T2`: absent → all; an empty value → all ([]). */
export function typesOf(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  return text === '' ? [] : text.split(',');
}

export function createWebhook(db: Db, s: WebhookSettings, o: { clientId: string; url: string; types?: string[]; description?: string }) {
  return refusing(async () => {
    const input = { url: o.url, types: o.types, description: o.description };
    checkCreateInput(input, s.production);
    return db.writer.run((tx) => createEndpoint(tx, s.box, o.clientId, input, new Date()), { exclusive: endpointsKey(o.clientId) });
  });
}

export async function listWebhooks(db: Db, clientId: string) {
  if (!(await findClient(db.read, clientId))) throw new OperatorRefusal('NOT_FOUND', `client ${clientId} does not exist`);
  // Every endpoint of the client, newest first (at most 10 are ENABLED; disabled ones are few in practice).
  return (await listEndpoints(db.read, clientId, { limit: Number.MAX_SAFE_INTEGER })).map(endpointView);
}

/** A change of an endpoint's status, holding its client's endpoints key (as the API's operations do). */
async function changeEndpoint<T>(db: Db, id: string, change: (tx: Exec, row: WebhookEndpointRow) => Promise<T>): Promise<T> {
  // The client is read first, outside the transaction, to name the key; an endpoint never changes client.
  const clientId = (await findEndpoint(db.read, id))?.clientId;
  if (clientId === undefined) return db.writer.run(async (tx) => change(tx, await requireEndpoint(tx, null, id)));
  return db.writer.run(async (tx) => change(tx, await requireEndpoint(tx, null, id)), { exclusive: endpointsKey(clientId) });
}

export function disableWebhook(db: Db, endpointId: string) {
  const id = endpointIdOf(endpointId);
  return refusing(() => changeEndpoint(db, id, (tx, row) => disableEndpoint(tx, row, new Date())));
}

export function enableWebhook(db: Db, s: WebhookSettings, endpointId: string) {
  const id = endpointIdOf(endpointId);
  return refusing(() => changeEndpoint(db, id, (tx, row) => enableEndpoint(tx, row, new Date(), s.production)));
}

export function rotateWebhookSecret(db: Db, s: WebhookSettings, endpointId: string) {
  const id = endpointIdOf(endpointId);
  return refusing(() =>
    db.writer.run(async (tx) => rotateEndpointSecret(tx, s.box, await requireEndpoint(tx, null, id), new Date(), s.overlapSeconds)),
  );
}

export async function webhookDeliveries(db: Db, endpointId: string, status: string | undefined) {
  const id = endpointIdOf(endpointId);
  if (status !== undefined && !(DELIVERY_STATUSES as readonly string[]).includes(status))
    throw new OperatorRefusal('VALIDATION_FAILED', `--status must be one of ${DELIVERY_STATUSES.join(', ')}`);
  if (!(await findEndpoint(db.read, id))) throw new OperatorRefusal('NOT_FOUND', `Webhook endpoint ${id} does not exist.`);
  const rows = await listDeliveries(db.read, id, { statuses: status === undefined ? undefined : [status], limit: CLI_DELIVERIES });
  return rows.map(deliveryView);
}

/** §11.5 redelivery: the rules of redeliverWebhookEvent; the event must be the endpoint's client's. */
export function redeliverWebhook(db: Db, endpointId: string, eventId: string) {
  const id = endpointIdOf(endpointId);
  const event = endpointIdOf(eventId, '--event-id');
  return refusing(() => db.writer.run(async (tx) => deliveryView(await redeliverEvent(tx, null, id, event, new Date()))));
}
