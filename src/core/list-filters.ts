// §9.3 the kinds of list filter, each with its check: list() runs them in the order a list declares them
// and reports every fault at once (400 VALIDATION_FAILED, the argument's pointer). Absent or null is no
// restriction; the fetch receives undefined then.
import type { FieldErrors } from './problem.js';
import { checkListFilter } from './pages.js';

/** A filter's check: its value as the fetch takes it; faults go to `errors` at `pointer`. */
export type Filter<In, Out> = (errors: FieldErrors, pointer: string, value: In | undefined) => Out | undefined;

/**
 * A list-valued filter: 1–20 values, each one of `allowed` when given (an argument typed by an SDL enum
 * needs none: the schema refuses other values at the same pointer). Duplicates are dropped.
 */
export const values =
  (allowed?: readonly string[]): Filter<readonly string[], string[]> =>
  (errors, pointer, value) =>
    checkListFilter(errors, pointer, value, allowed);

/**
 * A text filter of 1–`max` characters, one of `allowed` when given; matched exactly. Characters are code
 * points, as every input length counts them (§9.3): a surrogate pair is one character, not two.
 */
export const text =
  (max: number, allowed?: readonly string[]): Filter<string, string> =>
  (errors, pointer, value) => {
    if (value === null || value === undefined) return value;
    const length = [...value].length;
    if (length < 1 || length > max) errors.add(pointer, `must be 1 to ${max} characters`);
    else if (allowed && !allowed.includes(value)) errors.add(pointer, `must be one of ${allowed.join(', ')}`);
    return value;
  };

/** An id or an enum value, whose form the schema checked: matched exactly. */
export const exact = (): Filter<string, string> => (_errors, _pointer, value) => value;

/** A yes/no filter (a Boolean argument, whose form the schema checked), passed as given. */
export const flag = (): Filter<boolean, boolean> => (_errors, _pointer, value) => value;

/** A DateTime bound, as the ISO string the rows store. */
export const instant = (): Filter<Date, string> => (_errors, _pointer, value) => value?.toISOString();

/** §9.3 createdFrom (inclusive) and createdBefore (exclusive); createdFrom ≥ createdBefore gives an empty page. */
export const createdRange = { createdFrom: instant(), createdBefore: instant() };
