import { base58 } from '@scure/base';

/** SOL: plain base58 (no checksum) decoding to exactly 32 bytes (an ed25519 public key / PDA). */
export function isValidSolAddress(a: string): boolean {
  try {
    return base58.decode(a).length === 32;
  } catch {
    return false;
  }
}
