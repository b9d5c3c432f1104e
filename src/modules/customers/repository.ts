// Customers' rows: plain reads and writes, no rules.
import { and, eq, sql } from 'drizzle-orm';
import type { Exec } from '../../db/exec.js';
import { prepared } from '../../db/prepared.js';
import { customers, type CustomerRow } from '../../db/schema.js';

export async function findCustomer(db: Exec, customerId: string): Promise<CustomerRow | undefined> {
  return prepared(db, 'findCustomer', (d) =>
    d.select().from(customers).where(eq(customers.customerId, sql.placeholder('customerId'))).prepare(),
  ).get({ customerId });
}

export async function findCustomerByExternalRef(db: Exec, clientId: string, externalRef: string): Promise<CustomerRow | undefined> {
  return db
    .select()
    .from(customers)
    .where(and(eq(customers.clientId, clientId), eq(customers.externalRef, externalRef)))
    .get();
}

export async function insertCustomer(db: Exec, row: CustomerRow): Promise<CustomerRow> {
  return insertCustomerNow(db, row);
}

/** The development demo's synchronous insert (src/demo.ts, before the server starts). */
export function insertCustomerNow(db: Exec, row: CustomerRow): CustomerRow {
  return db.insert(customers).values(row).returning().get();
}
