// §14.1 the rails of each fiat currency, and which of them the partner has enabled. The partner's rail
// settings belong to the fiat rails' area (`partnerctl fiat rail enable|disable`), which answers through
// this registration; with none registered no rail is enabled (every currency NOT_AVAILABLE).
import type { Exec } from '../../db/exec.js';

export type FiatRail = 'SEPA' | 'ACH' | 'WIRE';

/** §14.1: EUR (scale 2) on SEPA; USD (scale 2) on ACH and WIRE. In §14.2's item order. */
export const FIAT_CURRENCIES = ['EUR', 'USD'] as const;
export type FiatCurrency = (typeof FIAT_CURRENCIES)[number];
export const CURRENCY_RAILS: Readonly<Record<FiatCurrency, readonly FiatRail[]>> = { EUR: ['SEPA'], USD: ['ACH', 'WIRE'] };
export const FIAT_CURRENCY_SCALE = 2;

export const isFiatCurrency = (c: string): c is FiatCurrency => (FIAT_CURRENCIES as readonly string[]).includes(c);

/** The rails enabled for a partner client. */
export type EnabledRails = (x: Exec, clientId: string) => Promise<readonly FiatRail[]>;

let enabledRails: EnabledRails = async () => [];

/** Wires the fiat rails' reader of a partner's enabled rails (again: replaces it). */
export function provideEnabledFiatRails(f: EnabledRails): void {
  enabledRails = f;
}

/** §14.4: whether any rail of `currency` is enabled for the partner. */
export async function currencyRailEnabled(x: Exec, clientId: string, currency: FiatCurrency): Promise<boolean> {
  const enabled = await enabledRails(x, clientId);
  return CURRENCY_RAILS[currency].some((r) => enabled.includes(r));
}
