// Text the service stores: every string of a request's arguments must be Unicode text that both engines
// can hold. A lone UTF-16 surrogate is not text (RFC 8259 §8.2), and PostgreSQL's text cannot hold U+0000;
// SQLite could, but one rule for both engines keeps the answer the same wherever it runs.
import type { FieldError } from './problem.js';

const LONE_SURROGATE = /\p{Cs}/u;
const NUL = '\u0000';

export const pointerToken = (token: string) => token.replaceAll('~', '~0').replaceAll('/', '~1');

function fault(s: string): string | undefined {
  if (LONE_SURROGATE.test(s)) return 'must be well-formed Unicode (it holds a lone surrogate)';
  if (s.includes(NUL)) return 'must not contain the NUL character (U+0000)';
  return undefined;
}

/** Every string in a JSON-like value (object keys included) that is not storable text, with its pointer. */
export function textFaults(value: unknown, pointer: string, errors: FieldError[] = []): FieldError[] {
  if (typeof value === 'string') {
    const detail = fault(value);
    if (detail) errors.push({ pointer, detail });
  } else if (Array.isArray(value)) value.forEach((v, i) => textFaults(v, `${pointer}/${i}`, errors));
  else if (value !== null && typeof value === 'object' && !(value instanceof Date))
    for (const [k, v] of Object.entries(value)) {
      if (fault(k)) errors.push({ pointer: `${pointer}/${pointerToken(k)}`, detail: 'names a member that is not storable text' });
      else textFaults(v, `${pointer}/${pointerToken(k)}`, errors);
    }
  return errors;
}
