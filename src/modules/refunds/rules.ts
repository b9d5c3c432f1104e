// §4.5 Refunds: APPROVED (draft) → submit → AWAITING_CONFIRMATION → confirm → CONFIRMED, each step
// authorized by its own evidence (§5). Any other transition is 409 INVALID_STATE.
import type { Exec } from '../../db/exec.js';
import type { CryptoDepositRow, CryptoRefundRow } from '../../db/schema.js';
import type { CallContext } from '../../core/context.js';
import { requireOwn } from '../../core/ownership.js';
import { Problem } from '../../core/problem.js';
import { lockDeposit } from '../deposits/repository.js';
import { requirePermittedRoute } from '../routes/rules.js';
import { findRefund, transitionRefund } from './repository.js';

// §7: a problem's code is one of the contract's; it names none for an unknown deposit or refund, so
// these are the generic 404 NOT_FOUND (the detail names the record). The deposit stays locked for the
// rest of the draft's transaction: its refundable amount is read and spent by one draft at a time.
export const requireOwnDeposit = async (tx: Exec, ctx: CallContext, depositId: string): Promise<CryptoDepositRow> =>
  requireOwn(ctx, await lockDeposit(tx, depositId), 'NOT_FOUND', 'deposit', depositId);

const requireOwnRefund = async (tx: Exec, ctx: CallContext, refundId: string): Promise<CryptoRefundRow> =>
  requireOwn(ctx, await findRefund(tx, refundId), 'NOT_FOUND', 'refund', refundId);

export type RefundStep = {
  from: string;
  to: string;
  statusInfo: string;
  /** The step's name, for the INVALID_STATE detail. */
  operation: string;
  extra: (refund: CryptoRefundRow, now: string) => Partial<CryptoRefundRow>;
};

/** Submit and confirm: one transition each, checked in §4 order, evidence verified where §4 places it. */
export async function stepRefund(
  step: RefundStep,
  tx: Exec,
  ctx: CallContext,
  refundId: string,
  authorize: () => void,
): Promise<CryptoRefundRow> {
  const refund = await requireOwnRefund(tx, ctx, refundId);
  // The refund copied its deposit's route code at draft: no second read of the deposit.
  await requirePermittedRoute(tx, ctx, refund.routeCode);
  authorize();
  if (refund.status !== step.from) throw new Problem('INVALID_STATE', `Refund is ${refund.status}; ${step.operation} needs ${step.from}.`);
  const now = ctx.now.toISOString();
  const updated = await transitionRefund(tx, refundId, step.from, {
    status: step.to,
    statusInfo: step.statusInfo,
    updatedAt: now,
    ...step.extra(refund, now),
  });
  if (!updated) throw new Problem('INVALID_STATE', `Refund is no longer ${step.from}.`);
  return updated;
}
