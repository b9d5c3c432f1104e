// What other modules and the layers above may use of the EVM rail (§18); the rest of the folder is its own.
// Other code imports the module only through this file (test/platform/core/boundaries.test.ts).
export { DepositAddresses, xpubFingerprint } from './addresses.js';
export { RailStartError, startRail, type RailStarted } from './rail-start.js';
export { startDevnet, type RunningDevnet } from './devnet/devnet.js';
export { DEVNET_PAYER, DEVNET_TOKEN_ADDRESS, TOKEN_ABI } from './devnet/token.js';
export { findEvmRoute } from './start-repository.js';
export type { EvmAddressRow, EvmAttemptRow, EvmBlockRow, EvmFollowerRow, EvmHaltRow, EvmRailRow, EvmTransferRow } from './tables.js';
