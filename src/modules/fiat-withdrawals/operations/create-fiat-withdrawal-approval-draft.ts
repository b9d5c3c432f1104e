// §14.7 createFiatWithdrawalApprovalDraft, authorized by evidence (§5, FIAT_WITHDRAWAL_CREATE), optionally
// consuming a quote (§14.6). APPROVED; nothing held (the hold is the submission's, R10).
import { randomUUID } from 'node:crypto';
import { mutation } from '../../../core/operation.js';
import { requireOwn } from '../../../core/ownership.js';
import { Problem } from '../../../core/problem.js';
import { checkAmount, checkCode, checkLength, checkOther } from '../../../core/validate.js';
import { requireOwnBankAccount } from '../../bank-accounts/index.js';
import { customerGate, requireOwnCustomer } from '../../customers/index.js';
import { recordEvent } from '../../events/index.js';
import { requireActiveFiatAccount } from '../../fiat-accounts/index.js';
import { RAILS, requireRailPermitted } from '../../fiat-rails/index.js';
import { requireActiveWithdrawalCapability } from '../../fiat-withdrawal-capabilities/index.js';
import { findFiatWithdrawalByClientReference, findFiatWithdrawalQuote, insertFiatWithdrawal, markFiatWithdrawalQuoteUsed } from '../repository.js';
import {
  checkPaymentReference,
  FIAT_WITHDRAWAL_STATUS_INFO,
  fiatWithdrawalView,
  requireCustomersBankAccount,
  requireRailTerms,
  requireUsableQuote,
} from '../rules.js';

export default mutation('createFiatWithdrawalApprovalDraft', {
  rest: { method: 'POST', path: '/partner/v1/customers/:customerId/fiat/withdrawals' },
  target: 'customerId',
  evidence: 'FIAT_WITHDRAWAL_CREATE',
  resultId: (w) => w.fiatWithdrawalId,
  validate: ({ input }, errors) => {
    checkAmount(errors, '/amountMinor', input.amountMinor);
    if (input.amountMinor === '0') errors.add('/amountMinor', 'must be greater than 0');
    checkPaymentReference(errors, input.rail, input.paymentReference);
    checkLength(errors, '/clientReference', input.clientReference, 1, 128);
    checkCode(errors, '/purposeOfPayment', 'purposeOfPayment', input.purposeOfPayment);
    checkOther(errors, input.purposeOfPayment, '/otherPurpose', input.otherPurpose);
    checkLength(errors, '/otherPurpose', input.otherPurpose, 1, 500);
  },
  // §14.7's check table of the draft, rows 4–9, in its order.
  run: async (tx, ctx, { customerId, input }, guard) => {
    // 4 (D): the customer; the bank account; the quote (a fiat withdrawal quote of this partner: another
    // kind's id is unknown; another customer's is QUOTE_MISMATCH in H, §16.9).
    const customer = await requireOwnCustomer(tx, ctx, customerId);
    const bank = requireCustomersBankAccount(await requireOwnBankAccount(tx, ctx, input.bankAccountId), customerId);
    const quote = input.quoteId ? requireOwn(ctx, await findFiatWithdrawalQuote(tx, input.quoteId), 'QUOTE_NOT_FOUND', 'quote', input.quoteId) : undefined;
    // 5 (E)
    const rail = await requireRailPermitted(tx, ctx.clientId, input.rail);
    // 6 (F)
    guard.authorize();
    // 7 (G): the rail's bounds as they are now, quote or not; the fee the record will carry.
    const fee = quote ? quote.feeAmountMinor : rail.withdrawalFeeMinor;
    requireRailTerms(input, rail, bank, fee);
    // 8 (H), in the row's order.
    customerGate(customer, 'money', ctx.services.config);
    const spec = RAILS[input.rail];
    await requireActiveFiatAccount(tx, customerId, spec.currency);
    await requireActiveWithdrawalCapability(tx, customerId, input.rail);
    if (bank.status !== 'ACTIVE') throw new Problem('BANK_ACCOUNT_NOT_ACTIVE', `Bank account ${bank.bankAccountId} is ${bank.status}.`);
    if (input.clientReference && (await findFiatWithdrawalByClientReference(tx, customerId, input.clientReference)))
      throw new Problem('DUPLICATE_CLIENT_REFERENCE', `clientReference "${input.clientReference}" is already used by a fiat withdrawal of this customer.`);
    if (quote) requireUsableQuote(quote, { customerId, ...input, bankAccountId: bank.bankAccountId }, ctx.now);
    await guard.evidenceUnused();

    // 9 (I)
    const now = ctx.now.toISOString();
    const fiatWithdrawalId = randomUUID();
    const row = await insertFiatWithdrawal(tx, {
      fiatWithdrawalId,
      customerId,
      clientId: ctx.clientId,
      rail: input.rail,
      bankAccountId: bank.bankAccountId,
      bankAccountLast4: bank.accountIdentifierLast4,
      amountMinor: input.amountMinor,
      currency: spec.currency,
      currencyScale: spec.currencyScale,
      feeAmountMinor: fee,
      feeCurrency: spec.currency,
      quoteId: quote ? quote.quoteId : null,
      paymentReference: input.paymentReference,
      clientReference: input.clientReference ?? null,
      purposeOfPayment: input.purposeOfPayment ?? null,
      otherPurpose: input.otherPurpose ?? null,
      status: 'APPROVED',
      statusInfo: FIAT_WITHDRAWAL_STATUS_INFO.APPROVED,
      bankReference: null,
      returnReason: null,
      createdAt: now,
      updatedAt: now,
      submittedAt: null,
      sentToBankAt: null,
      completedAt: null,
      returnedAt: null,
      dueAt: null,
      reviewOutcome: null,
      reviewKeys: null,
      reviewCleared: false,
      sandboxReturnReason: null,
    });
    // §16.4 uq_fiat_withdrawal_quote: one withdrawal per quote, in the draft's transaction.
    if (quote && !(await markFiatWithdrawalQuoteUsed(tx, quote.quoteId, fiatWithdrawalId)))
      throw new Problem('QUOTE_ALREADY_USED', `Quote ${quote.quoteId} was used by another fiat withdrawal.`);
    const view = await fiatWithdrawalView(tx, row);
    await recordEvent(tx, {
      resourceType: 'FIAT_WITHDRAWAL',
      resourceId: fiatWithdrawalId,
      clientId: ctx.clientId,
      customerId,
      resource: view,
      status: 'APPROVED',
      previousStatus: null,
      at: now,
    });
    return view;
  },
});
