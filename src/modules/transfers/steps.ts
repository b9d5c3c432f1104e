// §10.6–§10.10 above the outbound-rail seam (rail.ts), written once for every rail: the step each
// answer of a rail leads to, with its fields, statusInfo and ledger rows (E6, L4), the deny-list
// screening of the destination, and the order the steps are taken in.
import type { Exec } from '../../db/exec.js';
import { isBlockchain, normalizeAddressForComparison } from '../../core/addresses/index.js';
import type { TransactionType } from '../ledger/index.js';
import { transition, type Lifecycle, type RecordRow } from '../lifecycle/index.js';
import { isDenied } from '../routes/index.js';
import type { TransferKind, TransferRecord } from './kind.js';
import type { OutboundRail, RailContext, Step, Submission } from './rail.js';
import { STATUS_INFO } from './rules.js';

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

type Ledger = { type: TransactionType; amountMinor: bigint }[];

/** Where a step leads: the status, its own fields, statusInfo where it is not the status's own, the ledger rows. */
type Move = { to: string; set: Record<string, unknown>; statusInfo?: string; ledger: Ledger };

/** §10.1: REJECTED and FAILED release all of the hold, fee included (D10). */
const release = (r: TransferRecord): Ledger => [{ type: 'RELEASE', amountMinor: r.amountMinor + r.feeMinor }];

function moveOf<Row extends object>(kind: TransferKind<Row>, r: TransferRecord, step: Step, at: string): Move {
  switch (step.step) {
    case 'enter':
      return { to: 'SCREENING', set: { kytResult: 'PENDING' }, ledger: [] };
    case 'waiting':
      return { to: 'SCREENING', set: {}, statusInfo: STATUS_INFO.WAITING_CAPACITY, ledger: [] };
    case 'rejected':
      return { to: 'REJECTED', set: { kytResult: 'REJECTED' }, ledger: release(r) };
    case 'stored':
      // Out of SCREENING the deny list cleared it; in BROADCASTING the reference follows the newest attempt (§18 C8).
      return { to: 'BROADCASTING', set: r.status === 'SCREENING' ? { kytResult: 'CLEARED', txHash: step.reference } : { txHash: step.reference }, ledger: [] };
    case 'accepted':
      return { to: 'CONFIRMING', set: step.reference === undefined ? {} : { txHash: step.reference }, ledger: [] };
    case 'succeeded':
      return { to: 'COMPLETED', set: { completedAt: at }, ledger: kind.settlement(r) };
    case 'failed':
      return {
        to: 'FAILED',
        // Refused out of SCREENING (§18 C7): the deny list had cleared it (kytResult CLEARED, §10.10).
        set: r.status === 'SCREENING' ? { kytResult: 'CLEARED' } : {},
        statusInfo: step.stage === 'BROADCASTING' ? STATUS_INFO.FAILED_BROADCAST : STATUS_INFO.FAILED_ON_CHAIN,
        ledger: release(r),
      };
  }
}

/** How a driver of the pipeline takes steps: its clock, when the next step is due, whether its rail is halted. */
export type Driver = {
  at(): string;
  /** The record's dueAt after a step to `to`; undefined leaves it as it is. */
  dueAt(to: string, at: string): string | null | undefined;
  halted?(x: Exec): Promise<boolean>;
  /** Told of every step taken (the worker's hint that more may be due). */
  took?(): void;
};

/** One step of `r` in `tx` through transition(): false when the record left its status meanwhile or the rail is halted. */
export async function takeStep<Row extends object>(tx: Exec, kind: TransferKind<Row>, r: TransferRecord, step: Step, d: Driver): Promise<boolean> {
  if (await d.halted?.(tx)) return false;
  const at = d.at();
  const m = moveOf(kind, r, step, at);
  const dueAt = d.dueAt(m.to, at);
  const row = await transition(tx, lifecycleOf(kind), {
    id: r.id,
    from: r.status,
    to: m.to,
    at,
    statusInfo: m.statusInfo,
    set: dueAt === undefined ? m.set : { ...m.set, dueAt },
    ledger: m.ledger,
  });
  if (row) d.took?.();
  return row !== undefined;
}

/** The context a rail gets for one record: its reads, its transactions, the pipeline's steps of that record. */
export function railContext<Row extends object>(
  kind: TransferKind<Row>,
  r: TransferRecord,
  d: Driver,
  io: { read: Exec; run: <T>(work: (tx: Exec) => Promise<T>) => Promise<T> },
): RailContext {
  return { resourceType: kind.resourceType, reload: (x) => kind.load(x, r.id), read: io.read, run: io.run, take: (tx, step) => takeStep(tx, kind, r, step, d) };
}

/** §10.6: the deny list as it is at the step decides (ETH compared case-insensitively). */
export async function destinationDenied(x: Exec, r: TransferRecord): Promise<boolean> {
  if (!isBlockchain(r.blockchain)) throw new Error(`transfer ${r.id}: unknown blockchain ${r.blockchain}`);
  return isDenied(x, r.blockchain, normalizeAddressForComparison(r.blockchain, r.address));
}

/**
 * The step out of SCREENING: the deny list first (REJECTED), then the rail's attempt; a rail that
 * refused it before storing anything fails it at BROADCASTING, one that cannot take it yet marks it
 * waiting (once, whichever process finds it waiting first: its `updated` event is written once).
 */
export async function leaveScreening<Row extends object>(rail: OutboundRail, kind: TransferKind<Row>, r: TransferRecord, ctx: RailContext): Promise<Submission | 'rejected'> {
  if (await destinationDenied(ctx.read, r)) {
    await ctx.run((tx) => ctx.take(tx, { step: 'rejected' }));
    return 'rejected';
  }
  const submitted = await rail.submit(r, ctx);
  if (submitted === 'refused') await ctx.run((tx) => ctx.take(tx, { step: 'failed', stage: 'BROADCASTING' }));
  if (submitted === 'waiting' && r.statusInfo !== STATUS_INFO.WAITING_CAPACITY)
    await ctx.run(async (tx) => (await kind.load(tx, r.id))?.statusInfo !== STATUS_INFO.WAITING_CAPACITY && ctx.take(tx, { step: 'waiting' }));
  return submitted;
}

/**
 * A transfer in BROADCASTING or CONFIRMING: what the rail shows, step by step, each in one transaction
 * with the rail's own record of it; the first that no longer applies ends it. Acceptance of the
 * reference the record already holds changes no status (only the rail's record); a decision is taken
 * only from CONFIRMING, a failure at BROADCASTING from either state.
 */
export async function track<Row extends object>(
  rail: OutboundRail,
  kind: TransferKind<Row>,
  r: TransferRecord,
  d: Driver,
  io: { read: Exec; run: <T>(work: (tx: Exec) => Promise<T>) => Promise<T> },
): Promise<void> {
  let current: TransferRecord | undefined = r;
  for (const shown of await rail.observe(r, railContext(kind, r, d, io))) {
    if (!current) return;
    const cur: TransferRecord = current;
    const { step } = shown;
    const known = step.step === 'accepted' && cur.status === 'CONFIRMING' && (step.reference === undefined || step.reference === cur.txHash);
    const decision = step.step === 'succeeded' || (step.step === 'failed' && step.stage === 'CONFIRMING');
    if (decision && cur.status !== 'CONFIRMING') return;
    const done = await io.run(async (tx) => {
      if (known ? await d.halted?.(tx) : !(await takeStep(tx, kind, cur, step, d))) return false;
      await shown.record?.(tx);
      return true;
    });
    if (!done) return;
    current = await kind.load(io.read, r.id);
  }
}
