// §10.3 / §9.3 cryptoDepositWallets: one wallet per route mapped to the customer's partner, routeCode
// ascending; a disabled route's wallet is listed DISABLED.
import { checkTextFilter, decodeCursor, encodeCursor, pageOf, pageSize } from '../../../core/pages.js';
import { FieldErrors } from '../../../core/problem.js';
import { query } from '../../../core/operation.js';
import { BLOCKCHAINS } from '../../../core/validate.js';
import { requireOwnCustomer } from '../../customers/rules.js';
import { listRoutesOfClient } from '../repository.js';
import { walletView } from '../wallets.js';

const LIST = 'cryptoDepositWallets';

export default query('cryptoDepositWallets', {
  rest: { method: 'GET', path: '/partner/v1/customers/:customerId/crypto/deposit-wallets' },
  run: async (ctx, { customerId, first, after, blockchain }) => {
    const size = pageSize(first);
    const errors = new FieldErrors();
    checkTextFilter(errors, '/blockchain', blockchain, 16, BLOCKCHAINS);
    errors.throwIfAny();
    const scope = `${ctx.clientId}/${customerId}`;
    const key = decodeCursor(after, LIST, scope, ['string']);
    const db = ctx.services.db;
    await requireOwnCustomer(db, ctx, customerId);
    const routes = await listRoutesOfClient(db, ctx.clientId, {
      afterRouteCode: key?.[0] as string | undefined,
      blockchain: blockchain ?? undefined,
      limit: size + 1,
    });
    return pageOf(routes, size, after, (r) => encodeCursor(LIST, scope, [r.routeCode]), (r) => walletView(r, customerId));
  },
});
