// §4.5 / §10.8 createCryptoRefundApprovalDraft: on a COMPLETED deposit, at most what is still refundable
// of it (§5 evidence); nothing is held yet.
import { randomUUID } from 'node:crypto';
import { mutation } from '../../../core/operation.js';
import { Problem } from '../../../core/problem.js';
import { requireRouteAddress } from '../../beneficiaries/index.js';
import { refundableOf } from '../../deposits/index.js';
import { gateCustomerOf } from '../../customers/index.js';
import { requirePermittedRoute } from '../../routes/index.js';
import { checkRefundDraftInput, insertApprovedRefund } from '../draft.js';
import { requireOwnDeposit } from '../rules.js';

export default mutation('createCryptoRefundApprovalDraft', {
  rest: { method: 'POST', path: '/partner/v1/crypto/deposits/:depositId/refunds' },
  target: 'depositId',
  evidence: 'CRYPTO_REFUND_CREATE',
  resultId: (r) => r.refundId,
  validate: ({ input }, errors) => checkRefundDraftInput(input, errors),
  run: async (tx, ctx, { depositId, input }, guard) => {
    const deposit = await requireOwnDeposit(tx, ctx, depositId);
    const route = await requirePermittedRoute(tx, ctx, deposit.routeCode);
    guard.authorize();
    const refundAddress = input.refundAddress ?? deposit.fromAddress;
    requireRouteAddress(route, '/refundAddress', refundAddress);
    // §12.4 / §16.8: the gate of the deposit's customer, first among the 409s.
    await gateCustomerOf(tx, deposit.customerId, 'crypto', ctx.services.config);
    // §10.8: only a credited deposit is refundable (a held or frozen one is not, settled point 4).
    if (deposit.status !== 'COMPLETED') throw new Problem('INVALID_STATE', `Deposit is ${deposit.status}; a refund needs a COMPLETED deposit.`);
    const refundable = await refundableOf(tx, deposit);
    if (BigInt(input.amountMinor) > refundable)
      throw new Problem('REFUND_EXCEEDS_DEPOSIT', `amountMinor exceeds the deposit's refundable amount ${refundable.toString()}.`);
    return insertApprovedRefund(
      tx,
      {
        refundId: randomUUID(),
        depositId,
        collectionPaymentId: null,
        customerId: deposit.customerId,
        clientId: ctx.clientId,
        routeCode: deposit.routeCode,
        amountMinor: input.amountMinor,
        currency: deposit.currency,
        currencyScale: deposit.currencyScale,
        refundAddress,
        reason: input.reason ?? null,
      },
      ctx.now.toISOString(),
    );
  },
});
