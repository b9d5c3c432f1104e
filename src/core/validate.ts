// Field validators shared by the operations (§4 scalars, §4.3 code lists). Each adds to a FieldErrors.
import codes from './codes.json' with { type: 'json' };
import type { FieldErrors } from './problem.js';

export const AMOUNT_PATTERN = /^(0|[1-9][0-9]{0,37})$/;
/** §4: the largest amount the pattern admits (38 nines); no amount the service computes may exceed it either. */
export const MAX_AMOUNT = 10n ** 38n - 1n;
export const BLOCKCHAINS = ['ETH', 'TRON', 'BTC', 'SOL'] as const;
export const OTHER_CODE = 99;

export type CodeList = keyof typeof codes;

export function checkAmount(errors: FieldErrors, pointer: string, value: string): void {
  if (!AMOUNT_PATTERN.test(value)) errors.add(pointer, 'must be a string of digits in minor units, without leading zeros (at most 38 digits)');
}

/** §4: whether a computed amount (a total, a balance) is still one the contract can answer. */
export function withinAmountBound(value: bigint): boolean {
  return value >= 0n && value <= MAX_AMOUNT;
}

export function checkLength(
  errors: FieldErrors,
  pointer: string,
  value: string | null | undefined,
  min: number,
  max: number,
): void {
  if (value === null || value === undefined) return;
  const length = [...value].length;
  if (length < min || length > max)
    errors.add(pointer, min > 0 ? `must be ${min}–${max} characters` : `must be at most ${max} characters`);
}

export function checkOneOf(errors: FieldErrors, pointer: string, value: string, allowed: readonly string[]): void {
  if (!allowed.includes(value)) errors.add(pointer, `must be one of ${allowed.join(', ')}`);
}

/** §4.3 code lists: an integer from codes.json. */
export function checkCode(errors: FieldErrors, pointer: string, list: CodeList, value: number | null | undefined): void {
  if (value === null || value === undefined) return;
  if (!Object.prototype.hasOwnProperty.call(codes[list], String(value)))
    errors.add(pointer, `must be a code of ${list}: ${Object.keys(codes[list]).join(', ')}`);
}

/** §4.3 code 99 is "other" and requires the matching free-text field. */
export function checkOther(
  errors: FieldErrors,
  code: number | null | undefined,
  pointer: string,
  text: string | null | undefined,
): void {
  if (code === OTHER_CODE && (text === null || text === undefined || text.trim() === ''))
    errors.add(pointer, 'is required when the code is 99 (other)');
}
