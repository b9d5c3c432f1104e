// §10.6–§10.7 the outbound pipeline shared by withdrawals and refunds (D10): entry state (SUBMITTED /
// CONFIRMED) → SCREENING → BROADCASTING → CONFIRMING → COMPLETED, or REJECTED / FAILED. One step is one
// transaction: a compare-and-set on (id, status), the record's event, then its ledger rows (E6, L4).
import type { Exec } from '../../db/exec.js';
import { isBlockchain } from '../../core/addresses/index.js';
import { recordEvent } from '../events/rules.js';
import { post, type TransactionType } from '../ledger/rules.js';
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

type Next = { status: string; statusInfo: string; kytResult?: string; txHash?: string };

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
      return { status: 'SCREENING', statusInfo: STATUS_INFO.SCREENING, kytResult: 'PENDING' };
    case 'SCREENING':
      // The deny list as it is now decides (§10.6); a cleared transfer is broadcast and keeps its hash.
      if ((await rail.screen(tx, order.destination)) === 'REJECTED')
        return { status: 'REJECTED', statusInfo: STATUS_INFO.REJECTED, kytResult: 'REJECTED' };
      return { status: 'BROADCASTING', statusInfo: STATUS_INFO.BROADCASTING, kytResult: 'CLEARED', txHash: await rail.broadcast(tx, order) };
    case 'BROADCASTING':
      return (await rail.confirm(tx, order, 'BROADCASTING')) === 'FAILED'
        ? { status: 'FAILED', statusInfo: STATUS_INFO.FAILED_BROADCAST }
        : { status: 'CONFIRMING', statusInfo: STATUS_INFO.CONFIRMING };
    case 'CONFIRMING':
      return (await rail.confirm(tx, order, 'CONFIRMING')) === 'FAILED'
        ? { status: 'FAILED', statusInfo: STATUS_INFO.FAILED_ON_CHAIN }
        : { status: 'COMPLETED', statusInfo: STATUS_INFO.COMPLETED };
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
  const next = await nextOf(rail, tx, r, kind.entry);
  const final = FINAL.includes(next.status);
  const row = await kind.transition(tx, id, r.status, {
    ...next,
    updatedAt: at,
    dueAt: final ? null : dueAfter(now, delayMs),
    ...(next.status === 'COMPLETED' ? { completedAt: at } : {}),
  });
  if (!row) return false;
  await recordEvent(tx, {
    resourceType: kind.resourceType,
    resourceId: id,
    clientId: r.clientId,
    customerId: r.customerId,
    resource: row,
    status: next.status,
    previousStatus: r.status,
    at,
  });
  // §10.1: COMPLETED settles the hold; REJECTED and FAILED release all of it, fee included (D10).
  const rows =
    next.status === 'COMPLETED'
      ? kind.settlement(r)
      : next.status === 'REJECTED' || next.status === 'FAILED'
        ? [{ type: 'RELEASE' as const, amountMinor: r.amountMinor + r.feeMinor }]
        : [];
  for (const p of rows)
    if (p.amountMinor > 0n)
      await post(tx, {
        type: p.type,
        customerId: r.customerId,
        clientId: r.clientId,
        currency: r.currency,
        currencyScale: r.currencyScale,
        amountMinor: p.amountMinor,
        resourceType: kind.resourceType,
        resourceId: id,
        at,
      });
  return true;
}
