// Crypto deposits (§4.5) and their sandbox simulation (§8).
import { randomUUID } from 'node:crypto';
import type { Exec } from '../db/exec.js';
import { findDeposit, insertDeposit, refundAmountsOfDeposit } from '../db/records-repository.js';
import type { CryptoDepositRow } from '../db/schema.js';
import type { CallContext } from './context.js';
import { requireOwnCustomer } from './customers.js';
import { ownOrNull } from './ownership.js';
import { runIdempotent } from './idempotency.js';
import { FieldErrors, Problem } from './problem.js';
import { requirePermittedRoute } from './routes.js';
import { checkWalletAddress, isBlockchain } from './beneficiaries.js';
import { checkAmount, checkLength } from './validate.js';

/** A deposit as the API shows it: the row plus what is still refundable. */
export type DepositView = CryptoDepositRow & { refundableAmountMinor: string };

export type SimulateCryptoDepositInput = { routeCode: string; amountMinor: string; fromAddress: string; txHash?: string | null };

/** §4.5 refundable = amount less the refunds that are not cancelled (drafts included). */
export function refundableOf(tx: Exec, deposit: CryptoDepositRow): bigint {
  const refunded = refundAmountsOfDeposit(tx, deposit.depositId).reduce((sum, a) => sum + BigInt(a), 0n);
  return BigInt(deposit.amountMinor) - refunded;
}

export function depositView(tx: Exec, deposit: CryptoDepositRow): DepositView {
  return { ...deposit, refundableAmountMinor: refundableOf(tx, deposit).toString() };
}

export function getDeposit(ctx: CallContext, id: string): DepositView | null {
  const row = ownOrNull(ctx, findDeposit(ctx.services.db, id), 'deposit');
  return row && depositView(ctx.services.db, row);
}

export async function simulateDeposit(ctx: CallContext, customerId: string, input: SimulateCryptoDepositInput): Promise<DepositView> {
  if (!ctx.services.config.sandbox)
    throw new Problem('SANDBOX_ONLY', 'simulateCryptoDeposit is available in sandbox mode only.');
  const errors = new FieldErrors();
  checkLength(errors, '/routeCode', input.routeCode, 1, 64);
  checkAmount(errors, '/amountMinor', input.amountMinor);
  if (input.amountMinor === '0') errors.add('/amountMinor', 'must be greater than zero');
  checkLength(errors, '/fromAddress', input.fromAddress, 1, 128);
  checkLength(errors, '/txHash', input.txHash, 1, 128);
  errors.throwIfAny();
  return runIdempotent(ctx, 'simulateCryptoDeposit', { customerId, input }, (d) => d.depositId, (tx) => {
    requireOwnCustomer(tx, ctx, customerId);
    const route = requirePermittedRoute(tx, ctx, input.routeCode);
    const addressErrors = new FieldErrors();
    if (isBlockchain(route.blockchain)) checkWalletAddress(addressErrors, '/fromAddress', route.blockchain, input.fromAddress);
    addressErrors.throwIfAny();
    const deposit = insertDeposit(tx, {
      depositId: randomUUID(),
      customerId,
      clientId: ctx.clientId,
      routeCode: route.routeCode,
      blockchain: route.blockchain,
      amountMinor: input.amountMinor,
      currency: route.currency,
      currencyScale: route.currencyScale,
      fromAddress: input.fromAddress,
      txHash: input.txHash ?? null,
      status: 'COMPLETED',
      createdAt: ctx.now.toISOString(),
    });
    return { ...deposit, refundableAmountMinor: deposit.amountMinor };
  });
}
