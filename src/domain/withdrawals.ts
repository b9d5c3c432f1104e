// §4.4 Crypto withdrawal approval drafts, authorized by evidence (§5).
import { randomUUID } from 'node:crypto';
import { findBeneficiary, findWithdrawal, findWithdrawalByClientReference, insertWithdrawal } from '../db/records-repository.js';
import type { CryptoWithdrawalRow } from '../db/schema.js';
import type { CallContext } from './context.js';
import { requireOwnCustomer } from './customers.js';
import { ownOrNull } from './ownership.js';
import { assertEvidenceUnused, recordEvidence, validateEvidenceShape, verifyEvidence, type Evidence } from './evidence.js';
import { runIdempotent } from './idempotency.js';
import { FieldErrors, Problem } from './problem.js';
import { amountWithinRoute, describeBounds, requirePermittedRoute } from './routes.js';
import { checkAmount, checkCode, checkLength, checkOther } from './validate.js';

export type CreateCryptoWithdrawalApprovalDraftInput = {
  routeCode: string;
  walletBeneficiaryId: string;
  amountMinor: string;
  currency: string;
  currencyScale: number;
  operationAuthorization: Evidence;
  clientReference?: string | null;
  withdrawalType?: number | null;
  externalFeeFields?: Record<string, string> | null;
  purposeOfPayment?: number | null;
  otherPurpose?: string | null;
  relationshipWithThirdParty?: number | null;
  otherRelationship?: string | null;
};

function validate(input: CreateCryptoWithdrawalApprovalDraftInput): void {
  const errors = new FieldErrors();
  checkLength(errors, '/routeCode', input.routeCode, 1, 64);
  checkAmount(errors, '/amountMinor', input.amountMinor);
  checkLength(errors, '/currency', input.currency, 1, 16);
  if (input.currencyScale < 0 || input.currencyScale > 36) errors.add('/currencyScale', 'must be between 0 and 36');
  checkLength(errors, '/clientReference', input.clientReference, 1, 128);
  checkCode(errors, '/withdrawalType', 'withdrawalType', input.withdrawalType);
  checkCode(errors, '/purposeOfPayment', 'purposeOfPayment', input.purposeOfPayment);
  checkCode(errors, '/relationshipWithThirdParty', 'relationshipWithThirdParty', input.relationshipWithThirdParty);
  checkOther(errors, input.purposeOfPayment, '/otherPurpose', input.otherPurpose);
  checkOther(errors, input.relationshipWithThirdParty, '/otherRelationship', input.otherRelationship);
  checkLength(errors, '/otherPurpose', input.otherPurpose, 1, 500);
  checkLength(errors, '/otherRelationship', input.otherRelationship, 1, 500);
  validateEvidenceShape(input.operationAuthorization, errors);
  errors.throwIfAny();
}

export function getWithdrawal(ctx: CallContext, id: string): CryptoWithdrawalRow | null {
  return ownOrNull(ctx, findWithdrawal(ctx.services.db, id), 'withdrawal');
}

export async function createWithdrawalDraft(
  ctx: CallContext,
  customerId: string,
  input: CreateCryptoWithdrawalApprovalDraftInput,
): Promise<CryptoWithdrawalRow> {
  validate(input);
  return runIdempotent(
    ctx,
    'createCryptoWithdrawalApprovalDraft',
    { customerId, input },
    (w) => w.withdrawalId,
    (tx) => {
      // Order of §4: records and ownership → route → evidence → route-dependent validation → state rules.
      requireOwnCustomer(tx, ctx, customerId);
      const beneficiary = findBeneficiary(tx, input.walletBeneficiaryId);
      if (!beneficiary)
        throw new Problem('WALLET_BENEFICIARY_NOT_FOUND', `Wallet beneficiary ${input.walletBeneficiaryId} does not exist.`);
      if (beneficiary.customerId !== customerId)
        throw new Problem('FORBIDDEN', 'This wallet beneficiary belongs to another customer.');
      const route = requirePermittedRoute(tx, ctx, input.routeCode);
      verifyEvidence(ctx, 'CRYPTO_WITHDRAWAL_CREATE', { customerId }, input);

      const errors = new FieldErrors();
      if (input.currency !== route.currency) errors.add('/currency', `must be the route's currency ${route.currency}`);
      if (input.currencyScale !== route.currencyScale)
        errors.add('/currencyScale', `must be the route's currency scale ${route.currencyScale}`);
      errors.throwIfAny();
      if (!amountWithinRoute(route, input.amountMinor))
        throw new Problem('AMOUNT_OUT_OF_RANGE', `amountMinor must be ${describeBounds(route)} on route ${route.routeCode}.`, [
          { pointer: '/amountMinor', detail: `must be ${describeBounds(route)}` },
        ]);

      if (beneficiary.beneficiaryStatus !== 'ACTIVE')
        throw new Problem('BENEFICIARY_NOT_ACTIVE', `Wallet beneficiary is ${beneficiary.beneficiaryStatus}, not ACTIVE.`);
      if (beneficiary.blockchain !== route.blockchain)
        throw new Problem('ROUTE_MISMATCH', `The beneficiary is on ${beneficiary.blockchain}, the route on ${route.blockchain}.`);
      if (input.clientReference && findWithdrawalByClientReference(tx, customerId, input.clientReference))
        throw new Problem('DUPLICATE_CLIENT_REFERENCE', `clientReference "${input.clientReference}" is already used by this customer.`);
      assertEvidenceUnused(tx, ctx, input.operationAuthorization);

      const now = ctx.now.toISOString();
      const withdrawal = insertWithdrawal(tx, {
        withdrawalId: randomUUID(),
        customerId,
        clientId: ctx.clientId,
        walletBeneficiaryId: beneficiary.walletBeneficiaryId,
        walletBeneficiaryLabel: beneficiary.label,
        routeCode: route.routeCode,
        amountMinor: input.amountMinor,
        currency: route.currency,
        currencyScale: route.currencyScale,
        feeAmountMinor: route.feeAmountMinor,
        feeCurrency: route.currency,
        clientReference: input.clientReference ?? null,
        withdrawalType: input.withdrawalType ?? 1,
        externalFeeFields: input.externalFeeFields ?? null,
        purposeOfPayment: input.purposeOfPayment ?? null,
        otherPurpose: input.otherPurpose ?? null,
        relationshipWithThirdParty: input.relationshipWithThirdParty ?? null,
        otherRelationship: input.otherRelationship ?? null,
        status: 'APPROVED',
        statusInfo: 'Awaiting submission',
        kytResult: 'PENDING',
        txHash: null,
        createdAt: now,
        updatedAt: now,
      });
      recordEvidence(tx, ctx, input.operationAuthorization, { type: 'CRYPTO_WITHDRAWAL', id: withdrawal.withdrawalId });
      return withdrawal;
    },
  );
}
