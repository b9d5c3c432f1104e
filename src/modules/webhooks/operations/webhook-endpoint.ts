// §11.4 webhookEndpoint: unknown → null (REST GET: 404 NOT_FOUND, §9.4), another partner's → FORBIDDEN.
import { ownOrNull } from '../../../core/ownership.js';
import { query } from '../../../core/operation.js';
import { findEndpoint } from '../repository.js';
import { endpointView } from '../rules.js';

export default query('webhookEndpoint', {
  rest: { method: 'GET', path: '/partner/v1/webhook-endpoints/:endpointId', notFound: 'NOT_FOUND' },
  run: async (ctx, { endpointId }) => {
    const row = ownOrNull(ctx, await findEndpoint(ctx.services.db, endpointId), 'webhook endpoint');
    return row && endpointView(row);
  },
});
