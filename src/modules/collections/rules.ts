// §15.5 collection buyers and wallets, §15.6 collection payments: what the API shows of each, their
// lifecycles (each status change one transition(): compare-and-set, event, ledger rows) and the shape rules
// the operations share.
import type { Exec } from '../../db/exec.js';
import type { CallContext } from '../../core/context.js';
import { ISO_3166_ALPHA2 } from '../../core/countries.js';
import { requireOwn } from '../../core/ownership.js';
import type { FieldErrors } from '../../core/problem.js';
import { Problem } from '../../core/problem.js';
import type { Lifecycle } from '../lifecycle/index.js';
import { refundAmountsOfCollectionPayment } from '../refunds/index.js';
import { collectionBuyerRecord, collectionPaymentRecord, collectionWalletRecord } from './records.js';
import { findBuyer, findWallet, transitionPayment, updateBuyer, updateWallet } from './repository.js';
import type { CollectionBuyerRow, CollectionPaymentRow, CollectionWalletRow } from './tables.js';

export const BUYER_TYPES = ['INDIVIDUAL', 'CORPORATE'] as const;
export type PaymentStatus = (typeof collectionPaymentRecord.statuses)[number];
export type WalletStatus = (typeof collectionWalletRecord.statuses)[number];

/** §15.6: the exact statusInfo of each payment status. */
export const PAYMENT_STATUS_INFO: Record<PaymentStatus, string> = {
  DETECTED: 'Awaiting confirmations',
  COMPLETED: 'Credited',
  FROZEN: 'Source address failed screening',
  DROPPED: 'Not confirmed in time',
};

// Views: exactly the GraphQL fields, so that nothing else (the client id, the version, the due times)
// reaches a response, a stored idempotent result or an event.

export type BuyerView = Omit<CollectionBuyerRow, 'clientId'>;
export function buyerView(b: CollectionBuyerRow): BuyerView {
  const { clientId: _c, ...shown } = b;
  return shown;
}

export type CollectionWalletView = Omit<CollectionWalletRow, 'clientId' | 'version'>;
export function walletView(w: CollectionWalletRow): CollectionWalletView {
  const { clientId: _c, version: _v, ...shown } = w;
  return shown;
}

export type CollectionPaymentView = Omit<CollectionPaymentRow, 'clientId' | 'toAddressKey' | 'confirmDueAt' | 'timeoutAt' | 'targetType' | 'status'> & {
  targetType: 'CHECKOUT' | 'COLLECTION_WALLET';
  status: PaymentStatus;
  refundableAmountMinor: string;
};

/** §15.6 refundable = amount less its refunds that are not REJECTED or FAILED, when COMPLETED; else 0. */
export async function refundableOfPayment(tx: Exec, p: CollectionPaymentRow): Promise<bigint> {
  if (p.status !== 'COMPLETED') return 0n;
  const refunded = (await refundAmountsOfCollectionPayment(tx, p.collectionPaymentId)).reduce((sum, a) => sum + BigInt(a), 0n);
  return BigInt(p.amountMinor) - refunded;
}

export async function paymentView(tx: Exec, p: CollectionPaymentRow): Promise<CollectionPaymentView> {
  const { clientId: _c, toAddressKey: _k, confirmDueAt: _d, timeoutAt: _t, ...shown } = p;
  return {
    ...shown,
    targetType: p.targetType as CollectionPaymentView['targetType'],
    status: p.status as PaymentStatus,
    refundableAmountMinor: (await refundableOfPayment(tx, p)).toString(),
  };
}

// Lifecycles (§10.10).

/** A buyer's changes: compare-and-set on its status (ACTIVE ↔ DISABLED; `.updated` when it stayed). */
export const buyerLifecycle: Lifecycle<CollectionBuyerRow> = {
  record: collectionBuyerRecord,
  compareAndSet: updateBuyer,
  view: async (_tx, row) => buyerView(row),
};

