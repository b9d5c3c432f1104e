// §14.1, §16.8: EUR and USD are the fiat rails' currencies, reserved on every route whatever its rail.
// §18.6 "C1 and C12, amended": an EVM route's currency is the asset it moves — `ETH` without a
// tokenContract, the token's `symbol()` (compared after upper-casing) with one — because one balance per
// (customer, currency) is shared by every route of that currency. Pure rules; the symbol is read by the
// caller (partnerctl before its write, the rail at start and before signing).
import type { RouteRow } from './tables.js';

/** §14.1: the fiat currencies no route may use. */
export const RESERVED_CURRENCIES: readonly string[] = ['EUR', 'USD'];

/** The currency of a native EVM route. */
export const NATIVE_CURRENCY = 'ETH';

/** §14.1 / §16.8: why `currency` cannot be a route's currency; undefined when it can. */
export function reservedCurrencyFault(currency: string): string | undefined {
  return RESERVED_CURRENCIES.includes(currency.toUpperCase())
    ? `--currency ${currency} is reserved for the fiat rails (§14.1): no route may use EUR or USD`
    : undefined;
}

/** §18.6: a native EVM route's currency is ETH; undefined when it is. */
export function nativeCurrencyFault(currency: string): string | undefined {
  return currency === NATIVE_CURRENCY ? undefined : `an EVM route without --token-contract moves native ETH: its currency must be ETH, not ${currency}`;
}

/** §18.6: a token route's currency is the token's symbol() after upper-casing; undefined when it is. */
export function symbolFault(currency: string, contract: string, symbol: string): string | undefined {
  return symbol.toUpperCase() === currency ? undefined : `the currency ${currency} is not the token's symbol() ${JSON.stringify(symbol)} (${contract})`;
}

/**
 * What a stored route breaks of the rules above (a route stored before they existed), or undefined.
 * `symbol`: the token's symbol() as read now (null: the call failed); absent: not read, only the rules
 * that need no chain are applied.
 */
export function routeCurrencyFault(route: Pick<RouteRow, 'currency' | 'rail' | 'tokenContract'>, symbol?: string | null): string | undefined {
  const reserved = reservedCurrencyFault(route.currency);
  if (reserved) return `its currency ${route.currency} is reserved for the fiat rails (§14.1)`;
  if (route.rail !== 'EVM') return undefined;
  if (route.tokenContract === null) return nativeCurrencyFault(route.currency);
  if (symbol === undefined) return undefined;
  if (symbol === null) return `symbol() of its token ${route.tokenContract} failed`;
  return symbolFault(route.currency, route.tokenContract, symbol);
}
