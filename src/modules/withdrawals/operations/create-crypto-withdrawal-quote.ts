// §10.5 createCryptoWithdrawalQuote: freezes the route's fee for an amount until expiresAt. No evidence;
// nothing is held and funds are not checked.
import { randomUUID } from 'node:crypto';
import { mutation } from '../../../core/operation.js';
import { checkAmount, checkCode, checkLength } from '../../../core/validate.js';
import { customerGate, requireOwnCustomer } from '../../customers/index.js';
import { requirePermittedRoute } from '../../routes/index.js';
import { insertQuote } from '../repository.js';
import { quoteView, requireRouteAmount } from '../rules.js';

export default mutation('createCryptoWithdrawalQuote', {
  rest: { method: 'POST', path: '/partner/v1/customers/:customerId/crypto/withdrawal-quotes' },
  target: 'customerId',
  evidence: null,
  resultId: (q) => q.quoteId,
  validate: ({ input }, errors) => {
    checkLength(errors, '/routeCode', input.routeCode, 1, 64);
    checkAmount(errors, '/amountMinor', input.amountMinor);
    checkLength(errors, '/currency', input.currency, 1, 16);
    if (input.currencyScale < 0 || input.currencyScale > 36) errors.add('/currencyScale', 'must be between 0 and 36');
    checkCode(errors, '/withdrawalType', 'withdrawalType', input.withdrawalType);
  },
  // §10.5 order: customer → route → currency and scale → bounds (the route's, then amount + fee's) → effect.
  run: async (tx, ctx, { customerId, input }) => {
    const customer = await requireOwnCustomer(tx, ctx, customerId);
    const route = await requirePermittedRoute(tx, ctx, input.routeCode);
    requireRouteAmount(route, input, route.feeAmountMinor);
    // §12.4 / §16.8: the gate, the quote's one 409.
    customerGate(customer, 'crypto', ctx.services.config);
    const createdAt = ctx.now.toISOString();
    const quote = await insertQuote(tx, {
      quoteId: randomUUID(),
      customerId,
      clientId: ctx.clientId,
      routeCode: route.routeCode,
      amountMinor: input.amountMinor,
      currency: route.currency,
      currencyScale: route.currencyScale,
      withdrawalType: input.withdrawalType ?? 1,
      feeAmountMinor: route.feeAmountMinor,
      feeCurrency: route.currency,
      expiresAt: new Date(ctx.now.getTime() + ctx.services.config.quoteTtlSeconds * 1000).toISOString(),
      createdAt,
      usedByWithdrawalId: null,
    });
    return quoteView(quote);
  },
});
