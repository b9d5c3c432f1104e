// §10.6–§10.7 the outbound pipeline shared by withdrawals and refunds (D10): entry state (SUBMITTED /
// CONFIRMED) → SCREENING → BROADCASTING → CONFIRMING → COMPLETED, or REJECTED / FAILED. One step is one
// transaction: a compare-and-set on (id, status), the record's event, then its ledger rows (E6, L4).
import type { Exec } from '../../db/exec.js';
import { isBlockchain } from '../../core/addresses/index.js';
import type { TransactionType } from '../ledger/index.js';
import { transition, type Lifecycle, type RecordRow } from '../lifecycle/index.js';
import type { TransferOrder, TransferRail } from './rail.js';
import { dueAfter, pipelineStates, STATUS_INFO } from './rules.js';

/** A withdrawal or a refund as the pipeline sees it. */
export type TransferRecord = {
  id: string;
  status: string;
  dueAt: string | null;
  customerId: string;
  clientId: string;
  currency: string;
  currencyScale: number;
  amountMinor: bigint;
  /** Withdrawals: the fee, held with the amount; refunds carry none (§10.8). */
  feeMinor: bigint;
  failAt: string | null;
  txHash: string | null;
  blockchain: string;
  address: string;
  /** The record's route (its rail decides which pipeline moves it, §18 C1). */
  routeCode: string;
};

/** What differs between withdrawals and refunds: their rows and how a completed transfer settles. */
export type TransferKind<Row extends object> = {
  name: string;
  resourceType: 'CRYPTO_WITHDRAWAL' | 'CRYPTO_REFUND';
  entry: 'SUBMITTED' | 'CONFIRMED';
  due(x: Exec, statuses: readonly string[], now: string, limit: number): Promise<string[]>;
  load(x: Exec, id: string): Promise<TransferRecord | undefined>;
  transition(x: Exec, id: string, from: string, set: Record<string, unknown>): Promise<Row | undefined>;
  /** COMPLETED's ledger rows, in §10.1's order. */
  settlement(r: TransferRecord): { type: TransactionType; amountMinor: bigint }[];
};

/** The step's status, its fields, and statusInfo where it is not the status's own (FAILED: by cause). */
type Next = { status: string; statusInfo?: string; kytResult?: string; txHash?: string };

const FINAL = ['COMPLETED', 'REJECTED', 'FAILED'];

function orderOf(r: TransferRecord): TransferOrder {
  if (!isBlockchain(r.blockchain)) throw new Error(`transfer ${r.id}: unknown blockchain ${r.blockchain}`);
  return { id: r.id, destination: { blockchain: r.blockchain, address: r.address }, amountMinor: r.amountMinor, currency: r.currency, failAt: r.failAt, txHash: r.txHash };
}

/** §10.10: where the step out of the record's state leads, as the rail decides. */
async function nextOf(rail: TransferRail, tx: Exec, r: TransferRecord, entry: string): Promise<Next> {
  const order = orderOf(r);
  switch (r.status) {
    case entry:
      return { status: 'SCREENING', kytResult: 'PENDING' };
    case 'SCREENING':
      // The deny list as it is now decides (§10.6); a cleared transfer is broadcast and keeps its hash.
      if ((await rail.screen(tx, order.destination)) === 'REJECTED') return { status: 'REJECTED', kytResult: 'REJECTED' };
      return { status: 'BROADCASTING', kytResult: 'CLEARED', txHash: await rail.broadcast(tx, order) };
    case 'BROADCASTING':
      return (await rail.confirm(tx, order, 'BROADCASTING')) === 'FAILED'
        ? { status: 'FAILED', statusInfo: STATUS_INFO.FAILED_BROADCAST }
        : { status: 'CONFIRMING' };
    case 'CONFIRMING':
      return (await rail.confirm(tx, order, 'CONFIRMING')) === 'FAILED'
        ? { status: 'FAILED', statusInfo: STATUS_INFO.FAILED_ON_CHAIN }
        : { status: 'COMPLETED' };
    default:
      throw new Error(`transfer ${r.id}: no step out of ${r.status}`);
  }
}

/**
 * One step of one record at `now`: false when it was not due (not in a processing state, not yet due,
 * or another process took the step first). Nothing but the record's own captured state and the rail
 * decide the course: a route disabled or a beneficiary removed after entry changes nothing (§10.6).
 */
export async function stepTransfer<Row extends object>(
  kind: TransferKind<Row>,
  rail: TransferRail,
  delayMs: number,
  tx: Exec,
  id: string,
  now: Date,
): Promise<boolean> {
  const r = await kind.load(tx, id);
  const at = now.toISOString();
  if (!r || r.dueAt === null || r.dueAt > at || !(pipelineStates(kind.entry) as readonly string[]).includes(r.status)) return false;
  const { status, statusInfo, ...fields } = await nextOf(rail, tx, r, kind.entry);
  const final = FINAL.includes(status);
  // §10.1: COMPLETED settles the hold; REJECTED and FAILED release all of it, fee included (D10).
  const ledger =
    status === 'COMPLETED'
      ? kind.settlement(r)
      : status === 'REJECTED' || status === 'FAILED'
        ? [{ type: 'RELEASE' as const, amountMinor: r.amountMinor + r.feeMinor }]
        : [];
  const row = await transition(tx, lifecycleOf(kind), {
    id,
    from: r.status,
    to: status,
    at,
    statusInfo,
    set: { ...fields, dueAt: final ? null : dueAfter(now, delayMs), ...(status === 'COMPLETED' ? { completedAt: at } : {}) },
    ledger,
  });
  return row !== undefined;
}

/** A withdrawal or a refund row: both carry their owner, status and currency. */
type TransferRow = RecordRow & { status: string };

/** The kind's records as transition() changes them: the pipeline's statusInfo (§10.10), the kind's compare-and-set. */
export function lifecycleOf<Row extends object>(kind: TransferKind<Row>): Lifecycle<TransferRow, Record<string, unknown>> {
  return {
    record: { resourceType: kind.resourceType, ledger: { resource: true } },
    statusInfo: STATUS_INFO,
    compareAndSet: kind.transition as (x: Exec, id: string, from: string, set: Record<string, unknown>) => Promise<TransferRow | undefined>,
  };
}
