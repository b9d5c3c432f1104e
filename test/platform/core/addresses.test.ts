import { sha256 } from '@noble/hashes/sha2';
import { keccak_256 } from '@noble/hashes/sha3';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import { base58, bech32, bech32m, createBase58check } from '@scure/base';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Blockchain,
  isValidAddress,
  isValidBtcAddress,
  isValidEthAddress,
  isValidSolAddress,
  isValidTronAddress,
  normalizeAddressForComparison,
} from '../../../src/core/addresses/index.js';

const CHAINS: Blockchain[] = ['ETH', 'TRON', 'BTC', 'SOL'];
const b58c = createBase58check(sha256);
const B58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Test-side EIP-55 encoder, written from the spec independently of src. */
function toChecksumAddress(bytes: Uint8Array): string {
  const lower = bytesToHex(bytes);
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let out = '0x';
  for (let i = 0; i < lower.length; i++) out += parseInt(hash[i]!, 16) >= 8 ? lower[i]!.toUpperCase() : lower[i]!;
  return out;
}

/** Independent base58check oracle: raw base58 → 25 bytes, allowed version byte, double-SHA256 checksum. */
function base58checkOracle(s: string, versions: number[]): boolean {
  let raw: Uint8Array;
  try {
    raw = base58.decode(s);
  } catch {
    return false;
  }
  if (raw.length !== 25 || !versions.includes(raw[0]!)) return false;
  const sum = sha256(sha256(raw.slice(0, 21)));
  return sum.slice(0, 4).every((b, i) => b === raw[21 + i]);
}

/** Replace the character at `pos` with a different base58 character. */
function mutate(s: string, pos: number, pick: number): string {
  const i = pos % s.length;
  const choices = B58_ALPHABET.replace(s[i]!, '');
  return s.slice(0, i) + choices[pick % choices.length] + s.slice(i + 1);
}

function segwit(version: number, program: Uint8Array, coder = version === 0 ? bech32 : bech32m, hrp = 'bc'): string {
  return coder.encode(hrp, [version, ...coder.toWords(program)], false);
}

