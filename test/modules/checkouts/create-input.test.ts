// §15.2 stage B of createCryptoCheckout as properties (fast-check): the amounts, the tolerance below the
// amount, expiresInSeconds within the configured bounds, the lengths, and §11.7's syntax and scheme rows
// for the redirect URLs; each fault names its pointer, and a valid input names none.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FieldErrors } from '../../../src/core/problem.js';
import { checkCheckoutInput, redirectUrlFault, type CheckoutInputShape } from '../../../src/modules/checkouts/create-input.js';

const TTL = { min: 60, max: 604_800 };
const digits = fc.bigInt({ min: 1n, max: 10n ** 38n - 1n });

function pointers(input: CheckoutInputShape, production = false): string[] {
  const errors = new FieldErrors();
  checkCheckoutInput(errors, input, TTL, production);
  try {
    errors.throwIfAny();
    return [];
  } catch (e) {
    return ((e as { errors?: { pointer: string }[] }).errors ?? []).map((x) => x.pointer).sort();
  }
}

const valid: CheckoutInputShape = { routeCode: 'USDT-ETH', amountMinor: '1000', currency: 'USDT', currencyScale: 6 };

describe('createCryptoCheckout input (§15.2 B)', () => {
  it('a valid amount with a tolerance below it and a TTL in bounds names no fault', () => {
    fc.assert(
      fc.property(digits, fc.bigInt({ min: 0n, max: 10n ** 38n }), fc.integer({ min: TTL.min, max: TTL.max }), (amount, t, ttl) => {
        const tolerance = t % amount;
        expect(pointers({ ...valid, amountMinor: String(amount), underpaymentToleranceMinor: String(tolerance), expiresInSeconds: ttl })).toEqual([]);
      }),
    );
  });

  it('a tolerance at or above the amount, or not digits, is /underpaymentToleranceMinor', () => {
    fc.assert(
      fc.property(digits, fc.bigInt({ min: 0n, max: 10n ** 20n }), (amount, extra) => {
        const t = amount + extra;
        fc.pre(t < 10n ** 38n);
        expect(pointers({ ...valid, amountMinor: String(amount), underpaymentToleranceMinor: String(t) })).toEqual(['/underpaymentToleranceMinor']);
      }),
    );
    for (const bad of ['', '-1', '01', '1.0', ' 1']) expect(pointers({ ...valid, underpaymentToleranceMinor: bad })).toEqual(['/underpaymentToleranceMinor']);
  });

  it('an amount that is zero or not minor-unit digits is /amountMinor (and the tolerance is then not compared)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constant('0'), fc.string().filter((s) => !/^[1-9][0-9]{0,37}$/.test(s))), (amount) => {
        const got = pointers({ ...valid, amountMinor: amount, underpaymentToleranceMinor: '5' });
        expect(got).toEqual(['/amountMinor']);
      }),
    );
  });

  it('expiresInSeconds outside the configured bounds is /expiresInSeconds', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ max: TTL.min - 1 }), fc.integer({ min: TTL.max + 1 })), (ttl) => {
        expect(pointers({ ...valid, expiresInSeconds: ttl })).toEqual(['/expiresInSeconds']);
      }),
    );
  });

  it('lengths: merchantReference 1–128, description ≤ 500, routeCode 1–64 (characters are code points)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 0, maxLength: 140 }), (s) => {
        const n = [...s].length;
        expect(pointers({ ...valid, merchantReference: s })).toEqual(n >= 1 && n <= 128 ? [] : ['/merchantReference']);
        expect(pointers({ ...valid, routeCode: s })).toEqual(n >= 1 && n <= 64 ? [] : ['/routeCode']);
      }),
    );
    expect(pointers({ ...valid, description: '😀'.repeat(500) })).toEqual([]);
    expect(pointers({ ...valid, description: 'x'.repeat(501) })).toEqual(['/description']);
  });

  it('redirect URLs: absolute http(s), ≤ 2048, no userinfo or fragment; https only in production', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true }), (url) => {
        const fault = redirectUrlFault(url, false);
        if ([...url].length <= 2048) expect(fault).toBeUndefined();
        const https = url.startsWith('https:');
        expect(redirectUrlFault(url, true) === undefined).toBe(https && fault === undefined);
      }),
    );
    fc.assert(fc.property(fc.webUrl({ withFragments: true }).filter((u) => u.includes('#')), (url) => {
      expect(redirectUrlFault(url, false)).toBe('must not have a fragment');
    }));;
    for (const bad of ['/relative', 'ftp://x.example/', 'javascript:alert(1)', 'https://user:pw@x.example/', `https://x.example/${'a'.repeat(2040)}`])
      expect(redirectUrlFault(bad, false), bad).toBeDefined();
    expect(pointers({ ...valid, successUrl: 'http://shop.example/ok', cancelUrl: 'http://shop.example/no' }, true)).toEqual(['/cancelUrl', '/successUrl']);
  });
});
