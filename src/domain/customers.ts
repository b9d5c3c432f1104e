// §4.1 Customers: owned by the partner client that created them.
import { randomUUID } from 'node:crypto';
import type { Exec } from '../db/exec.js';
import { findCustomer, findCustomerByExternalRef, insertCustomer } from '../db/records-repository.js';
import type { CustomerRow } from '../db/schema.js';
import type { CallContext } from './context.js';
import { runIdempotent } from './idempotency.js';
import { ownOrNull, requireOwn } from './ownership.js';
import { FieldErrors, Problem } from './problem.js';
import { checkLength, checkOneOf } from './validate.js';

export const CUSTOMER_TYPES = ['INDIVIDUAL', 'CORPORATE'] as const;

export type CreateCustomerInput = { externalRef: string; type: string; displayName?: string | null };

/** Unknown → 404 CUSTOMER_NOT_FOUND; another partner's → 403 FORBIDDEN. */
export function requireOwnCustomer(tx: Exec, ctx: CallContext, customerId: string): CustomerRow {
  return requireOwn(ctx, findCustomer(tx, customerId), 'CUSTOMER_NOT_FOUND', 'customer', customerId);
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
