// What other modules and the layers above may use of refunds; the rest of the folder is its own.
// Other code imports the module only through this file (test/platform/core/boundaries.test.ts).
export { refundAmountsOfCollectionPayment, refundAmountsOfDeposit } from './repository.js';
export { insertApprovedRefund } from './draft.js';
export type { CryptoRefundRow } from './tables.js';
