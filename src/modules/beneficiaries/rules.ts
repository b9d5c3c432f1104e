// §4.3 / §10.9 Wallet beneficiaries: what a partner sees of one, its events, and the address rule other
// modules share.
import type { Exec } from '../../db/exec.js';
import type { WalletBeneficiaryRow } from './tables.js';
import type { CallContext } from '../../core/context.js';
import { requireOwn } from '../../core/ownership.js';
import { FieldErrors } from '../../core/problem.js';
import { addressFault, isBlockchain, type Blockchain } from '../../core/addresses/index.js';
import { recordEvent } from '../events/index.js';
import type { Lifecycle } from '../lifecycle/index.js';
import { walletBeneficiaryRecord } from './records.js';
import { findBeneficiary, updateBeneficiary, type BeneficiaryChange } from './repository.js';

export const WALLET_TYPES = ['PRIVATE_WALLET', 'VASP_WALLET'] as const;
export const OWNER_TYPES = ['INDIVIDUAL', 'CORPORATE'] as const;
export const MAX_SUPPORT_FILES = 10;
export { BENEFICIARY_STATUSES } from './records.js';

/** A beneficiary's status changes (§10.10): `beneficiaryStatus`, no statusInfo, no money. */
export const beneficiaryLifecycle: Lifecycle<WalletBeneficiaryRow, BeneficiaryChange> = {
  record: walletBeneficiaryRecord,
  compareAndSet: updateBeneficiary,
};

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
  const fault = addressFault(blockchain, address);
  if (fault) errors.addAddress(pointer, fault);
}

/** Unknown → 404 WALLET_BENEFICIARY_NOT_FOUND; another partner's → 403 FORBIDDEN. */
export async function requireOwnBeneficiary(tx: Exec, ctx: CallContext, walletBeneficiaryId: string): Promise<WalletBeneficiaryRow> {
  return requireOwn(ctx, await findBeneficiary(tx, walletBeneficiaryId), 'WALLET_BENEFICIARY_NOT_FOUND', 'wallet beneficiary', walletBeneficiaryId);
}

/** §11.1–§11.2: a new beneficiary's event, typed by `beneficiaryStatus`. Later changes are transitions (beneficiaryLifecycle). */
export function recordNewBeneficiaryEvent(tx: Exec, b: WalletBeneficiaryRow): Promise<unknown> {
  return recordEvent(tx, {
    resourceType: 'WALLET_BENEFICIARY',
    resourceId: b.walletBeneficiaryId,
    clientId: b.clientId,
    customerId: b.customerId,
    resource: b,
    status: b.beneficiaryStatus,
    previousStatus: null,
    at: b.updatedAt,
  });
}
