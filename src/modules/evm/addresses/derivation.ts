// §18 C4: a customer's EVM deposit address is the EIP-55 address of child 0/i of EVM_DEPOSIT_XPUB
// (watch-only: the service never holds its private key). §18.2's vector is the test.
import { createHash } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1';
import type { HDKey } from '@scure/bip32';
import { publicKeyToAddress } from 'viem/accounts';
import { parseXpub } from '../../../config/evm.js';

/** The external chain (0) of the account key: derived once, children from it. */
export class DepositAddresses {
  private readonly external: HDKey;
  constructor(xpub: string) {
    this.external = parseXpub(xpub).deriveChild(0);
  }
  /** EIP-55 address of child 0/`index`. */
  at(index: number): `0x${string}` {
    const child = this.external.deriveChild(index);
    // Uncompressed SEC1 key (0x04‖x‖y): its Keccak-256 gives the address.
    return publicKeyToAddress(`0x${Buffer.from(uncompressed(child)).toString('hex')}`);
  }
}

function uncompressed(key: HDKey): Uint8Array {
  const compressed = key.publicKey;
  if (!compressed) throw new Error('deposit xpub child has no public key');
  return secp256k1.ProjectivePoint.fromHex(compressed).toRawBytes(false);
}

/** C2: what the rail stores of the xpub — SHA-256 of its serialisation — to refuse a later start with another. */
export function xpubFingerprint(xpub: string): string {
  return createHash('sha256').update(xpub.trim()).digest('hex');
}

/** The xpub's external chain, derived once per xpub. */
const derivers = new Map<string, DepositAddresses>();
export function deriver(xpub: string): DepositAddresses {
  let d = derivers.get(xpub);
  if (!d) derivers.set(xpub, (d = new DepositAddresses(xpub)));
  return d;
}
