// §15.7 createCollectionPaymentRefundApprovalDraft: B → C → D the payment (404 NOT_FOUND / 403) → E its
// route enabled and the partner's → F evidence CRYPTO_REFUND_CREATE → G refundAddress on the route's chain
// → H gate (crypto) → INVALID_STATE (not COMPLETED) → REFUND_EXCEEDS_DEPOSIT → AUTHORIZATION_ALREADY_USED
// → I: an APPROVED refund with depositId null; from there §10.8 applies unchanged.
import { randomUUID } from 'node:crypto';
import { mutation } from '../../../core/operation.js';
import { requireOwn } from '../../../core/ownership.js';
import { Problem } from '../../../core/problem.js';
import { requireRouteAddress } from '../../beneficiaries/index.js';
import { gateCustomerOf } from '../../customers/index.js';
import { checkRefundDraftInput, insertApprovedRefund } from '../../refunds/index.js';
import { requirePermittedRoute } from '../../routes/index.js';
import { lockPayment } from '../repository.js';
import { refundableOfPayment } from '../rules.js';

export default mutation('createCollectionPaymentRefundApprovalDraft', {
  rest: { method: 'POST', path: '/partner/v1/crypto/collection-payments/:collectionPaymentId/refunds' },
  target: 'collectionPaymentId',
  evidence: 'CRYPTO_REFUND_CREATE',
  resultId: (r) => r.refundId,
  validate: ({ input }, errors) => checkRefundDraftInput(input, errors),
  run: async (tx, ctx, { collectionPaymentId, input }, guard) => {
    // D: the payment, claimed for the transaction (its refundable amount is spent by one draft at a time).
    const payment = requireOwn(ctx, await lockPayment(tx, collectionPaymentId), 'NOT_FOUND', 'collection payment', collectionPaymentId);
    const route = await requirePermittedRoute(tx, ctx, payment.routeCode);
    guard.authorize();
    const refundAddress = input.refundAddress ?? payment.fromAddress;
    requireRouteAddress(route, '/refundAddress', refundAddress);
    await gateCustomerOf(tx, payment.customerId, 'crypto', ctx.services.config);
    if (payment.status !== 'COMPLETED')
      throw new Problem('INVALID_STATE', `Collection payment is ${payment.status}; a refund needs a COMPLETED payment.`);
    const refundable = await refundableOfPayment(tx, payment);
    if (BigInt(input.amountMinor) > refundable)
      throw new Problem('REFUND_EXCEEDS_DEPOSIT', `amountMinor exceeds the payment's refundable amount ${refundable.toString()}.`);
    await guard.evidenceUnused();
    return insertApprovedRefund(
      tx,
      {
        refundId: randomUUID(),
        depositId: null,
        collectionPaymentId,
        customerId: payment.customerId,
        clientId: ctx.clientId,
        routeCode: payment.routeCode,
        amountMinor: input.amountMinor,
        currency: payment.currency,
        currencyScale: payment.currencyScale,
        refundAddress,
        reason: input.reason ?? null,
      },
      ctx.now.toISOString(),
    );
  },
});
