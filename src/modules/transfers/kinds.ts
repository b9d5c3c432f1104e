// The two kinds of record the pipeline moves (D10): withdrawals from SUBMITTED (destination: the
// beneficiary's address; COMPLETED writes WITHDRAWAL then WITHDRAWAL_FEE) and refunds from CONFIRMED
// (destination: refundAddress on the deposit's chain; COMPLETED writes REFUND).
import type { CryptoRefundRow } from '../refunds/index.js';
import type { CryptoWithdrawalRow } from '../withdrawals/index.js';
import { findBeneficiary } from '../beneficiaries/index.js';
import { findWithdrawal, transitionWithdrawal } from '../withdrawals/index.js';
import type { TransferKind } from './pipeline.js';
import { dueRefunds, dueWithdrawals, findDepositBlockchain, findRouteBlockchain, findRefundRow, transitionRefundRow } from './repository.js';

export const withdrawalTransfers: TransferKind<CryptoWithdrawalRow> = {
  name: 'withdrawal-transfers',
  resourceType: 'CRYPTO_WITHDRAWAL',
  entry: 'SUBMITTED',
  due: dueWithdrawals,
  async load(x, id) {
    const w = await findWithdrawal(x, id);
    if (!w) return undefined;
    const beneficiary = await findBeneficiary(x, w.walletBeneficiaryId);
    if (!beneficiary) throw new Error(`withdrawal ${id}: beneficiary ${w.walletBeneficiaryId} is missing`);
    return {
      id,
      status: w.status,
      dueAt: w.dueAt,
      customerId: w.customerId,
      clientId: w.clientId,
      currency: w.currency,
      currencyScale: w.currencyScale,
      amountMinor: BigInt(w.amountMinor),
      feeMinor: BigInt(w.feeAmountMinor),
      failAt: w.failAt,
      txHash: w.txHash,
      blockchain: beneficiary.blockchain,
      address: beneficiary.walletAddress,
      routeCode: w.routeCode,
    };
  },
  transition: (x, id, from, set) => transitionWithdrawal(x, id, from, set),
  settlement: (r) => [
    { type: 'WITHDRAWAL', amountMinor: r.amountMinor },
    { type: 'WITHDRAWAL_FEE', amountMinor: r.feeMinor },
  ],
};

export const refundTransfers: TransferKind<CryptoRefundRow> = {
  name: 'refund-transfers',
  resourceType: 'CRYPTO_REFUND',
  entry: 'CONFIRMED',
  due: dueRefunds,
  async load(x, id) {
    const r = await findRefundRow(x, id);
    if (!r) return undefined;
    // §15.7: a refund names a deposit or a collection payment; the latter's chain is its route's.
    const blockchain = r.depositId !== null ? await findDepositBlockchain(x, r.depositId) : await findRouteBlockchain(x, r.routeCode, r.clientId);
    if (!blockchain) throw new Error(`refund ${id}: the chain of deposit ${r.depositId} / route ${r.routeCode} is missing`);
    return {
      id,
      status: r.status,
      dueAt: r.dueAt,
      customerId: r.customerId,
      clientId: r.clientId,
      currency: r.currency,
      currencyScale: r.currencyScale,
      amountMinor: BigInt(r.amountMinor),
      feeMinor: 0n,
      failAt: r.failAt,
      txHash: r.txHash,
      blockchain,
      address: r.refundAddress,
      routeCode: r.routeCode,
    };
  },
  transition: (x, id, from, set) => transitionRefundRow(x, id, from, set),
  settlement: (r) => [{ type: 'REFUND', amountMinor: r.amountMinor }],
};
