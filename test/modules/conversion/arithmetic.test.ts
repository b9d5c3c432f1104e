// §13.1 conversion arithmetic: every vector of vectors/conversion.json, and a property test against an
// independent implementation on reduced rationals (a rate as n / 10^k, never ρ) — the two agree for
// random rates, scales, amounts and spreads, and every rounding favours the service (R5).
import fs from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  customerRateOf,
  midRateOf,
  plainDecimal,
  quoteFigures,
  rho,
  RATE_PATTERN,
  sourceForTarget,
  spreadOf,
  targetForSource,
  withinBounds,
} from '../../../src/modules/conversion/arithmetic.js';

type Vector = {
  name: string;
  pair: { sourceCurrency: string; sourceCurrencyScale: number; targetCurrency: string; targetCurrencyScale: number; spreadBps: number };
  rateSet: { base: string; quote: string; rate: string };
  rateUsed: 'direct' | 'inverse';
  input: { sourceAmountMinor?: string; targetAmountMinor?: string };
  expected: { fixedSide: string; midRate: string; rate: string; sourceAmountMinor: string; targetAmountMinor: string; spreadAmountMinor: string; problem?: string };
};
const vectors = (JSON.parse(fs.readFileSync(new URL('../../vectors/conversion.json', import.meta.url), 'utf8')) as { vectors: Vector[] }).vectors;

describe('§13.1 vectors (vectors/conversion.json)', () => {
  it('has vectors', () => expect(vectors.length).toBeGreaterThanOrEqual(8));
  it.each(vectors.map((v) => [v.name, v] as const))('%s', (_name, v) => {
    const { problem, ...figures } = v.expected;
    const direct = v.rateSet.base === v.pair.sourceCurrency;
    expect(direct ? 'direct' : 'inverse').toBe(v.rateUsed);
    const r = rho(v.rateSet.rate);
    const f = quoteFigures({
      ...(direct ? { direct: r } : { reverse: r }),
      spreadBps: v.pair.spreadBps,
      scales: { source: v.pair.sourceCurrencyScale, target: v.pair.targetCurrencyScale },
      fixed: v.input.sourceAmountMinor !== undefined
        ? { side: 'SOURCE', sourceAmountMinor: BigInt(v.input.sourceAmountMinor) }
        : { side: 'TARGET', targetAmountMinor: BigInt(v.input.targetAmountMinor!) },
    })!;
    expect({
      fixedSide: v.input.sourceAmountMinor !== undefined ? 'SOURCE' : 'TARGET',
      midRate: plainDecimal(f.mid),
      rate: plainDecimal(f.rate),
      sourceAmountMinor: f.sourceAmountMinor.toString(),
      targetAmountMinor: f.targetAmountMinor.toString(),
      spreadAmountMinor: f.spreadAmountMinor.toString(),
    }).toEqual(figures);
    // The refused vector is the bound 1 ≤ target (400 AMOUNT_OUT_OF_RANGE); the others are within bounds.
    expect(withinBounds(f, 1n, null)).toBe(problem === undefined);
  });
});

describe('ρ and plain decimals', () => {
  it('ρ reads every digit exactly; rendering gives the plain decimal back', () => {
    expect(rho('0.92')).toBe(920_000_000_000_000_000n);
    expect(rho('1')).toBe(10n ** 18n);
    expect(rho('0.000000000000000001')).toBe(1n);
    expect(rho('999999999999999999.999999999999999999')).toBe(10n ** 36n - 1n);
    for (const s of ['0.92', '1', '0.00001633064460157', '61234.57', '0']) expect(plainDecimal(rho(s))).toBe(s);
    expect(plainDecimal(rho('1.500'))).toBe('1.5');
  });
  it('the rate syntax of §13.1', () => {
    for (const ok of ['0.92', '1', '123456789012345678', '0.123456789012345678']) expect(RATE_PATTERN.test(ok)).toBe(true);
    for (const bad of ['', '01', '1.', '.5', '1e3', '-1', '+1', '1234567890123456789', '0.1234567890123456789', ' 1', '1,5']) expect(RATE_PATTERN.test(bad)).toBe(false);
  });
  it('plain decimals match the pattern of the conventions', () =>
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 10n ** 40n }), (x) => /^(0|[1-9][0-9]*)(\.[0-9]*[1-9])?$/.test(plainDecimal(x)))));
});

// An independent implementation: reduced fractions of bigints, the rate as n / 10^k (its digits), never ρ.
type Q = { n: bigint; d: bigint };
const abs = (x: bigint) => (x < 0n ? -x : x);
const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? abs(a) : gcd(b, a % b));
const q = (n: bigint, d = 1n): Q => {
  const g = gcd(n, d) || 1n;
  return { n: n / g, d: d / g };
};
const mul = (a: Q, b: Q) => q(a.n * b.n, a.d * b.d);
const div = (a: Q, b: Q) => q(a.n * b.d, a.d * b.n);
const floorQ = (a: Q) => (a.n >= 0n ? a.n / a.d : -((-a.n + a.d - 1n) / a.d));
const ceilQ = (a: Q) => -floorQ(q(-a.n, a.d));
const pow = (k: number) => 10n ** BigInt(k);
/** The rate string as an exact fraction, from its digits. */
const fractionOf = (rate: string): Q => {
  const [w, f = ''] = rate.split('.');
  return q(BigInt(w! + f), pow(f.length));
};
const ONE18 = q(pow(18));

