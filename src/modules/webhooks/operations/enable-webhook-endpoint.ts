// §11.4 enableWebhookEndpoint: DISABLED → ENABLED after the URL (§11.7) and the limit; ENABLED → 200 unchanged.
import { mutation } from '../../../core/operation.js';
import { enableEndpoint, requireEndpoint, endpointsKey } from '../rules.js';

export default mutation('enableWebhookEndpoint', {
  rest: { method: 'POST', path: '/partner/v1/webhook-endpoints/:endpointId/enable' },
  target: 'endpointId',
  evidence: null,
  exclusive: (ctx) => endpointsKey(ctx.clientId),
  resultId: (e) => e.endpointId,
  run: async (tx, ctx, { endpointId }) =>
    enableEndpoint(tx, await requireEndpoint(tx, ctx.clientId, endpointId), ctx.now, ctx.services.config.production),
});
