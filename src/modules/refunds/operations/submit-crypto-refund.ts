// §4.5 submitCryptoRefund: APPROVED → AWAITING_CONFIRMATION (§5 evidence).
import { sha256Hex } from '../../../core/canonical.js';
import { mutation } from '../../../core/operation.js';
import { stepRefund } from '../rules.js';

export default mutation('submitCryptoRefund', {
  target: 'refundId',
  evidence: 'CRYPTO_REFUND_SUBMIT',
  resultId: (r) => r.refundId,
  run: (tx, ctx, { refundId }, authorize) =>
    stepRefund(
      {
        operation: 'submitCryptoRefund',
        from: 'APPROVED',
        to: 'AWAITING_CONFIRMATION',
        statusInfo: 'Awaiting confirmation',
        // Sandbox broadcast: a deterministic stand-in for the chain's transaction hash.
        extra: (refund) => ({ txHash: sha256Hex(`refund:${refund.refundId}`) }),
      },
      tx,
      ctx,
      refundId,
      authorize,
    ),
});
