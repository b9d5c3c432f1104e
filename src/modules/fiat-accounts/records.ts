// The fiat account application and fiat account record types (§14.4, §16.2): their events follow their
// statuses. Neither moves money; capabilities and deposit instructions are not resources.
import { record } from '../../core/record.js';
import { enumValues } from '../../graphql/generated/enums.js';

export const applicationRecord = record({
  graphqlType: 'PartnerFiatAccountApplication',
  mapper: 'tables.js#FiatAccountApplicationView',
  statuses: enumValues.PartnerFiatAccountApplicationStatus,
  resourceType: 'FIAT_ACCOUNT_APPLICATION',
  eventPrefix: 'fiat_account_application',
  // §16.2 lists it after conversions (8).
  eventOrder: 9,
});

export const fiatAccountRecord = record({
  graphqlType: 'PartnerFiatAccount',
  mapper: 'tables.js#FiatAccountView',
  statuses: enumValues.PartnerFiatAccountStatus,
  resourceType: 'FIAT_ACCOUNT',
  eventPrefix: 'fiat_account',
  eventOrder: 10,
});

export default [applicationRecord, fiatAccountRecord];
