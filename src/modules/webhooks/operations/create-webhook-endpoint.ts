// §11.4 createWebhookEndpoint: input (400), URL policy (§11.7, 400), the limit (409); the secret is
// returned here and by rotation only, and its stored idempotency result is sealed (sealResult).
import { mutation } from '../../../core/operation.js';
import { checkCreateInput, createEndpoint, endpointsKey } from '../rules.js';

export default mutation('createWebhookEndpoint', {
  rest: { method: 'POST', path: '/partner/v1/webhook-endpoints' },
  target: null,
  evidence: null,
  exclusive: (ctx) => endpointsKey(ctx.clientId),
  sealResult: true,
  resultId: (r) => r.endpoint.endpointId,
  validate: ({ input }, _errors, ctx) => checkCreateInput(input, ctx.services.config.production),
  run: (tx, ctx, { input }) => createEndpoint(tx, ctx.services.config.secretBox, ctx.clientId, input, ctx.now),
});
