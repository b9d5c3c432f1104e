// §4.5 / §10.8 confirmCryptoRefund: AWAITING_CONFIRMATION → CONFIRMED (§5 evidence); the refund enters
// the outbound pipeline (§10.6) with its forced failure, if any, captured now (§10.7).
import { mutation } from '../../../core/operation.js';
import { sandboxFailuresApply } from '../../routes/index.js';
import { captureFailure } from '../../transfers/index.js';
import { stepRefund } from '../rules.js';

export default mutation('confirmCryptoRefund', {
  rest: { method: 'POST', path: '/partner/v1/crypto/refunds/:refundId/confirmation' },
  target: 'refundId',
  evidence: 'CRYPTO_REFUND_CONFIRM',
  resultId: (r) => r.refundId,
  run: (tx, ctx, { refundId }, guard) =>
    stepRefund(
      {
        operation: 'confirmCryptoRefund',
        from: 'AWAITING_CONFIRMATION',
        to: 'CONFIRMED',
        set: async (tx, refund, route, now) => ({
          confirmedAt: now,
          // §10.7: the worker's first step is due a step delay after entering CONFIRMED.
          dueAt: new Date(ctx.now.getTime() + ctx.services.config.sandboxStepDelayMs).toISOString(),
          // §18 C3: no sandbox failure entry on an EVM route.
          failAt: await captureFailure(tx, route.blockchain, refund.refundAddress, sandboxFailuresApply(route, ctx.services.config.sandbox)),
        }),
      },
      tx,
      ctx,
      refundId,
      guard,
    ),
});
