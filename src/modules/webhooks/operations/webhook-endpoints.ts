// §11.4 / §9.3 webhookEndpoints: the calling client's endpoints, newest first.
import { list } from '../../../core/list.js';
import { values } from '../../../core/list-filters.js';
import { listEndpoints } from '../repository.js';
import { ENDPOINT_STATUSES, endpointView } from '../rules.js';

export default list('webhookEndpoints', {
  rest: { method: 'GET', path: '/partner/v1/webhook-endpoints' },
  filters: { statuses: values(ENDPOINT_STATUSES) },
  sort: ['string', 'string'],
  fetch: ({ db, ctx, after, filters: f, limit }) => listEndpoints(db, ctx.clientId, { ...f, before: after, limit }),
  cursor: (r) => [r.createdAt, r.endpointId],
  view: (rows) => rows.map(endpointView),
});
