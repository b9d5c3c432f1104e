// §9.3 / §9.5 cryptoWithdrawals: a customer's withdrawals, newest first; REST items render the
// interface document's fields (§9.4).
import { checkListFilter, checkTextFilter, createdRange, decodeCursor, encodeCursor, pageOf, pageSize } from '../../../core/pages.js';
import { FieldErrors } from '../../../core/problem.js';
import { query } from '../../../core/operation.js';
import { requireOwnCustomer } from '../../customers/rules.js';
import { listWithdrawals } from '../repository.js';
import { CRYPTO_WITHDRAWAL_REST_FIELDS, WITHDRAWAL_STATUSES } from '../rules.js';

const LIST = 'cryptoWithdrawals';

export default query('cryptoWithdrawals', {
  rest: { method: 'GET', path: '/partner/v1/customers/:customerId/crypto-withdrawals', fields: CRYPTO_WITHDRAWAL_REST_FIELDS },
  run: async (ctx, args) => {
    const { customerId, first, after } = args;
    const size = pageSize(first);
    const errors = new FieldErrors();
    const statuses = checkListFilter(errors, '/statuses', args.statuses, WITHDRAWAL_STATUSES);
    checkTextFilter(errors, '/routeCode', args.routeCode, 64);
    checkTextFilter(errors, '/clientReference', args.clientReference, 128);
    errors.throwIfAny();
    const scope = `${ctx.clientId}/${customerId}`;
    const key = decodeCursor(after, LIST, scope, ['string', 'string']);
    await requireOwnCustomer(ctx.services.db, ctx, customerId);
    const { from, before } = createdRange(args.createdFrom, args.createdBefore);
    const rows = await listWithdrawals(ctx.services.db, customerId, {
      before: key as [string, string] | undefined,
      statuses,
      routeCode: args.routeCode ?? undefined,
      walletBeneficiaryId: args.walletBeneficiaryId ?? undefined,
      clientReference: args.clientReference ?? undefined,
      from,
      until: before,
      limit: size + 1,
    });
    return pageOf(rows, size, after, (r) => encodeCursor(LIST, scope, [r.createdAt, r.withdrawalId]), (r) => r);
  },
});
