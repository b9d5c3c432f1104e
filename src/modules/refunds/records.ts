// The refund record type (§4.5, §10.8): its statuses (the SDL's PartnerCryptoRefundStatus), its events and
// its ledger side.
import { record } from '../../core/record.js';
import { enumValues } from '../../graphql/generated/enums.js';

export const cryptoRefundRecord = record({
  graphqlType: 'PartnerCryptoRefund',
  mapper: 'tables.js#CryptoRefundRow',
  statuses: enumValues.PartnerCryptoRefundStatus,
  resourceType: 'CRYPTO_REFUND',
  eventPrefix: 'crypto_refund',
  eventOrder: 2,
  // §18.1: txHash or statusInfo changed with the status unchanged (the EVM rail).
  extraEvents: ['updated'],
  ledger: {
    resource: true,
    // §10.1: COMPLETED pays out the held amount.
    postings: { REFUND: { from: 'held', to: 'external', available: 0, held: -1 } },
    // L3: from submission until it settles, the amount is held.
    holds: { table: 'crypto_refunds', statuses: ['AWAITING_CONFIRMATION', 'CONFIRMED', 'SCREENING', 'BROADCASTING', 'CONFIRMING'], amountColumns: ['amount_minor'] },
  },
});

export default [cryptoRefundRecord];
