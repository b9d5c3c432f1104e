// JCS (RFC 8785) and SHA-256, shared by idempotency fingerprints (§3) and operation hashes (§5).
import { createHash } from 'node:crypto';
import canonicalizeModule from 'canonicalize';

// canonicalize ships CommonJS typings that do not name its default export for NodeNext.
const canonicalize = canonicalizeModule as unknown as (value: unknown) => string | undefined;

/** JSON as the partner would send it: Dates become ISO strings, absent and null members are left out. */
export function toPlainJson(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : toPlainJson(v) ?? null));
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const plain = toPlainJson(v);
      // defineProperty: a member named __proto__ is data like any other (RFC 8785 keeps it).
      if (plain !== undefined) Object.defineProperty(out, k, { value: plain, enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return value;
}

export function jcs(value: unknown): string {
  const text = canonicalize(toPlainJson(value) ?? null);
  if (text === undefined) throw new Error('value cannot be canonicalized');
  return text;
}

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}
