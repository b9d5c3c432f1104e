// §10.1 / §9.3 customerBalances: currency ascending.
import { checkTextFilter, decodeCursor, encodeCursor, pageOf, pageSize } from '../../../core/pages.js';
import { FieldErrors } from '../../../core/problem.js';
import { query } from '../../../core/operation.js';
import { requireOwnCustomer } from '../../customers/rules.js';
import { listBalances } from '../repository.js';
import { balanceView } from '../rules.js';

const LIST = 'customerBalances';

export default query('customerBalances', {
  rest: { method: 'GET', path: '/partner/v1/customers/:customerId/balances' },
  run: async (ctx, { customerId, first, after, currency }) => {
    const size = pageSize(first);
    const errors = new FieldErrors();
    checkTextFilter(errors, '/currency', currency, 16);
    errors.throwIfAny();
    const key = decodeCursor(after, LIST, `${ctx.clientId}/${customerId}`, ['string']);
    await requireOwnCustomer(ctx.services.db, ctx, customerId);
    const rows = await listBalances(ctx.services.db, customerId, { afterCurrency: key?.[0] as string | undefined, currency: currency ?? undefined, limit: size + 1 });
    return pageOf(rows, size, after, (r) => encodeCursor(LIST, `${ctx.clientId}/${customerId}`, [r.currency]), balanceView);
  },
});
