// The customer record type (§4.1): its status is a String in the interface document, always ACTIVE.
import { record } from '../../core/record.js';

/** §4.1: a customer's `status`. */
export const CUSTOMER_STATUSES = ['ACTIVE'] as const;

export const customerRecord = record({
  graphqlType: 'PartnerCustomer',
  mapper: 'tables.js#CustomerRow',
  statuses: CUSTOMER_STATUSES,
});

export default [customerRecord];
