// §10.3 sandbox deposit wallets and §10.4 generated transaction hashes: pure functions of their inputs,
// in each chain's mainnet format (keyless: funds really sent to these addresses are lost).
import { keccak_256 } from '@noble/hashes/sha3';
import { sha256, sha512 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import { base58, bech32, createBase58check } from '@scure/base';
import type { Blockchain } from './index.js';

const b58c = createBase58check(sha256);

/** EIP-55: hex digit i upper-cased when nibble i of keccak(lowercase hex) is ≥ 8. */
function eip55(bytes: Uint8Array): string {
  const hex = bytesToHex(bytes);
  const hash = keccak_256(utf8ToBytes(hex));
  let out = '0x';
  for (let i = 0; i < hex.length; i++) {
    const nibble = (hash[i >> 1]! >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
    out += nibble >= 8 ? hex[i]!.toUpperCase() : hex[i]!;
  }
  return out;
}

/** §10.3: the address of a customer's deposit wallet on a route (customerId in lower case). */
export function depositWalletAddress(blockchain: Blockchain, routeCode: string, customerId: string): string {
  return seededAddress(blockchain, `deposit-wallet:v1:${routeCode}:${customerId.toLowerCase()}`);
}

/** §15.2: a collection wallet's address (its id in lower case). */
export function collectionWalletAddress(blockchain: Blockchain, routeCode: string, collectionWalletId: string): string {
  return seededAddress(blockchain, `collection-wallet:v1:${routeCode}:${collectionWalletId.toLowerCase()}`);
}

/** §15.2: a checkout's address (its id in lower case). */
export function checkoutAddress(blockchain: Blockchain, routeCode: string, checkoutId: string): string {
  return seededAddress(blockchain, `checkout-address:v1:${routeCode}:${checkoutId.toLowerCase()}`);
}

/** §10.3's table: the chain's address of seed = SHA-256 of the UTF-8 text. */
function seededAddress(blockchain: Blockchain, seedText: string): string {
  const seed = sha256(utf8ToBytes(seedText));
  const head = seed.slice(0, 20);
  switch (blockchain) {
    case 'ETH':
      return eip55(head);
    case 'TRON':
      return b58c.encode(Uint8Array.of(0x41, ...head));
    case 'BTC':
      return bech32.encode('bc', [0, ...bech32.toWords(head)]);
    case 'SOL':
      return base58.encode(seed);
  }
}

/** §10.4: the transaction hash the sandbox assigns to a record (deposit, withdrawal or refund). */
export function generatedTxHash(blockchain: Blockchain, recordId: string): string {
  const bytes = utf8ToBytes(`tx-hash:v1:${recordId.toLowerCase()}`);
  switch (blockchain) {
    case 'ETH':
      return `0x${bytesToHex(sha256(bytes))}`;
    case 'TRON':
    case 'BTC':
      return bytesToHex(sha256(bytes));
    case 'SOL':
      return base58.encode(sha512(bytes));
  }
}

/**
 * §10.4: a partner-given transaction hash in its stored form, or undefined when it is not in the chain's
 * form (ETH `0x` + 64 hex, TRON/BTC 64 hex: lower-cased; SOL base58 of 64 bytes: as given).
 */
export function storedTxHash(blockchain: Blockchain, txHash: string): string | undefined {
  switch (blockchain) {
    case 'ETH':
      return /^0x[0-9a-fA-F]{64}$/.test(txHash) ? txHash.toLowerCase() : undefined;
    case 'TRON':
    case 'BTC':
      return /^[0-9a-fA-F]{64}$/.test(txHash) ? txHash.toLowerCase() : undefined;
    case 'SOL':
      try {
        return base58.decode(txHash).length === 64 ? txHash : undefined;
      } catch {
        return undefined;
      }
  }
}
