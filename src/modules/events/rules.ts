// §11.1–§11.2 events: one per change, written in the change's transaction (E1), typed by the status the
// change left (D13), sequenced per resource (E3), carrying the resource as GraphQL renders it (E4).
import { randomUUID } from 'node:crypto';
import type { Exec } from '../../db/exec.js';
import type { EventRow } from './tables.js';
import { renderAs } from '../../graphql/render.js';
import { fanOut } from '../webhooks/delivery.js';
import { insertEvent, nextEventSequence } from './repository.js';

export type ResourceType = 'CRYPTO_WITHDRAWAL' | 'CRYPTO_REFUND' | 'CRYPTO_DEPOSIT' | 'WALLET_BENEFICIARY' | 'TRANSACTION';

const resources: Record<ResourceType, { prefix: string; typeName: string; omit: readonly string[] }> = {
  CRYPTO_WITHDRAWAL: { prefix: 'crypto_withdrawal', typeName: 'CryptoWithdrawal', omit: [] },
  CRYPTO_REFUND: { prefix: 'crypto_refund', typeName: 'PartnerCryptoRefund', omit: [] },
  // E4: it changes with refunds, not with the deposit.
  CRYPTO_DEPOSIT: { prefix: 'crypto_deposit', typeName: 'PartnerCryptoDeposit', omit: ['refundableAmountMinor'] },
  WALLET_BENEFICIARY: { prefix: 'wallet_beneficiary', typeName: 'WalletBeneficiary', omit: [] },
  TRANSACTION: { prefix: 'transaction', typeName: 'PartnerTransaction', omit: [] },
};

const statusesOf: Record<Exclude<ResourceType, 'TRANSACTION'>, readonly string[]> = {
  CRYPTO_WITHDRAWAL: ['APPROVED', 'SUBMITTED', 'SCREENING', 'BROADCASTING', 'CONFIRMING', 'COMPLETED', 'REJECTED', 'FAILED'],
  CRYPTO_REFUND: ['APPROVED', 'AWAITING_CONFIRMATION', 'CONFIRMED', 'SCREENING', 'BROADCASTING', 'CONFIRMING', 'COMPLETED', 'REJECTED', 'FAILED'],
  CRYPTO_DEPOSIT: ['PENDING_TRAVEL_RULE', 'FROZEN', 'COMPLETED'],
  WALLET_BENEFICIARY: ['ACTIVE', 'BLOCKED', 'REMOVED', 'UPDATED'],
};

/** §11.2: the 25 event types. */
export const EVENT_TYPES: readonly string[] = [
  ...Object.entries(statusesOf).flatMap(([kind, statuses]) =>
    statuses.map((s) => `${resources[kind as ResourceType].prefix}.${s.toLowerCase()}`),
  ),
  'transaction.posted',
];

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

/** D13: `<prefix>.<status after, lower case>`, `.updated` when the status stayed, `transaction.posted`. */
export function eventTypeOf(c: Pick<Change, 'resourceType' | 'status' | 'previousStatus'>): string {
  const { prefix } = resources[c.resourceType];
  if (c.resourceType === 'TRANSACTION') return `${prefix}.posted`;
  if (c.status === undefined) throw new Error(`a ${c.resourceType} event needs the status after the change`);
  return c.previousStatus === c.status ? `${prefix}.updated` : `${prefix}.${c.status.toLowerCase()}`;
}

/**
 * E1: writes the change's event in the caller's transaction. Call it after the record's own write. D1: its
 * webhook deliveries are written in the same transaction.
 */
export async function recordEvent(tx: Exec, c: Change): Promise<EventRow> {
  const { typeName, omit } = resources[c.resourceType];
  const event = await insertEvent(tx, {
    eventId: randomUUID(),
    clientId: c.clientId,
    customerId: c.customerId,
    type: eventTypeOf(c),
    resourceType: c.resourceType,
    resourceId: c.resourceId,
    sequence: await nextEventSequence(tx, c.resourceId),
    data: JSON.stringify(renderAs(typeName, c.resource, omit)),
    createdAt: c.at,
  });
  await fanOut(tx, event);
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
