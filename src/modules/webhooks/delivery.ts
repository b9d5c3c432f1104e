// §11.5 webhook delivery: the fan-out in the event's transaction (D1), and the worker task that attempts
// due deliveries (D2–D7). An attempt is three steps, never one transaction around an HTTP request:
//   1. claim: in a short transaction, the delivery is leased (`lease_until` = now + timeout + margin) if it
//      is still due, its endpoint ENABLED and under its in-flight cap (D6): two processes never attempt
//      one delivery at once, and an attempt cut by a crash is made again once the lease ran out (D7);
//   2. the request, outside any transaction;
//   3. the outcome: the attempt row and the delivery's next state, in another transaction, only if the
//      lease is still this attempt's.
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Engine } from '../../db/engine.js';
import type { Exec } from '../../db/exec.js';
import type { NewEvent } from '../events/index.js';
import type { WebhookDeliveryRow } from './tables.js';
import type { StartTask } from '../../core/task.js';
import { eventView, findEvent } from '../events/index.js';
import {
  anyPending,
  dueOfEndpoint,
  endpointsWithDue,
  enabledEndpointsOf,
  expiredDeliveries,
  findDelivery,
  findEndpoint,
  headOfResource,
  inFlightOf,
  insertAttempt,
  insertDeliveriesOfEvent,
  insertDelivery,
  lockEndpoint,
  releaseDelivery,
  touchPendingOfResource,
  updateDelivery,
} from './delivery-repository.js';
import { webhookSettings, type WebhookSettings } from './delivery-settings.js';
import { postWebhook, type AttemptOutcome } from './http-client.js';
import { endpointsKey, signingSecrets } from './rules.js';
import { webhookHeaders } from './signing.js';

/** PostgreSQL: the clients whose endpoints a transaction holds (insertDeliveriesOfEvent), by its Exec. */
const holding = new WeakMap<Exec, Set<string>>();

/**
 * D1: one PENDING delivery per ENABLED endpoint of the event's client subscribed to its type ([] = all),
 * in the event's transaction. D5: due at once unless an earlier delivery of the resource to that endpoint
 * is still PENDING (then held back: no due time until that one ends). Declared in subscribers.ts and wired
 * with every engine a process opens (src/engine/), so the events module imports nothing of webhooks.
 */
export async function fanOut(tx: Exec, event: NewEvent): Promise<void> {
  if (tx.engine === 'pg') {
    // §11.4: an event committed after an endpoint change was answered follows that change, across
    // processes: the first fan-out of a client in a transaction (which may record several events) holds
    // its endpoints. These rules, in the database, in one statement the transaction does not wait for.
    const held = holding.get(tx) ?? new Set<string>();
    const hold = !held.has(event.clientId);
    if (hold) {
      held.add(event.clientId);
      holding.set(tx, held);
    }
    return insertDeliveriesOfEvent(tx, event, hold ? endpointsKey(event.clientId) : undefined);
  }
  // SQLite: every job runs alone, nothing to hold.
  const endpoints = await enabledEndpointsOf(tx, event.clientId);
  // The event's position and sequence, which the database drew.
  const row = endpoints.length > 0 ? await findEvent(tx, event.eventId) : undefined;
  for (const e of endpoints) {
    if (e.types.length > 0 && !e.types.includes(event.type)) continue;
    const heldBack = (await touchPendingOfResource(tx, e.endpointId, event.resourceId)) > 0;
    await insertDelivery(tx, {
      deliveryId: randomUUID(),
      endpointId: e.endpointId,
      eventId: event.eventId,
      eventType: event.type,
      resourceId: event.resourceId,
      sequence: row!.sequence,
      eventPosition: row!.position,
      eventCreatedAt: event.createdAt,
      createdAt: event.createdAt,
      nextAttemptAt: heldBack ? null : event.createdAt,
    });
  }
}

/** D3: the delay after failed attempt k (1-based). */
export function retryDelayMs(s: Pick<WebhookSettings, 'webhookRetryBaseMs' | 'webhookRetryMaxDelayMs'>, k: number): number {
  // 2^(k−1) overflows to Infinity long after the cap is reached; min() keeps the cap.
  return Math.min(s.webhookRetryBaseMs * 2 ** (k - 1), s.webhookRetryMaxDelayMs);
}

