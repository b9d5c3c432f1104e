// The fiat withdrawal record type (§14.7, §14.9, §16.2): its events follow its statuses; its own ledger
// rows settle the hold at SENT_TO_BANK and credit a return back. HOLD and RELEASE are the ledger's.
// Quotes are not resources: no record, no events (§16.2).
import { record } from '../../core/record.js';
import { enumValues } from '../../graphql/generated/enums.js';

export const fiatWithdrawalRecord = record({
  graphqlType: 'PartnerFiatWithdrawal',
  mapper: 'tables.js#FiatWithdrawalView',
  statuses: enumValues.PartnerFiatWithdrawalStatus,
  resourceType: 'FIAT_WITHDRAWAL',
  eventPrefix: 'fiat_withdrawal',
  // §16.2 lists it after fiat deposits (13).
  eventOrder: 14,
  ledger: {
    resource: true,
    // §14.9: amount to the bank and the fee to the service at SENT_TO_BANK; both back on RETURNED.
    postings: {
      FIAT_WITHDRAWAL: { from: 'held', to: 'bank', available: 0, held: -1 },
      FIAT_WITHDRAWAL_FEE: { from: 'held', to: 'fees', available: 0, held: -1 },
      FIAT_WITHDRAWAL_RETURN: { from: 'bank', to: 'available', available: 1, held: 0 },
      FIAT_WITHDRAWAL_FEE_REFUND: { from: 'fees', to: 'available', available: 1, held: 0 },
    },
    // §16.3 L3: from submission until it is sent to the bank (or rejected), amount and fee are held.
    holds: { table: 'fiat_withdrawals', statuses: ['SUBMITTED', 'COMPLIANCE_REVIEW', 'NEEDS_ADDITIONAL_INFORMATION'], amountColumns: ['amount_minor', 'fee_amount_minor'] },
  },
});

export default [fiatWithdrawalRecord];
