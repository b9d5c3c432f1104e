// §15.2 stage B of createCryptoCheckout: the input's shape, every fault at once (400 VALIDATION_FAILED).
import type { FieldErrors } from '../../core/problem.js';
import { AMOUNT_PATTERN, checkAmount, checkLength } from '../../core/validate.js';

/** §11.7's syntax and scheme rows, as the checkout's redirect URLs take them (stored and echoed only). */
export function redirectUrlFault(url: string, production: boolean): string | undefined {
  if ([...url].length > 2048) return 'must be at most 2048 characters';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'must be an absolute URL';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'must use the http or https scheme';
  if (parsed.username !== '' || parsed.password !== '') return 'must not carry user information';
  if (parsed.hash !== '' || parsed.href.includes('#')) return 'must not have a fragment';
  if (production && parsed.protocol !== 'https:') return 'must use https';
  return undefined;
}

export type CheckoutInputShape = {
  routeCode: string;
  amountMinor: string;
  currency: string;
  currencyScale: number;
  expiresInSeconds?: number | null;
  underpaymentToleranceMinor?: string | null;
  merchantReference?: string | null;
  description?: string | null;
  successUrl?: string | null;
  cancelUrl?: string | null;
};

export type TtlBounds = { min: number; max: number };

export function checkCheckoutInput(errors: FieldErrors, input: CheckoutInputShape, ttl: TtlBounds, production: boolean): void {
  checkLength(errors, '/routeCode', input.routeCode, 1, 64);
  checkAmount(errors, '/amountMinor', input.amountMinor);
  if (input.amountMinor === '0') errors.add('/amountMinor', 'must be greater than zero');
  // The tolerance is compared only with an amount that is one.
  const amountOk = AMOUNT_PATTERN.test(input.amountMinor) && input.amountMinor !== '0';
  checkLength(errors, '/currency', input.currency, 1, 16);
  if (input.currencyScale < 0 || input.currencyScale > 36) errors.add('/currencyScale', 'must be between 0 and 36');
  const ttlSeconds = input.expiresInSeconds;
  if (ttlSeconds !== null && ttlSeconds !== undefined && (ttlSeconds < ttl.min || ttlSeconds > ttl.max))
    errors.add('/expiresInSeconds', `must be between ${ttl.min} and ${ttl.max}`);
  const tolerance = input.underpaymentToleranceMinor;
  if (tolerance !== null && tolerance !== undefined) {
    if (!AMOUNT_PATTERN.test(tolerance)) checkAmount(errors, '/underpaymentToleranceMinor', tolerance);
    else if (amountOk && BigInt(tolerance) >= BigInt(input.amountMinor)) errors.add('/underpaymentToleranceMinor', 'must be less than amountMinor');
  }
  checkLength(errors, '/merchantReference', input.merchantReference, 1, 128);
  checkLength(errors, '/description', input.description, 0, 500);
  for (const key of ['successUrl', 'cancelUrl'] as const) {
    const url = input[key];
    const fault = url === null || url === undefined ? undefined : redirectUrlFault(url, production);
    if (fault) errors.add(`/${key}`, fault);
  }
}
