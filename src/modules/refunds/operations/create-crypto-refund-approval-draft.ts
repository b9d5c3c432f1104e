// §4.5 createCryptoRefundApprovalDraft: at most what is still refundable of the deposit (§5 evidence).
import { randomUUID } from 'node:crypto';
import { mutation } from '../../../core/operation.js';
import { Problem } from '../../../core/problem.js';
import { checkAmount, checkLength } from '../../../core/validate.js';
import { requireRouteAddress } from '../../beneficiaries/rules.js';
import { refundableOf } from '../../deposits/rules.js';
import { requirePermittedRoute } from '../../routes/rules.js';
import { insertRefund } from '../repository.js';
import { requireOwnDeposit } from '../rules.js';

export default mutation('createCryptoRefundApprovalDraft', {
  target: 'depositId',
  evidence: 'CRYPTO_REFUND_CREATE',
  resultId: (r) => r.refundId,
  validate: ({ input }, errors) => {
    checkAmount(errors, '/amountMinor', input.amountMinor);
    if (input.amountMinor === '0') errors.add('/amountMinor', 'must be greater than zero');
    checkLength(errors, '/reason', input.reason, 0, 500);
    checkLength(errors, '/refundAddress', input.refundAddress, 1, 128);
  },
  run: async (tx, ctx, { depositId, input }, authorize) => {
    const deposit = await requireOwnDeposit(tx, ctx, depositId);
    const route = await requirePermittedRoute(tx, ctx, deposit.routeCode);
    authorize();
    const refundAddress = input.refundAddress ?? deposit.fromAddress;
    requireRouteAddress(route, '/refundAddress', refundAddress);
    const refundable = await refundableOf(tx, deposit);
    if (BigInt(input.amountMinor) > refundable)
      throw new Problem('REFUND_EXCEEDS_DEPOSIT', `amountMinor ${input.amountMinor} exceeds the deposit's refundable amount ${refundable.toString()}.`);
    const now = ctx.now.toISOString();
    return insertRefund(tx, {
      refundId: randomUUID(),
      depositId,
      customerId: deposit.customerId,
      clientId: ctx.clientId,
      routeCode: deposit.routeCode,
      amountMinor: input.amountMinor,
      currency: deposit.currency,
      currencyScale: deposit.currencyScale,
      refundAddress,
      reason: input.reason ?? null,
      status: 'APPROVED',
      statusInfo: 'Awaiting submission',
      txHash: null,
      createdAt: now,
      updatedAt: now,
      confirmedAt: null,
      kytResult: 'PENDING',
      submittedAt: null,
      completedAt: null,
      dueAt: null,
      failAt: null,
    });
  },
});
