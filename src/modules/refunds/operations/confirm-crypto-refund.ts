// §4.5 confirmCryptoRefund: AWAITING_CONFIRMATION → CONFIRMED (§5 evidence); REST per §6.
import { mutation } from '../../../core/operation.js';
import { stepRefund } from '../rules.js';

export default mutation('confirmCryptoRefund', {
  rest: { method: 'POST', path: '/partner/v1/crypto/refunds/:refundId/confirmation' },
  target: 'refundId',
  evidence: 'CRYPTO_REFUND_CONFIRM',
  resultId: (r) => r.refundId,
  run: (tx, ctx, { refundId }, authorize) =>
    stepRefund(
      { operation: 'confirmCryptoRefund', from: 'AWAITING_CONFIRMATION', to: 'CONFIRMED', statusInfo: 'Confirmed', extra: (_r, now) => ({ confirmedAt: now }) },
      tx,
      ctx,
      refundId,
      authorize,
    ),
});
