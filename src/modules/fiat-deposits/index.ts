// What other modules and the layers above may use of fiat deposits (§14.8); the rest of the folder is its
// own. Other code imports the module only through this file (test/platform/core/boundaries.test.ts).
// A EUR or USD balance is funded the way a partner funds one: simulateFiatDeposit through the API, then a
// worker round (test/helpers/fiat-deposits.ts); the step below is that round's, for a test that runs it itself.
export { fiatDepositStep, fiatDepositView, FIAT_DEPOSIT_STATUS_INFO, type FiatDepositStatus, type FiatDepositView } from './rules.js';
export { findFiatDeposit } from './repository.js';
export type { FiatDepositRow } from './tables.js';
