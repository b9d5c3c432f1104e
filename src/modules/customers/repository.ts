// Customers' rows: plain reads and writes, no rules.
import { and, eq, sql } from 'drizzle-orm';
import type { Exec } from '../../db/exec.js';
import { prepared } from '../../db/prepared.js';
import type { CustomerRow } from './tables.js';

export async function findCustomer(x: Exec, customerId: string): Promise<CustomerRow | undefined> {
  const rows = await prepared(
    x,
    'findCustomer',
    (q, t) => q.select().from(t.customers).where(eq(t.customers.customerId, sql.placeholder('customerId'))),
    { customerId },
  );
  return rows[0];
}

export async function findCustomerByExternalRef(x: Exec, clientId: string, externalRef: string): Promise<CustomerRow | undefined> {
  const t = x.t.customers;
  return (await x.q.select().from(t).where(and(eq(t.clientId, clientId), eq(t.externalRef, externalRef))))[0];
}

export async function insertCustomer(x: Exec, row: CustomerRow): Promise<CustomerRow> {
  return (await x.q.insert(x.t.customers).values(row).returning())[0]!;
}
