// §10.4 simulateCryptoDeposit: a payment into the customer's deposit wallet of a route, sandbox mode only.
// Checks in the section's order: sandbox → shape → idempotency (the registry) → customer → route →
// the rail (§18.5: after row 5, before row 6) → addresses and hash form → duplicate transaction → a credit within the balance's bound (§4) → effect.
import { randomUUID } from 'node:crypto';
import { depositWalletAddress, generatedTxHash, storedTxHash } from '../../../core/addresses/derive.js';
import { addressFault, isBlockchain, type Blockchain } from '../../../core/addresses/index.js';
import { mutation } from '../../../core/operation.js';
import { FieldErrors, Problem } from '../../../core/problem.js';
import { checkAmount, checkLength } from '../../../core/validate.js';
import { requireOwnCustomer } from '../../customers/index.js';
import { requireCreditFits } from '../../ledger/index.js';
import { requirePermittedRoute, requireSandboxRail } from '../../routes/index.js';
import { findDepositByTx, insertDeposit } from '../repository.js';
import { arrivalStatus, DEPOSIT_STATUS_INFO, publishNewDeposit, travelRuleRequired, type DepositStatus } from '../rules.js';

export default mutation('simulateCryptoDeposit', {
  rest: { method: 'POST', path: '/partner/v1/customers/:customerId/crypto/deposit-simulations' },
  target: 'customerId',
  evidence: null,
  resultId: (d) => d.depositId,
  validate: ({ input }, errors, ctx) => {
    // 1. sandbox, before anything about the request.
    if (!ctx.services.config.sandbox) throw new Problem('SANDBOX_ONLY', 'simulateCryptoDeposit is available in sandbox mode only.');
    // 2. shape.
    checkLength(errors, '/routeCode', input.routeCode, 1, 64);
    checkAmount(errors, '/amountMinor', input.amountMinor);
    if (input.amountMinor === '0') errors.add('/amountMinor', 'must be greater than zero');
    checkLength(errors, '/fromAddress', input.fromAddress, 1, 128);
    checkLength(errors, '/txHash', input.txHash, 1, 128);
  },
  run: async (tx, ctx, { customerId, input }) => {
    // 4. customer, 5. route (enabled and mapped: its wallet is ACTIVE).
    await requireOwnCustomer(tx, ctx, customerId);
    const route = await requirePermittedRoute(tx, ctx, input.routeCode);
    // §18 C3: an EVM route's deposits come from the chain → 409 ROUTE_RAIL_UNSUPPORTED.
    requireSandboxRail(route, 'simulateCryptoDeposit');
    if (!isBlockchain(route.blockchain)) throw new Error(`route ${route.routeCode} has an unknown blockchain`);
    const chain: Blockchain = route.blockchain;
    // 6. the source address and the hash in the chain's forms; both faults → VALIDATION_FAILED naming both.
    const errors = new FieldErrors();
    const fromFault = addressFault(chain, input.fromAddress);
    if (fromFault) errors.addAddress('/fromAddress', fromFault);
    const given = input.txHash ?? undefined;
    const txHashStored = given === undefined ? undefined : storedTxHash(chain, given);
    if (given !== undefined && txHashStored === undefined) errors.add('/txHash', `is not a ${chain} transaction hash`);
    errors.throwIfAny();
    // Row 8 decides the status, first matching: deny-listed source → FROZEN; at or above the threshold →
    // held; else credited. Read here because §4's bound on a credit made now is dependent validation (G,
    // 400), which the stage table puts before row 7's 409: a credit past the balance's 38 digits is
    // refused before the duplicate check, and before anything is written.
    const required = travelRuleRequired(route, input.amountMinor);
    const status: DepositStatus = await arrivalStatus(tx, { blockchain: chain, fromAddress: input.fromAddress, travelRuleRequired: required });
    if (status === 'COMPLETED') await requireCreditFits(tx, { customerId, currency: route.currency, amountMinor: input.amountMinor });
    // 7. one deposit per (chain, transaction, receiving wallet); other wallets' deposits are never revealed.
    const toAddress = depositWalletAddress(chain, route.routeCode, customerId);
    if (txHashStored !== undefined && (await findDepositByTx(tx, chain, txHashStored, toAddress)))
      throw new Problem('DUPLICATE_TX_HASH', 'This transaction was already credited to this deposit wallet.');
    // 8. effect, with the status above.
    const depositId = randomUUID();
    const now = ctx.now.toISOString();
    const deposit = await insertDeposit(tx, {
      depositId,
      customerId,
      clientId: ctx.clientId,
      routeCode: route.routeCode,
      blockchain: chain,
      amountMinor: input.amountMinor,
      currency: route.currency,
      currencyScale: route.currencyScale,
      fromAddress: input.fromAddress,
      toAddress,
      txHash: txHashStored ?? generatedTxHash(chain, depositId),
      status,
      statusInfo: DEPOSIT_STATUS_INFO[status],
      travelRuleRequired: required,
      travelRuleSubmittedAt: null,
      travelRuleOriginator: null,
      creditedAt: status === 'COMPLETED' ? now : null,
      createdAt: now,
      updatedAt: now,
    });
    return publishNewDeposit(tx, deposit);
  },
});
