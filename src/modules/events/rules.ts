// §11.1–§11.2 events: one per change, written in the change's transaction (E1), typed by the status the
// change left (D13), sequenced per resource (E3), carrying the resource as GraphQL renders it (E4).
import { randomUUID } from 'node:crypto';
import type { Exec } from '../../db/exec.js';
import type { EventRow, NewEvent } from './tables.js';
import { records, type AnyRecord } from '../../graphql/generated/records.js';
import type { PartnerResourceType } from '../../graphql/generated/resolvers-types.js';
import { lazily } from '../../core/hook.js';
import { decodeCursor, encodeCursor } from '../../core/pages.js';
import { appendEvent } from './repository.js';

// E4's rendering (the schema and its scalars, most of the GraphQL stack) loads with the first event a
// process writes, not with every process that opens an engine: a partnerctl read writes none. Its schema is
// built as it loads, so the server, which loads it before it answers (loadLazily), builds none in a transaction.
const renderData = lazily(async () => {
  const { renderAs, renderSchema } = await import('../../graphql/render.js');
  renderSchema();
  return async (typeName: string, value: object, omit: readonly string[]) => JSON.stringify(renderAs(typeName, value, omit));
});

/** A record type that has events: declared with a resourceType in its module's records.ts. */
type EventRecord = Extract<AnyRecord, { resourceType: string }>;
export type ResourceType = EventRecord['resourceType'];

// tsc: every PartnerResourceType value has a record declaration, and every declared one is in the SDL.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const everyResourceTypeDeclared: Same<ResourceType, PartnerResourceType> = true;
void everyResourceTypeDeclared;

const eventRecords = records.filter((r): r is EventRecord => 'resourceType' in r).sort((a, b) => a.eventOrder - b.eventOrder);
const resources = new Map<string, EventRecord>();
for (const r of eventRecords) {
  if (resources.has(r.resourceType)) throw new Error(`two records declare resourceType ${r.resourceType}`);
  resources.set(r.resourceType, r);
}
const resourceOf = (type: ResourceType): EventRecord => resources.get(type)!;
const statusesOf = (r: EventRecord): readonly string[] => ('statuses' in r ? r.statuses : []);
const extraEventsOf = (r: EventRecord): readonly string[] => ('extraEvents' in r ? r.extraEvents : []);

/** §11.2: the 25 event types, in its table's order. */
export const EVENT_TYPES: readonly string[] = eventRecords.flatMap((r) =>
  [...statusesOf(r), ...extraEventsOf(r)].map((suffix) => `${r.eventPrefix}.${suffix.toLowerCase()}`),
);

export type Change = {
  resourceType: ResourceType;
  resourceId: string;
  clientId: string;
  customerId: string;
  /** The resource after the change, in its GraphQL shape (the by-id query's object). */
  resource: object;
  /** The status after the change, and before it (null for a creation); none for ledger rows. */
  status?: string;
  previousStatus?: string | null;
  /** E5: the record's updatedAt, a ledger row's createdAt. */
  at: string;
};

/**
 * D13: `<prefix>.<status after, lower case>`, `.updated` when the status stayed; a record type without
 * statuses (a ledger row) has its one event (`transaction.posted`).
 */
export function eventTypeOf(c: Pick<Change, 'resourceType' | 'status' | 'previousStatus'>): string {
  const r = resourceOf(c.resourceType);
  const prefix = r.eventPrefix;
  if (statusesOf(r).length === 0) return `${prefix}.${extraEventsOf(r)[0]}`;
  if (c.status === undefined) throw new Error(`a ${c.resourceType} event needs the status after the change`);
  return c.previousStatus === c.status ? `${prefix}.updated` : `${prefix}.${c.status.toLowerCase()}`;
}

/** What runs for each event in the event's transaction (D1: webhooks fan it out to their deliveries). */
export type EventSubscriber = (tx: Exec, event: NewEvent) => Promise<void>;
const subscribers = new Set<EventSubscriber>();

/**
 * Registers a subscriber once. Modules declare theirs in their `subscribers.ts`, and src/engine/ wires
 * them whenever a process opens an engine (server, partnerctl), so no entry point can write an event
 * without them; the events module imports none of its subscribers, so webhooks read events without an
 * import circle.
 */
export function onEventRecorded(subscriber: EventSubscriber): void {
  subscribers.add(subscriber);
}

/**
 * E1: writes the change's event in the caller's transaction. Call it after the record's own write. D1: its
 * webhook deliveries are written in the same transaction.
 */
export async function recordEvent(tx: Exec, c: Change): Promise<NewEvent> {
  const r = resourceOf(c.resourceType);
  const event: NewEvent = {
    eventId: randomUUID(),
    clientId: c.clientId,
    customerId: c.customerId,
    type: eventTypeOf(c),
    resourceType: c.resourceType,
    resourceId: c.resourceId,
    data: await renderData(r.graphqlType, c.resource, 'omit' in r ? r.omit : []),
    createdAt: c.at,
  };
  await appendEvent(tx, event);
  for (const subscriber of subscribers) await subscriber(tx, event);
  return event;
}

/** PartnerEvent as GraphQL and the feed show it. */
export function eventView(row: EventRow) {
  return {
    eventId: row.eventId,
    type: row.type,
    resourceType: row.resourceType as ResourceType,
    resourceId: row.resourceId,
    customerId: row.customerId,
    sequence: row.sequence,
    data: JSON.parse(row.data) as Record<string, unknown>,
    createdAt: row.createdAt,
  };
}

/** §11.3 the `events` list's cursor after a position: bound to the partner, as the list's own (§9.3). */
export function feedCursor(clientId: string, position: number): string {
  return encodeCursor('events', clientId, [position]);
}

/**
 * The position a cursor of the partner's feed names (undefined without one); malformed, of another list
 * or of another partner → 400 VALIDATION_FAILED at `/after`.
 */
export function feedPositionOf(cursor: string | undefined, clientId: string): number | undefined {
  return decodeCursor(cursor, 'events', clientId, ['number'])?.[0] as number | undefined;
}
