// What other modules and the layers above may use of customers; the rest of the folder is its own.
// Other code imports the module only through this file (test/platform/core/boundaries.test.ts).
export { findCustomer, findCustomerByExternalRef, insertCustomer } from './repository.js';
export {
  claimOwnCustomer,
  clearSandboxVerificationOutcome,
  customerGate,
  customerView,
  decideVerification,
  gateCustomerOf,
  newCustomerRow,
  recordNewCustomerEvent,
  requireOwnCustomer,
  setCustomerSuspended,
  setSandboxVerificationOutcome,
  underCustomer,
  VERIFICATION_OUTCOMES,
  type GateKind,
  type VerificationOutcome,
} from './rules.js';
export { submissionSummaries, type SubmissionSummary } from './verification.js';
export { customerCreated, onCustomerCreated, type CustomerCreatedHook } from './creation-hooks.js';
export { clientsOfCustomers, customersOfClientInOrder, type CustomerKey } from './partner-customers.js';
export type { CustomerRow, CustomerView } from './tables.js';
