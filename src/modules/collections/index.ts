// What other modules and the layers above may use of collections; the rest of the folder is its own.
// Other code imports the module only through this file (test/platform/core/boundaries.test.ts).
// For checkouts (§15.2–§15.3): claim a checkout's address, register the CHECKOUT target kind, and check a
// checkout's buyer as a wallet's is checked.
export { claimCollectionAddress } from './wallets.js';
export { registerPaymentTargetKind } from './targets.js';
export type { PaymentTarget, PaymentTargetKind, PaymentTargetType } from './targets.js';
export { requireActiveBuyer, requireCustomersBuyer } from './rules.js';
export type { CollectionBuyerRow, CollectionPaymentRow } from './tables.js';
