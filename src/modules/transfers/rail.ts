// Settled point 3: the pipeline moves a transfer through a rail with a narrow interface — screen,
// broadcast, confirm — so that a custody integration is one new file beside the sandbox simulator.
import type { Exec } from '../../db/exec.js';
import type { Blockchain } from '../../core/addresses/index.js';

export type Destination = { blockchain: Blockchain; address: string };

/** What the rail is asked to move: a withdrawal's or a refund's transfer. */
export type TransferOrder = {
  /** The record's id (withdrawalId or refundId). */
  id: string;
  destination: Destination;
  amountMinor: bigint;
  currency: string;
  /** The sandbox failure entry captured when the record entered the pipeline (§10.7), or null. */
  failAt: string | null;
  /** Set once the transfer was broadcast. */
  txHash: string | null;
};

export type Stage = 'BROADCASTING' | 'CONFIRMING';

export interface TransferRail {
  /** The step out of SCREENING: KYT of the destination as it is now. */
  screen(x: Exec, to: Destination): Promise<'CLEARED' | 'REJECTED'>;
  /** Entering BROADCASTING (cleared): hands the transfer to the network; its transaction hash. */
  broadcast(x: Exec, order: TransferOrder): Promise<string>;
  /** The steps out of BROADCASTING and CONFIRMING: whether the transfer got through that stage. */
  confirm(x: Exec, order: TransferOrder, stage: Stage): Promise<'PASSED' | 'FAILED'>;
}
