// §15.5 updateCollectionBuyer: B → C → D (404 BUYER_NOT_FOUND / 403) → I. Nothing differs → 200 unchanged,
// no event (E2); else the change and its event (`.active` / `.disabled` when the status changed, else
// `.updated`). No gate: a buyer may be corrected or disabled whatever its customer's state.
import { mutation } from '../../../core/operation.js';
import { Problem } from '../../../core/problem.js';
import { checkLength } from '../../../core/validate.js';
import { transition } from '../../lifecycle/index.js';
import type { CollectionBuyerRow } from '../tables.js';
import { buyerLifecycle, buyerView, checkCountry, checkEmail, requireOwnBuyer } from '../rules.js';

export default mutation('updateCollectionBuyer', {
  rest: { method: 'POST', path: '/partner/v1/crypto/collection-buyers/:buyerId/update' },
  target: 'buyerId',
  evidence: null,
  resultId: (b) => b.buyerId,
  validate: ({ input }, errors) => {
    const { name, email, country, status } = input;
    if ((name ?? null) === null && (email ?? null) === null && (country ?? null) === null && (status ?? null) === null)
      errors.add('/', 'at least one of name, email, country and status must be given');
    if (name !== null && name !== undefined) checkLength(errors, '/name', name, 1, 200);
    // R16: "" clears email or country.
    if (email !== null && email !== undefined && email !== '') checkEmail(errors, '/email', email);
    if (country !== null && country !== undefined && country !== '') checkCountry(errors, '/country', country);
  },
  run: async (tx, ctx, { buyerId, input }) => {
    const buyer = await requireOwnBuyer(tx, ctx, buyerId);
    const set: Partial<CollectionBuyerRow> = {};
    if (input.name !== null && input.name !== undefined && input.name !== buyer.name) set.name = input.name;
    if (input.email !== null && input.email !== undefined && (input.email || null) !== buyer.email) set.email = input.email || null;
    if (input.country !== null && input.country !== undefined && (input.country || null) !== buyer.country) set.country = input.country || null;
    const to = input.status ?? buyer.status;
    if (Object.keys(set).length === 0 && to === buyer.status) return buyerView(buyer);
    const updated = await transition(tx, buyerLifecycle, { id: buyerId, from: buyer.status, to, at: ctx.now.toISOString(), set });
    if (!updated) throw new Problem('INVALID_STATE', 'The buyer changed meanwhile; retry.');
    return buyerView(updated);
  },
});
