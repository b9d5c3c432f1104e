// What other modules and the layers above may use of routes; the rest of the folder is its own.
// Other code imports the module only through this file (test/platform/core/boundaries.test.ts).
export {
  deleteDenied,
  deleteSandboxFailure,
  findEvmRouteByToken,
  findRoute,
  findSandboxFailure,
  routeOnRail,
  hasEvmRoute,
  routeHasRecords,
  insertDenied, insertRoute, isDenied, saveSandboxFailure, scalesOfCurrency, setRouteEnabled, updateRoute } from './repository.js';
export type { RouteChange } from './repository.js';
export { amountWithinRoute, describeBounds, requirePermittedRoute, requireSandboxRail, sandboxFailuresApply } from './rules.js';
export type { RouteRow } from './tables.js';
export { NATIVE_CURRENCY, nativeCurrencyFault, reservedCurrencyFault, routeCurrencyFault, symbolFault } from './currency.js';
