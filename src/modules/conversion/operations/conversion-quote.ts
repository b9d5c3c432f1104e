// §13.3 conversionQuote: unknown → null (REST GET: 404 QUOTE_NOT_FOUND, §16.8 §9.4), another partner's → FORBIDDEN.
import { ownOrNull } from '../../../core/ownership.js';
import { query } from '../../../core/operation.js';
import { findConversionQuote } from '../repository.js';
import { quoteView } from '../rules.js';

export default query('conversionQuote', {
  session: { owner: (r) => r.customerId }, // §17.2
  rest: { method: 'GET', path: '/partner/v1/conversion-quotes/:quoteId', notFound: 'QUOTE_NOT_FOUND' },
  run: async (ctx, { quoteId }) => {
    const q = ownOrNull(ctx, await findConversionQuote(ctx.services.db, quoteId), 'quote');
    return q && quoteView(q, ctx.now);
  },
});
