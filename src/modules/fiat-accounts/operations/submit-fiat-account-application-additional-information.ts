// §14.3 submitFiatAccountApplicationAdditionalInformation: B (the items) → C → D the application (404
// NOT_FOUND / 403), then the items' files → H FILE_NOT_READY → INVALID_STATE → INFORMATION_MISMATCH → I the
// round answered, the application back to IN_REVIEW with its next review due SANDBOX_STEP_DELAY_MS later.
// No gate. The answers are stored sealed and never echoed.
import { mutation } from '../../../core/operation.js';
import { answerRound, checkItemsShape } from '../../information/index.js';
import { APPLICATION_OWNER, applicationView, requireOwnApplication, resumeReview } from '../rules.js';

export default mutation('submitFiatAccountApplicationAdditionalInformation', {
  rest: { method: 'POST', path: '/partner/v1/fiat/account-applications/:applicationId/additional-information' },
  target: 'applicationId',
  evidence: null,
  resultId: (a) => a.applicationId,
  validate: ({ input }, errors) => checkItemsShape(errors, input.items),
  run: async (tx, ctx, { applicationId, input }) => {
    const app = await requireOwnApplication(tx, ctx, applicationId);
    await answerRound(
      tx,
      ctx,
      { ownerType: APPLICATION_OWNER, ownerId: applicationId, customerId: app.customerId, awaiting: app.status === 'NEEDS_ADDITIONAL_INFORMATION' },
      input.items,
    );
    return applicationView(tx, await resumeReview(tx, app, ctx.now, ctx.services.config.sandboxStepDelayMs));
  },
});
