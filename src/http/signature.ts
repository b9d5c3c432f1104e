// §2 request signatures: the canonical string and its HMAC-SHA256. Shared by auth, the dev signing
// proxy, tests and the benchmark, so there is one definition of what a partner signs.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { sha256Hex } from '../core/canonical.js';

export type SignedParts = {
  method: string;
  /** Path and query exactly as sent. */
  path: string;
  timestamp: string;
  nonce: string;
  clientId: string;
  idempotencyKey?: string | null;
  body: string | Buffer;
  /** bodySha256(body), when the caller has it already (the server hashes each body once). */
  bodyHash?: string;
};

/** SHA256(body) of the canonical string: lowercase hex of the raw body bytes. */
export function bodySha256(body: string | Buffer): string {
  return sha256Hex(body);
}

/** Seven lines joined by \n, no trailing newline; an absent Idempotency-Key is an empty line. */
export function canonicalString(p: SignedParts): string {
  return [
    p.method.toUpperCase(),
    p.path,
    p.timestamp,
    p.nonce,
    p.clientId,
    p.idempotencyKey ?? '',
    p.bodyHash ?? bodySha256(p.body),
  ].join('\n');
}

export function sign(secret: string, p: SignedParts): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(canonicalString(p), 'utf8').digest('hex');
}

/** Constant-time comparison of two lowercase hex signatures. */
export function signaturesEqual(expectedHex: string, givenHex: string): boolean {
  const a = Buffer.from(expectedHex, 'utf8');
  const b = Buffer.from(givenHex, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Headers a partner sends for a signed request (fresh nonce and timestamp unless given). */
export function signedHeaders(
  secret: string,
  p: Omit<SignedParts, 'timestamp' | 'nonce'> & { timestamp?: string; nonce?: string },
): Record<string, string> {
  const timestamp = p.timestamp ?? new Date().toISOString();
  const nonce = p.nonce ?? createHash('sha256').update(`${Math.random()}${process.hrtime.bigint()}`).digest('hex').slice(0, 32);
  const parts: SignedParts = { ...p, timestamp, nonce };
  const headers: Record<string, string> = {
    'x-partner-client-id': p.clientId,
    'x-partner-timestamp': timestamp,
    'x-partner-nonce': nonce,
    'x-partner-signature': sign(secret, parts),
  };
  if (p.idempotencyKey !== undefined && p.idempotencyKey !== null) headers['idempotency-key'] = p.idempotencyKey;
  return headers;
}
