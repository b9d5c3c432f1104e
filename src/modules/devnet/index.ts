// §18 C14: the development devnet, apart from the EVM rail's production code: what only EVM_DEVNET=true
// (its runtime.ts starts the node before the rail starts), `partnerctl devnet pay|mine` (cli.ts) and the
// demo's devnet lines use. No module imports it (test/platform/core/boundaries.test.ts).
export { startDevnet, type RunningDevnet } from './devnet.js';
export { DEVNET_PAYER, DEVNET_TOKEN_ADDRESS, TOKEN_ABI } from './token.js';
