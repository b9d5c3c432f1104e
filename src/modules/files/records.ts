// The customer file record type (§12.2): its statuses (the SDL's PartnerCustomerFileStatus) and events.
import { record } from '../../core/record.js';
import { enumValues } from '../../graphql/generated/enums.js';

export const customerFileRecord = record({
  graphqlType: 'PartnerCustomerFile',
  mapper: 'tables.js#CustomerFileView',
  statuses: enumValues.PartnerCustomerFileStatus,
  resourceType: 'CUSTOMER_FILE',
  eventPrefix: 'customer_file',
  eventOrder: 7,
  // §16.2 E4: a LINK file's externalUri appears in no event (§12.2).
  omit: ['externalUri'],
});

export default [customerFileRecord];