/** Beyond the timeout, what a lease covers: the claim's commit, reading the answer, the outcome's commit. */
const LEASE_MARGIN_MS = 2_000;
const iso = (ms: number) => new Date(ms).toISOString();

type Claim = { delivery: WebhookDeliveryRow; url: string; leaseUntil: string };

/** Ends a delivery (SUCCEEDED / FAILED) and releases the next PENDING delivery of its resource (D5). */
async function endAndReleaseNext(tx: Exec, d: WebhookDeliveryRow, set: Parameters<typeof updateDelivery>[2], at: string): Promise<boolean> {
  if (!(await updateDelivery(tx, d, { ...set, nextAttemptAt: null, leaseUntil: null, settledAt: at }))) return false;
  const next = await headOfResource(tx, d.endpointId, d.resourceId);
  if (next && next.nextAttemptAt === null) await releaseDelivery(tx, next.deliveryId, at);
  return true;
}

export class DeliveryTask implements StartTask {
  readonly name = 'webhook-deliveries';
  /** Set by the worker (src/worker/worker.ts): asks for a round now. */
  wake?: () => void;
  private readonly settings: WebhookSettings;
  /** Attempts this process has in flight, by endpoint (the database's leases decide; this saves claims). */
  private readonly inFlight = new Map<string, number>();
  private readonly running = new Set<Promise<void>>();
  /** Attempts ended (recorded or not) since the last idle(): a drain looks again while there are some. */
  private attemptsEnded = 0;
  private readonly shutdown = new AbortController();

  constructor(
    private readonly config: Config,
    private readonly engine: Pick<Engine, 'read' | 'writer'>,
    private readonly clock: () => Date,
    private readonly logger: Logger,
  ) {
    this.settings = webhookSettings(config);
  }

  /** D4 expiries first, then per endpoint with a free slot, its due deliveries (at most the free slots). */
  async due(db: Exec, now: Date, limit: number): Promise<string[]> {
    if (!(await anyPending(db))) return [];
    const at = now.toISOString();
    const cutoff = iso(now.getTime() - this.settings.webhookMaxAgeSeconds * 1000);
    const ids = await expiredDeliveries(db, cutoff, at, limit);
    for (const endpointId of await endpointsWithDue(db, at, limit)) {
      const free = this.settings.webhookMaxInFlightPerEndpoint - (this.inFlight.get(endpointId) ?? 0);
      if (free <= 0 || ids.length >= limit) continue;
      ids.push(...(await dueOfEndpoint(db, endpointId, at, Math.min(free, limit - ids.length))));
    }
    return ids;
  }

  /** One delivery: expired → FAILED (D4); else claimed and its attempt left running. False when not due. */
  async start(id: string, now: Date): Promise<boolean> {
    const claim = await this.engine.writer.run((tx) => this.claim(tx, id, now));
    if (claim === 'expired') return true;
    if (!claim) return false;
    const endpointId = claim.delivery.endpointId;
    this.inFlight.set(endpointId, (this.inFlight.get(endpointId) ?? 0) + 1);
    const work = this.attempt(claim)
      .catch((err: unknown) => this.logger.error({ err, deliveryId: id }, 'webhook attempt failed to record'))
      .finally(() => {
        this.inFlight.set(endpointId, (this.inFlight.get(endpointId) ?? 1) - 1);
        this.attemptsEnded += 1;
        this.running.delete(work);
        // A slot is free, and an ended delivery may have released the next of its resource (D5).
        this.wake?.();
      });
    this.running.add(work);
    return true;
  }

  /** Resolves when the attempts started so far are recorded, with how many ended since the last call. */
  async idle(): Promise<number> {
    while (this.running.size > 0) await Promise.all([...this.running]);
    const ended = this.attemptsEnded;
    this.attemptsEnded = 0;
    return ended;
  }

  /** Shutdown: requests in flight are cut and their leases given back (the attempts are made again). */
  async stop(): Promise<void> {
    this.shutdown.abort();
    await this.idle();
  }

