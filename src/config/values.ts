// Environment values as the configuration reads them (§11.9, §16.5, §18.3): a bad one stops the start
// with a message naming its variable.

/** §11.9: an integer in [min, max], else the server does not start (the message names the variable). */
export function integerIn(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = /^-?\d+$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) throw new Error(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  return n;
}

/** §16.5: exactly `true` or `false`, else the server does not start. */
export function booleanOf(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  throw new Error(`${name} must be exactly true or false, got "${raw}"`);
}
