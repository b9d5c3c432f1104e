// §10.9 removeCryptoWalletBeneficiary: ACTIVE or BLOCKED → REMOVED, final. Removing a REMOVED one is a
// no-op answered 200 with the record unchanged and no event (§10.10, §11.1 E2). No route check, no evidence.
import { mutation } from '../../../core/operation.js';
import { Problem } from '../../../core/problem.js';
import { transition } from '../../lifecycle/index.js';
import { beneficiaryLifecycle, requireOwnBeneficiary, WALLET_BENEFICIARY_REST_FIELDS } from '../rules.js';

export default mutation('removeCryptoWalletBeneficiary', {
  rest: { method: 'POST', path: '/partner/v1/crypto/wallet-beneficiaries/:walletBeneficiaryId/removal', fields: WALLET_BENEFICIARY_REST_FIELDS },
  target: 'walletBeneficiaryId',
  evidence: null,
  resultId: (b) => b.walletBeneficiaryId,
  run: async (tx, ctx, { walletBeneficiaryId }) => {
    const b = await requireOwnBeneficiary(tx, ctx, walletBeneficiaryId);
    if (b.beneficiaryStatus === 'REMOVED') return b;
    const now = ctx.now.toISOString();
    const removed = await transition(tx, beneficiaryLifecycle, { id: walletBeneficiaryId, from: b.beneficiaryStatus, to: 'REMOVED', at: now, set: { removedAt: now } });
    if (!removed) throw new Problem('INVALID_STATE', 'The wallet beneficiary changed meanwhile; retry.');
    return removed;
  },
});
