// `partnerctl evidence --help`: the operation types and their path ids, from the operation descriptors
// (through the generated client table), so a new money operation is listed without an edit here. Light
// on purpose: building the program's help loads this and nothing of the service.
import { MONEY_OPERATIONS } from '../client/generated/operations.js';

/** `evidence --help`: the operation types, from the operation descriptors (through the generated client). */
export function operationTypesHelp(): string {
  return `one of ${Object.keys(MONEY_OPERATIONS).join(', ')}`;
}

/** `evidence --help`: which path id each operation type takes, e.g. `customerId (CONVERSION_CREATE, …)`. */
export function pathIdsHelp(): string {
  const byId = new Map<string, string[]>();
  for (const [type, op] of Object.entries(MONEY_OPERATIONS)) byId.set(op.pathId, [...(byId.get(op.pathId) ?? []), type]);
  return `the path id: ${[...byId].map(([id, types]) => `${id} (${types.join(', ')})`).join('; ')}`;
}
