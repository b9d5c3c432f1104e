// The bank account record type (§14.5): its statuses and events (§16.2). It moves no money.
import { record } from '../../core/record.js';
import { enumValues } from '../../graphql/generated/enums.js';

// §16.2's rows, in its order: fiat account applications 9, fiat accounts 10, withdrawal capabilities 11,
// bank accounts 12, fiat deposits 13, fiat withdrawals 14 (checkouts 15 on).
export const bankAccountRecord = record({
  graphqlType: 'PartnerBankAccount',
  mapper: 'rules.js#BankAccountView',
  statuses: enumValues.PartnerBankAccountStatus,
  resourceType: 'BANK_ACCOUNT',
  eventPrefix: 'bank_account',
  eventOrder: 12,
});

export default [bankAccountRecord];
