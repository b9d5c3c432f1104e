// §4.1 createCustomer: externalRef unique per partner.
import { randomUUID } from 'node:crypto';
import { mutation } from '../../../core/operation.js';
import { Problem } from '../../../core/problem.js';
import { checkLength, checkOneOf } from '../../../core/validate.js';
import { findCustomerByExternalRef, insertCustomer } from '../repository.js';
import { CUSTOMER_TYPES } from '../rules.js';

export default mutation('createCustomer', {
  target: null,
  evidence: null,
  resultId: (c) => c.customerId,
  validate: ({ input }, errors) => {
    checkLength(errors, '/externalRef', input.externalRef, 1, 128);
    checkOneOf(errors, '/type', input.type, CUSTOMER_TYPES);
    checkLength(errors, '/displayName', input.displayName, 1, 200);
  },
  run: async (tx, ctx, { input }) => {
    if (await findCustomerByExternalRef(tx, ctx.clientId, input.externalRef))
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
  },
});
