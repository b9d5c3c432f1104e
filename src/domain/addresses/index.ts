import { isValidBtcAddress } from './btc.js';
import { isValidEthAddress } from './eth.js';
import { isValidSolAddress } from './sol.js';
import { isValidTronAddress } from './tron.js';

export type Blockchain = 'ETH' | 'TRON' | 'BTC' | 'SOL';

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

/** Canonical form for equality checks: ETH is case-insensitive (checksum is only case), others are case-sensitive. */
export function normalizeAddressForComparison(chain: Blockchain, address: string): string {
  return chain === 'ETH' ? address.toLowerCase() : address;
}
