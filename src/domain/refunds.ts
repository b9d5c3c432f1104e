// §4.5 Refunds: APPROVED (draft) → submit → AWAITING_CONFIRMATION → confirm → CONFIRMED, each step
// authorized by its own evidence (§5).
import { randomUUID } from 'node:crypto';
import type { Exec } from '../db/exec.js';
import { findDeposit, findRefund, insertRefund, transitionRefund } from '../db/records-repository.js';
import type { CryptoDepositRow, CryptoRefundRow } from '../db/schema.js';
import { checkWalletAddress, isBlockchain } from './beneficiaries.js';
import { sha256Hex } from './canonical.js';
import type { CallContext } from './context.js';
import { ownOrNull, requireOwn } from './ownership.js';
import { refundableOf } from './deposits.js';
import {
  assertEvidenceUnused,
  recordEvidence,
  validateEvidenceShape,
  verifyEvidence,
  type Evidence,
  type OperationType,
} from './evidence.js';
import { runIdempotent } from './idempotency.js';
import { FieldErrors, Problem } from './problem.js';
import { requirePermittedRoute } from './routes.js';
import { checkAmount, checkLength } from './validate.js';

export type CreateCryptoRefundApprovalDraftInput = {
  amountMinor: string;
  operationAuthorization: Evidence;
  refundAddress?: string | null;
  reason?: string | null;
};
export type RefundStepInput = { operationAuthorization: Evidence };

export function getRefund(ctx: CallContext, id: string): CryptoRefundRow | null {
  return ownOrNull(ctx, findRefund(ctx.services.db, id), 'refund');
}

// §7: a problem's code is one of the contract's; it names none for an unknown deposit or refund, so
// these are the generic 404 NOT_FOUND (the detail names the record).
const requireOwnDeposit = (tx: Exec, ctx: CallContext, depositId: string): CryptoDepositRow =>
  requireOwn(ctx, findDeposit(tx, depositId), 'NOT_FOUND', 'deposit', depositId);

const requireOwnRefund = (tx: Exec, ctx: CallContext, refundId: string): CryptoRefundRow =>
  requireOwn(ctx, findRefund(tx, refundId), 'NOT_FOUND', 'refund', refundId);

export async function createRefundDraft(ctx: CallContext, depositId: string, input: CreateCryptoRefundApprovalDraftInput): Promise<CryptoRefundRow> {
  const errors = new FieldErrors();
  checkAmount(errors, '/amountMinor', input.amountMinor);
  if (input.amountMinor === '0') errors.add('/amountMinor', 'must be greater than zero');
  checkLength(errors, '/reason', input.reason, 0, 500);
  checkLength(errors, '/refundAddress', input.refundAddress, 1, 128);
  validateEvidenceShape(input.operationAuthorization, errors);
  errors.throwIfAny();

  return runIdempotent(ctx, 'createCryptoRefundApprovalDraft', { depositId, input }, (r) => r.refundId, (tx) => {
    const deposit = requireOwnDeposit(tx, ctx, depositId);
    const route = requirePermittedRoute(tx, ctx, deposit.routeCode);
    verifyEvidence(ctx, 'CRYPTO_REFUND_CREATE', { depositId }, input);
    const refundAddress = input.refundAddress ?? deposit.fromAddress;
    const addressErrors = new FieldErrors();
    if (isBlockchain(route.blockchain)) checkWalletAddress(addressErrors, '/refundAddress', route.blockchain, refundAddress);
    addressErrors.throwIfAny();
    const refundable = refundableOf(tx, deposit);
    if (BigInt(input.amountMinor) > refundable)
      throw new Problem(
        'REFUND_EXCEEDS_DEPOSIT',
        `amountMinor ${input.amountMinor} exceeds the deposit's refundable amount ${refundable.toString()}.`,
      );
    assertEvidenceUnused(tx, ctx, input.operationAuthorization);
    const now = ctx.now.toISOString();
    const refund = insertRefund(tx, {
      refundId: randomUUID(),
      depositId,
      customerId: deposit.customerId,
      clientId: ctx.clientId,
      routeCode: deposit.routeCode,
      amountMinor: input.amountMinor,
      currency: deposit.currency,
      currencyScale: deposit.currencyScale,
      refundAddress,
      reason: input.reason ?? null,
      status: 'APPROVED',
      statusInfo: 'Awaiting submission',
      txHash: null,
      createdAt: now,
      updatedAt: now,
      confirmedAt: null,
    });
    recordEvidence(tx, ctx, input.operationAuthorization, { type: 'CRYPTO_REFUND', id: refund.refundId });
    return refund;
  });
}

type Step = {
  operation: string;
  operationType: OperationType;
  from: string;
  to: string;
  statusInfo: string;
  extra: (refund: CryptoRefundRow, now: string) => Partial<CryptoRefundRow>;
};

const SUBMIT: Step = {
  operation: 'submitCryptoRefund',
  operationType: 'CRYPTO_REFUND_SUBMIT',
  from: 'APPROVED',
  to: 'AWAITING_CONFIRMATION',
  statusInfo: 'Awaiting confirmation',
  // Sandbox broadcast: a deterministic stand-in for the chain's transaction hash.
  extra: (refund) => ({ txHash: sha256Hex(`refund:${refund.refundId}`) }),
};

const CONFIRM: Step = {
  operation: 'confirmCryptoRefund',
  operationType: 'CRYPTO_REFUND_CONFIRM',
  from: 'AWAITING_CONFIRMATION',
  to: 'CONFIRMED',
  statusInfo: 'Confirmed',
  extra: (_refund, now) => ({ confirmedAt: now }),
};

async function runStep(step: Step, ctx: CallContext, refundId: string, input: RefundStepInput): Promise<CryptoRefundRow> {
  const errors = new FieldErrors();
  validateEvidenceShape(input.operationAuthorization, errors);
  errors.throwIfAny();
  return runIdempotent(ctx, step.operation, { refundId, input }, (r) => r.refundId, (tx) => {
    const refund = requireOwnRefund(tx, ctx, refundId);
    // The refund copied its deposit's route code at draft: no second read of the deposit.
    requirePermittedRoute(tx, ctx, refund.routeCode);
    verifyEvidence(ctx, step.operationType, { refundId }, input);
    if (refund.status !== step.from)
      throw new Problem('INVALID_STATE', `Refund is ${refund.status}; ${step.operation} needs ${step.from}.`);
    assertEvidenceUnused(tx, ctx, input.operationAuthorization);
    const now = ctx.now.toISOString();
    const updated = transitionRefund(tx, refundId, step.from, {
      status: step.to,
      statusInfo: step.statusInfo,
      updatedAt: now,
      ...step.extra(refund, now),
    });
    if (!updated) throw new Problem('INVALID_STATE', `Refund is no longer ${step.from}.`);
    recordEvidence(tx, ctx, input.operationAuthorization, { type: 'CRYPTO_REFUND', id: refundId });
    return updated;
  });
}

export const submitRefund = (ctx: CallContext, refundId: string, input: RefundStepInput) => runStep(SUBMIT, ctx, refundId, input);
export const confirmRefund = (ctx: CallContext, refundId: string, input: RefundStepInput) => runStep(CONFIRM, ctx, refundId, input);
