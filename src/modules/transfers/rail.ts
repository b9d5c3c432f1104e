// The outbound-rail seam (settled point 3, §10.6–§10.7, §18.6): a rail carries a transfer out as
// intent → attempt stored → what the network shows, and makes every network call outside database
// transactions. Above it, written once (steps.ts): the transitions and their events, the deny-list
// screening, the ledger steps (RELEASE on REJECTED / FAILED, the settlement rows on COMPLETED) and
// statusInfo. Below it: the sandbox simulator (sandbox-rail.ts) and the EVM broadcaster and tracker
// (src/modules/evm/). A new rail is one implementation of this interface.
//
// Fiat withdrawals do not use this seam: a bank payout settles when it is handed to the bank (§14.9), not
// when a network confirms it, a bank may return it after it settled (a credit back, not a release), and its
// review is a compliance review with an information loop, not the deny-list screening. Their bank rail is
// src/modules/fiat-withdrawals/bank-rail.ts.
import type { Exec } from '../../db/exec.js';
import type { TransferRecord } from './kind.js';

/** A step of the pipeline's state machine, as a rail asks for it (the pipeline decides the fields). */
export type Step =
  /** The entry state → SCREENING (kytResult PENDING). */
  | { step: 'enter' }
  /** SCREENING stays, statusInfo "Waiting for hot wallet capacity" (§18 C9). */
  | { step: 'waiting' }
  /** SCREENING → REJECTED: the deny list refused the destination (RELEASE). */
  | { step: 'rejected' }
  /** SCREENING → BROADCASTING with the stored attempt's reference (kytResult CLEARED); in BROADCASTING: a newer attempt's reference (C8). */
  | { step: 'stored'; reference: string }
  /** → CONFIRMING: the network took the transfer (with the reference of the attempt it took, where it tells). */
  | { step: 'accepted'; reference?: string }
  /** CONFIRMING → COMPLETED (the kind's settlement rows). */
  | { step: 'succeeded' }
  /** → FAILED with the stage's statusInfo (RELEASE of amount and fee). */
  | { step: 'failed'; stage: 'BROADCASTING' | 'CONFIRMING' };

/** What a rail may do inside its own transactions. */
export type RailContext = {
  /** The record's type (§11.2), for the rail's own rows. */
  resourceType: string;
  /** The record as `x` reads it now (a rail's storing transaction checks it did not move). */
  reload(x: Exec): Promise<TransferRecord | undefined>;
  /** Reads outside any transaction (the sandbox: its step's transaction). */
  read: Exec;
  /** Runs `work` in one short transaction (the sandbox: its step's transaction). */
  run<T>(work: (tx: Exec) => Promise<T>): Promise<T>;
  /**
   * The pipeline's step of the record in `tx` (compare-and-set on its status, its event, its ledger
   * rows): false when the record was no longer where the rail saw it, or the rail is halted.
   */
  take(tx: Exec, step: Step): Promise<boolean>;
};

/** What `submit` did with a record the deny list cleared. */
export type Submission =
  /** Its attempt is stored and the record is BROADCASTING (or another process moved it meanwhile). */
  | 'stored'
  /** The network (or the signer, the bank) refused it before anything was stored: FAILED at BROADCASTING. */
  | 'refused'
  /** It cannot be taken yet (capacity, fees): it stays in SCREENING, marked as waiting. */
  | 'waiting'
  /** Not taken this time, nothing to mark (its route cannot be used as it is). */
  | 'skipped'
  /** Nothing more can be submitted now (the rail halted, the network or the signer unreachable). */
  | 'stopped';

/** What the network shows of a transfer, in order; `record` writes the rail's own rows in the step's transaction. */
export type Shown = { step: Extract<Step, { step: 'accepted' | 'succeeded' | 'failed' }>; record?: (tx: Exec) => Promise<void> };

export interface OutboundRail {
  /** True while the rail is halted (§18 C10): checked in every transaction that moves one of its records. */
  halted?(x: Exec): Promise<boolean>;
  /** Intent → attempt stored: for a record in SCREENING that the deny list cleared. */
  submit(r: TransferRecord, ctx: RailContext): Promise<Submission>;
  /** What the network shows of a transfer in BROADCASTING or CONFIRMING since the record's last step. */
  observe(r: TransferRecord, ctx: RailContext): Promise<Shown[]>;
}
