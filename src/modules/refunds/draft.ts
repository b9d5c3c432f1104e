// §4.5 / §15.7 a new refund: APPROVED ("Awaiting submission"), written with its event (E1). Shared by the
// draft of a deposit's refund and, through index.ts, collections' draft of a payment's refund; it imports
// neither deposits nor collections, so neither import circles back.
import type { Exec } from '../../db/exec.js';
import type { FieldErrors } from '../../core/problem.js';
import { checkAmount, checkLength } from '../../core/validate.js';
import { recordEvent } from '../events/index.js';
import { insertRefund } from './repository.js';
import type { CryptoRefundRow } from './tables.js';

export const APPROVED_STATUS_INFO = 'Awaiting submission';

/** §4.5 B: the draft input of either refund (a deposit's, a collection payment's). */
export function checkRefundDraftInput(input: { amountMinor: string; reason?: string | null; refundAddress?: string | null }, errors: FieldErrors): void {
  checkAmount(errors, '/amountMinor', input.amountMinor);
  if (input.amountMinor === '0') errors.add('/amountMinor', 'must be greater than zero');
  checkLength(errors, '/reason', input.reason, 0, 500);
  checkLength(errors, '/refundAddress', input.refundAddress, 1, 128);
}

/** §11.1: the refund's event after a change (`previousStatus` null for its creation). */
export function recordRefundEvent(tx: Exec, refund: CryptoRefundRow, previousStatus: string | null): Promise<unknown> {
  return recordEvent(tx, {
    resourceType: 'CRYPTO_REFUND',
    resourceId: refund.refundId,
    clientId: refund.clientId,
    customerId: refund.customerId,
    resource: refund,
    status: refund.status,
    previousStatus,
    at: refund.updatedAt,
  });
}

/** The draft's effect: an APPROVED refund of a deposit or of a collection payment (exactly one set), and its event. */
export async function insertApprovedRefund(
  tx: Exec,
  r: Pick<CryptoRefundRow, 'refundId' | 'depositId' | 'collectionPaymentId' | 'customerId' | 'clientId' | 'routeCode' | 'amountMinor' | 'currency' | 'currencyScale' | 'refundAddress' | 'reason'>,
  now: string,
): Promise<CryptoRefundRow> {
  if ((r.depositId === null) === (r.collectionPaymentId === null)) throw new Error('a refund names exactly one of a deposit and a collection payment');
  const refund = await insertRefund(tx, {
    ...r,
    status: 'APPROVED',
    statusInfo: APPROVED_STATUS_INFO,
    txHash: null,
    createdAt: now,
    updatedAt: now,
    confirmedAt: null,
    kytResult: 'PENDING',
    submittedAt: null,
    completedAt: null,
    dueAt: null,
    failAt: null,
  });
  await recordRefundEvent(tx, refund, null);
  return refund;
}
