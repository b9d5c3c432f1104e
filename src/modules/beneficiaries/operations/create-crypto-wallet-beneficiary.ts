// §4.3 createCryptoWalletBeneficiary: validated address, screened on create, one active per address; its
// support files are the customer's, UPLOADED or LINKED (§12.2, §16.8).
import { randomUUID } from 'node:crypto';
import { isBlockchain, normalizeAddressForComparison, type Blockchain } from '../../../core/addresses/index.js';
import { awaitedLater } from '../../../core/awaited-later.js';
import { mutation } from '../../../core/operation.js';
import { Problem } from '../../../core/problem.js';
import { BLOCKCHAINS, checkCode, checkLength, checkOneOf } from '../../../core/validate.js';
import { customerGate, requireOwnCustomer } from '../../customers/index.js';
import { fileReferences } from '../../files/index.js';
import { isDenied } from '../../routes/index.js';
import { requirePermittedRoute } from '../../routes/index.js';
import { findActiveBeneficiaryByAddress, insertBeneficiary } from '../repository.js';
import { checkWalletAddress, MAX_SUPPORT_FILES, OWNER_TYPES, recordNewBeneficiaryEvent, WALLET_BENEFICIARY_REST_FIELDS, WALLET_TYPES } from '../rules.js';

export default mutation('createCryptoWalletBeneficiary', {
  rest: { method: 'POST', path: '/partner/v1/customers/:customerId/crypto/wallet-beneficiaries', fields: WALLET_BENEFICIARY_REST_FIELDS },
  target: 'customerId',
  evidence: null,
  resultId: (b) => b.walletBeneficiaryId,
  validate: ({ input }, errors) => {
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
  },
  run: async (tx, ctx, { customerId, input }) => {
    const blockchain = input.blockchain as Blockchain;
    // Duplicates and screening compare the chain's canonical form, never the spelling sent.
    const addressKey = normalizeAddressForComparison(blockchain, input.walletAddress);
    // Every read the checks below need, sent together; each check awaits its own, in §4's order.
    const reads = {
      customer: awaitedLater(requireOwnCustomer(tx, ctx, customerId)),
      // §4.3 as amended (§16.8): the support files are records the input names (D), ready in H.
      supportFiles: awaitedLater(fileReferences(tx, ctx, customerId, (input.supportFiles ?? []).map((f) => f.fileAssetId))),
      route: awaitedLater(requirePermittedRoute(tx, ctx, input.routeCode)),
      duplicate: awaitedLater(findActiveBeneficiaryByAddress(tx, customerId, blockchain, addressKey)),
      denied: awaitedLater(isDenied(tx, blockchain, addressKey)),
    };
    const customer = await reads.customer;
    const supportFiles = await reads.supportFiles;
    const route = await reads.route;
    if (route.blockchain !== blockchain)
      throw new Problem('VALIDATION_FAILED', `blockchain must be the route's (${route.blockchain}).`, [
        { pointer: '/blockchain', detail: `must equal the route's blockchain ${route.blockchain}` },
      ]);
    // §12.4: the gate, first among the 409s.
    customerGate(customer, 'crypto', ctx.services.config);
    supportFiles.requireReady();
    if (await reads.duplicate)
      throw new Problem('DUPLICATE_WALLET_BENEFICIARY', 'This customer already has an active beneficiary with this blockchain and address.');
    const denied = await reads.denied;
    const now = ctx.now.toISOString();
    const created = await insertBeneficiary(tx, {
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
    // §11.2: `wallet_beneficiary.active` or `.blocked`, sequence 1.
    await recordNewBeneficiaryEvent(tx, created);
    return created;
  },
});
