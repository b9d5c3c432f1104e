// Crypto refunds' rows: plain reads and writes, no rules.
import { and, asc, count, eq, inArray, isNotNull, lte, notInArray, type SQL } from 'drizzle-orm';
import type { Exec } from '../../db/exec.js';
import { olderThan, createdWithin, newestFirst } from '../../db/keyset.js';
import { routeOnRail } from '../routes/index.js';
import type { Waiting, WaitingQuery } from '../transfers/index.js';
import type { CryptoRefundRow } from './tables.js';

export async function findRefund(x: Exec, refundId: string): Promise<CryptoRefundRow | undefined> {
  const t = x.t.cryptoRefunds;
  return (await x.q.select().from(t).where(eq(t.refundId, refundId)))[0];
}

/** Amounts of a deposit's refunds that still count against it: all but those REJECTED or FAILED (§10.8). */
export async function refundAmountsOfDeposit(x: Exec, depositId: string): Promise<string[]> {
  const t = x.t.cryptoRefunds;
  const rows = await x.q
    .select({ amountMinor: t.amountMinor })
    .from(t)
    .where(and(eq(t.depositId, depositId), notInArray(t.status, ['REJECTED', 'FAILED'])));
  return rows.map((r) => r.amountMinor);
}

/** §15.7: the same, for a collection payment's refunds. */
export async function refundAmountsOfCollectionPayment(x: Exec, collectionPaymentId: string): Promise<string[]> {
  const t = x.t.cryptoRefunds;
  const rows = await x.q
    .select({ amountMinor: t.amountMinor })
    .from(t)
    .where(and(eq(t.collectionPaymentId, collectionPaymentId), notInArray(t.status, ['REJECTED', 'FAILED'])));
  return rows.map((r) => r.amountMinor);
}

export async function insertRefund(x: Exec, row: CryptoRefundRow): Promise<CryptoRefundRow> {
  return (await x.q.insert(x.t.cryptoRefunds).values(row).returning())[0]!;
}

/** Moves a refund from one state to the next; undefined when it was no longer in `from`. */
export async function transitionRefund(x: Exec, refundId: string, from: string, set: Partial<CryptoRefundRow>): Promise<CryptoRefundRow | undefined> {
  const t = x.t.cryptoRefunds;
  return (await x.q.update(t).set(set).where(and(eq(t.refundId, refundId), eq(t.status, from))).returning())[0];
}

/** Refunds on the query's rail in its states (due by `dueBy`), in the order they entered them (dueAt, then id). */
export async function waitingRefunds(x: Exec, q: WaitingQuery): Promise<Waiting[]> {
  const t = x.t.cryptoRefunds;
  return x.q
    .select({ id: t.refundId, dueAt: t.dueAt, statusInfo: t.statusInfo })
    .from(t)
    .where(
      and(
        inArray(t.status, [...q.statuses]),
        routeOnRail(x, q.rail, t.routeCode, t.clientId),
        ...(q.dueBy === undefined ? [] : [isNotNull(t.dueAt), lte(t.dueAt, q.dueBy)]),
      ),
    )
    .orderBy(asc(t.dueAt), asc(t.refundId))
    .limit(q.limit);
}

export type RefundFilter = {
  /** The last item's (createdAt, refundId): the walk continues with older ones. */
  before?: readonly [string, string];
  statuses?: string[];
  depositId?: string;
  collectionPaymentId?: string;
  from?: string;
  until?: string;
  limit: number;
};

/** A customer's refunds, newest first: createdAt descending, then refundId descending (§9.3). */
export async function listRefunds(x: Exec, customerId: string, f: RefundFilter): Promise<CryptoRefundRow[]> {
  const t = x.t.cryptoRefunds;
  const where: (SQL | undefined)[] = [eq(t.customerId, customerId)];
  where.push(olderThan(t.createdAt, t.refundId, f.before));
  if (f.statuses) where.push(inArray(t.status, f.statuses));
  if (f.depositId !== undefined) where.push(eq(t.depositId, f.depositId));
  if (f.collectionPaymentId !== undefined) where.push(eq(t.collectionPaymentId, f.collectionPaymentId));
  where.push(createdWithin(t.createdAt, f.from, f.until));
  return x.q
    .select()
    .from(t)
    .where(and(...where))
    .orderBy(...newestFirst(t.createdAt, t.refundId))
    .limit(f.limit);
}

/** §18 C9 rail status: the refunds in SCREENING with this statusInfo (the EVM rail's "waiting for capacity"). */
export async function countRefundsWaiting(x: Exec, statusInfo: string): Promise<number> {
  const t = x.t.cryptoRefunds;
  return Number((await x.q.select({ n: count() }).from(t).where(and(eq(t.status, 'SCREENING'), eq(t.statusInfo, statusInfo))))[0]?.n ?? 0);
}

/** §18 C1: whether a refund of the partner exists on the route. */
export async function refundOnRoute(x: Exec, routeCode: string, clientId: string): Promise<boolean> {
  const t = x.t.cryptoRefunds;
  return (await x.q.select({ code: t.routeCode }).from(t).where(and(eq(t.routeCode, routeCode), eq(t.clientId, clientId))).limit(1)).length > 0;
}

/** §10.11 for data upgrades: every refund, oldest first (then by id). */
export async function allRefunds(x: Exec): Promise<CryptoRefundRow[]> {
  const t = x.t.cryptoRefunds;
  return x.q.select().from(t).orderBy(asc(t.createdAt), asc(t.refundId));
}

/** §10.11 for data upgrades: sets columns of a refund as they are, no rules. */
export async function setRefund(x: Exec, refundId: string, set: Partial<CryptoRefundRow>): Promise<CryptoRefundRow> {
  const t = x.t.cryptoRefunds;
  return (await x.q.update(t).set(set).where(eq(t.refundId, refundId)).returning())[0]!;
}
