// Crypto deposits' rows: plain reads and writes, no rules.
import { and, asc, eq, gt, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Exec } from '../../db/exec.js';
import { olderThan, createdWithin, newestFirst } from '../../db/keyset.js';
import type { CryptoDepositRow, NewCryptoDepositRow } from './tables.js';

export async function findDeposit(x: Exec, depositId: string): Promise<CryptoDepositRow | undefined> {
  const t = x.t.cryptoDeposits;
  return (await x.q.select().from(t).where(eq(t.depositId, depositId)))[0];
}

/**
 * The deposit, claimed for the rest of the transaction, so that refund drafts racing on it from several
 * processes check its refundable amount one at a time. On PostgreSQL a write of the row (to itself): a
 * concurrent draft waits for it, and then fails on the changed row and runs again with a snapshot that
 * sees the first draft's refund. On SQLite every write job already runs alone.
 */
export async function lockDeposit(x: Exec, depositId: string): Promise<CryptoDepositRow | undefined> {
  const t = x.t.cryptoDeposits;
  if (x.engine === 'pg') return (await x.q.update(t).set({ status: sql`${t.status}` }).where(eq(t.depositId, depositId)).returning())[0];
  return (await x.q.select().from(t).where(eq(t.depositId, depositId)))[0];
}

export async function insertDeposit(x: Exec, row: NewCryptoDepositRow): Promise<CryptoDepositRow> {
  return (await x.q.insert(x.t.cryptoDeposits).values(row).returning())[0]!;
}

/** §10.4 check 7: a deposit of this transaction into this wallet on this chain (with the route: the key of uq_evm_deposit_tx). */
export async function findDepositByTx(x: Exec, blockchain: string, txHash: string, toAddress: string): Promise<CryptoDepositRow | undefined> {
  const t = x.t.cryptoDeposits;
  return (await x.q.select().from(t).where(and(eq(t.blockchain, blockchain), eq(t.txHash, txHash), eq(t.toAddress, toAddress))))[0];
}

/** Moves a deposit from one status to the next; undefined when it was no longer in `from` (compare-and-set). */
export async function transitionDeposit(x: Exec, depositId: string, from: string, set: Partial<CryptoDepositRow>): Promise<CryptoDepositRow | undefined> {
  const t = x.t.cryptoDeposits;
  return (await x.q.update(t).set(set).where(and(eq(t.depositId, depositId), eq(t.status, from))).returning())[0];
}

export type DepositFilter = {
  /** The last item's (createdAt, depositId): the walk continues with older ones. */
  before?: readonly [string, string];
  statuses?: string[];
  routeCode?: string;
  from?: string;
  until?: string;
  limit: number;
};

/** A customer's deposits, createdAt descending then depositId descending (§9.3). */
export async function listDeposits(x: Exec, customerId: string, f: DepositFilter): Promise<CryptoDepositRow[]> {
  const t = x.t.cryptoDeposits;
  const where: (SQL | undefined)[] = [eq(t.customerId, customerId)];
  where.push(olderThan(t.createdAt, t.depositId, f.before));
  if (f.statuses) where.push(inArray(t.status, f.statuses));
  if (f.routeCode !== undefined) where.push(eq(t.routeCode, f.routeCode));
  where.push(createdWithin(t.createdAt, f.from, f.until));
  return x.q
    .select()
    .from(t)
    .where(and(...where))
    .orderBy(...newestFirst(t.createdAt, t.depositId))
    .limit(f.limit);
}

/** §18.5 uq_evm_deposit_tx: the EVM deposit of this route, transaction and receiving address. */
export async function findChainDeposit(x: Exec, routeCode: string, blockchain: string, txHash: string, toAddress: string): Promise<CryptoDepositRow | undefined> {
  const t = x.t.cryptoDeposits;
  return (
    await x.q
      .select()
      .from(t)
      .where(and(eq(t.blockchain, blockchain), eq(t.txHash, txHash), eq(t.toAddress, toAddress), eq(t.routeCode, routeCode)))
  )[0];
}

/** §18.5: a violation of uq_evm_deposit_tx means the deposit already exists: undefined, nothing written. */
export async function insertDepositIfAbsent(x: Exec, row: NewCryptoDepositRow): Promise<CryptoDepositRow | undefined> {
  return (await x.q.insert(x.t.cryptoDeposits).values(row).onConflictDoNothing().returning())[0];
}

/** §18 C6: CONFIRMING deposits whose block is above `above` (orphaned) or at or below `atOrBelow` (final), by block then id. */
export async function listConfirmingDeposits(x: Exec, f: { above?: number; atOrBelow?: number; limit: number }): Promise<CryptoDepositRow[]> {
  const t = x.t.cryptoDeposits;
  const where: (SQL | undefined)[] = [eq(t.status, 'CONFIRMING'), isNotNull(t.blockNumber)];
  if (f.above !== undefined) where.push(gt(t.blockNumber, f.above));
  if (f.atOrBelow !== undefined) where.push(lte(t.blockNumber, f.atOrBelow));
  return x.q
    .select()
    .from(t)
    .where(and(...where))
    .orderBy(asc(t.blockNumber), asc(t.depositId))
    .limit(f.limit);
}

/** A change that is no status change and shown nowhere (the including block's hash, and its units, at the same number). */
export async function setDepositBlockHash(x: Exec, depositId: string, status: string, blockHash: string, units: string): Promise<void> {
  const t = x.t.cryptoDeposits;
  await x.q.update(t).set({ blockHash, units }).where(and(eq(t.depositId, depositId), eq(t.status, status)));
}

/** §18 C1: whether a deposit of the partner exists on the route. */
export async function depositOnRoute(x: Exec, routeCode: string, clientId: string): Promise<boolean> {
  const t = x.t.cryptoDeposits;
  return (await x.q.select({ code: t.routeCode }).from(t).where(and(eq(t.routeCode, routeCode), eq(t.clientId, clientId))).limit(1)).length > 0;
}

/** §10.11 for data upgrades: every deposit, oldest first (then by id). */
export async function allDeposits(x: Exec): Promise<CryptoDepositRow[]> {
  const t = x.t.cryptoDeposits;
  return x.q.select().from(t).orderBy(asc(t.createdAt), asc(t.depositId));
}

/** §10.11 for data upgrades: sets columns of a deposit as they are, no rules. */
export async function setDeposit(x: Exec, depositId: string, set: Partial<CryptoDepositRow>): Promise<CryptoDepositRow> {
  const t = x.t.cryptoDeposits;
  return (await x.q.update(t).set(set).where(eq(t.depositId, depositId)).returning())[0]!;
}
