// §4.5 / §10.8 submitCryptoRefund: APPROVED → AWAITING_CONFIRMATION (§5 evidence), the amount held.
import { mutation } from '../../../core/operation.js';
import { Problem } from '../../../core/problem.js';
import { availableOf } from '../../ledger/index.js';
import { stepRefund } from '../rules.js';

export default mutation('submitCryptoRefund', {
  rest: { method: 'POST', path: '/partner/v1/crypto/refunds/:refundId/submission' },
  target: 'refundId',
  evidence: 'CRYPTO_REFUND_SUBMIT',
  resultId: (r) => r.refundId,
  run: (tx, ctx, { refundId }, guard) =>
    stepRefund(
      {
        operation: 'submitCryptoRefund',
        from: 'APPROVED',
        to: 'AWAITING_CONFIRMATION',
        // §10.8: the customer's available balance in the deposit's currency must cover the amount; the
        // refund stays APPROVED otherwise, to be submitted again when funds arrive.
        check: async (tx, refund) => {
          const available = await availableOf(tx, refund.customerId, refund.currency);
          if (available < BigInt(refund.amountMinor))
            throw new Problem(
              'INSUFFICIENT_FUNDS',
              `Available ${available.toString()} ${refund.currency} (minor units) does not cover the refund of ${refund.amountMinor}.`,
            );
        },
        // txHash stays null until the transfer is broadcast (§10.8).
        set: async (_tx, _refund, _route, now) => ({ submittedAt: now }),
        // §10.1: HOLD of the amount, after the refund's own event (E6).
        ledger: (refund) => [{ type: 'HOLD', amountMinor: BigInt(refund.amountMinor) }],
      },
      tx,
      ctx,
      refundId,
      guard,
    ),
});
