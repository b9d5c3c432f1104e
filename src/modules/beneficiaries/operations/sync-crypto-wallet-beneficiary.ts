// §10.9 syncCryptoWalletBeneficiary: screens the address against the deny list as it is now, both ways
// (ACTIVE ↔ BLOCKED); always one event (`.updated` when the status stayed). No route check, no evidence.
import { mutation } from '../../../core/operation.js';
import { Problem } from '../../../core/problem.js';
import { gateCustomerOf } from '../../customers/index.js';
import { transition } from '../../lifecycle/index.js';
import { isDenied } from '../../routes/index.js';
import { findActiveBeneficiaryByAddress } from '../repository.js';
import { beneficiaryLifecycle, requireOwnBeneficiary, WALLET_BENEFICIARY_REST_FIELDS } from '../rules.js';

export default mutation('syncCryptoWalletBeneficiary', {
  rest: { method: 'POST', path: '/partner/v1/crypto/wallet-beneficiaries/:walletBeneficiaryId/sync', fields: WALLET_BENEFICIARY_REST_FIELDS },
  target: 'walletBeneficiaryId',
  evidence: null,
  resultId: (b) => b.walletBeneficiaryId,
  run: async (tx, ctx, { walletBeneficiaryId }) => {
    const b = await requireOwnBeneficiary(tx, ctx, walletBeneficiaryId);
    // §12.4 / §16.8: the gate of the beneficiary's customer, first among the 409s.
    await gateCustomerOf(tx, b.customerId, 'crypto', ctx.services.config);
    if (b.beneficiaryStatus === 'REMOVED') throw new Problem('INVALID_STATE', 'The wallet beneficiary is REMOVED; removal is final.');
    const denied = await isDenied(tx, b.blockchain, b.addressKey);
    const next = denied ? 'BLOCKED' : 'ACTIVE';
    // §4.3 keeps one ACTIVE beneficiary per (customer, chain, address): a BLOCKED one cleared beside an
    // ACTIVE twin (registered while it was blocked) is refused as a create would be, and stays as it was.
    if (next === 'ACTIVE' && b.beneficiaryStatus !== 'ACTIVE') {
      const twin = await findActiveBeneficiaryByAddress(tx, b.customerId, b.blockchain, b.addressKey);
      if (twin && twin.id !== b.walletBeneficiaryId)
        throw new Problem('DUPLICATE_WALLET_BENEFICIARY', `Wallet beneficiary ${twin.id} is already ACTIVE with this blockchain and address; this one stays BLOCKED.`);
    }
    const now = ctx.now.toISOString();
    // A status that stays is still a change: its event is `.updated` (§11.2).
    const synced = await transition(tx, beneficiaryLifecycle, {
      id: walletBeneficiaryId,
      from: b.beneficiaryStatus,
      to: next,
      at: now,
      set: { screeningStatus: denied ? 'REJECTED' : 'CLEARED', lastSyncedAt: now },
    });
    if (!synced) throw new Problem('INVALID_STATE', 'The wallet beneficiary changed meanwhile; retry.');
    return synced;
  },
});
