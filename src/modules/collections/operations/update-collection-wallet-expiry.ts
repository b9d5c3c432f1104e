// §15.5 updateCollectionWalletExpiry: B → C → D (404 NOT_FOUND / 403) → G as create → H INVALID_STATE
// (DEACTIVATED) → DUPLICATE_COLLECTION_WALLET (only when an EXPIRED wallet would become ACTIVE) → I. The
// same expiresAt → 200 unchanged, no event (E2). No route check, no gate. An EXPIRED wallet given a later
// (or no) expiry is ACTIVE again; the expiry step follows the new expiresAt.
import { mutation } from '../../../core/operation.js';
import { Problem } from '../../../core/problem.js';
import { transition } from '../../lifecycle/index.js';
import { findActiveWallet } from '../repository.js';
import { checkWalletExpiry, requireOwnWallet, walletLifecycle, walletView } from '../rules.js';

export default mutation('updateCollectionWalletExpiry', {
  rest: { method: 'POST', path: '/partner/v1/crypto/collection-wallets/:collectionWalletId/expiry', optionalBody: true },
  target: 'collectionWalletId',
  evidence: null,
  resultId: (w) => w.collectionWalletId,
  run: async (tx, ctx, { collectionWalletId, input }) => {
    const wallet = await requireOwnWallet(tx, ctx, collectionWalletId);
    checkWalletExpiry(ctx, input.expiresAt);
    if (wallet.status === 'DEACTIVATED') throw new Problem('INVALID_STATE', `Collection wallet ${collectionWalletId} is DEACTIVATED.`);
    const expiresAt = input.expiresAt ? input.expiresAt.toISOString() : null;
    if (expiresAt === wallet.expiresAt) return walletView(wallet);
    // G has put expiresAt (when set) in the future: an EXPIRED wallet becomes ACTIVE again.
    const to = 'ACTIVE';
    if (wallet.status === 'EXPIRED' && (await findActiveWallet(tx, wallet.buyerId, wallet.routeCode)))
      throw new Problem('DUPLICATE_COLLECTION_WALLET', `Buyer ${wallet.buyerId} already has an ACTIVE collection wallet on ${wallet.routeCode}.`);
    const updated = await transition(tx, walletLifecycle(wallet.version), { id: collectionWalletId, from: wallet.status, to, at: ctx.now.toISOString(), set: { expiresAt } });
    if (!updated) throw new Problem('INVALID_STATE', 'The collection wallet changed meanwhile; retry.');
    return walletView(updated);
  },
});
