// A request body as JSON, or the problem that refuses it (§6), the same on both surfaces.
import { Problem } from '../core/problem.js';
import type { HttpCall } from './types.js';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

export function isJsonContentType(value: string | undefined): boolean {
  if (!value) return false;
  const type = value.split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || type.endsWith('+json');
}

/**
 * §6: 415 for a content type other than JSON, 400 INVALID_REQUEST for bytes that are not UTF-8
 * (RFC 8259 §8.1: never stored with replacement characters) or not JSON.
 */
export function parseJsonBody(call: HttpCall): unknown {
  if (!isJsonContentType(call.headers['content-type']))
    throw new Problem('UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json.');
  let text: string;
  try {
    text = utf8.decode(call.body);
  } catch {
    throw new Problem('INVALID_REQUEST', 'The body is not valid UTF-8.');
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new Problem('INVALID_REQUEST', 'The body is not valid JSON.');
  }
}

/** The body as JSON, or undefined when it is not (callers that only look). */
export function jsonBodyOrUndefined(call: HttpCall): unknown {
  try {
    return parseJsonBody(call);
  } catch {
    return undefined;
  }
}
