// §11.4 rotateWebhookEndpointSecret: a new primary secret, the previous one signing for the overlap; the
// stored idempotency result holds the secret, so it is sealed (sealResult).
import { mutation } from '../../../core/operation.js';
import { requireEndpoint, rotateEndpointSecret } from '../rules.js';

export default mutation('rotateWebhookEndpointSecret', {
  rest: { method: 'POST', path: '/partner/v1/webhook-endpoints/:endpointId/secret-rotations' },
  target: 'endpointId',
  evidence: null,
  sealResult: true,
  resultId: (r) => r.endpoint.endpointId,
  run: async (tx, ctx, { endpointId }) => {
    const row = await requireEndpoint(tx, ctx.clientId, endpointId);
    return rotateEndpointSecret(tx, ctx.services.config.secretBox, row, ctx.now, ctx.services.config.webhookSecretOverlapSeconds);
  },
});
