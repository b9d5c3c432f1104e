// §15.3 closeCryptoCheckout: B → C → D (404 NOT_FOUND / 403) → H: CLOSED → 200 unchanged, no event (E2);
// INVALID_STATE when PAID or EXPIRED, at or after expiresAt, or a payment pending → I: CLOSED, closedAt,
// event. No route check, no gate. The close is a compare-and-set on the version: a detection committed
// first is seen pending; one committed after finds the checkout CLOSED (late).
import { mutation } from '../../../core/operation.js';
import { Problem } from '../../../core/problem.js';
import { transition } from '../../lifecycle/index.js';
import { amountsOf, checkoutLifecycle, checkoutView, countersOf, requireOwnCheckout } from '../rules.js';

export default mutation('closeCryptoCheckout', {
  rest: { method: 'POST', path: '/partner/v1/crypto/checkouts/:checkoutId/closure' },
  target: 'checkoutId',
  evidence: null,
  resultId: (c) => c.checkoutId,
  run: async (tx, ctx, { checkoutId }) => {
    const c = await requireOwnCheckout(tx, ctx, checkoutId);
    if (c.status === 'CLOSED') return checkoutView(c);
    if (c.status !== 'OPEN' && c.status !== 'PARTIALLY_PAID') throw new Problem('INVALID_STATE', `The checkout is ${c.status}.`);
    if (ctx.now.getTime() >= Date.parse(c.expiresAt)) throw new Problem('INVALID_STATE', 'The checkout has reached its expiresAt.');
    const n = countersOf(c);
    if (n.pending > 0n) throw new Problem('INVALID_STATE', `A payment of ${n.pending} is pending confirmation; close it once it settles.`);
    const now = ctx.now.toISOString();
    const closed = await transition(tx, checkoutLifecycle(c.version), { id: checkoutId, from: c.status, to: 'CLOSED', at: now, set: { ...amountsOf(c, 'CLOSED', n), closedAt: now } });
    if (!closed) throw new Problem('INVALID_STATE', 'The checkout changed meanwhile; retry.');
    return checkoutView(closed);
  },
});
