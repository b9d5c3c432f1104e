// D10: withdrawals as the outbound pipeline (src/modules/transfers/) moves them — from SUBMITTED, to the
// beneficiary's address; COMPLETED writes WITHDRAWAL then WITHDRAWAL_FEE. The pipeline reads and changes
// withdrawals only through this kind.
import { findBeneficiary } from '../beneficiaries/index.js';
import type { TransferKind } from '../transfers/index.js';
import { findWithdrawal, transitionWithdrawal, waitingWithdrawals } from './repository.js';
import type { CryptoWithdrawalRow } from './tables.js';

export const withdrawalTransfers: TransferKind<CryptoWithdrawalRow> = {
  name: 'withdrawal-transfers',
  resourceType: 'CRYPTO_WITHDRAWAL',
  entry: 'SUBMITTED',
  waiting: waitingWithdrawals,
  async load(x, id) {
    const w = await findWithdrawal(x, id);
    if (!w) return undefined;
    const beneficiary = await findBeneficiary(x, w.walletBeneficiaryId);
    if (!beneficiary) throw new Error(`withdrawal ${id}: beneficiary ${w.walletBeneficiaryId} is missing`);
    return {
      id,
      status: w.status,
      statusInfo: w.statusInfo,
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
