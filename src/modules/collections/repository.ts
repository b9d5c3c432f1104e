// Collection buyers, wallets, addresses and payments: plain reads and writes, no rules.
import { and, asc, eq, inArray, isNotNull, lte, type SQL } from 'drizzle-orm';
import type { Exec } from '../../db/exec.js';
import { createdWithin, newestFirst, olderThan } from '../../db/keyset.js';
import type { CollectionAddressRow, CollectionBuyerRow, CollectionPaymentRow, CollectionWalletRow } from './tables.js';

// Buyers (§15.5).

export async function findBuyer(x: Exec, buyerId: string): Promise<CollectionBuyerRow | undefined> {
  const t = x.t.collectionBuyers;
  return (await x.q.select().from(t).where(eq(t.buyerId, buyerId)))[0];
}

export async function findBuyerByExternalRef(x: Exec, customerId: string, externalRef: string): Promise<CollectionBuyerRow | undefined> {
  const t = x.t.collectionBuyers;
  return (await x.q.select().from(t).where(and(eq(t.customerId, customerId), eq(t.externalRef, externalRef))))[0];
}

export async function insertBuyer(x: Exec, row: CollectionBuyerRow): Promise<CollectionBuyerRow> {
  return (await x.q.insert(x.t.collectionBuyers).values(row).returning())[0]!;
}

/** A buyer's change, compare-and-set on its status and updatedAt (the row as read). */
export async function updateBuyer(x: Exec, buyerId: string, from: string, set: Partial<CollectionBuyerRow>): Promise<CollectionBuyerRow | undefined> {
  const t = x.t.collectionBuyers;
  return (await x.q.update(t).set(set).where(and(eq(t.buyerId, buyerId), eq(t.status, from))).returning())[0];
}

export async function listBuyers(
  x: Exec,
  customerId: string,
  f: { before?: readonly [string, string]; statuses?: string[]; externalRef?: string; limit: number },
): Promise<CollectionBuyerRow[]> {
  const t = x.t.collectionBuyers;
  const where: (SQL | undefined)[] = [eq(t.customerId, customerId), olderThan(t.createdAt, t.buyerId, f.before)];
  if (f.statuses) where.push(inArray(t.status, f.statuses));
  if (f.externalRef !== undefined) where.push(eq(t.externalRef, f.externalRef));
  return x.q
    .select()
    .from(t)
    .where(and(...where))
    .orderBy(...newestFirst(t.createdAt, t.buyerId))
    .limit(f.limit);
}

// Addresses (§15.2, §16.4 uq_collection_address).

export async function insertCollectionAddress(x: Exec, row: CollectionAddressRow): Promise<void> {
  await x.q.insert(x.t.collectionAddresses).values(row);
}

/** The payment target of the partner on the route at this canonical address, if any (§15.6 check 4). */
/** §18 C1: whether a collection target of the partner (a wallet, later a checkout) has an address on the route. */
export async function collectionTargetOnRoute(x: Exec, routeCode: string, clientId: string): Promise<boolean> {
  const t = x.t.collectionAddresses;
  return (await x.q.select({ id: t.targetId }).from(t).where(and(eq(t.routeCode, routeCode), eq(t.clientId, clientId))).limit(1)).length > 0;
}

export async function findCollectionAddress(x: Exec, clientId: string, routeCode: string, blockchain: string, addressKey: string): Promise<CollectionAddressRow | undefined> {
  const t = x.t.collectionAddresses;
  return (
    await x.q
      .select()
      .from(t)
      .where(and(eq(t.blockchain, blockchain), eq(t.addressKey, addressKey), eq(t.clientId, clientId), eq(t.routeCode, routeCode)))
  )[0];
}

// Wallets (§15.5).

export async function findWallet(x: Exec, collectionWalletId: string): Promise<CollectionWalletRow | undefined> {
  const t = x.t.collectionWallets;
  return (await x.q.select().from(t).where(eq(t.collectionWalletId, collectionWalletId)))[0];
}

export async function findActiveWallet(x: Exec, buyerId: string, routeCode: string): Promise<CollectionWalletRow | undefined> {
  const t = x.t.collectionWallets;
  return (await x.q.select().from(t).where(and(eq(t.buyerId, buyerId), eq(t.routeCode, routeCode), eq(t.status, 'ACTIVE'))))[0];
}

export async function insertWallet(x: Exec, row: CollectionWalletRow): Promise<CollectionWalletRow> {
  return (await x.q.insert(x.t.collectionWallets).values(row).returning())[0]!;
}

/** §16.4: compare-and-set on (status, version); the version moves on with every change. */
export async function updateWallet(
  x: Exec,
  collectionWalletId: string,
  from: string,
  version: number,
  set: Partial<CollectionWalletRow>,
): Promise<CollectionWalletRow | undefined> {
  const t = x.t.collectionWallets;
  return (
    await x.q
      .update(t)
      .set({ ...set, version: version + 1 })
      .where(and(eq(t.collectionWalletId, collectionWalletId), eq(t.status, from), eq(t.version, version)))
      .returning()
  )[0];
}

