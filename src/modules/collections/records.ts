// The collection record types (§15.5, §15.6): buyers, collection wallets and collection payments, their
// statuses, events (§16.2) and the payment's ledger side (§16.3).
import { record } from '../../core/record.js';
import { enumValues } from '../../graphql/generated/enums.js';

// §16.2's rows, in its order: checkouts (15, the checkouts module), buyers, wallets, payments.
export const collectionBuyerRecord = record({
  graphqlType: 'PartnerBuyer',
  mapper: 'rules.js#BuyerView',
  statuses: enumValues.PartnerBuyerStatus,
  resourceType: 'COLLECTION_BUYER',
  eventPrefix: 'collection_buyer',
  eventOrder: 16,
  // §15.5: name, email or country changed with the status unchanged.
  extraEvents: ['updated'],
});

export const collectionWalletRecord = record({
  graphqlType: 'PartnerCollectionWallet',
  mapper: 'rules.js#CollectionWalletView',
  statuses: enumValues.PartnerCollectionWalletStatus,
  resourceType: 'COLLECTION_WALLET',
  eventPrefix: 'collection_wallet',
  eventOrder: 17,
  // §15.5, §15.6: a new expiry, or amountReceivedMinor grown by a completed payment.
  extraEvents: ['updated'],
});

export const collectionPaymentRecord = record({
  graphqlType: 'PartnerCollectionPayment',
  mapper: 'rules.js#CollectionPaymentView',
  statuses: enumValues.PartnerCollectionPaymentStatus,
  resourceType: 'COLLECTION_PAYMENT',
  eventPrefix: 'collection_payment',
  eventOrder: 18,
  // E4 (§16.2): it changes with refunds, not with the payment.
  omit: ['refundableAmountMinor'],
  ledger: {
    resource: true,
    // §15.6, §16.3: a completed payment comes from outside into the customer's available funds.
    postings: { COLLECTION: { from: 'external', to: 'available', available: 1, held: 0 } },
  },
});

export default [collectionBuyerRecord, collectionWalletRecord, collectionPaymentRecord];
