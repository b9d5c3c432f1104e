// §15.6 what a collection payment pays into: a target kind per CollectionPaymentTargetType. Collections
// owns the addresses of every target (uq_collection_address, §16.4) and the payments; what a payment does
// to its target is the target kind's. Collections declares the collection wallet's kind (wallet-target.ts);
// a higher module (checkouts) registers its own with registerPaymentTargetKind from its hooks.ts
// (src/core/hook.ts), so collections never imports it.
import type { PaymentTargetKind, PaymentTargetType } from './target-kind.js';
import { walletTarget } from './wallet-target.js';

export type { PaymentTarget, PaymentTargetKind, PaymentTargetType } from './target-kind.js';

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
