// D10: refunds as the outbound pipeline (src/modules/transfers/) moves them — from CONFIRMED, to
// refundAddress on the deposit's chain (the chain of the deposit's route, which the refund keeps; a
// route's chain never changes); COMPLETED writes REFUND (no fee, §10.8). The pipeline reads and changes
// refunds only through this kind.
import { findRoute } from '../routes/index.js';
import type { TransferKind } from '../transfers/index.js';
import { findRefund, transitionRefund, waitingRefunds } from './repository.js';
import type { CryptoRefundRow } from './tables.js';

export const refundTransfers: TransferKind<CryptoRefundRow> = {
  name: 'refund-transfers',
  resourceType: 'CRYPTO_REFUND',
  entry: 'CONFIRMED',
  waiting: waitingRefunds,
  async load(x, id) {
    const r = await findRefund(x, id);
    if (!r) return undefined;
    const route = await findRoute(x, r.routeCode, r.clientId);
    if (!route) throw new Error(`refund ${id}: route ${r.routeCode} is missing`);
    return {
      id,
      status: r.status,
      statusInfo: r.statusInfo,
      dueAt: r.dueAt,
      customerId: r.customerId,
      clientId: r.clientId,
      currency: r.currency,
      currencyScale: r.currencyScale,
      amountMinor: BigInt(r.amountMinor),
      feeMinor: 0n,
      failAt: r.failAt,
      txHash: r.txHash,
      blockchain: route.blockchain,
      address: r.refundAddress,
      routeCode: r.routeCode,
    };
  },
  transition: (x, id, from, set) => transitionRefund(x, id, from, set),
  settlement: (r) => [{ type: 'REFUND', amountMinor: r.amountMinor }],
};
