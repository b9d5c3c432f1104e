// §11.3 events: the partner's feed in position order; a cursor is a position in it.
import { list } from '../../../core/list.js';
import { exact, values } from '../../../core/list-filters.js';
import { requireOwnCustomer } from '../../../core/customer-ownership.js';
import { listEvents } from '../repository.js';
import { EVENT_TYPES, eventView } from '../rules.js';

export default list('events', {
  session: { customer: 'customerId' }, // §17.2
  rest: { method: 'GET', path: '/partner/v1/events' },
  // The partner's whole feed; a customerId filter names a customer of its own (404 / 403).
  scope: { own: (db, ctx, { customerId }) => (customerId ? requireOwnCustomer(db, ctx, customerId) : Promise.resolve()) },
  filters: { types: values(EVENT_TYPES), customerId: exact(), resourceId: exact() },
  sort: ['number'],
  fetch: ({ db, ctx, after, filters: f, limit }) => listEvents(db, { ...f, clientId: ctx.clientId, afterPosition: after?.[0] ?? 0, limit }),
  cursor: (r) => [r.position],
  view: (rows) => rows.map(eventView),
});
