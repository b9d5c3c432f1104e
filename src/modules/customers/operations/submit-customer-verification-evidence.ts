// §12.3 submitCustomerVerificationEvidence: B → C → D customer, then the files of checks[0].fileIds … in
// order → G → H FILE_NOT_READY → INVALID_STATE (a review pending) → I. No gate: a SUSPENDED customer may
// submit. The evidence is stored sealed with the customer and appears in no answer, event, log or audit;
// §16.9 (amended 2026-12-07): each submission is kept, none overwritten by a later one.
import { randomUUID } from 'node:crypto';
import { mutation } from '../../../core/operation.js';
import { Problem } from '../../../core/problem.js';
import { fileReferences } from '../../files/index.js';
import { transition } from '../../lifecycle/index.js';
import { findSandboxVerificationOutcome, insertVerificationSubmission } from '../repository.js';
import { customerLifecycle, customerView, requireOwnCustomer, UNDER_REVIEW_INFO } from '../rules.js';
import { checkEvidenceRules, checkEvidenceShape, type ReviewCheck } from '../verification.js';

export default mutation('submitCustomerVerificationEvidence', {
  rest: { method: 'POST', path: '/partner/v1/customers/:customerId/verification-evidence' },
  target: 'customerId',
  evidence: null,
  resultId: (c) => c.customerId,
  validate: ({ input }, errors) => checkEvidenceShape(errors, input),
  run: async (tx, ctx, { customerId, input }) => {
    const customer = await requireOwnCustomer(tx, ctx, customerId);
    const files = await fileReferences(
      tx,
      ctx,
      customerId,
      input.checks.flatMap((c) => c.fileIds ?? []),
    );
    const { config } = ctx.services;
    checkEvidenceRules(customer, input, ctx.now, config);
    files.requireReady();
    if (customer.verificationReviewPending)
      throw new Problem('INVALID_STATE', 'A verification review of this customer is pending: wait for its outcome (customer.verified, customer.rejected or customer.updated).');
    const now = ctx.now.toISOString();
    // §12.5: the sandbox outcome is captured now; outside sandbox mode it is never used.
    const captured = config.sandbox ? await findSandboxVerificationOutcome(tx, customerId) : undefined;
    const checks: ReviewCheck[] = input.checks.map((c) => ({ type: c.type, result: c.result }));
    const evidence = {
      subject: input.subject,
      checks: input.checks.map((c) => ({ ...c, completedAt: c.completedAt.toISOString() })),
      attestedAt: input.attestedAt.toISOString(),
      attestedByPartnerUserRef: input.attestedByPartnerUserRef,
      attestedByPartnerPolicyRef: input.attestedByPartnerPolicyRef ?? null,
    };
    // UNVERIFIED or REJECTED → PENDING_REVIEW; a VERIFIED customer stays VERIFIED while reviewed
    // (`customer.updated`).
    const to = customer.verificationStatus === 'VERIFIED' ? 'VERIFIED' : 'PENDING_REVIEW';
    const reviewId = randomUUID();
    const submitted = await transition(tx, customerLifecycle, {
      id: customerId,
      from: customer.verificationStatus,
      to,
      at: now,
      set: {
        verificationStatusInfo: UNDER_REVIEW_INFO,
        verificationReviewPending: true,
        reviewId,
        reviewDueAt: new Date(ctx.now.getTime() + config.sandboxStepDelayMs).toISOString(),
        reviewChecks: JSON.stringify(checks),
        reviewOutcome: captured?.outcome ?? null,
        reviewOutcomeInfo: captured?.info ?? null,
      },
    });
    if (!submitted) throw new Problem('INVALID_STATE', 'The customer changed meanwhile; retry.');
    // The submission's id is its review's: the decision that ends the review is recorded on it.
    await insertVerificationSubmission(tx, {
      submissionId: reviewId,
      customerId,
      submittedAt: now,
      evidence: config.secretBox.seal(customerId, JSON.stringify(evidence)),
      outcome: null,
      decidedAt: null,
      replacedAt: null,
    });
    return customerView(submitted);
  },
});
