// §15.5 collectionBuyer: unknown → null (REST GET: 404 BUYER_NOT_FOUND), another partner's → FORBIDDEN.
import { ownOrNull } from '../../../core/ownership.js';
import { query } from '../../../core/operation.js';
import { findBuyer } from '../repository.js';
import { buyerView } from '../rules.js';

export default query('collectionBuyer', {
  session: { owner: (r) => r.customerId }, // §17.2
  rest: { method: 'GET', path: '/partner/v1/crypto/collection-buyers/:buyerId', notFound: 'BUYER_NOT_FOUND' },
  run: async (ctx, { buyerId }) => {
    const b = ownOrNull(ctx, await findBuyer(ctx.services.db, buyerId), 'buyer');
    return b && buyerView(b);
  },
});
