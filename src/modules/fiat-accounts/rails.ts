// §14.1 the rails of each fiat currency and which of them the partner has enabled: the fiat rails' area
// (the lower module) holds the catalog and the partner's settings (`partnerctl fiat rail enable|disable`).
import { currencyHasEnabledRail, FIAT_CURRENCIES, FIAT_CURRENCY_SCALE, railsOfCurrency, type FiatCurrency, type FiatRail } from '../fiat-rails/index.js';

export { FIAT_CURRENCIES, FIAT_CURRENCY_SCALE, type FiatCurrency, type FiatRail };

export const isFiatCurrency = (c: string): c is FiatCurrency => (FIAT_CURRENCIES as readonly string[]).includes(c);

/** §14.4 `rails`: the currency's rails in §14.1's order, whatever is enabled. */
export const currencyRails = (currency: FiatCurrency): FiatRail[] => railsOfCurrency(currency);

/** §14.4 capability rule 2 and an application's stage E: whether any rail of `currency` is enabled for the partner. */
export const currencyRailEnabled = currencyHasEnabledRail;
