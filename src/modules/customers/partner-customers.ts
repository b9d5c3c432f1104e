// The customers of a partner as other modules read them (the EVM rail's address allocation, §18 C4, and its
// follower's matching, C13): plain reads of this module's table, no rules.
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Exec } from '../../db/exec.js';

/** A customer's place in its partner's creation order. */
export type CustomerKey = { customerId: string; createdAt: string };

/**
 * Up to `limit` customers of the partner after `after`, in createdAt, then id, order: compared by byte on
 * PostgreSQL (collate "C") as on SQLite, so both engines give the same order.
 */
export async function customersOfClientInOrder(x: Exec, clientId: string, after: CustomerKey | undefined, limit: number): Promise<CustomerKey[]> {
  const c = x.t.customers;
  const byte = (v: SQL | typeof c.customerId | typeof c.createdAt): SQL => (x.engine === 'pg' ? sql`${v} collate "C"` : sql`${v}`);
  const past = after === undefined ? undefined : sql`(${byte(c.createdAt)}, ${byte(c.customerId)}) > (${after.createdAt}, ${after.customerId})`;
  return x.q
    .select({ customerId: c.customerId, createdAt: c.createdAt })
    .from(c)
    .where(and(eq(c.clientId, clientId), past))
    .orderBy(asc(byte(c.createdAt)), asc(byte(c.customerId)))
    .limit(limit);
}

/** The partner (client id) of each of these customers that exists. */
export async function clientsOfCustomers(x: Exec, customerIds: string[]): Promise<Map<string, string>> {
  if (customerIds.length === 0) return new Map();
  const c = x.t.customers;
  const rows = await x.q.select({ customerId: c.customerId, clientId: c.clientId }).from(c).where(inArray(c.customerId, customerIds));
  return new Map(rows.map((r) => [r.customerId, r.clientId]));
}
