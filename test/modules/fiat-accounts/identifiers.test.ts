// §14.4 the sandbox account identifiers: every account vector of vectors/fiat.json, and the IBAN's and the
// routing number's own checks for any id (ISO 13616 mod 97 = 1, DE length 22; the ABA checksum).
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sandboxIdentifiers } from '../../../src/modules/fiat-accounts/index.js';

type AccountVector = { fiatAccountId: string; currency: string; iban?: string; bic?: string; routingNumber?: string; accountNumber?: string };
const vectors = JSON.parse(fs.readFileSync(new URL('../../vectors/fiat.json', import.meta.url), 'utf8')) as { sandboxAccounts: AccountVector[] };

/** ISO 13616: the country and check digits moved to the end, letters as 10–35, the number mod 97 = 1. */
const ibanMod97 = (iban: string) =>
  BigInt([...(iban.slice(4) + iban.slice(0, 4))].map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c)).join('')) % 97n;
const abaChecksum = (r: string) => [...r].reduce((sum, d, i) => sum + Number(d) * [3, 7, 1][i % 3]!, 0) % 10;

describe('§14.4 sandbox identifiers (vectors/fiat.json)', () => {
  it('has both currencies', () => expect(vectors.sandboxAccounts.map((v) => v.currency).sort()).toEqual(['EUR', 'USD']));
  it.each(vectors.sandboxAccounts.map((v) => [v.fiatAccountId, v] as const))('%s', (_id, v) => {
    const ids = sandboxIdentifiers(v.fiatAccountId, v.currency);
    if (v.currency === 'EUR') expect(ids).toEqual({ iban: v.iban, bic: v.bic, accountNumber: null, routingNumber: null });
    else expect(ids).toEqual({ iban: null, bic: null, accountNumber: v.accountNumber, routingNumber: v.routingNumber });
  });
  it('the id is read in lower case', () => {
    const v = vectors.sandboxAccounts.find((x) => x.currency === 'EUR')!;
    expect(sandboxIdentifiers(v.fiatAccountId.toUpperCase(), 'EUR').iban).toBe(v.iban);
  });
  it('any id: a DE IBAN of 22 characters passing mod 97, check digits 02–98; a 12-digit account number; routing passes the ABA checksum', () =>
    fc.assert(
      fc.property(fc.uuid(), (id) => {
        const eur = sandboxIdentifiers(id, 'EUR');
        expect(eur.iban).toMatch(/^DE\d{20}$/);
        expect(ibanMod97(eur.iban!)).toBe(1n);
        expect(Number(eur.iban!.slice(2, 4))).toBeGreaterThanOrEqual(2);
        expect(Number(eur.iban!.slice(2, 4))).toBeLessThanOrEqual(98);
        const usd = sandboxIdentifiers(id, 'USD');
        expect(usd.accountNumber).toMatch(/^\d{12}$/);
        expect(abaChecksum(usd.routingNumber!)).toBe(0);
      }),
    ));
  it('different accounts, different identifiers', () => {
    const a = randomUUID();
    const b = randomUUID();
    expect(sandboxIdentifiers(a, 'EUR').iban).not.toBe(sandboxIdentifiers(b, 'EUR').iban);
  });
});
