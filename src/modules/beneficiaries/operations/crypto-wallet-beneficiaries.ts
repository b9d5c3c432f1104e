// §10.9 / §9.3 cryptoWalletBeneficiaries: a customer's beneficiaries, newest first; REST items carry the
// interface document's fields (§9.4).
import { checkListFilter, checkTextFilter, decodeCursor, encodeCursor, pageOf, pageSize } from '../../../core/pages.js';
import { FieldErrors } from '../../../core/problem.js';
import { query } from '../../../core/operation.js';
import { BLOCKCHAINS } from '../../../core/validate.js';
import { requireOwnCustomer } from '../../customers/rules.js';
import { listBeneficiaries } from '../repository.js';
import { BENEFICIARY_STATUSES, WALLET_BENEFICIARY_REST_FIELDS } from '../rules.js';

const LIST = 'cryptoWalletBeneficiaries';

export default query('cryptoWalletBeneficiaries', {
  rest: { method: 'GET', path: '/partner/v1/customers/:customerId/crypto/wallet-beneficiaries', fields: WALLET_BENEFICIARY_REST_FIELDS },
  run: async (ctx, args) => {
    const { customerId, first, after } = args;
    const size = pageSize(first);
    const errors = new FieldErrors();
    const statuses = checkListFilter(errors, '/beneficiaryStatuses', args.beneficiaryStatuses, BENEFICIARY_STATUSES);
    checkTextFilter(errors, '/blockchain', args.blockchain, 16, BLOCKCHAINS);
    errors.throwIfAny();
    const scope = `${ctx.clientId}/${customerId}`;
    const key = decodeCursor(after, LIST, scope, ['string', 'string']);
    await requireOwnCustomer(ctx.services.db, ctx, customerId);
    const rows = await listBeneficiaries(ctx.services.db, customerId, {
      before: key as [string, string] | undefined,
      statuses,
      blockchain: args.blockchain ?? undefined,
      limit: size + 1,
    });
    return pageOf(rows, size, after, (r) => encodeCursor(LIST, scope, [r.createdAt, r.walletBeneficiaryId]), (r) => r);
  },
});
