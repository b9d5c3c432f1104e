// What the outbound pipeline knows of a record it moves (D10): a withdrawal or a refund as it sees it,
// and what differs between the two. Each record module provides its kind (withdrawals/, refunds/): the
// pipeline never reads their tables.
import type { Exec } from '../../db/exec.js';
import type { TransactionType } from '../ledger/index.js';

/** A withdrawal or a refund as the pipeline sees it: the intent a rail is asked to carry out. */
export type TransferRecord = {
  id: string;
  status: string;
  statusInfo: string;
  dueAt: string | null;
  customerId: string;
  clientId: string;
  currency: string;
  currencyScale: number;
  amountMinor: bigint;
  /** Withdrawals: the fee, held with the amount; refunds carry none (§10.8). */
  feeMinor: bigint;
  /** The sandbox failure entry captured when the record entered the pipeline (§10.7), or null. */
  failAt: string | null;
  /** The network's reference of the transfer (the transaction hash), once an attempt is stored. */
  txHash: string | null;
  blockchain: string;
  address: string;
  /** The record's route (its rail decides which pipeline moves it, §18 C1). */
  routeCode: string;
};

/** The rails a route names (§18 C1): which one moves a record on it. */
export type RailName = 'SANDBOX' | 'EVM';

/** A record waiting on a rail: its id, when it entered its state (dueAt) and its statusInfo. */
export type Waiting = { id: string; dueAt: string | null; statusInfo: string };

export type WaitingQuery = {
  rail: RailName;
  statuses: readonly string[];
  limit: number;
  /** Only records whose dueAt is at or before this time (none without a dueAt). */
  dueBy?: string;
};

/** What differs between withdrawals and refunds: their rows and how a completed transfer settles. */
export type TransferKind<Row extends object> = {
  name: string;
  resourceType: 'CRYPTO_WITHDRAWAL' | 'CRYPTO_REFUND';
  entry: 'SUBMITTED' | 'CONFIRMED';
  /** The kind's records on `rail`'s routes in the query's states, in the order they entered them (dueAt, then id). */
  waiting(x: Exec, q: WaitingQuery): Promise<Waiting[]>;
  load(x: Exec, id: string): Promise<TransferRecord | undefined>;
  /** Compare-and-set: moves the record out of `from`; undefined when it was no longer there. */
  transition(x: Exec, id: string, from: string, set: Record<string, unknown>): Promise<Row | undefined>;
  /** COMPLETED's ledger rows, in §10.1's order. */
  settlement(r: TransferRecord): { type: TransactionType; amountMinor: bigint }[];
};
