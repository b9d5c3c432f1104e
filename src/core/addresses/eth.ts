import { keccak_256 } from '@noble/hashes/sha3';
import { utf8ToBytes } from '@noble/hashes/utils';

const ETH_RE = /^0x[0-9a-fA-F]{40}$/;

/** ETH: `0x` + 40 hex in mixed case that does not satisfy the EIP-55 checksum (a mistyped character, most often). */
export function failsEthChecksum(a: string): boolean {
  return typeof a === 'string' && ETH_RE.test(a) && !isValidEthAddress(a);
}

/** ETH: `0x` + 40 hex; mixed-case input must satisfy the EIP-55 checksum. */
export function isValidEthAddress(a: string): boolean {
  if (typeof a !== 'string' || !ETH_RE.test(a)) return false;
  const hex = a.slice(2);
  const lower = hex.toLowerCase();
  // Single-case hex carries no checksum information, so it is accepted as-is (EIP-55).
  if (hex === lower || hex === hex.toUpperCase()) return true;
  const hash = keccak_256(utf8ToBytes(lower));
  for (let i = 0; i < 40; i++) {
    const c = hex[i]!;
    if (c >= '0' && c <= '9') continue;
    // Nibble i of keccak(lowercase hex) decides the case: >= 8 means uppercase.
    const nibble = (hash[i >> 1]! >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
    const upper = c >= 'A' && c <= 'F';
    if (upper !== nibble >= 8) return false;
  }
  return true;
}
