// §11.3 events: the partner's feed in commit order; a cursor is a position in it.
import { decodeCursor, encodeCursor, pageOf, pageSize, checkListFilter } from '../../../core/pages.js';
import { FieldErrors } from '../../../core/problem.js';
import { query } from '../../../core/operation.js';
import { requireOwnCustomer } from '../../customers/rules.js';
import { listEvents } from '../repository.js';
import { EVENT_TYPES, eventView } from '../rules.js';

const LIST = 'events';

export default query('events', {
  rest: { method: 'GET', path: '/partner/v1/events' },
  run: async (ctx, { first, after, types, customerId, resourceId }) => {
    const size = pageSize(first);
    const errors = new FieldErrors();
    const wanted = checkListFilter(errors, '/types', types, EVENT_TYPES);
    errors.throwIfAny();
    const key = decodeCursor(after, LIST, ctx.clientId, ['number']);
    const db = ctx.services.db;
    if (customerId) await requireOwnCustomer(db, ctx, customerId);
    const rows = await listEvents(db, {
      clientId: ctx.clientId,
      afterPosition: (key?.[0] as number | undefined) ?? 0,
      types: wanted,
      customerId: customerId ?? undefined,
      resourceId: resourceId ?? undefined,
      limit: size + 1,
    });
    return pageOf(rows, size, after, (r) => encodeCursor(LIST, ctx.clientId, [r.position]), eventView);
  },
});