export async function listWallets(
  x: Exec,
  customerId: string,
  f: { before?: readonly [string, string]; statuses?: string[]; buyerId?: string; routeCode?: string; limit: number },
): Promise<CollectionWalletRow[]> {
  const t = x.t.collectionWallets;
  const where: (SQL | undefined)[] = [eq(t.customerId, customerId), olderThan(t.createdAt, t.collectionWalletId, f.before)];
  if (f.statuses) where.push(inArray(t.status, f.statuses));
  if (f.buyerId !== undefined) where.push(eq(t.buyerId, f.buyerId));
  if (f.routeCode !== undefined) where.push(eq(t.routeCode, f.routeCode));
  return x.q
    .select()
    .from(t)
    .where(and(...where))
    .orderBy(...newestFirst(t.createdAt, t.collectionWalletId))
    .limit(f.limit);
}

/** §15.5 the expiry step: ACTIVE wallets whose expiresAt has come, soonest first. */
export async function dueWalletExpiries(x: Exec, now: string, limit: number): Promise<string[]> {
  const t = x.t.collectionWallets;
  const rows = await x.q
    .select({ id: t.collectionWalletId })
    .from(t)
    .where(and(eq(t.status, 'ACTIVE'), isNotNull(t.expiresAt), lte(t.expiresAt, now)))
    .orderBy(asc(t.expiresAt), asc(t.collectionWalletId))
    .limit(limit);
  return rows.map((r) => r.id);
}

// Payments (§15.6).

export async function findPayment(x: Exec, collectionPaymentId: string): Promise<CollectionPaymentRow | undefined> {
  const t = x.t.collectionPayments;
  return (await x.q.select().from(t).where(eq(t.collectionPaymentId, collectionPaymentId)))[0];
}

/** §16.4 uq_collection_payment_tx: the payment of this transaction to this address on this chain. */
export async function findPaymentByTx(x: Exec, blockchain: string, txHash: string, toAddressKey: string): Promise<CollectionPaymentRow | undefined> {
  const t = x.t.collectionPayments;
  return (await x.q.select().from(t).where(and(eq(t.blockchain, blockchain), eq(t.txHash, txHash), eq(t.toAddressKey, toAddressKey))))[0];
}

export async function insertPayment(x: Exec, row: CollectionPaymentRow): Promise<CollectionPaymentRow> {
  return (await x.q.insert(x.t.collectionPayments).values(row).returning())[0]!;
}

/** Moves a payment out of `from`; undefined when it was no longer there (compare-and-set). */
export async function transitionPayment(x: Exec, collectionPaymentId: string, from: string, set: Partial<CollectionPaymentRow>): Promise<CollectionPaymentRow | undefined> {
  const t = x.t.collectionPayments;
  return (await x.q.update(t).set(set).where(and(eq(t.collectionPaymentId, collectionPaymentId), eq(t.status, from))).returning())[0];
}

/**
 * The payment, claimed for the rest of the transaction (as deposits' lockDeposit): refund drafts racing
 * on it from several processes check its refundable amount one at a time.
 */
export async function lockPayment(x: Exec, collectionPaymentId: string): Promise<CollectionPaymentRow | undefined> {
  const t = x.t.collectionPayments;
  if (x.engine === 'pg') return (await x.q.update(t).set({ status: t.status }).where(eq(t.collectionPaymentId, collectionPaymentId)).returning())[0];
  return findPayment(x, collectionPaymentId);
}

export type PaymentFilter = {
  before?: readonly [string, string];
  statuses?: string[];
  targetType?: string;
  checkoutId?: string;
  collectionWalletId?: string;
  buyerId?: string;
  from?: string;
  until?: string;
  limit: number;
};

export async function listPayments(x: Exec, customerId: string, f: PaymentFilter): Promise<CollectionPaymentRow[]> {
  const t = x.t.collectionPayments;
  const where: (SQL | undefined)[] = [eq(t.customerId, customerId), olderThan(t.createdAt, t.collectionPaymentId, f.before)];
  if (f.statuses) where.push(inArray(t.status, f.statuses));
  if (f.targetType !== undefined) where.push(eq(t.targetType, f.targetType));
  if (f.checkoutId !== undefined) where.push(eq(t.checkoutId, f.checkoutId));
  if (f.collectionWalletId !== undefined) where.push(eq(t.collectionWalletId, f.collectionWalletId));
  if (f.buyerId !== undefined) where.push(eq(t.buyerId, f.buyerId));
  where.push(createdWithin(t.createdAt, f.from, f.until));
  return x.q
    .select()
    .from(t)
    .where(and(...where))
    .orderBy(...newestFirst(t.createdAt, t.collectionPaymentId))
    .limit(f.limit);
}

/** §15.6 the confirmation step: DETECTED payments due to confirm, oldest first. */
export async function dueConfirmations(x: Exec, now: string, limit: number): Promise<string[]> {
  const t = x.t.collectionPayments;
  const rows = await x.q
    .select({ id: t.collectionPaymentId })
    .from(t)
    .where(and(eq(t.status, 'DETECTED'), isNotNull(t.confirmDueAt), lte(t.confirmDueAt, now)))
    .orderBy(asc(t.confirmDueAt), asc(t.collectionPaymentId))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** §15.6 the timeout step: DETECTED payments past their timeout, oldest first. */
export async function dueTimeouts(x: Exec, now: string, limit: number): Promise<string[]> {
  const t = x.t.collectionPayments;
  const rows = await x.q
    .select({ id: t.collectionPaymentId })
    .from(t)
    .where(and(eq(t.status, 'DETECTED'), lte(t.timeoutAt, now)))
    .orderBy(asc(t.timeoutAt), asc(t.collectionPaymentId))
    .limit(limit);
  return rows.map((r) => r.id);
}
