// §11.5 / §9.3 webhookDeliveries: an endpoint's deliveries, newest first, each with its attempts (oldest
// first); the cursor's scope is the endpoint. Shape checks, then the cursor, then the endpoint (404 / 403).
import { checkListFilter, decodeCursor, encodeCursor, pageOf, pageSize } from '../../../core/pages.js';
import { FieldErrors, Problem } from '../../../core/problem.js';
import { query } from '../../../core/operation.js';
import { attemptsOf, findEndpoint, listDeliveries } from '../repository.js';
import { attemptView, DELIVERY_STATUSES, deliveryView } from '../rules.js';

const LIST = 'webhookDeliveries';

export default query('webhookDeliveries', {
  run: async (ctx, args) => {
    const { endpointId } = args;
    const size = pageSize(args.first);
    const errors = new FieldErrors();
    const statuses = checkListFilter(errors, '/statuses', args.statuses, DELIVERY_STATUSES);
    errors.throwIfAny();
    const scope = `${ctx.clientId}/${endpointId}`;
    const key = decodeCursor(args.after, LIST, scope, ['string', 'string']);
    const db = ctx.services.db;
    const endpoint = await findEndpoint(db, endpointId);
    if (!endpoint) throw new Problem('NOT_FOUND', `Webhook endpoint ${endpointId} does not exist.`);
    if (endpoint.clientId !== ctx.clientId) throw new Problem('FORBIDDEN', 'This webhook endpoint belongs to another partner.');
    const rows = await listDeliveries(db, endpointId, {
      before: key as [string, string] | undefined,
      statuses,
      eventId: args.eventId ?? undefined,
      limit: size + 1,
    });
    const attempts = await attemptsOf(db, rows.slice(0, size).map((r) => r.deliveryId));
    return pageOf(rows, size, args.after, (r) => encodeCursor(LIST, scope, [r.createdAt, r.deliveryId]), (r) => ({
      ...deliveryView(r),
      attempts: attempts.filter((a) => a.deliveryId === r.deliveryId).map(attemptView),
    }));
  },
});
