// §11.4 / §9.3 webhookEndpoints: the calling client's endpoints, newest first.
import { checkListFilter, decodeCursor, encodeCursor, pageOf, pageSize } from '../../../core/pages.js';
import { FieldErrors } from '../../../core/problem.js';
import { query } from '../../../core/operation.js';
import { listEndpoints } from '../repository.js';
import { ENDPOINT_STATUSES, endpointView } from '../rules.js';

const LIST = 'webhookEndpoints';

export default query('webhookEndpoints', {
  run: async (ctx, args) => {
    const size = pageSize(args.first);
    const errors = new FieldErrors();
    const statuses = checkListFilter(errors, '/statuses', args.statuses, ENDPOINT_STATUSES);
    errors.throwIfAny();
    const scope = ctx.clientId;
    const key = decodeCursor(args.after, LIST, scope, ['string', 'string']);
    const rows = await listEndpoints(ctx.services.db, ctx.clientId, { before: key as [string, string] | undefined, statuses, limit: size + 1 });
    return pageOf(rows, size, args.after, (r) => encodeCursor(LIST, scope, [r.createdAt, r.endpointId]), endpointView);
  },
});
