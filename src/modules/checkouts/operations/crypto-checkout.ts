// §15.2 cryptoCheckout: unknown → null (REST GET: 404 NOT_FOUND), another partner's → FORBIDDEN.
import { ownOrNull } from '../../../core/ownership.js';
import { query } from '../../../core/operation.js';
import { findCheckout } from '../repository.js';
import { checkoutView } from '../rules.js';

export default query('cryptoCheckout', {
  session: { owner: (r) => r.customerId }, // §17.2
  rest: { method: 'GET', path: '/partner/v1/crypto/checkouts/:checkoutId' },
  run: async (ctx, { checkoutId }) => {
    const c = ownOrNull(ctx, await findCheckout(ctx.services.db, checkoutId), 'checkout');
    return c && checkoutView(c);
  },
});
