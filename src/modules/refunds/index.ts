// What other modules and the layers above may use of refunds; the rest of the folder is its own.
// Other code imports the module only through this file (test/platform/core/boundaries.test.ts).
export { insertRefund, refundAmountsOfCollectionPayment, refundAmountsOfDeposit } from './repository.js';
export { recordRefundEvent, REFUND_STATUS_INFO } from './rules.js';
export type { CryptoRefundRow } from './tables.js';