function reference(rate: string, direct: boolean, bps: number, s: number, t: number) {
  const R = fractionOf(rate);
  // M as a count of 10^-18: the direct rate exactly; the inverse 1/R truncated to 18 decimals.
  const mid = direct ? floorQ(mul(R, ONE18)) : floorQ(div(ONE18, R));
  const midQ = q(mid, pow(18));
  const cust = floorQ(mul(mul(midQ, q(BigInt(10_000 - bps), 10_000n)), ONE18));
  const custQ = q(cust, pow(18));
  // An amount of minor units of scale s is a / 10^s units.
  const targetOf = (source: bigint) => floorQ(mul(mul(q(source, pow(s)), custQ), q(pow(t))));
  const sourceOf = (target: bigint) => ceilQ(mul(div(q(target, pow(t)), custQ), q(pow(s))));
  const spreadOf = (source: bigint, target: bigint) => floorQ(mul(mul(q(source, pow(s)), midQ), q(pow(t)))) - target;
  return { mid, cust, custQ, midQ, targetOf, sourceOf, spreadOf };
}

const rateArb = fc
  .tuple(fc.bigInt({ min: 0n, max: 10n ** 9n }), fc.integer({ min: 0, max: 18 }), fc.bigInt({ min: 0n, max: 10n ** 18n - 1n }))
  .map(([whole, k, frac]) => (k === 0 ? whole.toString() : `${whole}.${(frac % pow(k)).toString().padStart(k, '0')}`.replace(/\.?0+$/, '') || '0'))
  .filter((r) => RATE_PATTERN.test(r) && rho(r) > 0n);

describe('§13.1 against exact rationals (fast-check)', () => {
  it('M, C, both fixed sides and the spread agree; every rounding favours the service', () =>
    fc.assert(
      fc.property(
        rateArb,
        fc.boolean(),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 18 }),
        fc.integer({ min: 0, max: 18 }),
        fc.bigInt({ min: 1n, max: 10n ** 30n }),
        (rate, direct, bps, s, t, amount) => {
          const ref = reference(rate, direct, bps, s, t);
          const mid = direct ? midRateOf(rho(rate), undefined)! : midRateOf(undefined, rho(rate))!;
          expect(mid).toBe(ref.mid);
          if (mid === 0n) return;
          const c = customerRateOf(mid, bps);
          expect(c).toBe(ref.cust);
          const scales = { source: s, target: t };
          // Inverse and customer rates truncated: never above the exact values.
          if (!direct) expect(mid * rho(rate) <= pow(36)).toBe(true);
          expect(c * 10_000n <= mid * BigInt(10_000 - bps)).toBe(true);
          // Source fixed: the customer receives the floor — never more than `amount` is worth at C.
          const target = targetForSource(amount, c, scales);
          expect(target).toBe(ref.targetOf(amount));
          expect(target * pow(18 + s) <= amount * c * pow(t)).toBe(true);
          expect((target + 1n) * pow(18 + s) > amount * c * pow(t)).toBe(true);
          const spread = spreadOf(amount, target, mid, scales);
          expect(spread).toBe(ref.spreadOf(amount, target));
          expect(spread >= 0n).toBe(true);
          if (c === 0n) return;
          // Target fixed: the customer pays the ceiling — enough for the target at C, and one less is not.
          const source = sourceForTarget(amount, c, scales);
          expect(source).toBe(ref.sourceOf(amount));
          expect(source * c * pow(t) >= amount * pow(18 + s)).toBe(true);
          expect((source - 1n) * c * pow(t) < amount * pow(18 + s)).toBe(true);
          // The customer receives exactly the target; the spread (with the ceiling's remainder) is ≥ 0.
          expect(targetForSource(source, c, scales) >= amount).toBe(true);
          expect(spreadOf(source, amount, mid, scales) >= 0n).toBe(true);
          expect(spreadOf(source, amount, mid, scales)).toBe(ref.spreadOf(source, amount));
        },
      ),
      { numRuns: 2000 },
    ));

  it('quoteFigures: no rate or a customer rate of 0 gives no figures (409 RATE_UNAVAILABLE)', () => {
    const base = { spreadBps: 0, scales: { source: 2, target: 2 }, fixed: { side: 'SOURCE' as const, sourceAmountMinor: 100n } };
    expect(quoteFigures(base)).toBeUndefined();
    expect(quoteFigures({ ...base, direct: 1n, spreadBps: 1 })).toBeUndefined();
    expect(quoteFigures({ ...base, direct: 1n })).toMatchObject({ rate: 1n });
  });

  it('bounds: min ≤ source ≤ max (none: 10^38 − 1) and 1 ≤ target ≤ 10^38 − 1', () => {
    const f = (s: bigint, t: bigint) => ({ sourceAmountMinor: s, targetAmountMinor: t });
    expect(withinBounds(f(5n, 1n), 5n, 5n)).toBe(true);
    expect(withinBounds(f(4n, 1n), 5n, null)).toBe(false);
    expect(withinBounds(f(6n, 1n), 5n, 5n)).toBe(false);
    expect(withinBounds(f(5n, 0n), 1n, null)).toBe(false);
    expect(withinBounds(f(10n ** 38n - 1n, 10n ** 38n - 1n), 1n, null)).toBe(true);
    expect(withinBounds(f(10n ** 38n, 1n), 1n, null)).toBe(false);
    expect(withinBounds(f(1n, 10n ** 38n), 1n, null)).toBe(false);
  });
});
