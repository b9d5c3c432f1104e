// An answer that is not a success, as the client hands it to its caller: the RFC 9457 problem (§7) on
// REST, the first GraphQL error's extensions on GraphQL (the same code and status on both surfaces).

export type ProblemBody = {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  code?: string;
  /** Field errors of a 400 (§7). */
  errors?: { pointer: string; detail: string }[];
  /** AUTH_SIGNATURE_INVALID: the seven lines the server signed; diff them with yours (§2). */
  canonicalString?: string;
  /** OPERATION_HASH_MISMATCH: the operationType and the JCS text the server hashed; diff it with yours (§5). */
  operationType?: string;
  operationPayload?: string;
  [member: string]: unknown;
};

export class PartnerApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly problem: ProblemBody,
    readonly requestId: string | null,
  ) {
    super(`${status} ${code}: ${problem.detail ?? problem.title ?? 'request failed'}`);
    this.name = 'PartnerApiError';
  }
}
