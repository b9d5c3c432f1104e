// §14.6 what fiat withdrawals ask of a capability: their quotes, drafts and submissions need the
// customer's capability for the rail ACTIVE (409 WITHDRAWAL_CAPABILITY_NOT_ACTIVE, §16.7).
import { Problem } from '../../core/problem.js';
import type { Exec } from '../../db/exec.js';
import type { FiatRail } from '../fiat-rails/index.js';
import { findCustomerCapability } from './repository.js';

export async function requireActiveWithdrawalCapability(x: Exec, customerId: string, rail: FiatRail): Promise<void> {
  const capability = await findCustomerCapability(x, customerId, rail);
  if (capability?.status !== 'ACTIVE')
    throw new Problem(
      'WITHDRAWAL_CAPABILITY_NOT_ACTIVE',
      capability ? `The customer's ${rail} withdrawal capability is ${capability.status}.` : `The customer has not activated the ${rail} withdrawal capability.`,
    );
}
