// §14.7 the bank rail: how a fiat withdrawal that passed its compliance review reaches the beneficiary's
// bank, and what the bank shows of it afterwards. Its calls are made outside database transactions
// (payout.ts stores what they answer in a transaction of its own). One implementation ships: the sandbox
// bank (R21: no fiat provider ships; outside sandbox mode no fiat step runs).
//
// It is not the crypto transfers' OutboundRail (src/modules/transfers/rail.ts): a bank payout settles
// when it is handed over (SENT_TO_BANK posts FIAT_WITHDRAWAL and FIAT_WITHDRAWAL_FEE, §14.9), not when
// the network confirms it, and the bank can return it after it settled, even after COMPLETED, which
// credits amount and fee back (RETURNED) rather than releasing a hold; and the review before it is a
// compliance review with an additional-information loop, not the deny-list screening.
import { sandboxBankReference, type ReturnReason } from './rules.js';
import type { FiatWithdrawalRow } from './tables.js';

/** What the bank shows of a payment it took. */
export type BankShows = { state: 'pending' } | { state: 'paid' } | { state: 'returned'; reason: ReturnReason };

export interface BankRail {
  /**
   * Hands the payment to the bank (idempotent per fiatWithdrawalId: sent again until the bank acknowledges
   * it) and answers the bank's reference.
   */
  send(w: FiatWithdrawalRow): Promise<{ bankReference: string }>;
  /** What the bank shows now of a payment it took (SENT_TO_BANK). */
  observe(w: FiatWithdrawalRow): Promise<BankShows>;
}

/**
 * The sandbox bank: its reference derived from the withdrawal's id (§14.7, vectors/fiat.json); it pays
 * every payment at its next step, but returns one whose submission captured RETURNED (§14.3).
 */
export const sandboxBank: BankRail = {
  send: async (w) => ({ bankReference: sandboxBankReference(w.fiatWithdrawalId) }),
  observe: async (w) => (w.sandboxReturnReason === null ? { state: 'paid' } : { state: 'returned', reason: w.sandboxReturnReason as ReturnReason }),
};
