// The wallet beneficiary record type (§4.3, §10.9): its statuses (a String in the interface document, so
// this is the one list) and its events.
import { record } from '../../core/record.js';

/** §10.9 `beneficiaryStatus`. */
export const BENEFICIARY_STATUSES = ['ACTIVE', 'BLOCKED', 'REMOVED'] as const;

export const walletBeneficiaryRecord = record({
  graphqlType: 'WalletBeneficiary',
  mapper: 'tables.js#WalletBeneficiaryRow',
  statuses: BENEFICIARY_STATUSES,
  statusField: 'beneficiaryStatus',
  resourceType: 'WALLET_BENEFICIARY',
  eventPrefix: 'wallet_beneficiary',
  eventOrder: 4,
  // §11.2: a sync that left the status as it was.
  extraEvents: ['updated'],
});

export default [walletBeneficiaryRecord];
