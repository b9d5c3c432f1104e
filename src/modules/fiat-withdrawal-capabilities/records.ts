// The fiat withdrawal capability record type (§14.6, §16.2): its events follow its statuses. It moves no
// money. railEnabled and the rail's fee and bounds are computed from the partner's rail settings, so its
// events leave them out (E4) and E8 holds without them.
import { record } from '../../core/record.js';

export const capabilityRecord = record({
  graphqlType: 'PartnerFiatWithdrawalCapability',
  mapper: 'tables.js#FiatWithdrawalCapabilityView',
  // FiatCapabilityStatus's values that a record takes (§14.6's table), in the SDL's order; the others are
  // computed without a record (AVAILABLE, NOT_AVAILABLE) or §14.4's account's (SUSPENDED).
  statuses: ['PENDING', 'NEEDS_ADDITIONAL_INFORMATION', 'ACTIVE', 'REJECTED'],
  statusesWithoutRecord: ['NOT_AVAILABLE', 'AVAILABLE', 'SUSPENDED'],
  resourceType: 'FIAT_WITHDRAWAL_CAPABILITY',
  eventPrefix: 'fiat_withdrawal_capability',
  // §16.2 lists it after fiat accounts (10).
  eventOrder: 11,
  omit: ['railEnabled', 'feeAmountMinor', 'minAmountMinor', 'maxAmountMinor'],
});

export default [capabilityRecord];
