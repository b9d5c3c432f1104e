// §13 conversion: the documented example requests, run in the walk behind docs/api/operations.md
// (src/core/example.ts) and the source of the cross-cutting suites' requests. The walk's partner has the
// pair USDT → EUR (spread 50 bps) and the rate USDT/EUR 0.92 (tools/api-examples/provision.ts).
import type { Example } from '../../core/example.js';

export default [
  {
    at: 900,
    op: 'createConversionQuote',
    args: (_s, w) => ({ customerId: w.ids.customerId, input: { sourceCurrency: 'USDT', targetCurrency: 'EUR', sourceAmountMinor: '10000000' } }),
    keep: (s, r, w) => w.keep(s, 'conversionQuoteId', r.quoteId),
  },
  {
    at: 910,
    op: 'createConversionApprovalDraft',
    args: (s, w) => ({
      customerId: w.ids.customerId,
      input: w.authorized('CONVERSION_CREATE', w.ids.customerId!, { quoteId: w.per(s, 'conversionQuoteId'), clientReference: `conversion-${s}` }),
    }),
    keep: (s, r, w) => w.keep(s, 'conversionId', r.conversionId),
  },
  { at: 920, op: 'conversionQuote', args: (_s, w) => ({ quoteId: w.ids.conversionQuoteId }) },
  { at: 930, op: 'conversionQuotes', args: (_s, w) => ({ customerId: w.ids.customerId, first: 2 }) },
  { at: 940, op: 'conversion', args: (_s, w) => ({ conversionId: w.ids.conversionId }) },
  { at: 950, op: 'conversions', args: (_s, w) => ({ customerId: w.ids.customerId, first: 1 }) },
] satisfies Example[];
