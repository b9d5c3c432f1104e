// §14.6 activateFiatWithdrawalCapability: B → C → D customer → E rail → H gate → INVALID_STATE (the rail's
// record PENDING, NEEDS_ADDITIONAL_INFORMATION or ACTIVE) → FIAT_ACCOUNT_NOT_ACTIVE (no ACTIVE fiat account
// in the rail's currency) → I: the record created or reused, PENDING, the sandbox outcome captured, the
// review due, event `fiat_withdrawal_capability.pending`.
import { mutation } from '../../../core/operation.js';
import { checkAmount, checkLength } from '../../../core/validate.js';
import { customerGate, requireOwnCustomer } from '../../customers/index.js';
import { requireActiveFiatAccount } from '../../fiat-accounts/index.js';
import { RAILS, requireRailPermitted } from '../../fiat-rails/index.js';
import { findCustomerCapability } from '../repository.js';
import { activate, capabilityView, requireActivatable } from '../rules.js';

export default mutation('activateFiatWithdrawalCapability', {
  rest: { method: 'POST', path: '/partner/v1/customers/:customerId/fiat/withdrawal-capabilities/:rail/activation' },
  target: 'customerId',
  evidence: null,
  resultId: (c) => c.capabilityId!,
  validate: ({ input }, errors) => {
    checkAmount(errors, '/expectedMonthlyVolumeMinor', input.expectedMonthlyVolumeMinor);
    if (input.expectedMonthlyVolumeMinor === '0') errors.add('/expectedMonthlyVolumeMinor', 'must be greater than 0');
    checkLength(errors, '/withdrawalPurpose', input.withdrawalPurpose, 1, 500);
  },
  run: async (tx, ctx, { customerId, rail, input }) => {
    // D
    const customer = await requireOwnCustomer(tx, ctx, customerId);
    // E
    await requireRailPermitted(tx, ctx.clientId, rail);
    // H, in order.
    customerGate(customer, 'money', ctx.services.config);
    const existing = await findCustomerCapability(tx, customerId, rail);
    requireActivatable(existing);
    await requireActiveFiatAccount(tx, customerId, RAILS[rail].currency);
    // I
    const row = await activate(tx, ctx, customerId, rail, existing, input);
    return capabilityView(tx, ctx.clientId, customerId, rail, row);
  },
});
