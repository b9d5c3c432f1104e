// §18 C14: the development devnet, apart from the production code: what only EVM_DEVNET=true (the server's
// start, service.ts), `partnerctl devnet pay|mine` and the demo's devnet lines use. This file is its one
// entry; it sits above the modules (test/platform/core/boundaries.test.ts), so no module can import it.
export { startDevnet, type RunningDevnet } from './devnet.js';
export { DEVNET_PAYER, DEVNET_TOKEN_ADDRESS, TOKEN_ABI } from './token.js';
