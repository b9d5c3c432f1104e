// §15.5 collectionWallet: unknown → null (REST GET: 404 NOT_FOUND), another partner's → FORBIDDEN.
import { ownOrNull } from '../../../core/ownership.js';
import { query } from '../../../core/operation.js';
import { findWallet } from '../repository.js';
import { walletView } from '../rules.js';

export default query('collectionWallet', {
  session: { owner: (r) => r.customerId }, // §17.2
  rest: { method: 'GET', path: '/partner/v1/crypto/collection-wallets/:collectionWalletId' },
  run: async (ctx, { collectionWalletId }) => {
    const w = ownOrNull(ctx, await findWallet(ctx.services.db, collectionWalletId), 'collection wallet');
    return w && walletView(w);
  },
});
