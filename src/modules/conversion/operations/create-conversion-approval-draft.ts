// §13.3 createConversionApprovalDraft: authorized by evidence (§5, CONVERSION_CREATE), it executes the
// quote at once (R4): the conversion is born COMPLETED, both legs settled in this transaction (§13.4).
import { randomUUID } from 'node:crypto';
import { mutation } from '../../../core/operation.js';
import { requireOwn } from '../../../core/ownership.js';
import { Problem } from '../../../core/problem.js';
import { checkLength } from '../../../core/validate.js';
import { customerGate, requireOwnCustomer } from '../../customers/index.js';
import { recordEvent } from '../../events/index.js';
import { availableOf, creditFits, post, postInternal } from '../../ledger/index.js';
import { findConversionByClientReference, findConversionQuote, insertConversion, markConversionQuoteUsed } from '../repository.js';
import { CONVERSION_STATUS_INFO, requirePermittedPair } from '../rules.js';

export default mutation('createConversionApprovalDraft', {
  rest: { method: 'POST', path: '/partner/v1/customers/:customerId/conversions' },
  target: 'customerId',
  evidence: 'CONVERSION_CREATE',
  resultId: (c) => c.conversionId,
  validate: ({ input }, errors) => {
    checkLength(errors, '/clientReference', input.clientReference, 1, 128);
  },
  // §13.3's check table, rows 4–8, in its order.
  run: async (tx, ctx, { customerId, input }, guard) => {
    // 4 (D): the customer, then the quote: a conversion quote of this partner (another kind's id is unknown).
    const customer = await requireOwnCustomer(tx, ctx, customerId);
    const quote = requireOwn(ctx, await findConversionQuote(tx, input.quoteId), 'QUOTE_NOT_FOUND', 'quote', input.quoteId);
    // 5 (E): the quote's pair is still enabled and the partner's.
    await requirePermittedPair(tx, ctx, quote.sourceCurrency, quote.targetCurrency);
    // 6 (F)
    guard.authorize();
    // G, before every 409 of row 7 (the stage table's order): §4, the target balance must stay answerable
    // (38 digits); a credit past it is refused, not posted. It reads a balance, so it is dependent validation.
    const target = BigInt(quote.targetAmountMinor);
    if (!(await creditFits(tx, customerId, quote.targetCurrency, target)))
      throw new Problem('AMOUNT_OUT_OF_RANGE', `Crediting ${target} ${quote.targetCurrency} would take the balance past 38 digits.`);
    // 7 (H), in the row's order.
    // §12.4: the gate of new money operations, first in stage H (ACTIVE, then VERIFIED).
    customerGate(customer, 'money', ctx.services.config);
    if (input.clientReference && (await findConversionByClientReference(tx, customerId, input.clientReference)))
      throw new Problem('DUPLICATE_CLIENT_REFERENCE', 'This clientReference is already used by a conversion of this customer.');
    if (quote.customerId !== customerId) throw new Problem('QUOTE_MISMATCH', `Quote ${quote.quoteId} belongs to another customer.`);
    if (quote.status === 'USED') throw new Problem('QUOTE_ALREADY_USED', `Quote ${quote.quoteId} was used by conversion ${quote.conversionId}.`);
    if (ctx.now.getTime() >= Date.parse(quote.expiresAt)) throw new Problem('QUOTE_EXPIRED', `Quote ${quote.quoteId} expired at ${quote.expiresAt}.`);
    await guard.evidenceUnused();
    const source = BigInt(quote.sourceAmountMinor);
    const spread = BigInt(quote.spreadAmountMinor);
    const available = await availableOf(tx, customerId, quote.sourceCurrency);
    if (available < source)
      throw new Problem(
        'INSUFFICIENT_FUNDS',
        `availableMinor ${available.toString()} is less than the required ${source.toString()} (sourceAmountMinor) in ${quote.sourceCurrency}.`,
      );

    // 8 (I): the quote's figures, neither rate nor bounds re-read (the quote binds until it expires).
    const now = ctx.now.toISOString();
    const conversionId = randomUUID();
    const conversion = await insertConversion(tx, {
      conversionId,
      customerId,
      clientId: ctx.clientId,
      quoteId: quote.quoteId,
      clientReference: input.clientReference ?? null,
      sourceCurrency: quote.sourceCurrency,
      sourceCurrencyScale: quote.sourceCurrencyScale,
      sourceAmountMinor: quote.sourceAmountMinor,
      targetCurrency: quote.targetCurrency,
      targetCurrencyScale: quote.targetCurrencyScale,
      targetAmountMinor: quote.targetAmountMinor,
      fixedSide: quote.fixedSide,
      midRate: quote.midRate,
      rate: quote.rate,
      spreadBps: quote.spreadBps,
      spreadAmountMinor: quote.spreadAmountMinor,
      status: 'COMPLETED',
      statusInfo: CONVERSION_STATUS_INFO.COMPLETED,
      createdAt: now,
      updatedAt: now,
      completedAt: now,
    });
    if (!(await markConversionQuoteUsed(tx, quote.quoteId, conversionId)))
      throw new Problem('QUOTE_ALREADY_USED', `Quote ${quote.quoteId} was used by another conversion.`);
    // E6: the conversion's event, then its two ledger rows' events in posting order.
    await recordEvent(tx, {
      resourceType: 'CONVERSION',
      resourceId: conversionId,
      clientId: ctx.clientId,
      customerId,
      resource: conversion,
      status: conversion.status,
      previousStatus: null,
      at: now,
    });
    const leg = { customerId, clientId: ctx.clientId, resourceType: 'CONVERSION' as const, resourceId: conversionId, at: now };
    await post(tx, { ...leg, type: 'CONVERSION_DEBIT', currency: quote.sourceCurrency, currencyScale: quote.sourceCurrencyScale, amountMinor: source });
    await post(tx, { ...leg, type: 'CONVERSION_CREDIT', currency: quote.targetCurrency, currencyScale: quote.targetCurrencyScale, amountMinor: target });
    // §13.4: the spread (with a fixed target, the ceiling's remainder too) ends in the service's fees.
    if (spread > 0n) await postInternal(tx, { currency: quote.targetCurrency, from: 'fx', to: 'fees', amountMinor: spread });
    return conversion;
  },
});
