// §14.7 submitFiatWithdrawal: APPROVED → SUBMITTED, amount + fee held, the sandbox outcome captured, the
// review due. A refused submission changes nothing (§10.6).
import { mutation } from '../../../core/operation.js';
import { Problem } from '../../../core/problem.js';
import { findBankAccount } from '../../bank-accounts/index.js';
import { gateCustomerOf } from '../../customers/index.js';
import { requireActiveFiatAccount } from '../../fiat-accounts/index.js';
import { requireRailPermitted, type FiatRail } from '../../fiat-rails/index.js';
import { requireActiveWithdrawalCapability } from '../../fiat-withdrawal-capabilities/index.js';
import { availableOf } from '../../ledger/index.js';
import { transition } from '../../lifecycle/index.js';
import { capturedWithdrawalOutcome } from '../sandbox.js';
import { fiatWithdrawalLifecycle, fiatWithdrawalView, heldOf, later, requireOwnFiatWithdrawal } from '../rules.js';

export default mutation('submitFiatWithdrawal', {
  rest: { method: 'POST', path: '/partner/v1/fiat/withdrawals/:fiatWithdrawalId/submission' },
  target: 'fiatWithdrawalId',
  evidence: 'FIAT_WITHDRAWAL_SUBMIT',
  resultId: (w) => w.fiatWithdrawalId,
  // §14.7's check table of the submission, rows 4–8, in its order.
  run: async (tx, ctx, { fiatWithdrawalId }, guard) => {
    // 4 (D)
    const w = await requireOwnFiatWithdrawal(tx, ctx, fiatWithdrawalId);
    // 5 (E): its rail, as it is now.
    await requireRailPermitted(tx, ctx.clientId, w.rail);
    // 6 (F)
    guard.authorize();
    // 7 (H), in the row's order.
    const { config } = ctx.services;
    await gateCustomerOf(tx, w.customerId, 'money', config);
    if (w.status !== 'APPROVED') throw new Problem('INVALID_STATE', `Fiat withdrawal is ${w.status}; submitFiatWithdrawal needs APPROVED.`);
    await requireActiveFiatAccount(tx, w.customerId, w.currency);
    await requireActiveWithdrawalCapability(tx, w.customerId, w.rail as FiatRail);
    const bank = await findBankAccount(tx, w.bankAccountId);
    if (!bank) throw new Error(`fiat withdrawal ${fiatWithdrawalId}: bank account ${w.bankAccountId} is missing`);
    if (bank.status !== 'ACTIVE') throw new Problem('BANK_ACCOUNT_NOT_ACTIVE', `Bank account ${bank.bankAccountId} is ${bank.status}.`);
    await guard.evidenceUnused();
    // Bounds and fee were fixed by the draft.
    const required = heldOf(w);
    const available = await availableOf(tx, w.customerId, w.currency);
    if (available < required)
      throw new Problem(
        'INSUFFICIENT_FUNDS',
        `availableMinor ${available.toString()} is less than the required ${required.toString()} (amountMinor + feeAmountMinor) in ${w.currency}.`,
      );

    // 8 (I)
    const now = ctx.now.toISOString();
    const captured = await capturedWithdrawalOutcome(tx, bank.fingerprint, config.sandbox);
    const submitted = await transition(tx, fiatWithdrawalLifecycle, {
      id: fiatWithdrawalId,
      from: 'APPROVED',
      to: 'SUBMITTED',
      at: now,
      // R21: outside sandbox mode no step runs; the withdrawal waits in SUBMITTED with its funds held.
      set: { submittedAt: now, dueAt: later(ctx.now, config.sandboxStepDelayMs), ...captured },
      // §14.9: amount + fee held, after the withdrawal's event (E6).
      ledger: [{ type: 'HOLD', amountMinor: required }],
    });
    if (!submitted) throw new Problem('INVALID_STATE', 'Fiat withdrawal is no longer APPROVED.');
    return fiatWithdrawalView(tx, submitted);
  },
});
