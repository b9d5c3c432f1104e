// What other modules and the layers above may use of fiat rails; the rest of the folder is its own.
// Other code imports the module only through this file (test/platform/core/boundaries.test.ts).
export { findPartnerRail, partnerRails, savePartnerRail, setPartnerRailEnabled } from './repository.js';
export {
  currencyHasEnabledRail,
  enabledRails,
  FIAT_CURRENCIES,
  FIAT_CURRENCY_SCALE,
  FIAT_RAILS,
  isFiatRail,
  permittedRail,
  RAILS,
  railsOfCurrency,
  railView,
  requireRailPermitted,
  type BankAccountKind,
  type FiatCurrency,
  type FiatRail,
  type RailSpec,
} from './rules.js';
export type { PartnerFiatRailRow } from './tables.js';
