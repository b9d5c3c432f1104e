// §18 C7: the two kinds of record the EVM rail moves, by the resourceType stored with each transfer; each
// record module provides its kind (the rail reads and changes their records only through it).
import { refundTransfers } from '../refunds/index.js';
import type { TransferKind } from '../transfers/index.js';
import { withdrawalTransfers } from '../withdrawals/index.js';

/** The resourceType a transfer row stores. */
export type EvmKindName = 'CRYPTO_WITHDRAWAL' | 'CRYPTO_REFUND';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyKind = TransferKind<any>;

export const KINDS: Record<EvmKindName, AnyKind> = { CRYPTO_WITHDRAWAL: withdrawalTransfers, CRYPTO_REFUND: refundTransfers };
