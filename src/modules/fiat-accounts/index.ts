// What other modules and the layers above may use of fiat accounts (§14.4); the rest of the folder is its
// own. Other code imports the module only through this file.
export { isFiatCurrency, type FiatCurrency } from './rails.js';
export { fiatAccountView, requireActiveFiatAccount, setFiatAccountSuspended } from './rules.js';
export { findFiatAccount } from './repository.js';
export { sandboxIdentifiers } from './identifiers.js';
export type { FiatAccountRow } from './tables.js';
