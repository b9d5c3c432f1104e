// §11.5 redeliverWebhookEvent: one of the partner's events delivered again to one of its ENABLED endpoints,
// as a new delivery (the same webhook-id), outside the resource's order; the rules are in redelivery.ts.
import { mutation } from '../../../core/operation.js';
import { redeliverEvent } from '../redelivery.js';
import { deliveryView } from '../rules.js';

export default mutation('redeliverWebhookEvent', {
  rest: { method: 'POST', path: '/partner/v1/webhook-endpoints/:endpointId/redeliveries' },
  target: 'endpointId',
  evidence: null,
  resultId: (d) => d.deliveryId,
  // A new delivery has no attempts yet.
  run: async (tx, ctx, { endpointId, input }) => ({ ...deliveryView(await redeliverEvent(tx, ctx.clientId, endpointId, input.eventId, ctx.now)), attempts: [] }),
});
