// The ledger's invariants (§10.1 L1–L5) and the feed's rebuild property (§11.1 E8), checked against the
// database and the API as they are; shared by the lifecycle suites.
import { buildSchema, getNamedType, type GraphQLObjectType, type GraphQLSchema } from 'graphql';
import { expect } from 'vitest';
import { records } from '../../src/graphql/generated/records.js';
import { loadTypeDefs } from '../../src/graphql/type-defs.js';
import { selectionOf } from '../../src/http/rest-surface.js';
import type { Client, TestServer } from './harness.js';
import type { TestDb } from './test-db.js';

/** L3: the record types that hold funds, as their declarations say (src/modules/<area>/records.ts). */
const HOLDERS = records.flatMap((r) => ('ledger' in r && 'holds' in r.ledger ? [r.ledger.holds] : []));

type Row = Record<string, unknown>;
const big = (v: unknown) => BigInt(String(v));

/** L1, L2, L3 for one customer; L5 for the whole database. Its queries share one connection (TestDb.reading). */
export function checkLedgerInvariants(server: { db: TestDb }, customerId: string): Promise<void> {
  return server.db.reading((db) => checkLedger(db, customerId));
}

async function checkLedger(db: TestDb, customerId: string): Promise<void> {
  const balances = (await db.all(`SELECT * FROM balances WHERE customer_id = ?`, customerId)) as Row[];
  for (const b of balances) {
    // L1
    expect(big(b.available_minor) >= 0n && big(b.held_minor) >= 0n).toBe(true);
    // L2: the rows of this (customer, currency), chained from zero to the balance.
    const rows = (await db.all(`SELECT * FROM ledger_transactions WHERE customer_id = ? AND currency = ? ORDER BY sequence`, customerId, b.currency)) as Row[];
    let available = 0n;
    let held = 0n;
    rows.forEach((r, i) => {
      expect(Number(r.sequence)).toBe(i + 1);
      expect(big(r.amount_minor) > 0n).toBe(true);
      available += big(r.available_delta_minor);
      held += big(r.held_delta_minor);
      expect([r.transaction_id, big(r.available_after_minor), big(r.held_after_minor)]).toEqual([r.transaction_id, available, held]);
    });
    expect([available, held]).toEqual([big(b.available_minor), big(b.held_minor)]);
    // L3: what is held is exactly what the records in holding states hold.
    let expectedHeld = 0n;
    for (const h of HOLDERS) {
      const rows = (await db.all(`SELECT ${h.amountColumns.join(', ')}, status FROM ${h.table} WHERE customer_id = ? AND currency = ?`, customerId, b.currency)) as Row[];
      for (const r of rows) if ((h.statuses as readonly string[]).includes(String(r.status))) for (const c of h.amountColumns) expectedHeld += big(r[c]);
    }
    expect(held).toBe(expectedHeld);
  }
  // L5: per currency, every account's postings sum to zero; each entry is two postings of one amount.
  // Every posting of the database is read at every check: the offenders are gathered and asserted at once
  // (an empty list), not one assertion per entry.
  const postings = (await db.all(`SELECT transaction_id, currency, amount_minor FROM ledger_postings`)) as Row[];
  const sums = new Map<string, bigint>();
  const perEntry = new Map<string, bigint[]>();
  for (const p of postings) {
    const amount = big(p.amount_minor);
    sums.set(String(p.currency), (sums.get(String(p.currency)) ?? 0n) + amount);
    const entry = perEntry.get(String(p.transaction_id));
    if (entry) entry.push(amount);
    else perEntry.set(String(p.transaction_id), [amount]);
  }
  const unbalanced = [...sums].filter(([, sum]) => sum !== 0n).map(([currency, sum]) => `${currency}: ${sum}`);
  expect(unbalanced, 'L5: currencies whose postings do not sum to zero').toEqual([]);
  const malformed = [...perEntry].filter(([, a]) => a.length !== 2 || a[0]! + a[1]! !== 0n).map(([id, a]) => `${id}: ${a.join(', ')}`);
  expect(malformed, 'L5: entries that are not two postings of one amount').toEqual([]);
}

