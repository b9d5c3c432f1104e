// §10.1 / §9.3 customerTransactions: newest first.
import { checkListFilter, checkTextFilter, createdRange, decodeCursor, encodeCursor, pageOf, pageSize } from '../../../core/pages.js';
import { FieldErrors } from '../../../core/problem.js';
import { query } from '../../../core/operation.js';
import { requireOwnCustomer } from '../../customers/rules.js';
import { listLedgerTransactions } from '../repository.js';
import { transactionView } from '../rules.js';

const LIST = 'customerTransactions';

export default query('customerTransactions', {
  rest: { method: 'GET', path: '/partner/v1/customers/:customerId/transactions' },
  run: async (ctx, args) => {
    const { customerId, first, after } = args;
    const size = pageSize(first);
    const errors = new FieldErrors();
    const types = checkListFilter(errors, '/types', args.types);
    checkTextFilter(errors, '/currency', args.currency, 16);
    errors.throwIfAny();
    const scope = `${ctx.clientId}/${customerId}`;
    const key = decodeCursor(after, LIST, scope, ['string', 'string', 'number']);
    await requireOwnCustomer(ctx.services.db, ctx, customerId);
    const { from, before } = createdRange(args.createdFrom, args.createdBefore);
    const rows = await listLedgerTransactions(ctx.services.db, customerId, {
      before: key as [string, string, number] | undefined,
      types,
      currency: args.currency ?? undefined,
      resourceType: args.resourceType ?? undefined,
      resourceId: args.resourceId ?? undefined,
      from,
      until: before,
      limit: size + 1,
    });
    return pageOf(rows, size, after, (r) => encodeCursor(LIST, scope, [r.createdAt, r.currency, r.sequence]), transactionView);
  },
});
