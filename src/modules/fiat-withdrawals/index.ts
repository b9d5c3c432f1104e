// What other modules and the layers above may use of fiat withdrawals (§14.6, §14.7); the rest of the
// folder is its own. Other code imports the module only through this file.
export { findFiatWithdrawal } from './repository.js';
export { fiatWithdrawalView, RETURN_REASONS, type ReturnReason } from './rules.js';
export type { FiatWithdrawalRow, FiatWithdrawalView } from './tables.js';
