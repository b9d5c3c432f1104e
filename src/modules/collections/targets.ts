// §15.6 what a collection payment pays into: a target kind per CollectionPaymentTargetType. Collections
// owns the addresses of every target (uq_collection_address, §16.4) and the payments; what a payment does
// to its target is the target kind's. Collections declares the collection wallet's kind (wallet-target.ts);
// a higher module (checkouts) registers its own with registerPaymentTargetKind where the process wires its
// modules, so collections never imports it.
import type { Exec } from '../../db/exec.js';
import type { CollectionPaymentRow } from './tables.js';
import { walletTarget } from './wallet-target.js';

export type PaymentTargetType = 'CHECKOUT' | 'COLLECTION_WALLET';

/** The target's fields a payment copies (§15.6: "the target's"). */
export type PaymentTarget = {
  targetId: string;
  customerId: string;
  clientId: string;
  checkoutId: string | null;
  collectionWalletId: string | null;
  buyerId: string | null;
};

export type PaymentTargetKind = {
  targetType: PaymentTargetType;
  /** The target an address row names; undefined when it is gone (never expected). */
  load(tx: Exec, targetId: string): Promise<PaymentTarget | undefined>;
  /** §15.3, §15.5: whether a payment detected at `detectedAt` is late, read in the detection's transaction. */
  isLate(tx: Exec, targetId: string, detectedAt: string): Promise<boolean>;
  /** At detection, after the payment's event (E6): the target's change and its event, where one changed. */
  detected(tx: Exec, payment: CollectionPaymentRow, at: string): Promise<void>;
  /**
   * At COMPLETED, FROZEN or DROPPED, after the payment's event and before its COLLECTION row (E6): the
   * target's change and its event, where one changed. Its compare-and-set losing throws (the step runs again).
   */
  settled(tx: Exec, payment: CollectionPaymentRow, at: string): Promise<void>;
};

const kinds = new Map<PaymentTargetType, PaymentTargetKind>([[walletTarget.targetType, walletTarget]]);

/** A higher module's target kind (checkouts: CHECKOUT); registering a type again replaces it. */
export function registerPaymentTargetKind(kind: PaymentTargetKind): void {
  kinds.set(kind.targetType, kind);
}

/** The kind of a target type; a type no module registered is a wiring fault. */
export function paymentTargetKind(targetType: string): PaymentTargetKind {
  const kind = kinds.get(targetType as PaymentTargetType);
  if (!kind) throw new Error(`no payment target kind is registered for ${targetType}`);
  return kind;
}
