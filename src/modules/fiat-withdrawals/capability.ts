// §14.6: quotes, drafts and submissions need the customer's withdrawal capability for the rail ACTIVE
// (409 WITHDRAWAL_CAPABILITY_NOT_ACTIVE). Placeholder until fiat-withdrawal-capabilities lands on main:
// then this file re-exports its requireActiveWithdrawalCapability.
import type { Exec } from '../../db/exec.js';
import type { FiatRail } from '../fiat-rails/index.js';

export async function requireActiveWithdrawalCapability(_x: Exec, _customerId: string, _rail: FiatRail): Promise<void> {}
