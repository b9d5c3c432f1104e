// The deposit record type (§10.4): its statuses (the SDL's PartnerCryptoDepositStatus), its events and its
// ledger side.
import { record } from '../../core/record.js';
import { enumValues } from '../../graphql/generated/enums.js';

export const cryptoDepositRecord = record({
  graphqlType: 'PartnerCryptoDeposit',
  mapper: 'rules.js#DepositView',
  statuses: enumValues.PartnerCryptoDepositStatus,
  resourceType: 'CRYPTO_DEPOSIT',
  eventPrefix: 'crypto_deposit',
  eventOrder: 3,
  // E4: it changes with refunds, not with the deposit.
  omit: ['refundableAmountMinor'],
  // §18.1: `blockNumber` changed while CONFIRMING.
  extraEvents: ['updated'],
  ledger: {
    resource: true,
    // §10.1: a credited deposit comes from outside into the customer's available funds.
    postings: { DEPOSIT: { from: 'external', to: 'available', available: 1, held: 0 } },
  },
});

export default [cryptoDepositRecord];
