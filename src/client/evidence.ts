// §5 authorization evidence as the partner builds it: who approved the operation and how, bound to the
// exact operation by operationHash = SHA-256(JCS(payload)). The hash is computed by the same function
// the server checks with, so the two cannot disagree.
import { operationHashOf } from '../core/operation-hash.js';
import { MONEY_OPERATIONS, type OperationType } from './generated/operations.js';
import type { OperationAuthorizationInput } from './generated/types.js';

// Every §5 operationType, with its path argument and where it is served: generated from the descriptors.
export { MONEY_OPERATIONS, type OperationType };

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
  /** The path argument `id` is, where the type serves several operations (§15.7 collectionPaymentId); default the type's. */
  pathId: string = MONEY_OPERATIONS[operationType].pathId,
): OperationAuthorizationInput {
  const { authorizedAt, ...rest } = who;
  const at = authorizedAt === undefined ? now() : authorizedAt;
  return {
    operationType,
    operationHash: operationHashOf(operationType, { [pathId]: id }, input),
    authorizedAt: typeof at === 'string' ? at : at.toISOString(),
    ...rest,
  };
}

export { operationHashOf, operationPayload } from '../core/operation-hash.js';
