// What other modules and the layers above may use of the EVM rail (§18); the rest of the folder is its own.
// Other code imports the module only through this file (test/platform/core/boundaries.test.ts).
export { DepositAddresses, xpubFingerprint } from './addresses/derivation.js';
export { evmRoutesKey, findEvmAddressByKey } from './addresses/repository.js';
export { chainAt, chainOf, type Chain } from './chain.js';
export { DecimalsRefused, MAX_TOKEN_DECIMALS, NATIVE_DECIMALS, readTokenSymbol, requireChainId, tokenDecimalsOf, tokenSymbolOf } from './rail/decimals.js';
export { allocateEvmAddress, allocateEvmAddressesOf, evmAddressOf } from './addresses/allocation.js';
export { DEPOSIT_XPUB_MISMATCH, depositXpubMismatch } from './addresses/xpub-check.js';
export { RailStartError, startRail, type RailStarted } from './rail/start.js';
export type { EvmAddressRow, EvmAttemptRow, EvmBlockRow, EvmFollowerRow, EvmHaltRow, EvmRailRow, EvmTransferRow } from './tables.js';
export { RailRefusal, railStatus, scheduleRescan, type RailStatus } from './rail/status.js';
export { findFollower, findHalt } from './rail/repository.js';
export { countInflight, countWaiting } from './rail/status-repository.js';
export { OPERATOR_AUDIT_CLIENT, resumeRail } from './rail/resume.js';
