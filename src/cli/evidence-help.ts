// `partnerctl evidence --help`: the operation types and their path ids, from the operation descriptors
// (through the generated client table), so a new money operation is listed without an edit here. Light
// on purpose: building the program's help loads this and nothing of the service.
import { MONEY_FIELDS, MONEY_OPERATIONS } from '../client/generated/operations.js';

/** `evidence --help`: the operation types, from the operation descriptors (through the generated client). */
export function operationTypesHelp(): string {
  return `one of ${Object.keys(MONEY_OPERATIONS).join(', ')}`;
}

/** `evidence --help`: which path id each operation type takes, e.g. `customerId (CONVERSION_CREATE, …)`. */
export function pathIdsHelp(): string {
  const byId = new Map<string, string[]>();
  for (const op of Object.values(MONEY_FIELDS)) {
    const types = byId.get(op.pathId) ?? [];
    if (!types.includes(op.operationType)) byId.set(op.pathId, [...types, op.operationType]);
  }
  return `the path id: ${[...byId].map(([id, types]) => `${id} (${types.join(', ')})`).join('; ')}`;
}

/** `evidence --help`: `--path-id`, for the operation types that serve several operations (§15.7). */
export function pathIdOptionHelp(): string {
  const shared = Object.entries(MONEY_OPERATIONS).map(([type, own]) => {
    const others = Object.values(MONEY_FIELDS).filter((f) => f.operationType === type && f.pathId !== own.pathId);
    return others.length === 0 ? null : `${type}: ${own.pathId}, the default, or ${others.map((f) => f.pathId).join(' or ')}`;
  });
  return `which path id --id is, where a type serves several operations (${shared.filter((t) => t !== null).join('; ')})`;
}
