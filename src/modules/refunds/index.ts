// What other modules and the layers above may use of refunds; the rest of the folder is its own.
// Other code imports the module only through this file (test/platform/core/boundaries.test.ts).
export { countRefundsWaiting, refundAmountsOfCollectionPayment, refundAmountsOfDeposit, refundOnRoute } from './repository.js';
export { checkRefundDraftInput, insertApprovedRefund } from './draft.js';
export type { CryptoRefundRow } from './tables.js';
// §10.11 for src/upgrades/: the records read whole and written as they are.
export { allRefunds, setRefund } from './repository.js';
export { refundTransfers } from './transfer-kind.js';
