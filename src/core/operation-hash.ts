// §5 the operation hash: SHA-256 of the JCS of the operation's payload. Pure (no database), so the
// server's check, the client (src/client/) and partnerctl compute it with one definition.
import { jcs, sha256Hex } from './canonical.js';

/** The payload partners hash: operationType, the path id and every input field but the evidence. */
export function operationPayload(
  operationType: string,
  pathId: Record<string, string>,
  input: Record<string, unknown>,
): Record<string, unknown> {
  const { operationAuthorization: _evidence, ...fields } = input;
  return { ...fields, ...pathId, operationType };
}

/** Lowercase hex SHA-256 of JCS(operationPayload(...)). */
export function operationHashOf(operationType: string, pathId: Record<string, string>, input: Record<string, unknown>): string {
  return sha256Hex(jcs(operationPayload(operationType, pathId, input)));
}

