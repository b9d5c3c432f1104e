// §14.3 submitFiatWithdrawalAdditionalInformation: B (the items) → C → D the withdrawal (404 NOT_FOUND /
// 403), then the items' files → H FILE_NOT_READY → INVALID_STATE → INFORMATION_MISMATCH → I the round
// answered, the withdrawal back to COMPLIANCE_REVIEW with its next review due SANDBOX_STEP_DELAY_MS later
// (it passes). No gate. The answers are stored sealed and never echoed.
import { mutation } from '../../../core/operation.js';
import { answerRound, checkItemsShape } from '../../information/index.js';
import { FIAT_WITHDRAWAL_OWNER, fiatWithdrawalView, requireOwnFiatWithdrawal } from '../rules.js';
import { resumeReview } from '../review.js';

export default mutation('submitFiatWithdrawalAdditionalInformation', {
  rest: { method: 'POST', path: '/partner/v1/fiat/withdrawals/:fiatWithdrawalId/additional-information' },
  target: 'fiatWithdrawalId',
  evidence: null,
  resultId: (w) => w.fiatWithdrawalId,
  validate: ({ input }, errors) => checkItemsShape(errors, input.items),
  run: async (tx, ctx, { fiatWithdrawalId, input }) => {
    const w = await requireOwnFiatWithdrawal(tx, ctx, fiatWithdrawalId);
    await answerRound(
      tx,
      ctx,
      { ownerType: FIAT_WITHDRAWAL_OWNER, ownerId: fiatWithdrawalId, customerId: w.customerId, awaiting: w.status === 'NEEDS_ADDITIONAL_INFORMATION' },
      input.items,
    );
    return fiatWithdrawalView(tx, await resumeReview(tx, w, ctx.now, ctx.services.config.sandboxStepDelayMs));
  },
});
