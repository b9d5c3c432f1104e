// What other modules and the layers above may use of deposits; the rest of the folder is its own.
// Other code imports the module only through this file (test/platform/core/boundaries.test.ts).
export { depositOnRoute, lockDeposit } from './repository.js';
export { depositView, refundableOf, refundAmountsOf } from './rules.js';
export { blocksHoldingDeposits, confirmingDepositsUpTo, decideFinalDeposit, dropChainDepositsAbove, includeChainDeposit } from './chain.js';
export type { ChainInclusion, InclusionOutcome } from './chain.js';
export type { CryptoDepositRow } from './tables.js';
export { provideDepositAddresses, type DepositAddressLookup } from './addresses.js';
// §10.11 for src/upgrades/: the records read whole and written as they are.
export { allDeposits, setDeposit } from './repository.js';
