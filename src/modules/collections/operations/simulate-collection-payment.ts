// §15.6 simulateCollectionPayment: a payment into a checkout's or collection wallet's address, sandbox
// mode only. Checks in the section's order: sandbox → shape → idempotency (the registry) → the target →
// ROUTE_RAIL_UNSUPPORTED (§18.5: after row 4) → addresses and hash form → the credit within §4's 38 digits
// (AMOUNT_OUT_OF_RANGE) → duplicate transaction → effect.
// No route-enabled check and no gate: money arrives anyway (R13).
import { generatedTxHash, storedTxHash } from '../../../core/addresses/derive.js';
import { addressFault, isBlockchain, normalizeAddressForComparison } from '../../../core/addresses/index.js';
import { mutation } from '../../../core/operation.js';
import { FieldErrors, Problem } from '../../../core/problem.js';
import { checkAmount, checkLength } from '../../../core/validate.js';
import { findRoute, requireSandboxRail } from '../../routes/index.js';
import { requireCreditFits } from '../../ledger/index.js';
import { detectPayment, newPaymentId } from '../payments.js';
import { findCollectionAddress, findPaymentByTx } from '../repository.js';
import { paymentTargetKind } from '../targets.js';

export default mutation('simulateCollectionPayment', {
  // §15.1 names no REST path; every operation has one (settled point 9), beside simulateCryptoDeposit's.
  rest: { method: 'POST', path: '/partner/v1/crypto/collection-payment-simulations' },
  target: null,
  evidence: null,
  resultId: (p) => p.collectionPaymentId,
  validate: ({ input }, errors, ctx) => {
    // 1. sandbox, before anything about the request.
    if (!ctx.services.config.sandbox) throw new Problem('SANDBOX_ONLY', 'simulateCollectionPayment is available in sandbox mode only.');
    // 2. shape.
    checkLength(errors, '/routeCode', input.routeCode, 1, 64);
    checkLength(errors, '/toAddress', input.toAddress, 1, 128);
    checkAmount(errors, '/amountMinor', input.amountMinor);
    if (input.amountMinor === '0') errors.add('/amountMinor', 'must be greater than zero');
    checkLength(errors, '/fromAddress', input.fromAddress, 1, 128);
    checkLength(errors, '/txHash', input.txHash, 1, 128);
  },
  run: async (tx, ctx, { input }) => {
    // 4. a target of this partner on the route at toAddress (canonical form); nothing else is revealed.
    const notFound = () => new Problem('NOT_FOUND', 'No checkout or collection wallet of this partner on routeCode has this toAddress.');
    const route = await findRoute(tx, input.routeCode, ctx.clientId);
    if (!route || !isBlockchain(route.blockchain)) throw notFound();
    const chain = route.blockchain;
    const address = await findCollectionAddress(tx, ctx.clientId, route.routeCode, chain, normalizeAddressForComparison(chain, input.toAddress));
    const kind = address && paymentTargetKind(address.targetType);
    const target = address && (await kind!.load(tx, address.targetId));
    if (!address || !target) throw notFound();
    // §18.5: after row 4.
    requireSandboxRail(route, 'simulateCollectionPayment');
    // 5. the source address and the hash in the chain's forms; both faults → VALIDATION_FAILED naming both.
    const errors = new FieldErrors();
    const fromFault = addressFault(chain, input.fromAddress);
    if (fromFault) errors.addAddress('/fromAddress', fromFault);
    const given = input.txHash ?? undefined;
    const txHashStored = given === undefined ? undefined : storedTxHash(chain, given);
    if (given !== undefined && txHashStored === undefined) errors.add('/txHash', `is not a ${chain} transaction hash`);
    errors.throwIfAny();
    // §4's bound on the credit the confirmation will make (stage G, it reads a balance); none without one.
    const confirm = input.confirm !== false;
    if (confirm) await requireCreditFits(tx, { customerId: target.customerId, currency: route.currency, amountMinor: input.amountMinor });
    // 6. a transaction pays an address once (uq_collection_payment_tx holds under races).
    if (txHashStored !== undefined && (await findPaymentByTx(tx, chain, txHashStored, address.addressKey)))
      throw new Problem('DUPLICATE_TX_HASH', 'A payment of this transaction to this address was already detected.');
    // 7.
    const collectionPaymentId = newPaymentId();
    return detectPayment(tx, {
      target,
      targetType: address.targetType as 'CHECKOUT' | 'COLLECTION_WALLET',
      route,
      amountMinor: input.amountMinor,
      fromAddress: input.fromAddress,
      toAddress: address.address,
      txHash: txHashStored ?? generatedTxHash(chain, collectionPaymentId),
      collectionPaymentId,
      confirm,
      at: ctx.now,
      sandboxStepDelayMs: ctx.services.config.sandboxStepDelayMs,
      confirmationTimeoutSeconds: ctx.services.config.collectionConfirmationTimeoutSeconds,
    });
  },
});
