// §10.3 / §9.3 cryptoDepositWallets: one wallet per route mapped to the customer's partner, routeCode
// ascending; a disabled route's wallet is listed DISABLED. §18.1: an EVM route's wallet has the customer's
// C4 address; one whose customer has no address yet (taken while no xpub was configured) is not listed.
import { list } from '../../../core/list.js';
import { text } from '../../../core/list-filters.js';
import { BLOCKCHAINS } from '../../../core/validate.js';
import { underCustomer } from '../../customers/index.js';
import { listRoutesOfClient } from '../../routes/index.js';
import { depositAddressOf } from '../addresses.js';
import { walletView } from '../wallets.js';

export default list('cryptoDepositWallets', {
  session: { customer: 'customerId' }, // §17.2
  rest: { method: 'GET', path: '/partner/v1/customers/:customerId/crypto/deposit-wallets' },
  scope: underCustomer,
  filters: { blockchain: text(16, BLOCKCHAINS) },
  sort: ['string'],
  fetch: ({ db, ctx, after, filters: f, limit }) => listRoutesOfClient(db, ctx.clientId, { ...f, afterRouteCode: after?.[0], limit }),
  cursor: (r) => [r.routeCode],
  view: async (rows, { db, ctx, args }) => {
    const address = rows.some((r) => r.rail === 'EVM') ? await depositAddressOf('EVM', db, args.customerId) : undefined;
    const evm = { address: address ?? '', chainId: ctx.services.config.evm.chainId };
    return rows.filter((r) => r.rail !== 'EVM' || address !== undefined).map((r) => walletView(r, args.customerId, evm));
  },
});
