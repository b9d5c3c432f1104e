// §13 conversion: known currencies and their scales, pairs, the rate a quote uses, and what a partner
// sees of quotes and pairs.
import type { Exec } from '../../db/exec.js';
import type { CallContext } from '../../core/context.js';
import { Problem } from '../../core/problem.js';
import { scalesOfCurrency } from '../routes/index.js';
import { MAX_MINOR, midRateOf, rho } from './arithmetic.js';
import { findPair, findRate } from './repository.js';
import type { ConversionPairRow, ConversionQuoteRow } from './tables.js';

/** §13.1: the fiat currencies EUR and USD, scale 2 (R6). */
export const FIAT_SCALES: Readonly<Record<string, number>> = { EUR: 2, USD: 2 };

/** §13.1: a known currency's scale (EUR, USD, or a route's currency, §10.2), else undefined. */
export async function scaleOfCurrency(x: Exec, currency: string): Promise<number | undefined> {
  if (Object.prototype.hasOwnProperty.call(FIAT_SCALES, currency)) return FIAT_SCALES[currency];
  return (await scalesOfCurrency(x, currency))[0];
}

export const CONVERSION_STATUS_INFO = { COMPLETED: 'Completed' } as const;

/** §13.1: the calling partner's enabled pair (S → T), else 403 CONVERSION_PAIR_NOT_PERMITTED. */
export async function requirePermittedPair(x: Exec, ctx: CallContext, sourceCurrency: string, targetCurrency: string): Promise<ConversionPairRow> {
  const pair = await findPair(x, ctx.clientId, sourceCurrency, targetCurrency);
  if (!pair || !pair.enabled)
    // The currencies sent are not repeated (§12.3: no answer repeats a refused value).
    throw new Problem('CONVERSION_PAIR_NOT_PERMITTED', 'The conversion pair sourceCurrency → targetCurrency is not enabled for this client.');
  return pair;
}

/**
 * §13.1 the mid rate M and its asOf: the rate S→T when set, else the truncated inverse of T→S; none →
 * 409 RATE_UNAVAILABLE, and so is a rate older than CONVERSION_RATE_MAX_AGE_SECONDS (a stale S→T rate
 * is not replaced by T→S).
 */
export async function midRateFor(x: Exec, sourceCurrency: string, targetCurrency: string, now: Date, maxAgeSeconds: number): Promise<{ mid: bigint; asOf: string }> {
  const direct = await findRate(x, sourceCurrency, targetCurrency);
  const used = direct ?? (await findRate(x, targetCurrency, sourceCurrency));
  if (!used) throw new Problem('RATE_UNAVAILABLE', `No rate is set for ${sourceCurrency} → ${targetCurrency} in either direction.`);
  if (now.getTime() - Date.parse(used.asOf) > maxAgeSeconds * 1000)
    throw new Problem('RATE_UNAVAILABLE', `The rate ${used.base}/${used.quote} of ${used.asOf} is older than ${maxAgeSeconds} s.`);
  const mid = direct ? midRateOf(rho(used.rate), undefined) : midRateOf(undefined, rho(used.rate));
  if (mid === undefined || mid === 0n) throw new Problem('RATE_UNAVAILABLE', `The rate for ${sourceCurrency} → ${targetCurrency} rounds to 0.`);
  return { mid, asOf: used.asOf };
}

/** §13.1 bounds of a pair, for messages. */
export function describeSourceBounds(pair: Pick<ConversionPairRow, 'minSourceMinor' | 'maxSourceMinor'>): string {
  return `between ${pair.minSourceMinor} and ${pair.maxSourceMinor ?? MAX_MINOR.toString()}`;
}

/** PartnerConversionQuote as GraphQL shows it: EXPIRED is computed (§13.2). */
export function quoteView(q: ConversionQuoteRow, now: Date) {
  const status = q.status === 'USED' ? 'USED' : now.getTime() >= Date.parse(q.expiresAt) ? 'EXPIRED' : 'OPEN';
  return {
    quoteId: q.quoteId,
    customerId: q.customerId,
    sourceCurrency: q.sourceCurrency,
    sourceCurrencyScale: q.sourceCurrencyScale,
    sourceAmountMinor: q.sourceAmountMinor,
    targetCurrency: q.targetCurrency,
    targetCurrencyScale: q.targetCurrencyScale,
    targetAmountMinor: q.targetAmountMinor,
    fixedSide: q.fixedSide as 'SOURCE' | 'TARGET',
    midRate: q.midRate,
    rate: q.rate,
    spreadBps: q.spreadBps,
    spreadAmountMinor: q.spreadAmountMinor,
    rateAsOf: q.rateAsOf,
    status: status as 'OPEN' | 'USED' | 'EXPIRED',
    conversionId: q.conversionId,
    expiresAt: q.expiresAt,
    createdAt: q.createdAt,
  };
}

/** §16.6: a pair as partnerctl prints it (amounts as strings or null, spreadBps a number, §16.9). */
export function pairView(p: ConversionPairRow) {
  return {
    clientId: p.clientId,
    sourceCurrency: p.sourceCurrency,
    targetCurrency: p.targetCurrency,
    spreadBps: p.spreadBps,
    minSourceMinor: p.minSourceMinor,
    maxSourceMinor: p.maxSourceMinor,
    enabled: p.enabled,
  };
}
