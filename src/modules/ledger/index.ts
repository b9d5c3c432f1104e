// What other modules and the layers above may use of ledger; the rest of the folder is its own.
// Other code imports the module only through this file (test/platform/core/boundaries.test.ts).
export { availableOf, creditFits, post, postInternal, requireCreditFits } from './rules.js';
export type { LedgerResourceType, TransactionType } from './rules.js';
