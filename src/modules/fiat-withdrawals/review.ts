// §14.7 the compliance review, worker steps in sandbox mode only (R21: no fiat provider ships; outside
// sandbox mode withdrawals wait in SUBMITTED with their funds held), and its additional-information round
// (§14.3). A review that passes clears the payment for the bank rail (payout.ts), which takes it to SENT_TO_BANK.
import { Problem } from '../../core/problem.js';
import type { Exec } from '../../db/exec.js';
import { openRound, type InformationKey } from '../information/index.js';
import { transition } from '../lifecycle/index.js';
import { findFiatWithdrawal, updateFiatWithdrawal } from './repository.js';
import { FIAT_WITHDRAWAL_OWNER, fiatWithdrawalLifecycle, heldOf, later, TIMEOUT_INFO } from './rules.js';
import type { FiatWithdrawalRow } from './tables.js';

/**
 * One review step at `now`: SUBMITTED → COMPLIANCE_REVIEW; COMPLIANCE_REVIEW → the first review's captured
 * outcome (consumed, so the review after an answer passes): REJECTED with RELEASE of amount + fee,
 * NEEDS_ADDITIONAL_INFORMATION with its round, else cleared for the bank (no change a partner sees).
 */
export async function reviewStep(tx: Exec, id: string, now: Date, o: { stepDelayMs: number; informationTimeoutSeconds: number }): Promise<boolean> {
  const w = await findFiatWithdrawal(tx, id);
  const at = now.toISOString();
  if (!w || w.dueAt === null || w.dueAt > at) return false;
  if (w.status === 'SUBMITTED')
    return (await transition(tx, fiatWithdrawalLifecycle, { id, from: 'SUBMITTED', to: 'COMPLIANCE_REVIEW', at, set: { dueAt: later(now, o.stepDelayMs) } })) !== undefined;
  if (w.status !== 'COMPLIANCE_REVIEW' || w.reviewCleared) return false;
  const consumed = { reviewOutcome: null, reviewKeys: null };
  if (w.reviewOutcome === 'REJECTED')
    return (
      (await transition(tx, fiatWithdrawalLifecycle, {
        id,
        from: 'COMPLIANCE_REVIEW',
        to: 'REJECTED',
        at,
        set: { ...consumed, dueAt: null },
        ledger: [{ type: 'RELEASE', amountMinor: heldOf(w) }],
      })) !== undefined
    );
  if (w.reviewOutcome === 'NEEDS_ADDITIONAL_INFORMATION') {
    const keys = (w.reviewKeys?.split(',') ?? ['PAYMENT_PURPOSE_DETAIL']) as InformationKey[];
    // The round first, so that the withdrawal's event shows it.
    await openRound(tx, { ownerType: FIAT_WITHDRAWAL_OWNER, ownerId: id, customerId: w.customerId }, keys, at, o.informationTimeoutSeconds);
    const asked = await transition(tx, fiatWithdrawalLifecycle, { id, from: 'COMPLIANCE_REVIEW', to: 'NEEDS_ADDITIONAL_INFORMATION', at, set: { ...consumed, dueAt: null } });
    if (!asked) throw new Error(`fiat withdrawal ${id} left COMPLIANCE_REVIEW during its review`);
    return true;
  }
  // Passed: the bank rail's step is due at once (the same worker round takes it).
  return (await updateFiatWithdrawal(tx, id, 'COMPLIANCE_REVIEW', { ...consumed, reviewCleared: true, dueAt: at })) !== undefined;
}

/** §14.3 the answer won: back to COMPLIANCE_REVIEW, the next review due a step delay later (it passes). */
export async function resumeReview(tx: Exec, w: FiatWithdrawalRow, now: Date, stepDelayMs: number): Promise<FiatWithdrawalRow> {
  const resumed = await transition(tx, fiatWithdrawalLifecycle, {
    id: w.fiatWithdrawalId,
    from: 'NEEDS_ADDITIONAL_INFORMATION',
    to: 'COMPLIANCE_REVIEW',
    at: now.toISOString(),
    set: { dueAt: later(now, stepDelayMs) },
  });
  if (!resumed) throw new Problem('INVALID_STATE', 'The fiat withdrawal is no longer NEEDS_ADDITIONAL_INFORMATION.');
  return resumed;
}

/** §14.3 the timeout won the round: REJECTED, "Additional information not provided", RELEASE of amount + fee. */
export async function timedOut(tx: Exec, id: string, at: string): Promise<void> {
  const w = await findFiatWithdrawal(tx, id);
  if (!w) throw new Error(`fiat withdrawal ${id} is missing at its information timeout`);
  const rejected = await transition(tx, fiatWithdrawalLifecycle, {
    id,
    from: 'NEEDS_ADDITIONAL_INFORMATION',
    to: 'REJECTED',
    at,
    statusInfo: TIMEOUT_INFO,
    set: { dueAt: null },
    ledger: [{ type: 'RELEASE', amountMinor: heldOf(w) }],
  });
  if (!rejected) throw new Error(`fiat withdrawal ${id} was not NEEDS_ADDITIONAL_INFORMATION at its information timeout`);
}
