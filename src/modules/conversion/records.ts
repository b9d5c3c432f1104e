// The conversion record type (§13.3, §13.4): born COMPLETED (R4), one event, and the two ledger rows of
// its own transaction types. Quotes are not resources: no record, no events (§16.2).
import { record } from '../../core/record.js';
import { enumValues } from '../../graphql/generated/enums.js';

export const conversionRecord = record({
  graphqlType: 'PartnerConversion',
  mapper: 'tables.js#ConversionRow',
  statuses: enumValues.PartnerConversionStatus,
  resourceType: 'CONVERSION',
  eventPrefix: 'conversion',
  // §16.2 lists conversions after the customer and customer-file rows (6, 7).
  eventOrder: 8,
  ledger: {
    resource: true,
    // §13.4: the source leaves the customer for the desk; the target comes from the desk (fx, per currency).
    postings: {
      CONVERSION_DEBIT: { from: 'available', to: 'fx', available: -1, held: 0 },
      CONVERSION_CREDIT: { from: 'fx', to: 'available', available: 1, held: 0 },
    },
  },
});

export default [conversionRecord];
