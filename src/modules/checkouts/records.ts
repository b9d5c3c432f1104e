// The checkout record type (§15.2–§15.3): its statuses and events (§16.2). Links and POS payment requests
// are not resources and emit nothing (§15.4). Its payments' ledger rows are collections' (COLLECTION_PAYMENT).
import { record } from '../../core/record.js';
import { enumValues } from '../../graphql/generated/enums.js';

export const checkoutRecord = record({
  graphqlType: 'PartnerCheckout',
  mapper: 'rules.js#CheckoutView',
  statuses: enumValues.PartnerCheckoutStatus,
  resourceType: 'CRYPTO_CHECKOUT',
  eventPrefix: 'crypto_checkout',
  // §16.2's rows: checkouts, then collections' buyers (16), wallets (17), payments (18).
  eventOrder: 15,
  // §15.3: an amount changed with the status unchanged.
  extraEvents: ['updated'],
});

export default [checkoutRecord];
