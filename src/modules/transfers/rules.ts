// §10.7 forced failures of the sandbox simulator, captured when a record enters the pipeline.
import type { Exec } from '../../db/exec.js';
import { isBlockchain, normalizeAddressForComparison } from '../../core/addresses/index.js';
import { findSandboxFailure } from '../routes/repository.js';

/**
 * The failure entry of a destination (`BROADCASTING` or `CONFIRMING`), compared in the chain's canonical
 * form (ETH case-insensitively), or null; outside sandbox mode the list is ignored (null).
 */
export async function captureFailure(tx: Exec, blockchain: string, address: string, sandbox: boolean): Promise<string | null> {
  if (!sandbox) return null;
  const key = isBlockchain(blockchain) ? normalizeAddressForComparison(blockchain, address) : address;
  return (await findSandboxFailure(tx, blockchain, key))?.failAt ?? null;
}
