// What other modules and the layers above may use of withdrawals; the rest of the folder is its own.
// Other code imports the module only through this file (test/platform/core/boundaries.test.ts).
export { countWithdrawalsWaiting, findWithdrawal, transitionWithdrawal, withdrawalOnRoute } from './repository.js';
export type { CryptoWithdrawalRow } from './tables.js';
// §10.11 for src/upgrades/: the records read whole and written as they are.
export { allWithdrawals } from './repository.js';
export { withdrawalTransfers } from './transfer-kind.js';
