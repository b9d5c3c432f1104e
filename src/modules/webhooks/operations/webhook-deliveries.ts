// §11.5 / §9.3 webhookDeliveries: an endpoint's deliveries, newest first, each with its attempts (oldest
// first); the cursor's scope is the endpoint. Shape checks, then the cursor, then the endpoint (404 / 403).
import { list } from '../../../core/list.js';
import { exact, values } from '../../../core/list-filters.js';
import { Problem } from '../../../core/problem.js';
import { attemptsOf, findEndpoint, listDeliveries } from '../repository.js';
import { attemptView, DELIVERY_STATUSES, deliveryView } from '../rules.js';

export default list('webhookDeliveries', {
  rest: { method: 'GET', path: '/partner/v1/webhook-endpoints/:endpointId/deliveries' },
  scope: {
    under: 'endpointId',
    own: async (db, ctx, { endpointId }) => {
      const endpoint = await findEndpoint(db, endpointId);
      if (!endpoint) throw new Problem('NOT_FOUND', `Webhook endpoint ${endpointId} does not exist.`);
      if (endpoint.clientId !== ctx.clientId) throw new Problem('FORBIDDEN', 'This webhook endpoint belongs to another partner.');
    },
  },
  filters: { statuses: values(DELIVERY_STATUSES), eventId: exact() },
  sort: ['string', 'string'],
  fetch: ({ db, args, after, filters: f, limit }) => listDeliveries(db, args.endpointId, { ...f, before: after, limit }),
  cursor: (r) => [r.createdAt, r.deliveryId],
  // One read of the page's attempts, not one per delivery.
  view: async (rows, { db }) => {
    const attempts = await attemptsOf(db, rows.map((r) => r.deliveryId));
    return rows.map((r) => ({ ...deliveryView(r), attempts: attempts.filter((a) => a.deliveryId === r.deliveryId).map(attemptView) }));
  },
});
