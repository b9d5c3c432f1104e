// §4.1 Customers: owned by the partner client that created them.
import { randomUUID } from 'node:crypto';
import type { Exec } from '../db/exec.js';
import { findCustomer, findCustomerByExternalRef, insertCustomer } from '../db/records-repository.js';
import type { CustomerRow } from '../db/schema.js';
import type { CallContext } from './context.js';
import { runIdempotent } from './idempotency.js';
import { FieldErrors, Problem } from './problem.js';
import { checkLength, checkOneOf } from './validate.js';

export const CUSTOMER_TYPES = ['INDIVIDUAL', 'CORPORATE'] as const;

export type CreateCustomerInput = { externalRef: string; type: string; displayName?: string | null };

/** Unknown → 404 CUSTOMER_NOT_FOUND; another partner's → 403 FORBIDDEN. */
export function requireOwnCustomer(tx: Exec, ctx: CallContext, customerId: string): CustomerRow {
  const customer = findCustomer(tx, customerId);
  if (!customer) throw new Problem('CUSTOMER_NOT_FOUND', `Customer ${customerId} does not exist.`);
  if (customer.clientId !== ctx.clientId) throw new Problem('FORBIDDEN', 'This customer belongs to another partner.');
  return customer;
}

/** Query semantics (§4): unknown → null, another partner's → FORBIDDEN. */
export function ownOrNull<T extends { clientId: string }>(ctx: CallContext, row: T | undefined, what: string): T | null {
  if (!row) return null;
  if (row.clientId !== ctx.clientId) throw new Problem('FORBIDDEN', `This ${what} belongs to another partner.`);
  return row;
}

export function getCustomer(ctx: CallContext, customerId: string): CustomerRow | null {
  return ownOrNull(ctx, findCustomer(ctx.services.db, customerId), 'customer');
}

export async function createCustomer(ctx: CallContext, input: CreateCustomerInput): Promise<CustomerRow> {
  const errors = new FieldErrors();
  checkLength(errors, '/externalRef', input.externalRef, 1, 128);
  checkOneOf(errors, '/type', input.type, CUSTOMER_TYPES);
  checkLength(errors, '/displayName', input.displayName, 1, 200);
  errors.throwIfAny();

  return runIdempotent(ctx, 'createCustomer', { input }, (c) => c.customerId, (tx) => {
    if (findCustomerByExternalRef(tx, ctx.clientId, input.externalRef))
      throw new Problem('DUPLICATE_CUSTOMER', `A customer with externalRef "${input.externalRef}" already exists.`);
    const now = ctx.now.toISOString();
    return insertCustomer(tx, {
      customerId: randomUUID(),
      clientId: ctx.clientId,
      externalRef: input.externalRef,
      type: input.type,
      displayName: input.displayName ?? null,
      status: 'ACTIVE',
      createdAt: now,
      updatedAt: now,
    });
  });
}
