// §15.6 the shape of a payment target kind (what a collection payment does to what it pays into), apart
// from the registry (targets.ts) so that the kinds and the registry import it, not each other.
import type { Exec } from '../../db/exec.js';
import type { CollectionPaymentRow } from './tables.js';

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
