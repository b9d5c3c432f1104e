// §10.8 / §9.3 cryptoRefunds: a customer's refunds, newest first.
import { checkListFilter, createdRange, decodeCursor, encodeCursor, pageOf, pageSize } from '../../../core/pages.js';
import { FieldErrors } from '../../../core/problem.js';
import { query } from '../../../core/operation.js';
import { requireOwnCustomer } from '../../customers/rules.js';
import { listRefunds } from '../repository.js';

const LIST = 'cryptoRefunds';

export default query('cryptoRefunds', {
  rest: { method: 'GET', path: '/partner/v1/customers/:customerId/crypto/refunds' },
  run: async (ctx, args) => {
    const { customerId, first, after } = args;
    const size = pageSize(first);
    const errors = new FieldErrors();
    // The values themselves are the enum's: GraphQL (and REST through it) refuses others at /statuses.
    const statuses = checkListFilter(errors, '/statuses', args.statuses);
    errors.throwIfAny();
    const scope = `${ctx.clientId}/${customerId}`;
    const key = decodeCursor(after, LIST, scope, ['string', 'string']);
    await requireOwnCustomer(ctx.services.db, ctx, customerId);
    const { from, before } = createdRange(args.createdFrom, args.createdBefore);
    const rows = await listRefunds(ctx.services.db, customerId, {
      before: key as [string, string] | undefined,
      statuses,
      depositId: args.depositId ?? undefined,
      from,
      until: before,
      limit: size + 1,
    });
    return pageOf(rows, size, after, (r) => encodeCursor(LIST, scope, [r.createdAt, r.refundId]), (r) => r);
  },
});
