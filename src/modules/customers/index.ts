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
  onCustomerSuspended,
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
// §10.11 for src/upgrades/: the records read whole and written as they are.
export { allCustomers, setCustomer } from './repository.js';
