// §4.1 Customers: owned by the partner client that created them.
import type { Exec } from '../../db/exec.js';
import type { CustomerRow } from './tables.js';
import type { CallContext } from '../../core/context.js';
import { requireOwn } from '../../core/ownership.js';
import { findCustomer } from './repository.js';

export const CUSTOMER_TYPES = ['INDIVIDUAL', 'CORPORATE'] as const;

/** Unknown → 404 CUSTOMER_NOT_FOUND; another partner's → 403 FORBIDDEN. */
export async function requireOwnCustomer(tx: Exec, ctx: CallContext, customerId: string): Promise<CustomerRow> {
  return requireOwn(ctx, await findCustomer(tx, customerId), 'CUSTOMER_NOT_FOUND', 'customer', customerId);
}

/** §9.3 a list under a customer: its cursors name the customer, which is checked after the shape (404 / 403). */
export const underCustomer = {
  under: 'customerId',
  own: (db: Exec, ctx: CallContext, args: { customerId: string }) => requireOwnCustomer(db, ctx, args.customerId),
} as const;
