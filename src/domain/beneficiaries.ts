// §4.3 Wallet beneficiaries: validated addresses, screened on create, one active per address.
import { randomUUID } from 'node:crypto';
import { findActiveBeneficiaryByAddress, findBeneficiary, insertBeneficiary } from '../db/records-repository.js';
import { isDenied } from '../db/routes-repository.js';
import type { SupportFile, WalletBeneficiaryRow } from '../db/schema.js';
import { isValidAddress, normalizeAddressForComparison, type Blockchain } from './addresses/index.js';
import type { CallContext } from './context.js';
import { requireOwnCustomer } from './customers.js';
import { ownOrNull } from './ownership.js';
import { runIdempotent } from './idempotency.js';
import { FieldErrors, Problem } from './problem.js';
import { requirePermittedRoute } from './routes.js';
import { BLOCKCHAINS, checkCode, checkLength, checkOneOf } from './validate.js';

export const WALLET_TYPES = ['PRIVATE_WALLET', 'VASP_WALLET'] as const;
export const OWNER_TYPES = ['INDIVIDUAL', 'CORPORATE'] as const;
const MAX_SUPPORT_FILES = 10;

export type CreateCryptoWalletBeneficiaryInput = {
  routeCode: string;
  label: string;
  blockchain: string;
  walletAddress: string;
  isOwner: boolean;
  walletType: string;
  ownerType: string;
  description?: string | null;
  platformName?: string | null;
  platformUserId?: string | null;
  ownerInfo?: Record<string, string> | null;
  purposeOfPayment?: number | null;
  relationshipWithThirdParty?: number | null;
  supportFiles?: SupportFile[] | null;
};

export function isBlockchain(value: string): value is Blockchain {
  return (BLOCKCHAINS as readonly string[]).includes(value);
}

/** A wallet address of `blockchain`, added to `errors` as INVALID_WALLET_ADDRESS when it is not one. */
export function checkWalletAddress(errors: FieldErrors, pointer: string, blockchain: Blockchain, address: string): void {
  if (!isValidAddress(blockchain, address)) errors.addAddress(pointer, `is not a valid ${blockchain} address`);
}

function validate(input: CreateCryptoWalletBeneficiaryInput): void {
  const errors = new FieldErrors();
  checkLength(errors, '/routeCode', input.routeCode, 1, 64);
  checkLength(errors, '/label', input.label, 1, 100);
  checkLength(errors, '/description', input.description, 0, 500);
  checkLength(errors, '/platformName', input.platformName, 1, 200);
  checkLength(errors, '/platformUserId', input.platformUserId, 1, 200);
  checkOneOf(errors, '/blockchain', input.blockchain, BLOCKCHAINS);
  checkOneOf(errors, '/walletType', input.walletType, WALLET_TYPES);
  checkOneOf(errors, '/ownerType', input.ownerType, OWNER_TYPES);
  if (input.walletType === 'VASP_WALLET' && !input.platformName)
    errors.add('/platformName', 'is required when walletType is VASP_WALLET');
  if (!input.isOwner) {
    if (!input.ownerInfo?.name?.trim()) errors.add('/ownerInfo/name', 'is required when isOwner is false');
    if (input.relationshipWithThirdParty === null || input.relationshipWithThirdParty === undefined)
      errors.add('/relationshipWithThirdParty', 'is required when isOwner is false');
  }
  checkCode(errors, '/purposeOfPayment', 'purposeOfPayment', input.purposeOfPayment);
  checkCode(errors, '/relationshipWithThirdParty', 'relationshipWithThirdParty', input.relationshipWithThirdParty);
  const files = input.supportFiles ?? [];
  if (files.length > MAX_SUPPORT_FILES) errors.add('/supportFiles', `must hold at most ${MAX_SUPPORT_FILES} files`);
  files.forEach((f, i) => checkLength(errors, `/supportFiles/${i}/purpose`, f.purpose, 1, 100));
  if (isBlockchain(input.blockchain)) checkWalletAddress(errors, '/walletAddress', input.blockchain, input.walletAddress);
  errors.throwIfAny();
}

export function getBeneficiary(ctx: CallContext, id: string): WalletBeneficiaryRow | null {
  return ownOrNull(ctx, findBeneficiary(ctx.services.db, id), 'wallet beneficiary');
}

export async function createBeneficiary(
  ctx: CallContext,
  customerId: string,
  input: CreateCryptoWalletBeneficiaryInput,
): Promise<WalletBeneficiaryRow> {
  validate(input);
  const blockchain = input.blockchain as Blockchain;
  return runIdempotent(
    ctx,
    'createCryptoWalletBeneficiary',
    { customerId, input },
    (b) => b.walletBeneficiaryId,
    (tx) => {
      requireOwnCustomer(tx, ctx, customerId);
      const route = requirePermittedRoute(tx, ctx, input.routeCode);
      if (route.blockchain !== blockchain)
        throw new Problem('VALIDATION_FAILED', `blockchain must be the route's (${route.blockchain}).`, [
          { pointer: '/blockchain', detail: `must equal the route's blockchain ${route.blockchain}` },
        ]);
      const addressKey = normalizeAddressForComparison(blockchain, input.walletAddress);
      if (findActiveBeneficiaryByAddress(tx, customerId, blockchain, addressKey))
        throw new Problem(
          'DUPLICATE_WALLET_BENEFICIARY',
          'This customer already has an active beneficiary with this blockchain and address.',
        );
      const denied = isDenied(tx, blockchain, addressKey);
      const now = ctx.now.toISOString();
      return insertBeneficiary(tx, {
        walletBeneficiaryId: randomUUID(),
        customerId,
        clientId: ctx.clientId,
        routeCode: input.routeCode,
        label: input.label,
        description: input.description ?? null,
        blockchain,
        walletAddress: input.walletAddress,
        addressKey,
        isOwner: input.isOwner,
        walletType: input.walletType,
        ownerType: input.ownerType,
        platformName: input.platformName ?? null,
        platformUserId: input.platformUserId ?? null,
        ownerInfo: input.ownerInfo ?? null,
        purposeOfPayment: input.purposeOfPayment ?? null,
        relationshipWithThirdParty: input.relationshipWithThirdParty ?? null,
        supportFiles: input.supportFiles ? input.supportFiles.map((f) => ({ fileAssetId: f.fileAssetId, purpose: f.purpose })) : null,
        // §4.3 screening: a denied address is recorded, but BLOCKED (still 200: the record exists).
        screeningStatus: denied ? 'REJECTED' : 'CLEARED',
        beneficiaryStatus: denied ? 'BLOCKED' : 'ACTIVE',
        createdAt: now,
        updatedAt: now,
        lastSyncedAt: now,
        removedAt: null,
      });
    },
  );
}
