// §14.7 the payment's course after the review: cleared → SENT_TO_BANK (the hold settled: FIAT_WITHDRAWAL,
// then FIAT_WITHDRAWAL_FEE, §14.9) → COMPLETED, or → RETURNED (FIAT_WITHDRAWAL_RETURN, then
// FIAT_WITHDRAWAL_FEE_REFUND). The bank rail is called outside any transaction; each answer is stored by a
// compare-and-set in a transaction of its own, so a step cut by a crash is made again (the rail's send is
// idempotent per withdrawal). Nothing a partner does changes the course (no gate: a RETURNED withdrawal
// credits the customer even while SUSPENDED, §14.9).
import type { Engine } from '../../db/engine.js';
import type { Exec } from '../../db/exec.js';
import { transition } from '../lifecycle/index.js';
import type { BankRail } from './bank-rail.js';
import { findFiatWithdrawal, updateFiatWithdrawal } from './repository.js';
import { fiatWithdrawalLifecycle, later, type ReturnReason } from './rules.js';
import type { FiatWithdrawalRow } from './tables.js';

/** The statuses a return may start from (§14.7: the step out of SENT_TO_BANK, `sandbox fiat-return`). */
export type ReturnableStatus = 'SENT_TO_BANK' | 'COMPLETED';

/** → RETURNED with the reason, amount and fee credited back; undefined when the record left `from` (nothing written). */
export function returnWithdrawal(tx: Exec, w: FiatWithdrawalRow, from: ReturnableStatus, reason: ReturnReason, at: string): Promise<FiatWithdrawalRow | undefined> {
  return transition(tx, fiatWithdrawalLifecycle, {
    id: w.fiatWithdrawalId,
    from,
    to: 'RETURNED',
    at,
    set: { returnReason: reason, returnedAt: at, dueAt: null },
    // §14.9: first the amount, then the fee (none when 0).
    ledger: [
      { type: 'FIAT_WITHDRAWAL_RETURN', amountMinor: BigInt(w.amountMinor) },
      { type: 'FIAT_WITHDRAWAL_FEE_REFUND', amountMinor: BigInt(w.feeAmountMinor) },
    ],
  });
}

/**
 * One bank step of a withdrawal due at `now`: false when it was not due or another process took it. A
 * cleared withdrawal is sent (→ SENT_TO_BANK, next step a step delay later); one SENT_TO_BANK is observed
 * (paid → COMPLETED, returned → RETURNED, pending → looked at again a step delay later).
 */
export async function bankStep(engine: Pick<Engine, 'read' | 'writer'>, bank: BankRail, id: string, now: Date, stepDelayMs: number): Promise<boolean> {
  const at = now.toISOString();
  const seen = await findFiatWithdrawal(engine.read, id);
  if (!seen || seen.dueAt === null || seen.dueAt > at) return false;
  if (seen.status === 'COMPLIANCE_REVIEW' && seen.reviewCleared) {
    const { bankReference } = await bank.send(seen);
    return engine.writer.run(async (tx) => {
      const sent = await transition(tx, fiatWithdrawalLifecycle, {
        id,
        from: 'COMPLIANCE_REVIEW',
        to: 'SENT_TO_BANK',
        at,
        set: { bankReference, sentToBankAt: at, reviewCleared: false, dueAt: later(now, stepDelayMs) },
        // §14.9: the hold settles, first the amount to the bank, then the fee (none when 0).
        ledger: [
          { type: 'FIAT_WITHDRAWAL', amountMinor: BigInt(seen.amountMinor) },
          { type: 'FIAT_WITHDRAWAL_FEE', amountMinor: BigInt(seen.feeAmountMinor) },
        ],
      });
      return sent !== undefined;
    });
  }
  if (seen.status !== 'SENT_TO_BANK') return false;
  const shown = await bank.observe(seen);
  return engine.writer.run(async (tx) => {
    // §16.4: `sandbox fiat-return` may have taken it meanwhile; the compare-and-set lets one win.
    if (shown.state === 'returned') return (await returnWithdrawal(tx, seen, 'SENT_TO_BANK', shown.reason, at)) !== undefined;
    if (shown.state === 'paid')
      return (await transition(tx, fiatWithdrawalLifecycle, { id, from: 'SENT_TO_BANK', to: 'COMPLETED', at, set: { completedAt: at, dueAt: null } })) !== undefined;
    return (await updateFiatWithdrawal(tx, id, 'SENT_TO_BANK', { dueAt: later(now, stepDelayMs) })) !== undefined;
  });
}
