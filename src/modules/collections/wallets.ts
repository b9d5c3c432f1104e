// §15.5 collection wallets: the address of a new one (§15.2) and the expiry step.
import type { Exec } from '../../db/exec.js';
import { collectionWalletAddress } from '../../core/addresses/derive.js';
import { normalizeAddressForComparison, type Blockchain } from '../../core/addresses/index.js';
import { transition } from '../lifecycle/index.js';
import { findWallet, insertCollectionAddress } from './repository.js';
import { walletLifecycle } from './rules.js';
import type { PaymentTargetType } from './targets.js';

/**
 * §15.2, §16.4: records a payment target's address; uq_collection_address keeps checkout and wallet
 * addresses apart (a collision, never expected, is a 500). Checkouts call this for their own addresses.
 */
export async function claimCollectionAddress(
  tx: Exec,
  a: { targetType: PaymentTargetType; targetId: string; clientId: string; routeCode: string; blockchain: string; address: string; at: string },
): Promise<void> {
  await insertCollectionAddress(tx, {
    targetId: a.targetId,
    targetType: a.targetType,
    clientId: a.clientId,
    routeCode: a.routeCode,
    blockchain: a.blockchain,
    address: a.address,
    addressKey: normalizeAddressForComparison(a.blockchain as Blockchain, a.address),
    createdAt: a.at,
  });
}

/** §15.2: a wallet's address on its route's chain. */
export const walletAddress = (blockchain: string, routeCode: string, collectionWalletId: string) =>
  collectionWalletAddress(blockchain as Blockchain, routeCode, collectionWalletId);

/** §15.5 the expiry step at `expiresAt`: ACTIVE → EXPIRED, a compare-and-set on the wallet's version. */
export async function walletExpiryStep(tx: Exec, collectionWalletId: string, now: Date): Promise<boolean> {
  const w = await findWallet(tx, collectionWalletId);
  if (!w || w.status !== 'ACTIVE' || w.expiresAt === null || Date.parse(w.expiresAt) > now.getTime()) return false;
  const row = await transition(tx, walletLifecycle(w.version), { id: collectionWalletId, from: 'ACTIVE', to: 'EXPIRED', at: now.toISOString() });
  return row !== undefined;
}
