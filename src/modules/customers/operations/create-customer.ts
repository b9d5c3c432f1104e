// §4.1 createCustomer: externalRef unique per partner; the customer starts ACTIVE and UNVERIFIED, with
// its event `customer.unverified` (§12.5, sequence 1); its EVM deposit address when the partner has an
// EVM route (§18 C4).
import { randomUUID } from 'node:crypto';
import { mutation } from '../../../core/operation.js';
import { Problem } from '../../../core/problem.js';
import { checkLength, checkOneOf } from '../../../core/validate.js';
import { findCustomerByExternalRef, insertCustomer } from '../repository.js';
import { CUSTOMER_TYPES, customerView, newCustomerRow, onCustomerCreated, recordNewCustomerEvent } from '../rules.js';

export default mutation('createCustomer', {
  rest: { method: 'POST', path: '/partner/v1/customers' },
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
      throw new Problem('DUPLICATE_CUSTOMER', 'A customer with this externalRef already exists.');
    const created = await insertCustomer(
      tx,
      newCustomerRow({
        customerId: randomUUID(),
        clientId: ctx.clientId,
        externalRef: input.externalRef,
        type: input.type,
        displayName: input.displayName ?? null,
        at: ctx.now.toISOString(),
      }),
    );
    await recordNewCustomerEvent(tx, created);
    // §18 C4: in this transaction, so a rolled-back creation takes no index.
    await onCustomerCreated(tx, created, ctx.services.config);
    return customerView(created);
  },
});
