// What other modules and the layers above may use of conversion; the rest of the folder is its own.
// Other code imports the module only through this file (test/platform/core/boundaries.test.ts).
export { findPair, insertPair, listRates, saveRate, updatePair } from './repository.js';
export type { PairChange } from './repository.js';
export { pairView, scaleOfCurrency } from './rules.js';
export { RATE_PATTERN, rho } from './arithmetic.js';
export type { ConversionPairRow, ConversionRateRow } from './tables.js';
