// §15.5, §15.6 a collection wallet as a payment's target: late when it is not ACTIVE or its expiresAt has
// come at detection; a completed payment grows its amountReceivedMinor (event collection_wallet.updated).
import type { Exec } from '../../db/exec.js';
import { transition } from '../lifecycle/index.js';
import { findWallet } from './repository.js';
import { walletLifecycle } from './rules.js';
import type { PaymentTargetKind } from './target-kind.js';
import type { CollectionPaymentRow } from './tables.js';

export const walletTarget: PaymentTargetKind = {
  targetType: 'COLLECTION_WALLET',
  async load(tx, targetId) {
    const w = await findWallet(tx, targetId);
    if (!w) return undefined;
    return { targetId, customerId: w.customerId, clientId: w.clientId, checkoutId: null, collectionWalletId: w.collectionWalletId, buyerId: w.buyerId };
  },
  async isLate(tx, targetId, detectedAt) {
    const w = await findWallet(tx, targetId);
    if (!w) throw new Error(`collection wallet ${targetId} is missing`);
    return w.status !== 'ACTIVE' || (w.expiresAt !== null && Date.parse(detectedAt) >= Date.parse(w.expiresAt));
  },
  // §15.5: `late` changes nothing for a wallet but the payment's flag; a detection changes none of its fields.
  async detected() {},
  async settled(tx: Exec, payment: CollectionPaymentRow, at: string) {
    if (payment.status !== 'COMPLETED' || payment.collectionWalletId === null) return;
    const w = await findWallet(tx, payment.collectionWalletId);
    if (!w) throw new Error(`collection wallet ${payment.collectionWalletId} is missing`);
    const received = (BigInt(w.amountReceivedMinor) + BigInt(payment.amountMinor)).toString();
    const row = await transition(tx, walletLifecycle(w.version), {
      id: w.collectionWalletId,
      from: w.status,
      to: w.status,
      at,
      set: { amountReceivedMinor: received },
    });
    if (!row) throw new Error(`collection wallet ${w.collectionWalletId} changed inside the transaction`);
  },
};