  private async claim(tx: Exec, id: string, now: Date): Promise<Claim | 'expired' | undefined> {
    const at = now.toISOString();
    const d = await findDelivery(tx, id);
    if (!d || d.status !== 'PENDING' || (d.leaseUntil !== null && d.leaseUntil > at)) return undefined;
    // D4: not SUCCEEDED by the event's createdAt + max age → FAILED, attempted or not.
    if (Date.parse(d.eventCreatedAt) + this.settings.webhookMaxAgeSeconds * 1000 <= now.getTime())
      return (await endAndReleaseNext(tx, d, { status: 'FAILED' }, at)) ? 'expired' : undefined;
    if (d.nextAttemptAt === null || d.nextAttemptAt > at) return undefined;
    const endpoint = await findEndpoint(tx, d.endpointId);
    // §11.4: none starts after disabledAt (disabling cancels PENDING deliveries in its own transaction).
    if (!endpoint || endpoint.status !== 'ENABLED') return undefined;
    await lockEndpoint(tx, d.endpointId);
    if ((await inFlightOf(tx, d.endpointId, at)) >= this.settings.webhookMaxInFlightPerEndpoint) return undefined;
    const leaseUntil = iso(now.getTime() + this.settings.webhookTimeoutMs + LEASE_MARGIN_MS);
    if (!(await updateDelivery(tx, d, { leaseUntil }))) return undefined;
    return { delivery: d, url: endpoint.url, leaseUntil };
  }

  private async attempt(c: Claim): Promise<void> {
    const d = c.delivery;
    const event = await findEvent(this.engine.read, d.eventId);
    if (!event) throw new Error(`delivery ${d.deliveryId}: event ${d.eventId} is missing`);
    // §11.6: the REST feed item's JSON, the same bytes on every attempt (the stored data is not re-rendered).
    const body = JSON.stringify(eventView(event));
    const started = this.clock();
    const secrets = await signingSecrets(this.engine.read, this.config.secretBox, d.endpointId, started);
    const outcome = await postWebhook(c.url, webhookHeaders(secrets, d.eventId, started, body), body, {
      timeoutMs: this.settings.webhookTimeoutMs,
      production: this.config.production,
      signal: this.shutdown.signal,
    });
    if ('aborted' in outcome) {
      await this.engine.writer.run(async (tx) => {
        const now = await findDelivery(tx, d.deliveryId);
        if (now && now.leaseUntil === c.leaseUntil) await updateDelivery(tx, now, { leaseUntil: null });
      });
      return;
    }
    const ended = this.clock();
    await this.engine.writer.run((tx) => this.record(tx, c, started, ended, outcome));
  }

  private async record(tx: Exec, c: Claim, started: Date, ended: Date, outcome: AttemptOutcome): Promise<void> {
    const d = await findDelivery(tx, c.delivery.deliveryId);
    // Another process took the delivery after this lease ran out: its attempt is the one that counts.
    if (!d || d.leaseUntil !== c.leaseUntil) {
      this.logger.warn({ deliveryId: c.delivery.deliveryId }, 'webhook attempt outlived its lease; outcome dropped');
      return;
    }
    const attemptNumber = d.attemptCount + 1;
    const durationMs = ended.getTime() - started.getTime();
    await insertAttempt(tx, {
      deliveryId: d.deliveryId,
      attemptNumber,
      startedAt: started.toISOString(),
      durationMs,
      responseStatus: outcome.responseStatus,
      error: outcome.error,
    });
    const at = ended.toISOString();
    // Disabled meanwhile (CANCELLED): the attempt is recorded, the final state stays.
    if (d.status !== 'PENDING') {
      await updateDelivery(tx, d, { attemptCount: attemptNumber, leaseUntil: null });
      return;
    }
    if (outcome.error === null) {
      await endAndReleaseNext(tx, d, { status: 'SUCCEEDED', attemptCount: attemptNumber }, at);
      return;
    }
    // D3: due at the failure + the delay; D4 gives up at max age, attempted or not (due() finds it then).
    await updateDelivery(tx, d, {
      attemptCount: attemptNumber,
      leaseUntil: null,
      nextAttemptAt: iso(ended.getTime() + retryDelayMs(this.settings, attemptNumber)),
    });
  }
}
