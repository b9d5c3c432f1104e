// §14.6 createFiatWithdrawalQuote: B → C → D customer, bank account → E rail → G → H gate →
// FIAT_ACCOUNT_NOT_ACTIVE → WITHDRAWAL_CAPABILITY_NOT_ACTIVE → BANK_ACCOUNT_NOT_ACTIVE → I: the rail's fee
// now, binding until expiresAt. No evidence; nothing is held, funds are not checked, no event.
import { randomUUID } from 'node:crypto';
import { mutation } from '../../../core/operation.js';
import { Problem } from '../../../core/problem.js';
import { checkAmount } from '../../../core/validate.js';
import { requireOwnBankAccount } from '../../bank-accounts/index.js';
import { customerGate, requireOwnCustomer } from '../../customers/index.js';
import { requireActiveFiatAccount } from '../../fiat-accounts/index.js';
import { RAILS, requireRailPermitted } from '../../fiat-rails/index.js';
import { requireActiveWithdrawalCapability } from '../../fiat-withdrawal-capabilities/index.js';
import { insertFiatWithdrawalQuote } from '../repository.js';
import { estimatedArrivalAt, quoteView, requireCustomersBankAccount, requireRailTerms } from '../rules.js';

export default mutation('createFiatWithdrawalQuote', {
  rest: { method: 'POST', path: '/partner/v1/customers/:customerId/fiat/withdrawal-quotes' },
  target: 'customerId',
  evidence: null,
  resultId: (q) => q.quoteId,
  validate: ({ input }, errors) => {
    checkAmount(errors, '/amountMinor', input.amountMinor);
    if (input.amountMinor === '0') errors.add('/amountMinor', 'must be greater than 0');
  },
  run: async (tx, ctx, { customerId, input }) => {
    // D
    const customer = await requireOwnCustomer(tx, ctx, customerId);
    const bank = requireCustomersBankAccount(await requireOwnBankAccount(tx, ctx, input.bankAccountId), customerId);
    // E
    const rail = await requireRailPermitted(tx, ctx.clientId, input.rail);
    // G: the rail as it is now, with its fee now.
    requireRailTerms(input, rail, bank, rail.withdrawalFeeMinor);
    // H, in order.
    customerGate(customer, 'money', ctx.services.config);
    await requireActiveFiatAccount(tx, customerId, RAILS[input.rail].currency);
    await requireActiveWithdrawalCapability(tx, customerId, input.rail);
    if (bank.status !== 'ACTIVE') throw new Problem('BANK_ACCOUNT_NOT_ACTIVE', `Bank account ${bank.bankAccountId} is ${bank.status}.`);
    // I
    const quote = await insertFiatWithdrawalQuote(tx, {
      quoteId: randomUUID(),
      customerId,
      clientId: ctx.clientId,
      rail: input.rail,
      bankAccountId: bank.bankAccountId,
      amountMinor: input.amountMinor,
      currency: RAILS[input.rail].currency,
      currencyScale: RAILS[input.rail].currencyScale,
      feeAmountMinor: rail.withdrawalFeeMinor,
      feeCurrency: RAILS[input.rail].currency,
      estimatedArrivalAt: estimatedArrivalAt(input.rail, ctx.now),
      expiresAt: new Date(ctx.now.getTime() + ctx.services.config.fiatWithdrawalQuoteTtlSeconds * 1000).toISOString(),
      createdAt: ctx.now.toISOString(),
      usedByFiatWithdrawalId: null,
    });
    return quoteView(quote);
  },
});
