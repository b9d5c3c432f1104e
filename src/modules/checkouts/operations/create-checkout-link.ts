// §15.4 createCheckoutLink: B → C → D checkout (404 NOT_FOUND / 403) → E its route → G expiresAt, when
// given: > now and ≤ the checkout's expiresAt → H gate → INVALID_STATE → ROUTE_RAIL_UNSUPPORTED (§18.5) →
// CHECKOUT_LINK_LIMIT_REACHED (CHECKOUT_MAX_LINKS, expired links included) → I: the link. No status, no
// event. The token is stored only as its hash; the answer, which holds the URL, is stored sealed (§11.4),
// so a replay answers the same URL.
import { randomUUID } from 'node:crypto';
import { mutation } from '../../../core/operation.js';
import { Problem } from '../../../core/problem.js';
import { countLink, insertLink } from '../link-repository.js';
import { acceptanceFault, checkoutForRequest } from '../link-rules.js';
import { linkTokenHash, newLinkToken } from '../link-token.js';
import { findCheckout } from '../repository.js';

export default mutation('createCheckoutLink', {
  rest: { method: 'POST', path: '/partner/v1/crypto/checkouts/:checkoutId/links', optionalBody: true },
  target: 'checkoutId',
  evidence: null,
  sealResult: true,
  resultId: (l) => l.linkId,
  run: async (tx, ctx, { checkoutId, input }) => {
    const requested = input.expiresAt ?? undefined;
    const { checkout } = await checkoutForRequest(tx, ctx, checkoutId, 'createCheckoutLink', (c) => {
      if (requested && (requested.getTime() <= ctx.now.getTime() || requested.getTime() > Date.parse(c.expiresAt)))
        throw new Problem('VALIDATION_FAILED', "expiresAt must be later than now and at most the checkout's expiresAt.", [
          { pointer: '/expiresAt', detail: `must be later than now and at most the checkout's expiresAt (${c.expiresAt})` },
        ]);
    });
    const max = ctx.services.config.checkoutMaxLinks;
    const limitReached = () => new Problem('CHECKOUT_LINK_LIMIT_REACHED', `The checkout already has ${max} links (CHECKOUT_MAX_LINKS), expired ones included.`);
    if (checkout.linkCount >= max) throw limitReached();
    // §16.4: the count is a compare-and-set; losing it to a racing link or a status change answers what won.
    if (!(await countLink(tx, checkoutId, max))) {
      const now = await findCheckout(tx, checkoutId);
      const fault = now && acceptanceFault(now, ctx.now);
      throw fault ? new Problem('INVALID_STATE', fault) : limitReached();
    }
    const token = newLinkToken();
    const link = {
      linkId: randomUUID(),
      checkoutId,
      tokenHash: linkTokenHash(token),
      expiresAt: requested ? requested.toISOString() : checkout.expiresAt,
      createdAt: ctx.now.toISOString(),
    };
    await insertLink(tx, link);
    const { tokenHash: _hash, ...shown } = link;
    return { ...shown, url: `${ctx.services.config.checkoutLinkBaseUrl}/${token}` };
  },
});
