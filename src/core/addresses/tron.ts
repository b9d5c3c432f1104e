import { sha256 } from '@noble/hashes/sha2';
import { createBase58check } from '@scure/base';

const b58c = createBase58check(sha256);

/** TRON: base58check of a 21-byte payload whose first byte is 0x41. */
export function isValidTronAddress(a: string): boolean {
  try {
    const payload = b58c.decode(a);
    return payload.length === 21 && payload[0] === 0x41;
  } catch {
    return false; // bad alphabet, too short, or checksum mismatch
  }
}
