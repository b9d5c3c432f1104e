// §15.2 createCryptoCheckout: B → C → D customer, buyer → E route → G currency/scale, amount range → H gate
// → ROUTE_RAIL_UNSUPPORTED (§18.5) → BUYER_NOT_ACTIVE → DUPLICATE_MERCHANT_REFERENCE → I: OPEN, the §15.2
// address, the expiry step due at expiresAt (the worker finds it by expiresAt), event crypto_checkout.open.
import { randomUUID } from 'node:crypto';
import { checkoutAddress } from '../../../core/addresses/derive.js';
import type { Blockchain } from '../../../core/addresses/index.js';
import { mutation } from '../../../core/operation.js';
import { FieldErrors, Problem } from '../../../core/problem.js';
import { claimCollectionAddress, requireActiveBuyer, requireCustomersBuyer } from '../../collections/index.js';
import { customerGate, requireOwnCustomer } from '../../customers/index.js';
import { recordEvent } from '../../events/index.js';
import { amountWithinRoute, describeBounds, requirePermittedRoute, requireSandboxRail } from '../../routes/index.js';
import { checkCheckoutInput } from '../create-input.js';
import { findCheckoutByMerchantReference, insertCheckout } from '../repository.js';
import { amountsOf, checkoutView } from '../rules.js';

export default mutation('createCryptoCheckout', {
  rest: { method: 'POST', path: '/partner/v1/customers/:customerId/crypto/checkouts' },
  target: 'customerId',
  evidence: null,
  resultId: (c) => c.checkoutId,
  validate: ({ input }, errors, ctx) => checkCheckoutInput(errors, input, ctx.services.config.checkoutTtlSeconds, ctx.services.config.production),
  run: async (tx, ctx, { customerId, input }) => {
    // D: the customer, then the buyer when one is named.
    const customer = await requireOwnCustomer(tx, ctx, customerId);
    const buyer = input.buyerId ? await requireCustomersBuyer(tx, ctx, customerId, input.buyerId) : undefined;
    // E
    const route = await requirePermittedRoute(tx, ctx, input.routeCode);
    // G: the route's currency and scale (both named at once), then its bounds.
    const errors = new FieldErrors();
    if (input.currency !== route.currency) errors.add('/currency', `must be the route's currency ${route.currency}`);
    if (input.currencyScale !== route.currencyScale) errors.add('/currencyScale', `must be the route's currency scale ${route.currencyScale}`);
    errors.throwIfAny();
    if (!amountWithinRoute(route, input.amountMinor))
      throw new Problem('AMOUNT_OUT_OF_RANGE', `amountMinor must be ${describeBounds(route)} on route ${route.routeCode}.`, [
        { pointer: '/amountMinor', detail: `must be ${describeBounds(route)}` },
      ]);
    // H, in order.
    customerGate(customer, 'money', ctx.services.config);
    requireSandboxRail(route, 'createCryptoCheckout');
    if (buyer) requireActiveBuyer(buyer);
    // §16.4 uq_checkout_merchant_reference: checked first for a clean 409; the index holds under races.
    if (input.merchantReference && (await findCheckoutByMerchantReference(tx, customerId, input.merchantReference)))
      throw new Problem('DUPLICATE_MERCHANT_REFERENCE', 'This merchantReference is already used by a checkout of this customer.');
    // I
    const now = ctx.now.toISOString();
    const ttl = input.expiresInSeconds ?? ctx.services.config.checkoutTtlSeconds.default;
    const checkoutId = randomUUID();
    const address = checkoutAddress(route.blockchain as Blockchain, route.routeCode, checkoutId);
    const base = { amountMinor: input.amountMinor };
    const checkout = await insertCheckout(tx, {
      checkoutId,
      customerId,
      clientId: ctx.clientId,
      routeCode: route.routeCode,
      blockchain: route.blockchain,
      amountMinor: input.amountMinor,
      currency: route.currency,
      currencyScale: route.currencyScale,
      underpaymentToleranceMinor: input.underpaymentToleranceMinor ?? '0',
      address,
      ...amountsOf(base, 'OPEN', { paid: 0n, pending: 0n, late: 0n }),
      status: 'OPEN',
      merchantReference: input.merchantReference ?? null,
      description: input.description ?? null,
      buyerId: buyer?.buyerId ?? null,
      successUrl: input.successUrl ?? null,
      cancelUrl: input.cancelUrl ?? null,
      expiresAt: new Date(ctx.now.getTime() + ttl * 1000).toISOString(),
      paidAt: null,
      closedAt: null,
      linkCount: 0,
      version: 1,
      createdAt: now,
      updatedAt: now,
    });
    await claimCollectionAddress(tx, {
      targetType: 'CHECKOUT',
      targetId: checkoutId,
      clientId: ctx.clientId,
      routeCode: route.routeCode,
      blockchain: route.blockchain,
      address,
      at: now,
    });
    const view = checkoutView(checkout);
    await recordEvent(tx, {
      resourceType: 'CRYPTO_CHECKOUT',
      resourceId: checkoutId,
      clientId: ctx.clientId,
      customerId,
      resource: view,
      status: checkout.status,
      previousStatus: null,
      at: now,
    });
    return view;
  },
});
