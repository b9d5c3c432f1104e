// Reading what a change left behind, through the API a partner has: its events (§11.3 feed), the
// customer's ledger rows and balances (§10.1). And one operator-side write: a hold as a withdrawal's
// submission leaves it, posted through the ledger module itself (so the ledger's invariants hold).
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { post } from '../../src/modules/ledger/rules.js';
import type { Client, TestServer } from './harness.js';

export type FeedEvent = {
  eventId: string;
  type: string;
  resourceType: string;
  resourceId: string;
  customerId: string;
  sequence: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
  createdAt: string;
};

const EVENTS = `query($resourceId: UUID, $customerId: UUID, $after: String) {
  events(first: 20, resourceId: $resourceId, customerId: $customerId, after: $after) {
    items { eventId type resourceType resourceId customerId sequence data createdAt }
    pageInfo { hasNextPage endCursor }
  }
}`;

async function feed(server: TestServer, client: Client, filter: { resourceId?: string; customerId?: string }): Promise<FeedEvent[]> {
  const out: FeedEvent[] = [];
  let after: string | null = null;
  for (;;) {
    const r = await server.gql(client, EVENTS, { ...filter, after });
    expect(r.status, r.text).toBe(200);
    expect(r.body.errors, r.text).toBeUndefined();
    out.push(...r.body.data.events.items);
    if (!r.body.data.events.pageInfo.hasNextPage) return out;
    after = r.body.data.events.pageInfo.endCursor;
  }
}

/** A resource's events, oldest first. */
export const eventsOf = (server: TestServer, client: Client, resourceId: string) => feed(server, client, { resourceId });

/** A customer's events (records and ledger rows), in commit order. */
export const customerEvents = (server: TestServer, client: Client, customerId: string) => feed(server, client, { customerId });

/** `[type, sequence]` of a resource's events, oldest first. */
export async function eventTrail(server: TestServer, client: Client, resourceId: string): Promise<[string, number][]> {
  return (await eventsOf(server, client, resourceId)).map((e) => [e.type, e.sequence]);
}

const TRANSACTIONS = `query($customerId: UUID!, $resourceId: UUID) {
  customerTransactions(customerId: $customerId, resourceId: $resourceId, first: 20) {
    items { transactionId type currency currencyScale amountMinor availableDeltaMinor heldDeltaMinor balanceAfter { availableMinor heldMinor totalMinor } resourceType resourceId createdAt }
  }
}`;

/** A customer's ledger rows (of one resource, when given), newest first. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function transactionsOf(server: TestServer, client: Client, customerId: string, resourceId?: string): Promise<any[]> {
  const r = await server.gql(client, TRANSACTIONS, { customerId, resourceId });
  expect(r.status, r.text).toBe(200);
  expect(r.body.errors, r.text).toBeUndefined();
  return r.body.data.customerTransactions.items;
}

const BALANCES = `query($customerId: UUID!, $currency: String) {
  customerBalances(customerId: $customerId, currency: $currency) { items { currency availableMinor heldMinor totalMinor } }
}`;

/** A customer's balance in a currency (zeros before its first row). */
export async function balanceOf(server: TestServer, client: Client, customerId: string, currency = 'USDT') {
  const r = await server.gql(client, BALANCES, { customerId, currency });
  expect(r.status, r.text).toBe(200);
  expect(r.body.errors, r.text).toBeUndefined();
  const b = r.body.data.customerBalances.items[0];
  return b ? { availableMinor: b.availableMinor, heldMinor: b.heldMinor } : { availableMinor: '0', heldMinor: '0' };
}

/** Holds `amountMinor` of the customer's funds as a submitted withdrawal would (a HOLD row of the ledger). */
export async function holdFunds(server: TestServer, client: Client, customerId: string, amountMinor: bigint, currency = 'USDT', currencyScale = 6): Promise<void> {
  await server.operator((engine) =>
    engine.writer.run((tx) =>
      post(tx, {
        type: 'HOLD',
        customerId,
        clientId: client.clientId,
        currency,
        currencyScale,
        amountMinor,
        resourceType: 'CRYPTO_WITHDRAWAL',
        resourceId: randomUUID(),
        at: server.clock.now().toISOString(),
      }),
    ),
  );
}
