// What other modules and the layers above may use of withdrawals; the rest of the folder is its own.
// Other code imports the module only through this file (test/platform/core/boundaries.test.ts).
export { findWithdrawal, transitionWithdrawal } from './repository.js';
export type { CryptoWithdrawalRow } from './tables.js';
export { withdrawalTransfers } from './transfer-kind.js';
