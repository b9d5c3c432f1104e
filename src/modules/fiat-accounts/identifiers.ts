// §14.4 the sandbox account identifiers, derived from the account's id (vectors/fiat.json): h = SHA-256 of
// UTF-8 `fiat-account:v1:<fiatAccountId>` (lower case) read as a big-endian integer.
import { createHash } from 'node:crypto';
import { ibanRemainder } from '../bank-accounts/index.js';

export const SANDBOX_BANK_NAME = 'Sandbox Bank';
export const SANDBOX_BIC = 'SNDBDEFFXXX';
/** A valid ABA routing number (§14.5's checksum): 3·18 + 7·27 + 27 = 270. */
export const SANDBOX_ROUTING_NUMBER = '099999999';

export const SANDBOX_BANK_ADDRESS: Readonly<Record<string, string>> = {
  EUR: '1 Sandbox Street, 60311 Frankfurt am Main, DE',
  USD: '1 Sandbox Street, New York, NY 10004, US',
};

export type AccountIdentifiers = { iban: string | null; bic: string | null; accountNumber: string | null; routingNumber: string | null };

function h(fiatAccountId: string): bigint {
  return BigInt('0x' + createHash('sha256').update(`fiat-account:v1:${fiatAccountId.toLowerCase()}`, 'utf8').digest('hex'));
}

/**
 * EUR: BBAN = `00000000` + (h mod 10^10, 10 digits); IBAN = `DE` + check digits + BBAN, the check digits
 * 98 − (BBAN ‖ `1314` ‖ `00` mod 97) (ISO 7064 mod 97-10; `1314` is DE): §14.5's remainder of `DE00` ‖ BBAN.
 * USD: routing 099999999, account number h mod 10^12, 12 digits.
 */
export function sandboxIdentifiers(fiatAccountId: string, currency: string): AccountIdentifiers {
  const n = h(fiatAccountId);
  if (currency === 'EUR') {
    const bban = '00000000' + (n % 10n ** 10n).toString().padStart(10, '0');
    const check = String(98 - ibanRemainder(`DE00${bban}`)).padStart(2, '0');
    return { iban: `DE${check}${bban}`, bic: SANDBOX_BIC, accountNumber: null, routingNumber: null };
  }
  return { iban: null, bic: null, accountNumber: (n % 10n ** 12n).toString().padStart(12, '0'), routingNumber: SANDBOX_ROUTING_NUMBER };
}
