// §11.4 disableWebhookEndpoint: ENABLED → DISABLED, its PENDING deliveries CANCELLED; DISABLED → 200 unchanged.
import { mutation } from '../../../core/operation.js';
import { disableEndpoint, requireEndpoint, endpointsKey } from '../rules.js';

export default mutation('disableWebhookEndpoint', {
  rest: { method: 'POST', path: '/partner/v1/webhook-endpoints/:endpointId/disable' },
  target: 'endpointId',
  evidence: null,
  exclusive: (ctx) => endpointsKey(ctx.clientId),
  resultId: (e) => e.endpointId,
  run: async (tx, ctx, { endpointId }) => disableEndpoint(tx, await requireEndpoint(tx, ctx.clientId, endpointId), ctx.now),
});
