// §15.5 createCollectionBuyer: B → C → D customer → H gate → DUPLICATE_BUYER → I: ACTIVE, event.
import { randomUUID } from 'node:crypto';
import { mutation } from '../../../core/operation.js';
import { Problem } from '../../../core/problem.js';
import { checkLength, checkOneOf } from '../../../core/validate.js';
import { customerGate, requireOwnCustomer } from '../../customers/index.js';
import { recordEvent } from '../../events/index.js';
import { findBuyerByExternalRef, insertBuyer } from '../repository.js';
import { BUYER_TYPES, buyerView, checkCountry, checkEmail } from '../rules.js';

export default mutation('createCollectionBuyer', {
  rest: { method: 'POST', path: '/partner/v1/customers/:customerId/crypto/collection-buyers' },
  target: 'customerId',
  evidence: null,
  resultId: (b) => b.buyerId,
  validate: ({ input }, errors) => {
    checkLength(errors, '/externalRef', input.externalRef, 1, 128);
    checkOneOf(errors, '/type', input.type, BUYER_TYPES);
    checkLength(errors, '/name', input.name, 1, 200);
    if (input.email !== null && input.email !== undefined) checkEmail(errors, '/email', input.email);
    if (input.country !== null && input.country !== undefined) checkCountry(errors, '/country', input.country);
  },
  run: async (tx, ctx, { customerId, input }) => {
    const customer = await requireOwnCustomer(tx, ctx, customerId);
    // §12.4: collections are money operations (ACTIVE and VERIFIED).
    customerGate(customer, 'money', ctx.services.config);
    // §16.4 uq_collection_buyer_external_ref: checked first for a clean 409; the index holds under races.
    if (await findBuyerByExternalRef(tx, customerId, input.externalRef))
      throw new Problem('DUPLICATE_BUYER', 'This externalRef is already used by a collection buyer of this customer.');
    const now = ctx.now.toISOString();
    const buyer = await insertBuyer(tx, {
      buyerId: randomUUID(),
      customerId,
      clientId: ctx.clientId,
      externalRef: input.externalRef,
      type: input.type,
      name: input.name,
      email: input.email ?? null,
      country: input.country ?? null,
      status: 'ACTIVE',
      createdAt: now,
      updatedAt: now,
    });
    const view = buyerView(buyer);
    await recordEvent(tx, {
      resourceType: 'COLLECTION_BUYER',
      resourceId: buyer.buyerId,
      clientId: buyer.clientId,
      customerId,
      resource: view,
      status: buyer.status,
      previousStatus: null,
      at: now,
    });
    return view;
  },
});
