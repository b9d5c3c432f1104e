// §10.3 / §9.3 cryptoDepositWallets: one wallet per route mapped to the customer's partner, routeCode
// ascending; a disabled route's wallet is listed DISABLED.
import { list } from '../../../core/list.js';
import { text } from '../../../core/list-filters.js';
import { BLOCKCHAINS } from '../../../core/validate.js';
import { underCustomer } from '../../customers/index.js';
import { listRoutesOfClient } from '../repository.js';
import { walletView } from '../wallets.js';

export default list('cryptoDepositWallets', {
  session: { customer: 'customerId' }, // §17.2
  rest: { method: 'GET', path: '/partner/v1/customers/:customerId/crypto/deposit-wallets' },
  scope: underCustomer,
  filters: { blockchain: text(16, BLOCKCHAINS) },
  sort: ['string'],
  fetch: ({ db, ctx, after, filters: f, limit }) => listRoutesOfClient(db, ctx.clientId, { ...f, afterRouteCode: after?.[0], limit }),
  cursor: (r) => [r.routeCode],
  view: (rows, { args }) => rows.map((r) => walletView(r, args.customerId)),
});
