// The ledger's record type (§10.1): the customer's side of a journal entry, whose only event is
// `transaction.posted` (§11.2), and the transaction types that move funds between the customer's own
// accounts for any record that holds them (the types that pay in or out are declared by their records).
import { record } from '../../core/record.js';

export const transactionRecord = record({
  graphqlType: 'PartnerTransaction',
  resourceType: 'TRANSACTION',
  eventPrefix: 'transaction',
  eventOrder: 5,
  extraEvents: ['posted'],
  ledger: {
    resource: false,
    postings: {
      HOLD: { from: 'available', to: 'held', available: -1, held: 1 },
      RELEASE: { from: 'held', to: 'available', available: 1, held: -1 },
    },
  },
});

export default [transactionRecord];
