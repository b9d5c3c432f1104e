// §18 C2, C4 (settled): the deposit key checked against this database before any process derives an
// address with it: the fingerprint the rail stored at its first start, or the addresses already allocated.
import type { Exec } from '../../../db/exec.js';
import { findRail } from '../rail/repository.js';
import { deriver, xpubFingerprint } from './derivation.js';
import { firstEvmAddress } from './repository.js';

/**
 * C2, C4 (settled): whether `xpub` is not the deposit key this database's EVM rail was first started with
 * (its stored fingerprint), or — before that first start — not the key that derived the addresses already
 * allocated (checked on the lowest index). Every process that derives addresses asks this first.
 */
export async function depositXpubMismatch(x: Exec, xpub: string): Promise<boolean> {
  const rail = await findRail(x);
  if (rail) return rail.xpubFingerprint !== xpubFingerprint(xpub);
  const first = await firstEvmAddress(x);
  return first !== undefined && deriver(xpub).at(first.addressIndex) !== first.address;
}

/** The message a refused process exits with: names the variable, never its value (C11). */
export const DEPOSIT_XPUB_MISMATCH = "EVM_DEPOSIT_XPUB is not the deposit key this database's EVM rail derives its addresses with";
