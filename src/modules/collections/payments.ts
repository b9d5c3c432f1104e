// §15.6 collection payments: detection (the sandbox simulator), the confirmation and timeout steps, each
// one transaction. Events in E6's order: the payment's, its target's, then `transaction.posted`.
import { randomUUID } from 'node:crypto';
import type { Exec } from '../../db/exec.js';
import { normalizeAddressForComparison, type Blockchain } from '../../core/addresses/index.js';
import { recordEvent } from '../events/index.js';
import { creditFits, post } from '../ledger/index.js';
import { transition } from '../lifecycle/index.js';
import { isDenied } from '../routes/index.js';
import { findPayment, insertPayment } from './repository.js';
import { PAYMENT_STATUS_INFO, paymentLifecycle, paymentView, type CollectionPaymentView } from './rules.js';
import { paymentTargetKind, type PaymentTarget, type PaymentTargetType } from './targets.js';
import type { CollectionPaymentRow } from './tables.js';

export type Detection = {
  target: PaymentTarget;
  targetType: PaymentTargetType;
  route: { routeCode: string; blockchain: string; currency: string; currencyScale: number };
  amountMinor: string;
  fromAddress: string;
  /** The target's address as stored. */
  toAddress: string;
  txHash: string;
  collectionPaymentId: string;
  /** False: the payment never confirms (DROPPED at the timeout). */
  confirm: boolean;
  at: Date;
  sandboxStepDelayMs: number;
  confirmationTimeoutSeconds: number;
};

/** §15.6 row 7: DETECTED, `late` fixed now, the steps due, the payment's event, then its target's. */
export async function detectPayment(tx: Exec, d: Detection): Promise<CollectionPaymentView> {
  const kind = paymentTargetKind(d.targetType);
  const at = d.at.toISOString();
  const late = await kind.isLate(tx, d.target.targetId, at);
  const payment = await insertPayment(tx, {
    collectionPaymentId: d.collectionPaymentId,
    customerId: d.target.customerId,
    clientId: d.target.clientId,
    targetType: d.targetType,
    checkoutId: d.target.checkoutId,
    collectionWalletId: d.target.collectionWalletId,
    buyerId: d.target.buyerId,
    routeCode: d.route.routeCode,
    blockchain: d.route.blockchain,
    amountMinor: d.amountMinor,
    currency: d.route.currency,
    currencyScale: d.route.currencyScale,
    fromAddress: d.fromAddress,
    toAddress: d.toAddress,
    toAddressKey: normalizeAddressForComparison(d.route.blockchain as Blockchain, d.toAddress),
    txHash: d.txHash,
    late,
    status: 'DETECTED',
    statusInfo: PAYMENT_STATUS_INFO.DETECTED,
    confirmDueAt: d.confirm ? new Date(d.at.getTime() + d.sandboxStepDelayMs).toISOString() : null,
    timeoutAt: new Date(d.at.getTime() + d.confirmationTimeoutSeconds * 1000).toISOString(),
    detectedAt: at,
    creditedAt: null,
    createdAt: at,
    updatedAt: at,
  });
  const view = await paymentView(tx, payment);
  await recordEvent(tx, {
    resourceType: 'COLLECTION_PAYMENT',
    resourceId: payment.collectionPaymentId,
    clientId: payment.clientId,
    customerId: payment.customerId,
    resource: view,
    status: payment.status,
    previousStatus: null,
    at,
  });
  await kind.detected(tx, payment, at);
  return view;
}

/**
 * A step out of DETECTED (§15.6): the payment's transition and event, its target's change and event, and,
 * on COMPLETED, its one COLLECTION row. False when the payment had left DETECTED (the other step won).
 */
async function settle(tx: Exec, p: CollectionPaymentRow, to: 'COMPLETED' | 'FROZEN' | 'DROPPED', at: string): Promise<boolean> {
  const row = await transition(tx, paymentLifecycle, { id: p.collectionPaymentId, from: 'DETECTED', to, at, set: to === 'COMPLETED' ? { creditedAt: at } : {} });
  if (!row) return false;
  await paymentTargetKind(row.targetType).settled(tx, row, at);
  if (to === 'COMPLETED')
    await post(tx, {
      type: 'COLLECTION',
      customerId: row.customerId,
      clientId: row.clientId,
      currency: row.currency,
      currencyScale: row.currencyScale,
      amountMinor: BigInt(row.amountMinor),
      resourceType: 'COLLECTION_PAYMENT',
      resourceId: row.collectionPaymentId,
      at,
    });
  return true;
}

/**
 * §15.6 the confirmation: the source on the deny list as it is now (canonical form) → FROZEN; else COMPLETED.
 * §4: a credit that would take the balance (available + held) past 38 digits, filled since detection, is not
 * made: the payment stays DETECTED, nothing written, and is tried again each round (as a chain deposit at
 * finality stays CONFIRMING); the timeout does not drop money that arrived.
 */
async function confirm(tx: Exec, p: CollectionPaymentRow, at: string): Promise<boolean> {
  const denied = await isDenied(tx, p.blockchain, normalizeAddressForComparison(p.blockchain as Blockchain, p.fromAddress));
  if (!denied && !(await creditFits(tx, p.customerId, p.currency, BigInt(p.amountMinor)))) return false;
  return settle(tx, p, denied ? 'FROZEN' : 'COMPLETED', at);
}

/** The confirmation step (sandbox simulator), due SANDBOX_STEP_DELAY_MS after detection. */
export async function confirmationStep(tx: Exec, collectionPaymentId: string, now: Date): Promise<boolean> {
  const p = await findPayment(tx, collectionPaymentId);
  const at = now.toISOString();
  if (!p || p.status !== 'DETECTED' || p.confirmDueAt === null || Date.parse(p.confirmDueAt) > now.getTime()) return false;
  return confirm(tx, p, at);
}

/**
 * The timeout step, due `detectedAt` + COLLECTION_CONFIRMATION_TIMEOUT_SECONDS: DROPPED. A confirmation due
 * by then (in sandbox mode, where it runs) is taken first (§15.6: at the same instant, the confirmation runs first).
 */
export async function timeoutStep(tx: Exec, collectionPaymentId: string, now: Date, sandbox: boolean): Promise<boolean> {
  const p = await findPayment(tx, collectionPaymentId);
  const at = now.toISOString();
  if (!p || p.status !== 'DETECTED' || Date.parse(p.timeoutAt) > now.getTime()) return false;
  if (sandbox && p.confirmDueAt !== null && Date.parse(p.confirmDueAt) <= Date.parse(p.timeoutAt)) return confirm(tx, p, at);
  return settle(tx, p, 'DROPPED', at);
}

export const newPaymentId = () => randomUUID();
