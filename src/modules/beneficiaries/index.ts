// What other modules and the layers above may use of beneficiaries; the rest of the folder is its own.
// Other code imports the module only through this file (test/platform/core/boundaries.test.ts).
export { findBeneficiary } from './repository.js';
export { requireRouteAddress } from './rules.js';
export type { WalletBeneficiaryRow } from './tables.js';
// §10.11 for src/upgrades/: the records read whole and written as they are.
export { allBeneficiaries } from './repository.js';
