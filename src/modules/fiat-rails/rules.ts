// §14.1 the fiat rails: a fixed catalog of three, each enabled per partner by operators with its
// withdrawal fee and bounds. Other fiat areas ask `requireRailPermitted` at their stage E.
import type { Exec } from '../../db/exec.js';
import { Problem } from '../../core/problem.js';
import { findPartnerRail, partnerRails } from './repository.js';
import type { PartnerFiatRailRow } from './tables.js';

export type FiatRail = 'SEPA' | 'ACH' | 'WIRE';
export type FiatCurrency = 'EUR' | 'USD';
/** §14.5 the kind of bank account a rail pays. */
export type BankAccountKind = 'IBAN' | 'US_ABA';

export type RailSpec = {
  readonly currency: FiatCurrency;
  readonly currencyScale: 2;
  readonly bankAccountType: BankAccountKind;
  /** WIRE pays only a bank account with a `holderAddress`. */
  readonly needsHolderAddress: boolean;
  /** `paymentReference` 1–this many characters. */
  readonly referenceMaxLength: number;
  /** `estimatedArrivalAt` = the quote's `createdAt` + this many days. */
  readonly arrivalDays: number;
};

/** §14.1's table, in its order (the order of every list of rails). */
export const RAILS: Readonly<Record<FiatRail, RailSpec>> = {
  SEPA: { currency: 'EUR', currencyScale: 2, bankAccountType: 'IBAN', needsHolderAddress: false, referenceMaxLength: 140, arrivalDays: 1 },
  ACH: { currency: 'USD', currencyScale: 2, bankAccountType: 'US_ABA', needsHolderAddress: false, referenceMaxLength: 80, arrivalDays: 3 },
  WIRE: { currency: 'USD', currencyScale: 2, bankAccountType: 'US_ABA', needsHolderAddress: true, referenceMaxLength: 140, arrivalDays: 1 },
};

export const FIAT_RAILS = Object.keys(RAILS) as FiatRail[];
/** §14.4: one item per currency, in this order. */
export const FIAT_CURRENCIES: readonly FiatCurrency[] = ['EUR', 'USD'];
/** §14.1, §16.3: EUR and USD balances have scale 2. */
export const FIAT_CURRENCY_SCALE = 2;

export const isFiatRail = (value: string): value is FiatRail => Object.prototype.hasOwnProperty.call(RAILS, value);

/** §14.4 `rails`: the currency's rails of §14.1, in its order, whatever is enabled. */
export function railsOfCurrency(currency: string): FiatRail[] {
  return FIAT_RAILS.filter((r) => RAILS[r].currency === currency);
}

/** A rail the partner may use now: its row when enabled, else undefined. Read fresh: partnerctl changes apply at once. */
export async function permittedRail(x: Exec, clientId: string, rail: string): Promise<PartnerFiatRailRow | undefined> {
  const row = await findPartnerRail(x, clientId, rail);
  return row?.enabled ? row : undefined;
}

/** §14.1 stage E: a rail not enabled for the calling partner → 403 RAIL_NOT_PERMITTED; else its settings. */
export async function requireRailPermitted(x: Exec, clientId: string, rail: string): Promise<PartnerFiatRailRow> {
  const row = await permittedRail(x, clientId, rail);
  if (!row) throw new Problem('RAIL_NOT_PERMITTED', `The ${rail} rail is not enabled for this partner.`);
  return row;
}

/** §14.4: the rails of the partner enabled now, in §14.1's order. */
export async function enabledRails(x: Exec, clientId: string): Promise<FiatRail[]> {
  const on = new Set((await partnerRails(x, clientId)).filter((r) => r.enabled).map((r) => r.rail));
  return FIAT_RAILS.filter((r) => on.has(r));
}

/** §14.4 capability rule 2, §14.4 stage E of an application: whether any rail of the currency is enabled. */
export async function currencyHasEnabledRail(x: Exec, clientId: string, currency: string): Promise<boolean> {
  const rails = await enabledRails(x, clientId);
  return rails.some((r) => RAILS[r].currency === currency);
}

/** §16.6, §16.9: a rail as partnerctl prints it; amounts as digit strings or null. */
export function railView(r: PartnerFiatRailRow) {
  return { clientId: r.clientId, rail: r.rail, enabled: r.enabled, withdrawalFeeMinor: r.withdrawalFeeMinor, minMinor: r.minMinor, maxMinor: r.maxMinor };
}
