import { sha256 } from '@noble/hashes/sha2';
import { bech32, bech32m, createBase58check } from '@scure/base';

const b58c = createBase58check(sha256);

/** Legacy base58check: P2PKH (0x00) or P2SH (0x05) with a 20-byte hash. */
function isValidBase58Btc(a: string): boolean {
  try {
    const payload = b58c.decode(a);
    return payload.length === 21 && (payload[0] === 0x00 || payload[0] === 0x05);
  } catch {
    return false;
  }
}

/** Segwit per BIP-173/BIP-350: mainnet `bc` HRP, v0 ⇒ bech32, v1..v16 ⇒ bech32m. */
function isValidSegwit(a: string): boolean {
  // decodeUnsafe returns undefined instead of throwing; it also rejects mixed case and >90 chars.
  const v0 = bech32.decodeUnsafe(a);
  const vN = v0 ? undefined : bech32m.decodeUnsafe(a);
  const dec = v0 ?? vN;
  if (!dec || dec.prefix !== 'bc' || dec.words.length === 0) return false;
  const version = dec.words[0]!;
  if (version > 16) return false;
  if ((version === 0) !== (v0 !== undefined)) return false; // wrong checksum variant for version
  // fromWordsUnsafe rejects >4 bits of padding and non-zero padding bits.
  const program = bech32.fromWordsUnsafe(dec.words.slice(1));
  if (!program || program.length < 2 || program.length > 40) return false;
  return version !== 0 || program.length === 20 || program.length === 32;
}

export function isValidBtcAddress(a: string): boolean {
  try {
    return /^bc1/i.test(a) ? isValidSegwit(a) : isValidBase58Btc(a);
  } catch {
    return false;
  }
}
