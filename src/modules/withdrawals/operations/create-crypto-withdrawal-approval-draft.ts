// §4.4 createCryptoWithdrawalApprovalDraft, authorized by evidence (§5), optionally with a quote (§10.5).
import { randomUUID } from 'node:crypto';
import { mutation } from '../../../core/operation.js';
import { requireOwn } from '../../../core/ownership.js';
import { Problem } from '../../../core/problem.js';
import { checkAmount, checkCode, checkLength, checkOther } from '../../../core/validate.js';
import { findBeneficiary } from '../../beneficiaries/index.js';
import { customerGate, requireOwnCustomer } from '../../customers/index.js';
import { recordEvent } from '../../events/index.js';
import { requirePermittedRoute } from '../../routes/index.js';
import { findQuote, findWithdrawalByClientReference, insertWithdrawal, markQuoteUsed } from '../repository.js';
import { CRYPTO_WITHDRAWAL_REST_FIELDS, requireRouteAmount, requireUsableQuote, WITHDRAWAL_STATUS_INFO } from '../rules.js';

export default mutation('createCryptoWithdrawalApprovalDraft', {
  rest: { method: 'POST', path: '/partner/v1/customers/:customerId/crypto-withdrawals', fields: CRYPTO_WITHDRAWAL_REST_FIELDS },
  target: 'customerId',
  evidence: 'CRYPTO_WITHDRAWAL_CREATE',
  resultId: (w) => w.withdrawalId,
  validate: ({ input }, errors) => {
    checkLength(errors, '/routeCode', input.routeCode, 1, 64);
    checkAmount(errors, '/amountMinor', input.amountMinor);
    checkLength(errors, '/currency', input.currency, 1, 16);
    if (input.currencyScale < 0 || input.currencyScale > 36) errors.add('/currencyScale', 'must be between 0 and 36');
    checkLength(errors, '/clientReference', input.clientReference, 1, 128);
    checkCode(errors, '/withdrawalType', 'withdrawalType', input.withdrawalType);
    checkCode(errors, '/purposeOfPayment', 'purposeOfPayment', input.purposeOfPayment);
    checkCode(errors, '/relationshipWithThirdParty', 'relationshipWithThirdParty', input.relationshipWithThirdParty);
    checkOther(errors, input.purposeOfPayment, '/otherPurpose', input.otherPurpose);
    checkOther(errors, input.relationshipWithThirdParty, '/otherRelationship', input.otherRelationship);
    checkLength(errors, '/otherPurpose', input.otherPurpose, 1, 500);
    checkLength(errors, '/otherRelationship', input.otherRelationship, 1, 500);
  },
  // §4 order: records and ownership → route → evidence → route-dependent validation → state rules.
  run: async (tx, ctx, { customerId, input }, guard) => {
    const customer = await requireOwnCustomer(tx, ctx, customerId);
    const beneficiary = await findBeneficiary(tx, input.walletBeneficiaryId);
    if (!beneficiary)
      throw new Problem('WALLET_BENEFICIARY_NOT_FOUND', `Wallet beneficiary ${input.walletBeneficiaryId} does not exist.`);
    if (beneficiary.customerId !== customerId) throw new Problem('FORBIDDEN', 'This wallet beneficiary belongs to another customer.');
    // §10.5: the quote is a record of the records stage, after the beneficiary.
    const quote = input.quoteId ? requireOwn(ctx, await findQuote(tx, input.quoteId), 'QUOTE_NOT_FOUND', 'quote', input.quoteId) : undefined;
    const route = await requirePermittedRoute(tx, ctx, input.routeCode);
    guard.authorize();

    // Bounds are the route's as it is now, quote or not (§10.5); amount + the fee the draft will carry
    // (and hold at submission, §10.1) stays within §4's bound.
    requireRouteAmount(route, input, quote ? quote.feeAmountMinor : route.feeAmountMinor);

    // §12.4 / §16.8: the gate, first among the 409s.
    customerGate(customer, 'crypto', ctx.services.config);
    // §9.6: REMOVED is checked before ACTIVE.
    if (beneficiary.beneficiaryStatus === 'REMOVED') throw new Problem('BENEFICIARY_REMOVED', 'Wallet beneficiary was removed.');
    if (beneficiary.beneficiaryStatus !== 'ACTIVE')
      throw new Problem('BENEFICIARY_NOT_ACTIVE', `Wallet beneficiary is ${beneficiary.beneficiaryStatus}, not ACTIVE.`);
    if (beneficiary.blockchain !== route.blockchain)
      throw new Problem('ROUTE_MISMATCH', `The beneficiary is on ${beneficiary.blockchain}, the route on ${route.blockchain}.`);
    if (input.clientReference && (await findWithdrawalByClientReference(tx, customerId, input.clientReference)))
      throw new Problem('DUPLICATE_CLIENT_REFERENCE', `clientReference "${input.clientReference}" is already used by this customer.`);
    const withdrawalType = input.withdrawalType ?? 1;
    if (quote)
      requireUsableQuote(
        quote,
        { customerId, routeCode: input.routeCode, amountMinor: input.amountMinor, currency: input.currency, currencyScale: input.currencyScale, withdrawalType },
        ctx.now,
      );

    const now = ctx.now.toISOString();
    const withdrawalId = randomUUID();
    const withdrawal = await insertWithdrawal(tx, {
      withdrawalId,
      customerId,
      clientId: ctx.clientId,
      walletBeneficiaryId: beneficiary.walletBeneficiaryId,
      walletBeneficiaryLabel: beneficiary.label,
      routeCode: route.routeCode,
      amountMinor: input.amountMinor,
      currency: route.currency,
      currencyScale: route.currencyScale,
      feeAmountMinor: quote ? quote.feeAmountMinor : route.feeAmountMinor,
      feeCurrency: route.currency,
      clientReference: input.clientReference ?? null,
      withdrawalType,
      externalFeeFields: input.externalFeeFields ?? null,
      purposeOfPayment: input.purposeOfPayment ?? null,
      otherPurpose: input.otherPurpose ?? null,
      relationshipWithThirdParty: input.relationshipWithThirdParty ?? null,
      otherRelationship: input.otherRelationship ?? null,
      status: 'APPROVED',
      statusInfo: WITHDRAWAL_STATUS_INFO.APPROVED,
      kytResult: 'PENDING',
      txHash: null,
      createdAt: now,
      updatedAt: now,
      quoteId: quote ? quote.quoteId : null,
      submittedAt: null,
      completedAt: null,
      dueAt: null,
      failAt: null,
    });
    // §10.5: one withdrawal per quote, in the draft's transaction.
    if (quote && !(await markQuoteUsed(tx, quote.quoteId, withdrawalId)))
      throw new Problem('QUOTE_ALREADY_USED', `Quote ${quote.quoteId} was used by another withdrawal.`);
    await recordEvent(tx, {
      resourceType: 'CRYPTO_WITHDRAWAL',
      resourceId: withdrawalId,
      clientId: ctx.clientId,
      customerId,
      resource: withdrawal,
      status: withdrawal.status,
      previousStatus: null,
      at: withdrawal.updatedAt,
    });
    return withdrawal;
  },
});
