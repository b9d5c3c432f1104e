// §13.1 conversion arithmetic, exact on integers: rates are 18-decimal fixed point (ρ(x) = x × 10^18),
// amounts are minor units, and every rounding favours the service (R5): the inverse and the customer
// rate are truncated, what the customer receives is floored, what it pays is ceiled. Only bigint: a
// Number never holds money or a rate here.

/** ρ's scale: 10^18. */
export const RATE_ONE = 10n ** 18n;
/** §4 / §13.1: the largest amount (38 nines), the bound of source and target when none is set. */
export const MAX_MINOR = 10n ** 38n - 1n;

/** §13.1 the syntax of `partnerctl rate set --rate R`. */
export const RATE_PATTERN = /^(0|[1-9][0-9]{0,17})(\.[0-9]{1,18})?$/;

/** ρ(R) for a rate string of RATE_PATTERN (any value it admits is an integer times 10^-18). */
export function rho(rate: string): bigint {
  if (!RATE_PATTERN.test(rate)) throw new Error(`not a rate: ${rate}`);
  const [whole, fraction = ''] = rate.split('.');
  return BigInt(whole!) * RATE_ONE + BigInt(fraction.padEnd(18, '0'));
}

/** §13.1 rendering: x / 10^18 as a plain decimal (no exponent, no trailing zero or point). */
export function plainDecimal(fixed: bigint): string {
  if (fixed < 0n) throw new Error('rates are not negative');
  const whole = fixed / RATE_ONE;
  const fraction = (fixed % RATE_ONE).toString().padStart(18, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole.toString();
}

const pow10 = (n: number) => 10n ** BigInt(n);
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/** M: the direct rate's ρ, else the inverse of the reverse rate's ρ, truncated: floor(10^36 / ρ(T→S)). */
export function midRateOf(direct: bigint | undefined, reverse: bigint | undefined): bigint | undefined {
  if (direct !== undefined) return direct;
  if (reverse !== undefined && reverse > 0n) return (RATE_ONE * RATE_ONE) / reverse;
  return undefined;
}

/** C = floor(M × (10000 − spreadBps) / 10000). */
export function customerRateOf(mid: bigint, spreadBps: number): bigint {
  return (mid * BigInt(10_000 - spreadBps)) / 10_000n;
}

export type Scales = { source: number; target: number };

/** Source fixed: target = floor(source × C × 10^t / 10^(18+s)). */
export function targetForSource(source: bigint, rate: bigint, s: Scales): bigint {
  return (source * rate * pow10(s.target)) / pow10(18 + s.source);
}

/** Target fixed: source = ceil(target × 10^(18+s) / (C × 10^t)); C > 0. */
export function sourceForTarget(target: bigint, rate: bigint, s: Scales): bigint {
  return ceilDiv(target * pow10(18 + s.source), rate * pow10(s.target));
}

/** spread = floor(source × M × 10^t / 10^(18+s)) − target, in the target currency. */
export function spreadOf(source: bigint, target: bigint, mid: bigint, s: Scales): bigint {
  return (source * mid * pow10(s.target)) / pow10(18 + s.source) - target;
}

export type Fixed = { side: 'SOURCE'; sourceAmountMinor: bigint } | { side: 'TARGET'; targetAmountMinor: bigint };

export type QuoteFigures = {
  mid: bigint;
  rate: bigint;
  sourceAmountMinor: bigint;
  targetAmountMinor: bigint;
  spreadAmountMinor: bigint;
};

/**
 * A quote's figures at the mid rate M, or `undefined` when they cannot be given (M = 0, or C = 0: 409
 * RATE_UNAVAILABLE). Bounds are the caller's (§13.2 checks them after the rate).
 */
export function figuresAt(mid: bigint, spreadBps: number, scales: Scales, fixed: Fixed): QuoteFigures | undefined {
  if (mid === 0n) return undefined;
  const rate = customerRateOf(mid, spreadBps);
  if (rate === 0n) return undefined;
  const source = fixed.side === 'SOURCE' ? fixed.sourceAmountMinor : sourceForTarget(fixed.targetAmountMinor, rate, scales);
  const target = fixed.side === 'SOURCE' ? targetForSource(source, rate, scales) : fixed.targetAmountMinor;
  return { mid, rate, sourceAmountMinor: source, targetAmountMinor: target, spreadAmountMinor: spreadOf(source, target, mid, scales) };
}

export type QuoteTerms = {
  /** ρ of the rate S→T when set, and of T→S when set. */
  direct?: bigint;
  reverse?: bigint;
  spreadBps: number;
  scales: Scales;
  fixed: Fixed;
};

/** §13.1 end to end, from the rates set: M, then figuresAt; `undefined` where 409 RATE_UNAVAILABLE answers. */
export function quoteFigures(t: QuoteTerms): QuoteFigures | undefined {
  const mid = midRateOf(t.direct, t.reverse);
  return mid === undefined ? undefined : figuresAt(mid, t.spreadBps, t.scales, t.fixed);
}

/** §13.1 bounds: min ≤ source ≤ max (none: 10^38 − 1) and 1 ≤ target ≤ 10^38 − 1. */
export function withinBounds(f: Pick<QuoteFigures, 'sourceAmountMinor' | 'targetAmountMinor'>, min: bigint, max: bigint | null): boolean {
  const upper = max ?? MAX_MINOR;
  return f.sourceAmountMinor >= min && f.sourceAmountMinor <= upper && f.targetAmountMinor >= 1n && f.targetAmountMinor <= MAX_MINOR;
}
