// The fiat deposit record type (§14.8): its statuses, its events (§16.2) and its ledger side (§14.9).
import { record } from '../../core/record.js';
import { enumValues } from '../../graphql/generated/enums.js';

export const fiatDepositRecord = record({
  graphqlType: 'PartnerFiatDeposit',
  mapper: 'rules.js#FiatDepositView',
  statuses: enumValues.PartnerFiatDepositStatus,
  resourceType: 'FIAT_DEPOSIT',
  eventPrefix: 'fiat_deposit',
  // §16.2's rows: bank accounts 12, fiat deposits 13, fiat withdrawals 14.
  eventOrder: 13,
  ledger: {
    resource: true,
    // §14.9: a credited fiat deposit comes from the bank into the customer's available funds.
    postings: { FIAT_DEPOSIT: { from: 'bank', to: 'available', available: 1, held: 0 } },
  },
});

export default [fiatDepositRecord];
