// §14.1 the fixed catalog of rails: the table as the contract writes it, the SDL enum in its order, and
// each currency's rails (what §14.4's `rails` lists whatever is enabled).
import { describe, expect, it } from 'vitest';
import { enumValues } from '../../../src/graphql/generated/enums.js';
import { FIAT_CURRENCIES, FIAT_RAILS, isFiatRail, RAILS, railsOfCurrency } from '../../../src/modules/fiat-rails/index.js';

describe('§14.1 the rails', () => {
  it('SEPA (EUR, IBAN, 1–140, +1 day), ACH (USD, US_ABA, 1–80, +3 days), WIRE (USD, US_ABA with holderAddress, 1–140, +1 day); scale 2', () => {
    expect(RAILS).toEqual({
      SEPA: { currency: 'EUR', currencyScale: 2, bankAccountType: 'IBAN', needsHolderAddress: false, referenceMaxLength: 140, arrivalDays: 1 },
      ACH: { currency: 'USD', currencyScale: 2, bankAccountType: 'US_ABA', needsHolderAddress: false, referenceMaxLength: 80, arrivalDays: 3 },
      WIRE: { currency: 'USD', currencyScale: 2, bankAccountType: 'US_ABA', needsHolderAddress: true, referenceMaxLength: 140, arrivalDays: 1 },
    });
    expect(FIAT_RAILS).toEqual([...enumValues.FiatRail]);
    expect(FIAT_CURRENCIES).toEqual(['EUR', 'USD']);
  });

  it('each currency’s rails, in the table’s order; nothing else is a rail', () => {
    expect(railsOfCurrency('EUR')).toEqual(['SEPA']);
    expect(railsOfCurrency('USD')).toEqual(['ACH', 'WIRE']);
    expect(railsOfCurrency('USDT')).toEqual([]);
    expect(['SEPA', 'ACH', 'WIRE'].every(isFiatRail)).toBe(true);
    for (const r of ['sepa', 'SWIFT', 'toString', '']) expect(isFiatRail(r)).toBe(false);
  });
});
