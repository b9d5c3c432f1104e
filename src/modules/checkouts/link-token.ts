// §15.4 link tokens: 32 random bytes as base64url without padding (43 characters). Only the lowercase hex
// SHA-256 is stored (uq_checkout_link_token_hash), so the database never holds a usable URL; the one place
// a token appears is the creating answer (sealed in its idempotency record, §11.4).
import { createHash, randomBytes } from 'node:crypto';

/** §15.4 rule 3's form; anything else is the page's one 404 without a look at the database. */
export const LINK_TOKEN_FORM = /^[A-Za-z0-9_-]{43}$/;

export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

export function linkTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
