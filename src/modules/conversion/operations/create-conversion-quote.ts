// §13.2 createConversionQuote: a pair's rate and spread applied to an amount, binding until expiresAt.
// No evidence; nothing is held, funds are not checked, no event.
import { randomUUID } from 'node:crypto';
import { mutation } from '../../../core/operation.js';
import { Problem } from '../../../core/problem.js';
import { checkAmount, checkLength } from '../../../core/validate.js';
import { customerGate, requireOwnCustomer } from '../../customers/index.js';
import { figuresAt, plainDecimal, withinBounds } from '../arithmetic.js';
import { insertConversionQuote } from '../repository.js';
import { describeSourceBounds, midRateFor, quoteView, requirePermittedPair, scaleOfCurrency } from '../rules.js';

const present = (v: string | null | undefined): v is string => v !== null && v !== undefined;

export default mutation('createConversionQuote', {
  rest: { method: 'POST', path: '/partner/v1/customers/:customerId/conversion-quotes' },
  target: 'customerId',
  evidence: null,
  resultId: (q) => q.quoteId,
  // Stage B: every shape fault at once.
  validate: ({ input }, errors) => {
    checkLength(errors, '/sourceCurrency', input.sourceCurrency, 1, 16);
    checkLength(errors, '/targetCurrency', input.targetCurrency, 1, 16);
    if (input.sourceCurrency === input.targetCurrency) errors.add('/targetCurrency', 'must differ from sourceCurrency');
    const source = input.sourceAmountMinor;
    const target = input.targetAmountMinor;
    if (present(source) && present(target)) errors.add('/targetAmountMinor', 'exactly one of sourceAmountMinor and targetAmountMinor may be given');
    else if (!present(source) && !present(target)) errors.add('/sourceAmountMinor', 'exactly one of sourceAmountMinor and targetAmountMinor is required');
    for (const [pointer, v] of [['/sourceAmountMinor', source], ['/targetAmountMinor', target]] as const)
      if (present(v)) {
        checkAmount(errors, pointer, v);
        if (v === '0') errors.add(pointer, 'must be greater than 0');
      }
  },
  // §13.2 order: D customer → E pair → H gate → RATE_UNAVAILABLE → 400 AMOUNT_OUT_OF_RANGE (the declared
  // exception: a fixed target's source needs the rate) → I.
  run: async (tx, ctx, { customerId, input }) => {
    const customer = await requireOwnCustomer(tx, ctx, customerId);
    const pair = await requirePermittedPair(tx, ctx, input.sourceCurrency, input.targetCurrency);
    // §12.4: the gate of new money operations, first in stage H (ACTIVE, then VERIFIED).
    customerGate(customer, 'money', ctx.services.config);
    const { mid, asOf } = await midRateFor(tx, pair.sourceCurrency, pair.targetCurrency, ctx.now, ctx.services.config.conversionRateMaxAgeSeconds);
    // A pair's currencies were known when it was made, and a route's currency keeps its scale (§10.2).
    const sourceScale = await scaleOfCurrency(tx, pair.sourceCurrency);
    const targetScale = await scaleOfCurrency(tx, pair.targetCurrency);
    if (sourceScale === undefined || targetScale === undefined) throw new Error(`pair ${pair.sourceCurrency} → ${pair.targetCurrency}: a currency is unknown`);
    const sourceFixed = present(input.sourceAmountMinor);
    const figures = figuresAt(
      mid,
      pair.spreadBps,
      { source: sourceScale, target: targetScale },
      sourceFixed ? { side: 'SOURCE', sourceAmountMinor: BigInt(input.sourceAmountMinor!) } : { side: 'TARGET', targetAmountMinor: BigInt(input.targetAmountMinor!) },
    );
    if (!figures) throw new Problem('RATE_UNAVAILABLE', `The rate for ${pair.sourceCurrency} → ${pair.targetCurrency} after the spread is 0.`);
    if (!withinBounds(figures, BigInt(pair.minSourceMinor), pair.maxSourceMinor === null ? null : BigInt(pair.maxSourceMinor))) {
      const pointer = sourceFixed ? '/sourceAmountMinor' : '/targetAmountMinor';
      const detail = `gives sourceAmountMinor ${figures.sourceAmountMinor} and targetAmountMinor ${figures.targetAmountMinor}; the source must be ${describeSourceBounds(pair)} and the target at least 1 (at most 38 digits)`;
      throw new Problem('AMOUNT_OUT_OF_RANGE', `${pointer.slice(1)} ${detail}.`, [{ pointer, detail }]);
    }
    const createdAt = ctx.now.toISOString();
    const quote = await insertConversionQuote(tx, {
      quoteId: randomUUID(),
      customerId,
      clientId: ctx.clientId,
      sourceCurrency: pair.sourceCurrency,
      sourceCurrencyScale: sourceScale,
      sourceAmountMinor: figures.sourceAmountMinor.toString(),
      targetCurrency: pair.targetCurrency,
      targetCurrencyScale: targetScale,
      targetAmountMinor: figures.targetAmountMinor.toString(),
      fixedSide: sourceFixed ? 'SOURCE' : 'TARGET',
      midRate: plainDecimal(figures.mid),
      rate: plainDecimal(figures.rate),
      spreadBps: pair.spreadBps,
      spreadAmountMinor: figures.spreadAmountMinor.toString(),
      rateAsOf: asOf,
      status: 'OPEN',
      conversionId: null,
      expiresAt: new Date(ctx.now.getTime() + ctx.services.config.conversionQuoteTtlSeconds * 1000).toISOString(),
      createdAt,
    });
    return quoteView(quote, ctx.now);
  },
});
