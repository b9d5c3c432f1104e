// §14.8 simulateFiatDeposit: a bank transfer into a fiat account, sandbox mode only. Checks in the
// section's order: sandbox (403 SANDBOX_ONLY, right after auth) → B shape → C idempotency (the registry)
// → D the account (404 NOT_FOUND / 403 FORBIDDEN) → G the rail one of the account's, and §4's bound on
// the credit (400) → I PROCESSING, the step due, the event. No rail-enabled check and no gate: inbound
// money is credited (R3). The sender's identifier is kept only as its last 4 characters and fingerprint.
import { randomUUID } from 'node:crypto';
import { mutation } from '../../../core/operation.js';
import { requireOwn } from '../../../core/ownership.js';
import { FieldErrors, Problem } from '../../../core/problem.js';
import { checkAmount, checkLength } from '../../../core/validate.js';
import { fiatAccountView, findFiatAccount } from '../../fiat-accounts/index.js';
import { creditFits } from '../../ledger/index.js';
import { insertFiatDeposit } from '../repository.js';
import { checkSenderIdentifier, FIAT_DEPOSIT_STATUS_INFO, publishNewFiatDeposit, senderOf } from '../rules.js';

export default mutation('simulateFiatDeposit', {
  // §14.2 names no REST path; every operation has one (lifecycle settled point 9), as §9.4 forms it.
  rest: { method: 'POST', path: '/partner/v1/fiat/accounts/:fiatAccountId/deposit-simulations' },
  target: 'fiatAccountId',
  evidence: null,
  resultId: (d) => d.fiatDepositId,
  validate: ({ input }, errors, ctx) => {
    // Sandbox mode, before anything about the request (stage table: the declared exception).
    if (!ctx.services.config.sandbox) throw new Problem('SANDBOX_ONLY', 'simulateFiatDeposit is available in sandbox mode only.');
    // B.
    checkAmount(errors, '/amountMinor', input.amountMinor);
    if (input.amountMinor === '0') errors.add('/amountMinor', 'must be greater than zero');
    checkLength(errors, '/senderName', input.senderName, 1, 140);
    checkSenderIdentifier(errors, '/senderAccountIdentifier', input.senderAccountIdentifier);
    checkLength(errors, '/paymentReference', input.paymentReference, 0, 140);
  },
  run: async (tx, ctx, { fiatAccountId, input }) => {
    // D.
    const account = requireOwn(ctx, await findFiatAccount(tx, fiatAccountId), 'NOT_FOUND', 'fiat account', fiatAccountId);
    // G, every fault at once: the rail (default the account's first), and the credit within §4's 38
    // digits as the balance stands now (the step returns a deposit that no longer fits then).
    const rails = fiatAccountView(account).rails;
    const rail = input.rail ?? rails[0]!;
    const errors = new FieldErrors();
    if (!rails.includes(rail)) errors.add('/rail', `must be one of the account's rails: ${rails.join(', ')}`);
    if (!(await creditFits(tx, account.customerId, account.currency, BigInt(input.amountMinor))))
      errors.addCoded('AMOUNT_OUT_OF_RANGE', '/amountMinor', `would take the ${account.currency} balance (available + held) past 38 digits`);
    errors.throwIfAny();
    // I.
    const now = ctx.now.toISOString();
    const row = await insertFiatDeposit(tx, {
      fiatDepositId: randomUUID(),
      customerId: account.customerId,
      clientId: account.clientId,
      fiatAccountId,
      rail,
      amountMinor: input.amountMinor,
      currency: account.currency,
      currencyScale: account.currencyScale,
      senderName: input.senderName,
      ...senderOf(ctx.services.config.secretBox, input.senderAccountIdentifier),
      paymentReference: input.paymentReference ?? null,
      status: 'PROCESSING',
      statusInfo: FIAT_DEPOSIT_STATUS_INFO.PROCESSING,
      creditedAt: null,
      stepDueAt: new Date(ctx.now.getTime() + ctx.services.config.sandboxStepDelayMs).toISOString(),
      createdAt: now,
      updatedAt: now,
    });
    return publishNewFiatDeposit(tx, row);
  },
});
