// §14.1 the rails of each fiat currency and which of them the partner has enabled: the fiat rails' area
// (the lower module) holds the catalog and the partner's settings (`partnerctl fiat rail enable|disable`).
import { FIAT_CURRENCIES, type FiatCurrency } from '../fiat-rails/index.js';

export { currencyHasEnabledRail, FIAT_CURRENCIES, FIAT_CURRENCY_SCALE, railsOfCurrency, type FiatCurrency, type FiatRail } from '../fiat-rails/index.js';

export const isFiatCurrency = (c: string): c is FiatCurrency => (FIAT_CURRENCIES as readonly string[]).includes(c);
