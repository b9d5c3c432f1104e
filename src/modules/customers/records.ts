// The customer record type (§4.1, §12.4): its events follow `verificationStatus` (§12.5: the suffix is the
// verification status after the change, `.updated` when it did not change), not `status` (ACTIVE or
// SUSPENDED, which changes only with a `.updated` event).
import { record } from '../../core/record.js';
import { enumValues } from '../../graphql/generated/enums.js';

/** §12.4: a customer's `status`. */
export const CUSTOMER_STATUSES = ['ACTIVE', 'SUSPENDED'] as const;

export const customerRecord = record({
  graphqlType: 'PartnerCustomer',
  mapper: 'tables.js#CustomerView',
  statuses: enumValues.CustomerVerificationStatus,
  statusField: 'verificationStatus',
  resourceType: 'CUSTOMER',
  eventPrefix: 'customer',
  eventOrder: 6,
  // §16.2: a suspension, a re-verification, a refreshed `verifiedAt`.
  extraEvents: ['updated'],
});

export default [customerRecord];
