// Conversion pairs, rates, quotes and conversions: plain reads and writes, no rules.
import { and, asc, eq, gt, lte, or, type SQL } from 'drizzle-orm';
import type { Exec } from '../../db/exec.js';
import { createdWithin, newestFirst, olderThan } from '../../db/keyset.js';
import type { ConversionPairRow, ConversionQuoteRow, ConversionRateRow, ConversionRow } from './tables.js';

export async function findPair(x: Exec, clientId: string, sourceCurrency: string, targetCurrency: string): Promise<ConversionPairRow | undefined> {
  const t = x.t.conversionPairs;
  return (
    await x.q
      .select()
      .from(t)
      .where(and(eq(t.clientId, clientId), eq(t.sourceCurrency, sourceCurrency), eq(t.targetCurrency, targetCurrency)))
  )[0];
}

export async function insertPair(x: Exec, row: ConversionPairRow): Promise<ConversionPairRow> {
  return (await x.q.insert(x.t.conversionPairs).values(row).returning())[0]!;
}

export type PairChange = Partial<Pick<ConversionPairRow, 'spreadBps' | 'minSourceMinor' | 'maxSourceMinor' | 'enabled'>> & { updatedAt: string };

/** Changes a pair; undefined when there is none. */
export async function updatePair(x: Exec, clientId: string, sourceCurrency: string, targetCurrency: string, set: PairChange): Promise<ConversionPairRow | undefined> {
  const t = x.t.conversionPairs;
  return (
    await x.q
      .update(t)
      .set(set)
      .where(and(eq(t.clientId, clientId), eq(t.sourceCurrency, sourceCurrency), eq(t.targetCurrency, targetCurrency)))
      .returning()
  )[0];
}

export async function findRate(x: Exec, base: string, quote: string): Promise<ConversionRateRow | undefined> {
  const t = x.t.conversionRates;
  return (await x.q.select().from(t).where(and(eq(t.base, base), eq(t.quote, quote))))[0];
}

/** §13.1: a new rate of (base, quote) replaces the earlier one. */
export async function saveRate(x: Exec, row: ConversionRateRow): Promise<ConversionRateRow> {
  const t = x.t.conversionRates;
  return (
    await x.q
      .insert(t)
      .values(row)
      .onConflictDoUpdate({ target: [t.base, t.quote], set: { rate: row.rate, asOf: row.asOf } })
      .returning()
  )[0]!;
}

/** §16.9: every rate, ordered by base, then quote. */
export async function listRates(x: Exec): Promise<ConversionRateRow[]> {
  const t = x.t.conversionRates;
  return x.q.select().from(t).orderBy(asc(t.base), asc(t.quote));
}

export async function insertConversionQuote(x: Exec, row: ConversionQuoteRow): Promise<ConversionQuoteRow> {
  return (await x.q.insert(x.t.conversionQuotes).values(row).returning())[0]!;
}

export async function findConversionQuote(x: Exec, quoteId: string): Promise<ConversionQuoteRow | undefined> {
  const t = x.t.conversionQuotes;
  return (await x.q.select().from(t).where(eq(t.quoteId, quoteId)))[0];
}

/**
 * OPEN → USED by a conversion; false when another conversion took it first. Racing drafts on PostgreSQL
 * both write this row (and uq_conversion_quote): the later conflicts, runs again and sees it USED.
 */
export async function markConversionQuoteUsed(x: Exec, quoteId: string, conversionId: string): Promise<boolean> {
  const t = x.t.conversionQuotes;
  const rows = await x.q
    .update(t)
    .set({ status: 'USED', conversionId })
    .where(and(eq(t.quoteId, quoteId), eq(t.status, 'OPEN')))
    .returning({ id: t.quoteId });
  return rows.length === 1;
}

export type QuoteFilter = {
  before?: readonly [string, string];
  sourceCurrency?: string;
  targetCurrency?: string;
  /** Stored OPEN splits by the clock: OPEN before expiresAt, EXPIRED at or after it. */
  statuses?: string[];
  now: string;
  limit: number;
};

/** A customer's conversion quotes, createdAt descending then id descending (§9.3). */
export async function listConversionQuotes(x: Exec, customerId: string, f: QuoteFilter): Promise<ConversionQuoteRow[]> {
  const t = x.t.conversionQuotes;
  const where: (SQL | undefined)[] = [eq(t.customerId, customerId), olderThan(t.createdAt, t.quoteId, f.before)];
  if (f.sourceCurrency !== undefined) where.push(eq(t.sourceCurrency, f.sourceCurrency));
  if (f.targetCurrency !== undefined) where.push(eq(t.targetCurrency, f.targetCurrency));
  if (f.statuses) {
    const any: (SQL | undefined)[] = [];
    if (f.statuses.includes('USED')) any.push(eq(t.status, 'USED'));
    if (f.statuses.includes('OPEN')) any.push(and(eq(t.status, 'OPEN'), gt(t.expiresAt, f.now)));
    if (f.statuses.includes('EXPIRED')) any.push(and(eq(t.status, 'OPEN'), lte(t.expiresAt, f.now)));
    where.push(or(...any));
  }
  return x.q
    .select()
    .from(t)
    .where(and(...where))
    .orderBy(...newestFirst(t.createdAt, t.quoteId))
    .limit(f.limit);
}

export async function insertConversion(x: Exec, row: ConversionRow): Promise<ConversionRow> {
  return (await x.q.insert(x.t.conversions).values(row).returning())[0]!;
}

export async function findConversion(x: Exec, conversionId: string): Promise<ConversionRow | undefined> {
  const t = x.t.conversions;
  return (await x.q.select().from(t).where(eq(t.conversionId, conversionId)))[0];
}

export async function findConversionByClientReference(x: Exec, customerId: string, clientReference: string) {
  const t = x.t.conversions;
  return (await x.q.select({ id: t.conversionId }).from(t).where(and(eq(t.customerId, customerId), eq(t.clientReference, clientReference))))[0];
}

export type ConversionFilter = {
  before?: readonly [string, string];
  sourceCurrency?: string;
  targetCurrency?: string;
  clientReference?: string;
  from?: string;
  until?: string;
  limit: number;
};

/** A customer's conversions, createdAt descending then id descending (§9.3). */
export async function listConversions(x: Exec, customerId: string, f: ConversionFilter): Promise<ConversionRow[]> {
  const t = x.t.conversions;
  const where: (SQL | undefined)[] = [eq(t.customerId, customerId), olderThan(t.createdAt, t.conversionId, f.before)];
  if (f.sourceCurrency !== undefined) where.push(eq(t.sourceCurrency, f.sourceCurrency));
  if (f.targetCurrency !== undefined) where.push(eq(t.targetCurrency, f.targetCurrency));
  if (f.clientReference !== undefined) where.push(eq(t.clientReference, f.clientReference));
  where.push(createdWithin(t.createdAt, f.from, f.until));
  return x.q
    .select()
    .from(t)
    .where(and(...where))
    .orderBy(...newestFirst(t.createdAt, t.conversionId))
    .limit(f.limit);
}

