// What other modules and the layers above may use of bank accounts; the rest of the folder is its own.
// Other code imports the module only through this file (test/platform/core/boundaries.test.ts).
// For fiat withdrawals (§14.6, §14.7): the account a quote or draft names, its identifier for a sandbox
// outcome; for fiat deposits (§14.8): the bank deny list.
export { findActiveByFingerprint, findBankAccount, deleteDeniedBank, insertDeniedBank, isBankDenied } from './repository.js';
export {
  bankAccountLifecycle,
  bankAccountView,
  bankFingerprint,
  bankIdentifierDenied,
  openIdentifier,
  requireOwnBankAccount,
  type BankAccountStatus,
  type BankAccountView,
  type HolderAddress,
} from './rules.js';
export { abaChecksumHolds, ibanRemainder, normaliseIdentifier } from './identifiers.js';
export type { BankAccountRow } from './tables.js';
