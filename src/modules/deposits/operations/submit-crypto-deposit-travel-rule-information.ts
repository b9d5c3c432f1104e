// §10.4 submitCryptoDepositTravelRuleInformation: shape → idempotency (the registry) → deposit (404/403)
// → its route (403) → PENDING_TRAVEL_RULE (409) → a credit within the balance's bound (400, §4) →
// effect. No evidence. The originator is stored sealed and appears in no response, event, log line or
// audit entry.
import { requireOwn } from '../../../core/ownership.js';
import { mutation } from '../../../core/operation.js';
import { Problem } from '../../../core/problem.js';
import { transition } from '../../lifecycle/index.js';
import { requireCreditFits } from '../../ledger/index.js';
import { requirePermittedRoute } from '../../routes/index.js';
import { findDeposit } from '../repository.js';
import { depositLifecycle, depositView, sourceDenied } from '../rules.js';
import { checkOriginator, sealOriginator } from '../travel-rule.js';

const notPending = (status: string) =>
  new Problem('INVALID_STATE', `Travel Rule information is taken only while the deposit is PENDING_TRAVEL_RULE; it is ${status}.`);

export default mutation('submitCryptoDepositTravelRuleInformation', {
  rest: { method: 'POST', path: '/partner/v1/crypto/deposits/:depositId/travel-rule-information' },
  target: 'depositId',
  evidence: null,
  resultId: (d) => d.depositId,
  validate: ({ input }, errors) => checkOriginator(errors, input.originator),
  run: async (tx, ctx, { depositId, input }) => {
    const deposit = requireOwn(ctx, await findDeposit(tx, depositId), 'NOT_FOUND', 'deposit', depositId);
    await requirePermittedRoute(tx, ctx, deposit.routeCode);
    if (deposit.status !== 'PENDING_TRAVEL_RULE') throw notPending(deposit.status);
    // The deny list as it is now decides: a source listed since arrival freezes the deposit.
    const now = ctx.now.toISOString();
    const frozen = await sourceDenied(tx, deposit.blockchain, deposit.fromAddress);
    const status = frozen ? 'FROZEN' : 'COMPLETED';
    // §4: the credit within the balance's bound; refused, the deposit stays PENDING_TRAVEL_RULE.
    if (!frozen) await requireCreditFits(tx, deposit);
    const changed = await transition(tx, depositLifecycle, {
      id: deposit.depositId,
      from: 'PENDING_TRAVEL_RULE',
      to: status,
      at: now,
      set: {
        travelRuleSubmittedAt: now,
        travelRuleOriginator: sealOriginator(ctx.services.config.secretBox, deposit.depositId, input.originator),
        creditedAt: frozen ? null : now,
      },
      // §10.1: the credit, one DEPOSIT row after the deposit's event (E6).
      ledger: frozen ? [] : [{ type: 'DEPOSIT', amountMinor: BigInt(deposit.amountMinor) }],
    });
    if (!changed) throw notPending('no longer PENDING_TRAVEL_RULE');
    return depositView(tx, changed);
  },
});
