// §10.6 submitCryptoWithdrawal: APPROVED → SUBMITTED, amount + fee held, the record enters the pipeline.
import { mutation } from '../../../core/operation.js';
import { requireOwn } from '../../../core/ownership.js';
import { Problem } from '../../../core/problem.js';
import { findBeneficiary } from '../../beneficiaries/index.js';
import { gateCustomerOf } from '../../customers/index.js';
import { availableOf } from '../../ledger/index.js';
import { transition } from '../../lifecycle/index.js';
import { requirePermittedRoute, sandboxFailuresApply } from '../../routes/index.js';
import { captureFailure, dueAfter } from '../../transfers/index.js';
import { findWithdrawal } from '../repository.js';
import { CRYPTO_WITHDRAWAL_REST_FIELDS, withdrawalLifecycle } from '../rules.js';

export default mutation('submitCryptoWithdrawal', {
  rest: { method: 'POST', path: '/partner/v1/crypto/withdrawals/:withdrawalId/submission', fields: CRYPTO_WITHDRAWAL_REST_FIELDS },
  target: 'withdrawalId',
  evidence: 'CRYPTO_WITHDRAWAL_SUBMIT',
  resultId: (w) => w.withdrawalId,
  // §10.6's checks 4–12, in its order (1–3 are the pipeline's and the registry's).
  run: async (tx, ctx, { withdrawalId }, guard) => {
    const w = requireOwn(ctx, await findWithdrawal(tx, withdrawalId), 'NOT_FOUND', 'withdrawal', withdrawalId);
    const route = await requirePermittedRoute(tx, ctx, w.routeCode);
    guard.authorize();
    // §12.4 / §16.8: the gate of the withdrawal's customer, first among the 409s.
    await gateCustomerOf(tx, w.customerId, 'crypto', ctx.services.config);
    if (w.status !== 'APPROVED') throw new Problem('INVALID_STATE', `Withdrawal is ${w.status}; submitCryptoWithdrawal needs APPROVED.`);
    const beneficiary = await findBeneficiary(tx, w.walletBeneficiaryId);
    if (!beneficiary) throw new Error(`withdrawal ${withdrawalId}: beneficiary ${w.walletBeneficiaryId} is missing`);
    if (beneficiary.beneficiaryStatus === 'REMOVED') throw new Problem('BENEFICIARY_REMOVED', 'Wallet beneficiary was removed.');
    if (beneficiary.beneficiaryStatus !== 'ACTIVE')
      throw new Problem('BENEFICIARY_NOT_ACTIVE', `Wallet beneficiary is ${beneficiary.beneficiaryStatus}, not ACTIVE.`);
    // Check 10 (single use) before the funds.
    await guard.evidenceUnused();
    const required = BigInt(w.amountMinor) + BigInt(w.feeAmountMinor);
    const available = await availableOf(tx, w.customerId, w.currency);
    if (available < required)
      throw new Problem(
        'INSUFFICIENT_FUNDS',
        `availableMinor ${available.toString()} is less than the required ${required.toString()} (amountMinor + feeAmountMinor) in ${w.currency}.`,
      );

    const now = ctx.now.toISOString();
    // §18 C3: no sandbox failure entry on an EVM route.
    const failAt = await captureFailure(tx, beneficiary.blockchain, beneficiary.walletAddress, sandboxFailuresApply(route, ctx.services.config.sandbox));
    const submitted = await transition(tx, withdrawalLifecycle, {
      id: withdrawalId,
      from: 'APPROVED',
      to: 'SUBMITTED',
      at: now,
      set: { submittedAt: now, dueAt: dueAfter(ctx.now, ctx.services.config.sandboxStepDelayMs), failAt },
      // §10.1: amount + fee held, after the withdrawal's event (E6).
      ledger: [{ type: 'HOLD', amountMinor: required }],
    });
    if (!submitted) throw new Problem('INVALID_STATE', 'Withdrawal is no longer APPROVED.');
    return submitted;
  },
});
