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
  listRoutesOfClient,
  insertDenied, insertRoute, isDenied, saveSandboxFailure, scalesOfCurrency, setRouteEnabled, updateRoute } from './repository.js';
export type { RouteChange } from './repository.js';
export { allRoutes, anyEvmRoute, evmRouteOfToken, evmTokenContracts, evmTokenKeys, firstEvmRouteOfCode, partnersWithEvmRoutes } from './evm-repository.js';
export { amountWithinRoute, describeBounds, requirePermittedRoute, requireSandboxRail, provideRouteRecords, routeHasRecords, sandboxFailuresApply, type RouteRecordsCheck } from './rules.js';
export type { RouteRow } from './tables.js';
export { NATIVE_CURRENCY, nativeCurrencyFault, reservedCurrencyFault, routeCurrencyFault, symbolFault } from './currency.js';
