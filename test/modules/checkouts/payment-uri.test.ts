// §15.4 payment URIs (BIP-21, EIP-681, the bare address) and link tokens: the contract's vectors, then
// fast-check properties of the pure functions (src/modules/checkouts/payment-uri.ts, link-token.ts).
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LINK_TOKEN_FORM, linkTokenHash, newLinkToken } from '../../../src/modules/checkouts/link-token.js';
import { minorToPlainDecimal, paymentUriOf } from '../../../src/modules/checkouts/payment-uri.js';

const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const ETH_ADDRESS = '0xF39CB7204F2c09562D60E50BC4100BEB8737D47C';
/** The conventions' plain decimal: no sign, exponent, trailing zero or trailing point. */
const PLAIN_DECIMAL = /^(0|[1-9][0-9]*)(\.[0-9]*[1-9])?$/;

const btc = (amountDueMinor: string) => paymentUriOf({ blockchain: 'BTC', tokenContract: null, address: BTC_ADDRESS, amountDueMinor, currencyScale: 8 });

describe('§15.4 vectors', () => {
  it('BTC: BIP-21 with the amount as a plain decimal', () => {
    expect(btc('150000')).toBe(`bitcoin:${BTC_ADDRESS}?amount=0.0015`);
    expect(btc('100000000')).toBe(`bitcoin:${BTC_ADDRESS}?amount=1`);
    expect(btc('1')).toBe(`bitcoin:${BTC_ADDRESS}?amount=0.00000001`);
  });

  it("ETH with the route's token contract: EIP-681 with @1 and the minor units", () => {
    expect(paymentUriOf({ blockchain: 'ETH', tokenContract: USDT, address: ETH_ADDRESS, amountDueMinor: '25000000', currencyScale: 6 })).toBe(
      'ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7@1/transfer?address=0xF39CB7204F2c09562D60E50BC4100BEB8737D47C&uint256=25000000',
    );
  });

  it('any other route: the bare address as stored', () => {
    expect(paymentUriOf({ blockchain: 'ETH', tokenContract: null, address: ETH_ADDRESS, amountDueMinor: '5', currencyScale: 18 })).toBe(ETH_ADDRESS);
    for (const [blockchain, address] of [
      ['TRON', 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8'],
      ['SOL', '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T'],
    ] as const)
      expect(paymentUriOf({ blockchain, tokenContract: null, address, amountDueMinor: '70', currencyScale: 6 })).toBe(address);
  });
});

describe('properties', () => {
  const minor = fc.bigInt({ min: 0n, max: 10n ** 38n - 1n }).map(String);
  const scale = fc.integer({ min: 0, max: 18 });

  it('the amount is a plain decimal whose value is minor / 10^scale', () => {
    fc.assert(
      fc.property(minor, scale, (m, s) => {
        const d = minorToPlainDecimal(m, s);
        expect(d).toMatch(PLAIN_DECIMAL);
        const [whole, fraction = ''] = d.split('.');
        expect(fraction.length).toBeLessThanOrEqual(s);
        expect(BigInt(whole!) * 10n ** BigInt(s) + BigInt(fraction.padEnd(s, '0') || '0')).toBe(BigInt(m));
      }),
    );
  });

  it('BIP-21 carries the address and the amount and nothing else; EIP-681 the amount in minor units', () => {
    fc.assert(
      fc.property(minor, scale, (m, s) => {
        const uri = paymentUriOf({ blockchain: 'BTC', tokenContract: null, address: BTC_ADDRESS, amountDueMinor: m, currencyScale: s });
        expect(uri).toBe(`bitcoin:${BTC_ADDRESS}?amount=${minorToPlainDecimal(m, s)}`);
        const eip = paymentUriOf({ blockchain: 'ETH', tokenContract: USDT, address: ETH_ADDRESS, amountDueMinor: m, currencyScale: s });
        expect(new URLSearchParams(eip.split('?')[1]).get('uint256')).toBe(m);
      }),
    );
  });

  it('refuses what is not an amount or a scale', () => {
    for (const bad of ['', '-1', '01', '1.5', '1e3', ' 1']) expect(() => minorToPlainDecimal(bad, 2)).toThrow();
    expect(() => minorToPlainDecimal('1', -1)).toThrow();
    expect(() => minorToPlainDecimal('1', 1.5)).toThrow();
  });
});

describe('§15.4 link tokens', () => {
  it('43 characters of base64url from 32 random bytes, no padding; each one new', () => {
    const tokens = new Set(Array.from({ length: 200 }, newLinkToken));
    expect(tokens.size).toBe(200);
    for (const t of tokens) {
      expect(t).toMatch(LINK_TOKEN_FORM);
      expect(Buffer.from(t, 'base64url')).toHaveLength(32);
      expect(Buffer.from(t, 'base64url').toString('base64url')).toBe(t);
    }
  });

  it('stored as the lowercase hex SHA-256 of the token text', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (bytes) => {
        const token = Buffer.from(bytes).toString('base64url');
        expect(token).toMatch(LINK_TOKEN_FORM);
        expect(linkTokenHash(token)).toBe(createHash('sha256').update(token).digest('hex'));
        expect(linkTokenHash(token)).toMatch(/^[0-9a-f]{64}$/);
      }),
    );
  });

  it('the form admits exactly 43 characters of the base64url alphabet', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (s) => {
        expect(LINK_TOKEN_FORM.test(s)).toBe(s.length === 43 && /^[A-Za-z0-9_-]*$/.test(s));
      }),
    );
  });
});
