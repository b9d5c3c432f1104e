import { isValidBtcAddress } from './btc.js';
import { failsEthChecksum, isValidEthAddress } from './eth.js';
import { isValidSolAddress } from './sol.js';
import { isValidTronAddress } from './tron.js';

import { BLOCKCHAINS } from '../validate.js';

export type Blockchain = (typeof BLOCKCHAINS)[number];

export function isBlockchain(value: string): value is Blockchain {
  return (BLOCKCHAINS as readonly string[]).includes(value);
}

export { isValidBtcAddress, isValidEthAddress, isValidSolAddress, isValidTronAddress };

const MAX_ADDRESS_LENGTH = 128; // longer than any supported format; bounds decoder work on hostile input

const VALIDATORS: Record<Blockchain, (a: string) => boolean> = {
  ETH: isValidEthAddress,
  TRON: isValidTronAddress,
  BTC: isValidBtcAddress,
  SOL: isValidSolAddress,
};

/** True iff `address` is a valid address of `chain`. Never throws, whatever the input. */
export function isValidAddress(chain: Blockchain, address: string): boolean {
  if (typeof address !== 'string' || address.length === 0 || address.length > MAX_ADDRESS_LENGTH) return false;
  if (/\s/.test(address)) return false;
  const validate = Object.prototype.hasOwnProperty.call(VALIDATORS, chain) ? VALIDATORS[chain] : undefined;
  if (!validate) return false; // unknown chain from untyped callers
  try {
    return validate(address);
  } catch {
    return false;
  }
}

/**
 * Why `address` is not an address of `chain` (the detail of its field error), or undefined when it is one.
 * An ETH address whose only fault is its EIP-55 checksum says so: its form is right, a character is not.
 */
export function addressFault(chain: Blockchain, address: string): string | undefined {
  if (isValidAddress(chain, address)) return undefined;
  if (chain === 'ETH' && failsEthChecksum(address))
    return 'fails its EIP-55 checksum (the letters’ case must match it; check for a mistyped character)';
  return `is not a valid ${chain} address`;
}

/**
 * The chain's canonical form of a valid address, for every equality check (duplicates §4.3, screening):
 * ETH hex and BTC bech32/bech32m are case-insensitive (an EIP-55 checksum and BIP 173's all-upper form
 * are only case), so they compare in lower case; base58 (BTC legacy, TRON, SOL) is case-sensitive.
 */
export function normalizeAddressForComparison(chain: Blockchain, address: string): string {
  if (chain === 'ETH') return address.toLowerCase();
  if (chain === 'BTC' && /^bc1/i.test(address)) return address.toLowerCase();
  return address;
}
