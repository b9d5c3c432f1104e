// §9.3 / §9.5 cryptoDeposits: a customer's deposits, newest first (createdAt, then depositId, descending).
import { checkListFilter, checkTextFilter, createdRange, decodeCursor, encodeCursor, pageOf, pageSize } from '../../../core/pages.js';
import { FieldErrors } from '../../../core/problem.js';
import { query } from '../../../core/operation.js';
import { requireOwnCustomer } from '../../customers/rules.js';
import { listDeposits } from '../repository.js';
import { DEPOSIT_STATUSES, depositView } from '../rules.js';

const LIST = 'cryptoDeposits';

export default query('cryptoDeposits', {
  rest: { method: 'GET', path: '/partner/v1/customers/:customerId/crypto/deposits' },
  run: async (ctx, args) => {
    const { customerId, first, after } = args;
    const size = pageSize(first);
    const errors = new FieldErrors();
    const statuses = checkListFilter(errors, '/statuses', args.statuses, DEPOSIT_STATUSES);
    checkTextFilter(errors, '/routeCode', args.routeCode, 64);
    errors.throwIfAny();
    const scope = `${ctx.clientId}/${customerId}`;
    const key = decodeCursor(after, LIST, scope, ['string', 'string']);
    const db = ctx.services.db;
    await requireOwnCustomer(db, ctx, customerId);
    const { from, before } = createdRange(args.createdFrom, args.createdBefore);
    const rows = await listDeposits(db, customerId, {
      before: key as [string, string] | undefined,
      statuses,
      routeCode: args.routeCode ?? undefined,
      from,
      until: before,
      limit: size + 1,
    });
    const page = pageOf(rows, size, after, (r) => encodeCursor(LIST, scope, [r.createdAt, r.depositId]), (r) => r);
    return { items: await Promise.all(page.items.map((r) => depositView(db, r))), pageInfo: page.pageInfo };
  },
});
