// §15.4 createCheckoutPosPaymentRequest: B (terminalRef 1–64, expiresInSeconds 30–900) → C → D checkout
// (404 NOT_FOUND / 403) → E its route → H gate → INVALID_STATE → ROUTE_RAIL_UNSUPPORTED (§18.5) → I: the
// request, its amount due and payment URI frozen now, expiresAt = min(now + expiresInSeconds, the
// checkout's expiresAt). No status, no event; the creating answer is the only place it appears.
import { randomUUID } from 'node:crypto';
import { mutation } from '../../../core/operation.js';
import { checkLength } from '../../../core/validate.js';
import { insertPosPaymentRequest } from '../link-repository.js';
import { checkoutForRequest, paymentUriNow, sandboxNoticeOf } from '../link-rules.js';

/** §15.4: expiresInSeconds 30–900, default 120. */
const POS_TTL = { min: 30, max: 900, default: 120 };

export default mutation('createCheckoutPosPaymentRequest', {
  rest: { method: 'POST', path: '/partner/v1/crypto/checkouts/:checkoutId/pos-payment-requests' },
  target: 'checkoutId',
  evidence: null,
  resultId: (r) => r.posPaymentRequestId,
  validate: ({ input }, errors) => {
    checkLength(errors, '/terminalRef', input.terminalRef, 1, 64);
    const ttl = input.expiresInSeconds;
    if (ttl !== null && ttl !== undefined && (ttl < POS_TTL.min || ttl > POS_TTL.max)) errors.add('/expiresInSeconds', `must be between ${POS_TTL.min} and ${POS_TTL.max}`);
  },
  run: async (tx, ctx, { checkoutId, input }) => {
    const { checkout, route } = await checkoutForRequest(tx, ctx, checkoutId, 'createCheckoutPosPaymentRequest');
    const ttlMs = (input.expiresInSeconds ?? POS_TTL.default) * 1000;
    const expiresAt = Math.min(ctx.now.getTime() + ttlMs, Date.parse(checkout.expiresAt));
    const request = {
      posPaymentRequestId: randomUUID(),
      checkoutId,
      terminalRef: input.terminalRef,
      blockchain: checkout.blockchain,
      address: checkout.address,
      amountDueMinor: checkout.amountDueMinor,
      currency: checkout.currency,
      currencyScale: checkout.currencyScale,
      paymentUri: paymentUriNow(checkout, route),
      expiresAt: new Date(expiresAt).toISOString(),
      createdAt: ctx.now.toISOString(),
    };
    await insertPosPaymentRequest(tx, request);
    return { ...request, notice: sandboxNoticeOf(route) };
  },
});