describe('ETH', () => {
  it.each([
    // EIP-55 spec examples (mixed case, all caps, all lower)
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    '0x52908400098527886E0F7030069857D2E4169EE7',
    '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
    '0xde709f2102306220921060314715629080e2fb77',
    '0x27b1fdb04752bbc536007a920d24acb045561c26',
    '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
    '0x0000000000000000000000000000000000000000',
  ])('accepts %s', (a) => expect(isValidAddress('ETH', a)).toBe(true));

  it.each([
    ['bad checksum (one letter case flipped)', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD'],
    ['bad checksum', '0xFb6916095ca1df60bB79Ce92cE3Ea74c37c5d359'],
    ['39 hex', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe'],
    ['41 hex', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed0'],
    ['no 0x', '5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'],
    ['0X prefix', '0X5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'],
    ['non-hex', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaeg'],
    ['leading space', ' 0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'],
    ['trailing newline', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed\n'],
    ['empty', ''],
  ])('rejects %s', (_, a) => expect(isValidAddress('ETH', a)).toBe(false));

  it('helper reproduces the EIP-55 spec vectors', () => {
    const v = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    expect(toChecksumAddress(Uint8Array.from(Buffer.from(v.slice(2), 'hex')))).toBe(v);
  });

  it('property: checksummed, lower and upper forms are valid; a single case flip is valid iff result is single-case', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.nat(), (bytes, k) => {
        const cs = toChecksumAddress(bytes);
        expect(isValidEthAddress(cs)).toBe(true);
        expect(isValidEthAddress(cs.toLowerCase())).toBe(true);
        expect(isValidEthAddress('0x' + cs.slice(2).toUpperCase())).toBe(true);
        const letters = [...cs.slice(2)].flatMap((c, i) => (/[a-fA-F]/.test(c) ? [i + 2] : []));
        if (letters.length === 0) return;
        const i = letters[k % letters.length]!;
        const c = cs[i]!;
        const flipped = cs.slice(0, i) + (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()) + cs.slice(i + 1);
        const hex = flipped.slice(2);
        // Flipping can leave a single-case string (e.g. only one letter), which EIP-55 accepts unchecked.
        const singleCase = hex === hex.toLowerCase() || hex === hex.toUpperCase();
        expect(isValidEthAddress(flipped)).toBe(singleCase);
      }),
      { numRuns: 300 },
    );
  });
});

describe('TRON', () => {
  it.each(['TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'])('accepts %s', (a) =>
    expect(isValidAddress('TRON', a)).toBe(true),
  );

  it.each([
    ['bad checksum', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u'],
    ['wrong version byte (BTC P2PKH)', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    ['wrong version byte (0x42)', b58c.encode(Uint8Array.from([0x42, ...new Uint8Array(20)]))],
    ['22-byte payload', b58c.encode(Uint8Array.from([0x41, ...new Uint8Array(21)]))],
    ['20-byte payload', b58c.encode(Uint8Array.from([0x41, ...new Uint8Array(19)]))],
    ['hex form', '41a614f803b6fd780986a42c78ec9c7f77e6ded13c'],
    ['invalid base58 char 0', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj60'],
    ['ETH address', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
  ])('rejects %s', (_, a) => expect(isValidAddress('TRON', a)).toBe(false));
});

describe('BTC', () => {
  it.each([
    '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', // genesis P2PKH
    '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', // P2SH
    'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', // BIP-173 P2WPKH
    'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', // uppercase
    'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3', // BIP-173 P2WSH (32 bytes)
    'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr', // BIP-86 taproot
    'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y', // BIP-350 v1, 40 bytes
    'BC1SW50QGDZ25J', // BIP-350 v16, 2 bytes
    'bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs', // BIP-350 v2, 16 bytes
  ])('accepts %s', (a) => expect(isValidAddress('BTC', a)).toBe(true));

  it.each([
    ['bad base58 checksum', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb'],
    ['TRON version byte', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
    ['testnet version byte 0x6f', b58c.encode(Uint8Array.from([0x6f, ...new Uint8Array(20)]))],
    ['22-byte base58 payload', b58c.encode(Uint8Array.from([0x00, ...new Uint8Array(21)]))],
    ['mixed-case bech32', 'bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
    ['bad bech32 checksum', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5'],
    ['testnet tb1 (valid checksum)', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'],
    ['bech32 used for v1 (BIP-350)', 'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx'],
    ['bech32m used for v0 (BIP-350)', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh'],
    ['v0 with 16-byte program (BIP-173)', 'BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P'],
    ['non-zero padding (BIP-173)', 'bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du'],
    ['v0 with 21-byte program', segwit(0, new Uint8Array(21))],
    ['v1 with 41-byte program', segwit(1, new Uint8Array(41))],
    ['v1 with 1-byte program', segwit(1, new Uint8Array(1))],
    ['v17', segwit(17, new Uint8Array(32), bech32m)],
    ['bech32 used for v1 (32 bytes)', segwit(1, new Uint8Array(32), bech32)],
    ['v0 with empty program', segwit(0, new Uint8Array(0))],
  ])('rejects %s', (_, a) => expect(isValidAddress('BTC', a)).toBe(false));

  it('property: segwit validity matches BIP-173/350 rules for any version, length and checksum variant', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 16 }),
        fc.uint8Array({ minLength: 0, maxLength: 42 }),
        fc.boolean(),
        fc.boolean(),
        (version, program, useBech32m, upper) => {
          let a = segwit(version, program, useBech32m ? bech32m : bech32);
          if (upper) a = a.toUpperCase();
          const n = program.length;
          const expected =
            useBech32m === version > 0 && n >= 2 && n <= 40 && (version > 0 || n === 20 || n === 32);
          expect(isValidBtcAddress(a)).toBe(expected);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('SOL', () => {
  it.each([
    '11111111111111111111111111111111', // system program (32 zero bytes)
    'So11111111111111111111111111111111111111112', // wrapped SOL mint
    'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', // SPL token program
  ])('accepts %s', (a) => expect(isValidAddress('SOL', a)).toBe(true));

  it.each([
    ['31 bytes', '1111111111111111111111111111111'],
    ['33 bytes', '111111111111111111111111111111111'],
    ['invalid char O', 'So1111111111111111111111111111111111111111O'],
    ['invalid char 0', 'So11111111111111111111111111111111111111110'],
    ['invalid char l', 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5Dl'],
    ['ETH address', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['too long', '1'.repeat(200)],
  ])('rejects %s', (_, a) => expect(isValidAddress('SOL', a)).toBe(false));

  it('property: base58 of random 32 bytes is valid, of any other length is not', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 64 }), (bytes) => {
        expect(isValidSolAddress(base58.encode(bytes))).toBe(bytes.length === 32);
      }),
      { numRuns: 300 },
    );
  });
});

describe('base58check properties (TRON / BTC)', () => {
  const payload = (version: number) =>
    fc.uint8Array({ minLength: 20, maxLength: 20 }).map((h) => Uint8Array.from([version, ...h]));

  it('random 0x41 payloads are valid TRON; single-char changes are valid iff the checksum still verifies', () => {
    fc.assert(
      fc.property(payload(0x41), fc.nat(), fc.nat(), (p, pos, pick) => {
        const a = b58c.encode(p);
        expect(isValidTronAddress(a)).toBe(true);
        expect(isValidBtcAddress(a)).toBe(false);
        const m = mutate(a, pos, pick);
        // Exact: any substitution changes the decoded bytes, so only a 2^-32 checksum collision could keep it valid.
        expect(isValidTronAddress(m)).toBe(base58checkOracle(m, [0x41]));
      }),
      { numRuns: 300 },
    );
  });

  it('random 0x00/0x05 payloads are valid BTC; single-char changes are valid iff the checksum still verifies', () => {
    fc.assert(
      fc.property(fc.constantFrom(0x00, 0x05).chain(payload), fc.nat(), fc.nat(), (p, pos, pick) => {
        const a = b58c.encode(p);
        expect(isValidBtcAddress(a)).toBe(true);
        expect(isValidTronAddress(a)).toBe(false);
        const m = mutate(a, pos, pick);
        expect(isValidBtcAddress(m)).toBe(!/^bc1/i.test(m) && base58checkOracle(m, [0x00, 0x05]));
      }),
      { numRuns: 300 },
    );
  });
});

describe('isValidAddress robustness', () => {
  const hostile = fc.oneof(
    fc.string(),
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc.string({ unit: fc.constantFrom(...B58_ALPHABET), maxLength: 60 }),
    fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'), minLength: 38, maxLength: 42 }).map((s) => '0x' + s),
    fc.string({ unit: fc.constantFrom(...'qpzry9x8gf2tvdw0s3jn54khce6mua7lQPZRY1bBiIoO'), maxLength: 100 }).map((s) => 'bc1' + s),
  );

  it('never throws for arbitrary strings on any chain', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CHAINS), hostile, (chain, s) => {
        expect(typeof isValidAddress(chain, s)).toBe('boolean');
      }),
      { numRuns: 1000 },
    );
  });

  it('rejects unknown chains and non-string input from untyped callers without throwing', () => {
    expect(isValidAddress('DOGE' as Blockchain, '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(false);
    expect(isValidAddress('__proto__' as Blockchain, 'x')).toBe(false);
    expect(isValidAddress('ETH', undefined as unknown as string)).toBe(false);
    expect(isValidAddress('SOL', 12 as unknown as string)).toBe(false);
  });

  it('rejects whitespace and over-long input', () => {
    expect(isValidAddress('SOL', ' 11111111111111111111111111111111')).toBe(false);
    expect(isValidAddress('TRON', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t\t')).toBe(false);
    expect(isValidAddress('BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4 ')).toBe(false);
    expect(isValidAddress('BTC', 'bc1' + 'q'.repeat(200))).toBe(false);
  });
});

describe('normalizeAddressForComparison', () => {
  it('lowercases ETH so checksummed and lowercase forms compare equal', () => {
    const cs = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    expect(normalizeAddressForComparison('ETH', cs)).toBe(cs.toLowerCase());
    expect(normalizeAddressForComparison('ETH', cs)).toBe(normalizeAddressForComparison('ETH', cs.toUpperCase().replace('0X', '0x')));
  });

  it.each([
    ['TRON', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
    ['BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    ['SOL', 'So11111111111111111111111111111111111111112'],
  ] as const)('leaves %s base58 unchanged (case-sensitive)', (chain, a) => expect(normalizeAddressForComparison(chain, a)).toBe(a));

  it('BTC bech32 is lower-cased: its all-upper form is the same address', () => {
    const upper = 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4';
    expect(normalizeAddressForComparison('BTC', upper)).toBe(upper.toLowerCase());
    expect(normalizeAddressForComparison('BTC', upper.toLowerCase())).toBe(upper.toLowerCase());
  });
});
