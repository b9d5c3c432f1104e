// §14.5 bank account identifiers: normalisation, the validation table (IBAN, BIC, ABA routing number,
// account number) and the fingerprint, a blind index that finds duplicates without the identifier.
// Pure functions. The IBAN rules are the contract's own table, written out here: a general IBAN library
// applies more than it (per-country BBAN formats, national check digits) and every registry country.
import { createHmac } from 'node:crypto';
import { ISO_3166_ALPHA2 } from '../../core/countries.js';

/** §14.5 IBAN lengths: the countries served, each with its exact length. */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AT: 20, BE: 16, CH: 21, DE: 22, DK: 18, ES: 24, FI: 18, FR: 27, GB: 22,
  IE: 22, IT: 27, LU: 20, NL: 18, NO: 15, PL: 28, PT: 25, SE: 24,
};

/** §14.5 normalisation of `iban` and `bic` (and, §14.8, of any identifier an operator or deposit names): upper case, ASCII spaces removed. */
export function normaliseIdentifier(value: string): string {
  return value.toUpperCase().replaceAll(' ', '');
}

const IBAN_FORM = /^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/;

/** ISO 13616 / ISO 7064 mod 97-10: the first 4 characters moved to the end, letters as 10–35, the number mod 97. */
export function ibanRemainder(iban: string): number {
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const digits = ch >= 'A' && ch <= 'Z' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest;
}

/** Why a normalised IBAN breaks §14.5's table (the first rule it breaks), or undefined. Never quotes it. */
export function ibanFault(iban: string): string | undefined {
  if (!IBAN_FORM.test(iban)) return 'must be an IBAN: 2 letters, 2 check digits, then 11–30 letters or digits';
  const length = IBAN_LENGTHS[iban.slice(0, 2)];
  if (length === undefined) return `country not supported (supported: ${Object.keys(IBAN_LENGTHS).join(', ')})`;
  if (iban.length !== length) return `must have ${length} characters for its country`;
  const check = Number(iban.slice(2, 4));
  if (check < 2 || check > 98) return 'check digits must be 02–98';
  if (ibanRemainder(iban) !== 1) return 'check digits do not match (ISO 13616 mod 97)';
  return undefined;
}

const BIC_FORM = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

/** §14.5 a normalised BIC: its form, and characters 5–6 an officially assigned ISO 3166 code. */
export function bicFault(bic: string): string | undefined {
  if (!BIC_FORM.test(bic)) return 'must be a BIC: 4 letters, a country code, 2 letters or digits, optionally 3 more';
  if (!ISO_3166_ALPHA2.has(bic.slice(4, 6))) return 'characters 5–6 must be an officially assigned ISO 3166 country code';
  return undefined;
}

/** §14.5: the first two digits of a routing number in 00–12, 21–32, 61–72 or 80. */
function routingPrefixValid(prefix: number): boolean {
  return (prefix >= 0 && prefix <= 12) || (prefix >= 21 && prefix <= 32) || (prefix >= 61 && prefix <= 72) || prefix === 80;
}

/** §14.5: 3(d1+d4+d7) + 7(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
export function abaChecksumHolds(routingNumber: string): boolean {
  const d = [...routingNumber].map(Number);
  return (3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!)) % 10 === 0;
}

export function routingNumberFault(routingNumber: string): string | undefined {
  if (!/^[0-9]{9}$/.test(routingNumber)) return 'must be 9 digits';
  if (!routingPrefixValid(Number(routingNumber.slice(0, 2)))) return 'must start with 00–12, 21–32, 61–72 or 80';
  if (!abaChecksumHolds(routingNumber)) return 'fails the ABA checksum';
  return undefined;
}

export function accountNumberFault(accountNumber: string): string | undefined {
  return /^[0-9]{4,17}$/.test(accountNumber) ? undefined : 'must be 4–17 digits';
}

/** §14.5 N: the normalised IBAN, or `<routingNumber>:<accountNumber>`. */
export function usIdentifier(routingNumber: string, accountNumber: string): string {
  return `${routingNumber}:${accountNumber}`;
}

/** §14.5 `accountIdentifierLast4` (and §14.8's last 4: all of it when shorter). */
export const last4 = (value: string): string => value.slice(-4);

export const FINGERPRINT_LABEL = 'bank-account-fingerprint:v1';

/**
 * §14.5 `fingerprint` = lowercase hex HMAC-SHA256(K, UTF-8 N), K = HMAC-SHA256(the 32 bytes of
 * PARTNER_SECRET_KEY, UTF-8 `bank-account-fingerprint:v1`): `key` is K (SecretBox.derivedKey).
 */
export function fingerprintOf(key: Buffer, normalised: string): string {
  return createHmac('sha256', key).update(normalised, 'utf8').digest('hex');
}
