// §4.5 / §10.8 Refunds: APPROVED (draft) → submit → AWAITING_CONFIRMATION (held) → confirm → CONFIRMED,
// each step authorized by its own evidence (§5). Any other transition is 409 INVALID_STATE (§10.10).
// Every change writes its event in the change's transaction (§11.1 E1), before any ledger row (E6).
import type { Exec } from '../../db/exec.js';
import type { CryptoDepositRow } from '../deposits/index.js';
import type { CryptoRefundRow } from './tables.js';
import type { RouteRow } from '../routes/index.js';
import type { CallContext } from '../../core/context.js';
import type { Guard } from '../../core/operation.js';
import { requireOwn } from '../../core/ownership.js';
import { Problem } from '../../core/problem.js';
import { lockDeposit } from '../deposits/index.js';
import type { TransactionType } from '../ledger/index.js';
import { transition, type Lifecycle } from '../lifecycle/index.js';
import { gateCustomerOf } from '../customers/index.js';
import { requirePermittedRoute } from '../routes/index.js';
import { STATUS_INFO } from '../transfers/index.js';
import { APPROVED_STATUS_INFO } from './draft.js';
import { cryptoRefundRecord } from './records.js';
import { findRefund, transitionRefund } from './repository.js';

/** §10.10 the statusInfo of each status; FAILED has one per cause (the pipeline's STATUS_INFO). */
export const REFUND_STATUS_INFO = {
  APPROVED: APPROVED_STATUS_INFO,
  AWAITING_CONFIRMATION: 'Awaiting confirmation',
  CONFIRMED: STATUS_INFO.CONFIRMED,
  SCREENING: STATUS_INFO.SCREENING,
  BROADCASTING: STATUS_INFO.BROADCASTING,
  CONFIRMING: STATUS_INFO.CONFIRMING,
  COMPLETED: STATUS_INFO.COMPLETED,
  REJECTED: STATUS_INFO.REJECTED,
} as const;

/** A refund's status changes (§10.10): its event, then its ledger rows. */
export const refundLifecycle: Lifecycle<CryptoRefundRow> = {
  record: cryptoRefundRecord,
  statusInfo: REFUND_STATUS_INFO,
  compareAndSet: transitionRefund,
};

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
  /** The step's name, for the INVALID_STATE detail. */
  operation: string;
  /** State rules of the step beyond INVALID_STATE and single use (409), checked before any change. */
  check?: (tx: Exec, refund: CryptoRefundRow) => Promise<void>;
  /** The step's own fields. */
  set: (tx: Exec, refund: CryptoRefundRow, route: RouteRow, now: string) => Promise<Partial<CryptoRefundRow>>;
  /** The ledger rows that follow the refund's event (E6). */
  ledger?: (refund: CryptoRefundRow) => { type: TransactionType; amountMinor: bigint }[];
};

/**
 * Submit and confirm: one transition each, checked in §4 order — the refund (404/403), its deposit's
 * route (403), the evidence (403), then the state rules (409): INVALID_STATE → AUTHORIZATION_ALREADY_USED
 * → the step's own (§10.8) — and only then the change, its event and its ledger rows.
 */
export async function stepRefund(
  step: RefundStep,
  tx: Exec,
  ctx: CallContext,
  refundId: string,
  guard: Guard,
): Promise<CryptoRefundRow> {
  const refund = await requireOwnRefund(tx, ctx, refundId);
  // The refund copied its deposit's route code at draft: no second read of the deposit.
  const route = await requirePermittedRoute(tx, ctx, refund.routeCode);
  guard.authorize();
  // §12.4 / §16.8: the gate of the refund's customer, first among the 409s.
  await gateCustomerOf(tx, refund.customerId, 'crypto', ctx.services.config);
  if (refund.status !== step.from) throw new Problem('INVALID_STATE', `Refund is ${refund.status}; ${step.operation} needs ${step.from}.`);
  // §10.8 places single use before the funds check.
  await guard.evidenceUnused();
  await step.check?.(tx, refund);
  const now = ctx.now.toISOString();
  const updated = await transition(tx, refundLifecycle, {
    id: refundId,
    from: step.from,
    to: step.to,
    at: now,
    set: await step.set(tx, refund, route, now),
    ledger: step.ledger?.(refund),
  });
  if (!updated) throw new Problem('INVALID_STATE', `Refund is no longer ${step.from}.`);
  return updated;
}
