// What other modules and the layers above may use of fiat withdrawal capabilities (§14.6); the rest of the
// folder is its own. Other code imports the module only through this file.
export { requireActiveWithdrawalCapability } from './gate.js';
