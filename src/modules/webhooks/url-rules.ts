// §11.7 endpoint URL rules, checked at create and enable (the server's NODE_ENV; partnerctl's its own).
// Syntax is the same everywhere (400 VALIDATION_FAILED at /url); production also refuses plain http,
// localhost names and IP literals in a refused range (400 WEBHOOK_URL_NOT_ALLOWED). Names that resolve
// to such addresses are caught at each attempt, by the delivery's own lookup.
import { isIP } from 'node:net';
import { isRefusedAddress } from './ip-ranges.js';

export const MAX_URL_LENGTH = 2048;

export type UrlVerdict = { ok: true } | { code: 'VALIDATION_FAILED' | 'WEBHOOK_URL_NOT_ALLOWED'; detail: string };

const invalid = (detail: string): UrlVerdict => ({ code: 'VALIDATION_FAILED', detail });
const notAllowed = (detail: string): UrlVerdict => ({ code: 'WEBHOOK_URL_NOT_ALLOWED', detail });

export function checkEndpointUrl(url: string, production: boolean): UrlVerdict {
  if ([...url].length > MAX_URL_LENGTH) return invalid(`must be at most ${MAX_URL_LENGTH} characters`);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return invalid('must be an absolute URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return invalid('must use the http or https scheme');
  if (parsed.username !== '' || parsed.password !== '') return invalid('must not carry user information');
  // `#` alone leaves hash empty; the parser keeps it only in href.
  if (parsed.hash !== '' || parsed.href.includes('#')) return invalid('must not have a fragment');
  if (!production) return { ok: true };
  if (parsed.protocol !== 'https:') return notAllowed('must use https');
  // The parser lower-cases names and normalizes IPv4 forms (2130706433, 0x7f.1 → 127.0.0.1); trailing dots
  // (one or more: `localhost..` resolves like `localhost`) are dropped before the localhost rule.
  const host = parsed.hostname.replace(/\.+$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return notAllowed('must not name localhost');
  const literal = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (isIP(literal) !== 0 && isRefusedAddress(literal)) return notAllowed('must not be an address in a private, loopback, link-local or reserved range');
  return { ok: true };
}
