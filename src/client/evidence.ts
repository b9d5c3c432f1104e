// §5 authorization evidence as the partner builds it: who approved the operation and how, bound to the
// exact operation by operationHash = SHA-256(JCS(payload)). The hash is computed by the same function
// the server checks with, so the two cannot disagree.
import { operationHashOf } from '../core/operation-hash.js';
import type { OperationAuthorizationInput } from './generated/types.js';

/** Every §5 operationType, with the path argument its payload carries and where it is served. */
export const MONEY_OPERATIONS = {
  CRYPTO_WITHDRAWAL_CREATE: { field: 'createCryptoWithdrawalApprovalDraft', pathId: 'customerId', rest: '/partner/v1/customers/{customerId}/crypto-withdrawals' },
  CRYPTO_WITHDRAWAL_SUBMIT: { field: 'submitCryptoWithdrawal', pathId: 'withdrawalId', rest: '/partner/v1/crypto/withdrawals/{withdrawalId}/submission' },
  CRYPTO_REFUND_CREATE: { field: 'createCryptoRefundApprovalDraft', pathId: 'depositId', rest: '/partner/v1/crypto/deposits/{depositId}/refunds' },
  CRYPTO_REFUND_SUBMIT: { field: 'submitCryptoRefund', pathId: 'refundId', rest: '/partner/v1/crypto/refunds/{refundId}/submission' },
  CRYPTO_REFUND_CONFIRM: { field: 'confirmCryptoRefund', pathId: 'refundId', rest: '/partner/v1/crypto/refunds/{refundId}/confirmation' },
} as const;

export type OperationType = keyof typeof MONEY_OPERATIONS;

/** Who authorized the operation in the partner's systems (§5); authorizedAt defaults to now. */
export type Authorizer = {
  authorizedByPartnerUserRef: string;
  authorizationMethod: string;
  mfaEvidenceRef: string;
  authorizedAt?: Date | string;
  authorizedByPartnerPolicyRef?: string;
  sourceSystem?: string;
  sourceActionRef?: string;
  rawEvidence?: Record<string, string>;
};

/**
 * The `operationAuthorization` for one operation: `id` is the value of its path argument (the customer,
 * withdrawal, deposit or refund id), `input` every other input field (any operationAuthorization in it
 * is ignored). Send `input` unchanged: a changed field is a 403 OPERATION_HASH_MISMATCH.
 */
export function buildEvidence(
  operationType: OperationType,
  id: string,
  input: Record<string, unknown>,
  who: Authorizer,
  now: () => Date = () => new Date(),
): OperationAuthorizationInput {
  const { authorizedAt, ...rest } = who;
  const at = authorizedAt === undefined ? now() : authorizedAt;
  return {
    operationType,
    operationHash: operationHashOf(operationType, { [MONEY_OPERATIONS[operationType].pathId]: id }, input),
    authorizedAt: typeof at === 'string' ? at : at.toISOString(),
    ...rest,
  };
}

export { operationHashOf, operationPayload } from '../core/operation-hash.js';

// The client's list is the server's (src/core/operation.ts): a type added on one side only fails to compile.
type ServerOperationType = import('../core/operation.js').OperationType;
const _sameTypes: [ServerOperationType] extends [OperationType] ? ([OperationType] extends [ServerOperationType] ? true : never) : never = true;
void _sameTypes;
