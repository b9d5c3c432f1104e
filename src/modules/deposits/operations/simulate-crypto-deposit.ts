// §8 simulateCryptoDeposit: a completed deposit, in sandbox mode only.
import { randomUUID } from 'node:crypto';
import { mutation } from '../../../core/operation.js';
import { Problem } from '../../../core/problem.js';
import { checkAmount, checkLength } from '../../../core/validate.js';
import { requireRouteAddress } from '../../beneficiaries/rules.js';
import { requireOwnCustomer } from '../../customers/rules.js';
import { post } from '../../ledger/rules.js';
import { requirePermittedRoute } from '../../routes/rules.js';
import { insertDeposit } from '../repository.js';

export default mutation('simulateCryptoDeposit', {
  target: 'customerId',
  evidence: null,
  resultId: (d) => d.depositId,
  validate: ({ input }, errors, ctx) => {
    if (!ctx.services.config.sandbox) throw new Problem('SANDBOX_ONLY', 'simulateCryptoDeposit is available in sandbox mode only.');
    checkLength(errors, '/routeCode', input.routeCode, 1, 64);
    checkAmount(errors, '/amountMinor', input.amountMinor);
    if (input.amountMinor === '0') errors.add('/amountMinor', 'must be greater than zero');
    checkLength(errors, '/fromAddress', input.fromAddress, 1, 128);
    checkLength(errors, '/txHash', input.txHash, 1, 128);
  },
  run: async (tx, ctx, { customerId, input }) => {
    await requireOwnCustomer(tx, ctx, customerId);
    const route = await requirePermittedRoute(tx, ctx, input.routeCode);
    requireRouteAddress(route, '/fromAddress', input.fromAddress);
    const deposit = await insertDeposit(tx, {
      depositId: randomUUID(),
      customerId,
      clientId: ctx.clientId,
      routeCode: route.routeCode,
      blockchain: route.blockchain,
      amountMinor: input.amountMinor,
      currency: route.currency,
      currencyScale: route.currencyScale,
      fromAddress: input.fromAddress,
      txHash: input.txHash ?? null,
      status: 'COMPLETED',
      createdAt: ctx.now.toISOString(),
      toAddress: null,
      statusInfo: 'Credited',
      travelRuleRequired: false,
      travelRuleSubmittedAt: null,
      travelRuleOriginator: null,
      creditedAt: ctx.now.toISOString(),
      updatedAt: ctx.now.toISOString(),
    });
    // §10.1: the credit is a DEPOSIT row, so the customer's balance can fund refunds and withdrawals.
    await post(tx, {
      type: 'DEPOSIT',
      customerId,
      clientId: ctx.clientId,
      currency: deposit.currency,
      currencyScale: deposit.currencyScale,
      amountMinor: BigInt(deposit.amountMinor),
      resourceType: 'CRYPTO_DEPOSIT',
      resourceId: deposit.depositId,
      at: ctx.now.toISOString(),
    });
    return { ...deposit, refundableAmountMinor: deposit.amountMinor };
  },
});
