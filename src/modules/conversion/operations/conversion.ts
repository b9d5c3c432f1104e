// §13.3 conversion: unknown → null (REST GET: 404 NOT_FOUND), another partner's → FORBIDDEN.
import { ownOrNull } from '../../../core/ownership.js';
import { query } from '../../../core/operation.js';
import { findConversion } from '../repository.js';

export default query('conversion', {
  session: { owner: (r) => r.customerId }, // §17.2
  rest: { method: 'GET', path: '/partner/v1/conversions/:conversionId', notFound: 'NOT_FOUND' },
  run: async (ctx, { conversionId }) => ownOrNull(ctx, await findConversion(ctx.services.db, conversionId), 'conversion'),
});