/**
 * Per resource type with events: its by-id query (the Query field of one argument that answers its
 * GraphQL type) and the fields its events leave out, from its declaration.
 */
function byIdQueries(schema: GraphQLSchema): Record<string, { field: string; arg: string; type: string; omit: readonly string[]; list?: true }> {
  const fields = Object.values(schema.getQueryType()!.getFields());
  return Object.fromEntries(
    records.flatMap((r) => {
      if (!('resourceType' in r)) return [];
      const omit = 'omit' in r ? r.omit : [];
      const f = fields.find((q) => q.args.length === 1 && getNamedType(q.type).name === r.graphqlType && !q.type.toString().includes('['));
      if (f) return [[r.resourceType, { field: f.name, arg: f.args[0]!.name, type: r.graphqlType, omit }]];
      // §16.2 E8: a record without one (a withdrawal capability) is read as its item in the customer's list.
      const l = fields.find((q) => q.args.length === 1 && q.args[0]!.name === 'customerId' && getNamedType(q.type).name === r.graphqlType && q.type.toString().includes('['));
      if (!l) throw new Error(`${r.graphqlType} has no by-id query`);
      return [[r.resourceType, { field: l.name, arg: 'customerId', type: r.graphqlType, omit, list: true as const }]];
    }),
  );
}

/** The schema and its by-id queries, built once a process: a suite may rebuild many times. */
let schemaOnce: { schema: GraphQLSchema; byId: ReturnType<typeof byIdQueries> } | undefined;

/**
 * E8: replaying the feed from its start and keeping, per resource, the data of its highest sequence gives
 * exactly what the by-id queries answer (every field but refundableAmountMinor), and per (customer,
 * currency) the last `transaction.posted` carries the balance.
 */
export async function rebuildFromFeed(server: TestServer, client: Client, customers: string[]): Promise<number> {
  const latest = new Map<string, { type: string; sequence: number; data: Row }>();
  let after: string | null = null;
  let pages = 0;
  for (;;) {
    const r = await server.gql(client, `query($after: String) { events(first: 100, after: $after) { items { resourceType resourceId sequence data } pageInfo { hasNextPage endCursor } } }`, { after });
    if (!r.body?.data?.events) throw new Error(`events: ${r.status} ${r.text}`);
    const page = r.body.data.events;
    for (const e of page.items) {
      const seen = latest.get(e.resourceId);
      // The feed is in commit order: a resource's sequences arrive in order.
      expect(e.sequence).toBe((seen?.sequence ?? 0) + 1);
      latest.set(e.resourceId, { type: e.resourceType, sequence: e.sequence, data: e.data });
    }
    pages += 1;
    after = page.pageInfo.endCursor;
    if (!page.pageInfo.hasNextPage) break;
  }
  const { schema, byId } = (schemaOnce ??= (() => {
    const schema = buildSchema(loadTypeDefs());
    return { schema, byId: byIdQueries(schema) };
  })());
  for (const [id, { type, data }] of latest) {
    const q = byId[type]!;
    const selection = selectionOf(schema.getType(q.type) as never);
    const r = await server.gql(client, `{ r: ${q.field}(${q.arg}: "${q.list ? String(data.customerId) : id}") ${selection} }`);
    const idField = Object.keys((schema.getType(q.type) as GraphQLObjectType).getFields())[0]!;
    const current = { ...(q.list ? (r.body.data.r as Row[]).find((item) => item[idField] === id) : r.body.data.r) };
    for (const field of q.omit) delete current[field];
    expect(data).toEqual(current);
  }
  for (const customerId of customers) {
    const r = await server.gql(client, `{ customerBalances(customerId: "${customerId}", first: 100) { items { currency availableMinor heldMinor totalMinor } } }`);
    for (const b of r.body.data.customerBalances.items) {
      const last = [...latest.values()]
        .filter((e) => e.type === 'TRANSACTION' && e.data.customerId === customerId && e.data.currency === b.currency)
        .sort((x, y) => Number(y.data.sequence) - Number(x.data.sequence))[0];
      expect(last?.data.balanceAfter).toEqual({ availableMinor: b.availableMinor, heldMinor: b.heldMinor, totalMinor: b.totalMinor });
    }
  }
  return pages;
}