/** §16.4: a wallet's changes compare-and-set on its version as read by the caller, with its status. */
export function walletLifecycle(version: number): Lifecycle<CollectionWalletRow> {
  return {
    record: collectionWalletRecord,
    compareAndSet: (tx, id, from, set) => updateWallet(tx, id, from, version, set),
    view: async (_tx, row) => walletView(row),
  };
}

/** A payment's steps out of DETECTED (§15.6): compare-and-set on DETECTED. */
export const paymentLifecycle: Lifecycle<CollectionPaymentRow> = {
  record: collectionPaymentRecord,
  statusInfo: PAYMENT_STATUS_INFO,
  compareAndSet: transitionPayment,
  view: paymentView,
};

// Ownership (§4): unknown → 404 with the record's code, another partner's → 403.

export async function requireOwnBuyer(tx: Exec, ctx: CallContext, buyerId: string): Promise<CollectionBuyerRow> {
  return requireOwn(ctx, await findBuyer(tx, buyerId), 'BUYER_NOT_FOUND', 'buyer', buyerId);
}

/**
 * §15.2 / §15.5 D of a checkout's or wallet's creation: the buyer is the partner's (404 BUYER_NOT_FOUND /
 * 403) and the customer's (another customer's buyer is not one of this customer's: 404 BUYER_NOT_FOUND).
 */
export async function requireCustomersBuyer(tx: Exec, ctx: CallContext, customerId: string, buyerId: string): Promise<CollectionBuyerRow> {
  const buyer = await requireOwnBuyer(tx, ctx, buyerId);
  if (buyer.customerId !== customerId) throw new Problem('BUYER_NOT_FOUND', `Buyer ${buyerId} is not a buyer of customer ${customerId}.`);
  return buyer;
}

/** §15.2 / §15.5 H, after the gate and the rail: a buyer that is not ACTIVE takes no new checkout or wallet (409). */
export function requireActiveBuyer(buyer: CollectionBuyerRow): void {
  if (buyer.status !== 'ACTIVE') throw new Problem('BUYER_NOT_ACTIVE', `Buyer ${buyer.buyerId} is ${buyer.status}.`);
}

export async function requireOwnWallet(tx: Exec, ctx: CallContext, collectionWalletId: string): Promise<CollectionWalletRow> {
  return requireOwn(ctx, await findWallet(tx, collectionWalletId), 'NOT_FOUND', 'collection wallet', collectionWalletId);
}

// Shape rules (§15.5).

/** §15.5 email: at most 254 characters, exactly one "@" with characters on both sides, no whitespace. */
export function checkEmail(errors: FieldErrors, pointer: string, email: string): void {
  const parts = email.split('@');
  if ([...email].length > 254 || /\s/u.test(email) || parts.length !== 2 || parts[0] === '' || parts[1] === '')
    errors.add(pointer, 'must be an email address: at most 254 characters, exactly one "@" with characters on both sides, no whitespace');
}

export function checkCountry(errors: FieldErrors, pointer: string, country: string): void {
  if (!ISO_3166_ALPHA2.has(country)) errors.add(pointer, 'must be an ISO 3166-1 alpha-2 code (upper case)');
}

/**
 * §15.5 G: a wallet's `expiresAt`, when given, is more than 60 s ahead and at most
 * COLLECTION_WALLET_MAX_TTL_DAYS days ahead (400 VALIDATION_FAILED at /expiresAt).
 */
export function checkWalletExpiry(ctx: CallContext, expiresAt: Date | null | undefined): void {
  if (expiresAt === null || expiresAt === undefined) return;
  const now = ctx.now.getTime();
  const max = ctx.services.config.collectionWalletMaxTtlDays;
  if (expiresAt.getTime() <= now + 60_000 || expiresAt.getTime() > now + max * 86_400_000)
    throw new Problem('VALIDATION_FAILED', `expiresAt must be more than 60 seconds and at most ${max} days ahead.`, [
      { pointer: '/expiresAt', detail: `must be more than 60 seconds and at most ${max} days ahead` },
    ]);
}
