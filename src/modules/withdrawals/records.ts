// The withdrawal record type (§4.4, §10.10): its statuses (a String in the interface document, so this is
// the one list), its events and its ledger side.
import { record } from '../../core/record.js';

/** §9.3 / §10.10: the values of `statuses` of `cryptoWithdrawals`, and of a withdrawal's status. */
export const WITHDRAWAL_STATUSES = ['APPROVED', 'SUBMITTED', 'SCREENING', 'BROADCASTING', 'CONFIRMING', 'COMPLETED', 'REJECTED', 'FAILED'] as const;

export const cryptoWithdrawalRecord = record({
  graphqlType: 'CryptoWithdrawal',
  mapper: 'tables.js#CryptoWithdrawalRow',
  statuses: WITHDRAWAL_STATUSES,
  resourceType: 'CRYPTO_WITHDRAWAL',
  eventPrefix: 'crypto_withdrawal',
  eventOrder: 1,
  // §18.1: txHash or statusInfo changed with the status unchanged (the EVM rail).
  extraEvents: ['updated'],
  ledger: {
    resource: true,
    // §10.1: COMPLETED pays out the held amount and the held fee.
    postings: {
      WITHDRAWAL: { from: 'held', to: 'external', available: 0, held: -1 },
      WITHDRAWAL_FEE: { from: 'held', to: 'fees', available: 0, held: -1 },
    },
    // L3: from submission until it settles, amount and fee are held.
    holds: { table: 'crypto_withdrawals', statuses: ['SUBMITTED', 'SCREENING', 'BROADCASTING', 'CONFIRMING'], amountColumns: ['amount_minor', 'fee_amount_minor'] },
  },
});

export default [cryptoWithdrawalRecord];
