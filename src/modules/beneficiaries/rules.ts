// §4.3 Wallet beneficiaries: what a partner sees of one, and the address rule other modules share.
import { FieldErrors } from '../../core/problem.js';
import { isBlockchain, isValidAddress, type Blockchain } from '../../core/addresses/index.js';

export const WALLET_TYPES = ['PRIVATE_WALLET', 'VASP_WALLET'] as const;
export const OWNER_TYPES = ['INDIVIDUAL', 'CORPORATE'] as const;
export const MAX_SUPPORT_FILES = 10;

/** §6: the REST body is exactly the interface document's WalletBeneficiary table, in its order. */
export const WALLET_BENEFICIARY_REST_FIELDS = [
  'walletBeneficiaryId', 'routeCode', 'label', 'description', 'blockchain', 'walletAddress', 'isOwner', 'walletType',
  'platformName', 'platformUserId', 'ownerType', 'ownerInfo', 'purposeOfPayment', 'relationshipWithThirdParty',
  'beneficiaryStatus', 'screeningStatus', 'lastSyncedAt', 'removedAt', 'createdAt', 'updatedAt',
] as const;

/** §4.3 an address on a route's chain, checked once the route is known: else 400 INVALID_WALLET_ADDRESS. */
export function requireRouteAddress(route: { blockchain: string }, pointer: string, address: string): void {
  const errors = new FieldErrors();
  if (isBlockchain(route.blockchain)) checkWalletAddress(errors, pointer, route.blockchain, address);
  errors.throwIfAny();
}

/** A wallet address of `blockchain`, added to `errors` as INVALID_WALLET_ADDRESS when it is not one. */
export function checkWalletAddress(errors: FieldErrors, pointer: string, blockchain: Blockchain, address: string): void {
  if (!isValidAddress(blockchain, address)) errors.addAddress(pointer, `is not a valid ${blockchain} address`);
}
