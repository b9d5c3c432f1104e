// §15.5 deactivateCollectionWallet: B → C → D → I: ACTIVE or EXPIRED → DEACTIVATED, deactivatedAt, event;
// DEACTIVATED → 200 unchanged, no event (E2). No route check, no gate.
import { mutation } from '../../../core/operation.js';
import { Problem } from '../../../core/problem.js';
import { transition } from '../../lifecycle/index.js';
import { requireOwnWallet, walletLifecycle, walletView } from '../rules.js';

export default mutation('deactivateCollectionWallet', {
  rest: { method: 'POST', path: '/partner/v1/crypto/collection-wallets/:collectionWalletId/deactivation' },
  target: 'collectionWalletId',
  evidence: null,
  resultId: (w) => w.collectionWalletId,
  run: async (tx, ctx, { collectionWalletId }) => {
    const wallet = await requireOwnWallet(tx, ctx, collectionWalletId);
    if (wallet.status === 'DEACTIVATED') return walletView(wallet);
    const now = ctx.now.toISOString();
    const updated = await transition(tx, walletLifecycle(wallet.version), { id: collectionWalletId, from: wallet.status, to: 'DEACTIVATED', at: now, set: { deactivatedAt: now } });
    if (!updated) throw new Problem('INVALID_STATE', 'The collection wallet changed meanwhile; retry.');
    return walletView(updated);
  },
});
