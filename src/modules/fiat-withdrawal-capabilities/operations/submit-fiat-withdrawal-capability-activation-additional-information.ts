// §14.3 submitFiatWithdrawalCapabilityActivationAdditionalInformation: B (the items) → C → D the customer
// (404 CUSTOMER_NOT_FOUND / 403), then its record for the rail (404 NOT_FOUND), then the items' files → H
// FILE_NOT_READY → INVALID_STATE → INFORMATION_MISMATCH → I the round answered, the capability back to
// PENDING with its next review due SANDBOX_STEP_DELAY_MS later. No gate, no rail check (§14.3 lists
// none). The answers are stored sealed and never echoed.
import { mutation } from '../../../core/operation.js';
import { answerRound, checkItemsShape } from '../../information/index.js';
import { CAPABILITY_OWNER, capabilityView, requireOwnCapability, resumeReview } from '../rules.js';

export default mutation('submitFiatWithdrawalCapabilityActivationAdditionalInformation', {
  rest: { method: 'POST', path: '/partner/v1/customers/:customerId/fiat/withdrawal-capabilities/:rail/additional-information' },
  target: 'customerId',
  evidence: null,
  resultId: (c) => c.capabilityId!,
  validate: ({ input }, errors) => checkItemsShape(errors, input.items),
  run: async (tx, ctx, { customerId, rail, input }) => {
    const row = await requireOwnCapability(tx, ctx, customerId, rail);
    await answerRound(
      tx,
      ctx,
      { ownerType: CAPABILITY_OWNER, ownerId: row.capabilityId, customerId, awaiting: row.status === 'NEEDS_ADDITIONAL_INFORMATION' },
      input.items,
    );
    const resumed = await resumeReview(tx, row, ctx.now, ctx.services.config.sandboxStepDelayMs);
    return capabilityView(tx, ctx.clientId, customerId, rail, resumed);
  },
});
