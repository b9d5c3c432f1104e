// §10.6–§10.7 the outbound transfer pipeline's shared rules: the sandbox failure entry a record captures
// when it enters the pipeline, and the states and their exact statusInfo strings (§10.10).
import type { Exec } from '../../db/exec.js';
import { isBlockchain, normalizeAddressForComparison } from '../../core/addresses/index.js';
import { findSandboxFailure } from '../routes/index.js';

/** Where a sandbox failure entry makes a transfer fail (§10.7 `--at`). */
export type FailAt = 'BROADCASTING' | 'CONFIRMING';

/**
 * §10.7: the failure entry matching the destination (ETH compared case-insensitively, as the deny list
 * compares addresses), captured when a withdrawal enters SUBMITTED or a refund CONFIRMED; later changes
 * to the list do not affect it. Outside sandbox mode the list is ignored: null.
 */
export async function captureFailure(tx: Exec, blockchain: string, address: string, sandbox: boolean): Promise<string | null> {
  if (!sandbox || !isBlockchain(blockchain)) return null;
  return (await findSandboxFailure(tx, blockchain, normalizeAddressForComparison(blockchain, address))) ?? null;
}

/** §10.10: statusInfo of each pipeline state (FAILED has one per cause). */
export const STATUS_INFO = {
  SUBMITTED: 'Submitted for processing',
  CONFIRMED: 'Confirmed',
  SCREENING: 'Screening destination address',
  BROADCASTING: 'Broadcasting transaction',
  CONFIRMING: 'Waiting for network confirmations',
  COMPLETED: 'Completed',
  REJECTED: 'Destination address failed screening',
  FAILED_BROADCAST: 'Broadcast failed',
  FAILED_ON_CHAIN: 'Transaction failed on chain',
  // §18 C9: SCREENING while the hot wallet cannot take the record yet.
  WAITING_CAPACITY: 'Waiting for hot wallet capacity',
} as const;

/** §10.10: the states a worker step moves a record out of, by the state that enters the pipeline. */
export const pipelineStates = (entry: 'SUBMITTED' | 'CONFIRMED') => [entry, 'SCREENING', 'BROADCASTING', 'CONFIRMING'] as const;

/** When the next step of a record that entered a state at `at` is due (§10.7). */
export const dueAfter = (at: Date, delayMs: number): string => new Date(at.getTime() + delayMs).toISOString();
