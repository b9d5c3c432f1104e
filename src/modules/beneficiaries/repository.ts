// Wallet beneficiaries' rows: plain reads and writes, no rules.
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Exec, Query, Tables } from '../../db/exec.js';
import { olderThan, newestFirst } from '../../db/keyset.js';
import { unawaited } from '../../db/pipelined.js';
import { prepared, preparedRun, sqliteRun } from '../../db/prepared.js';
import type { WalletBeneficiaryRow } from './tables.js';

export async function findBeneficiary(x: Exec, walletBeneficiaryId: string): Promise<WalletBeneficiaryRow | undefined> {
  const rows = await prepared(
    x,
    'findBeneficiary',
    (q, t) => q.select().from(t.walletBeneficiaries).where(eq(t.walletBeneficiaries.walletBeneficiaryId, sql.placeholder('id'))),
    { id: walletBeneficiaryId },
  );
  return rows[0];
}

export async function findActiveBeneficiaryByAddress(x: Exec, customerId: string, blockchain: string, addressKey: string) {
  const rows = await prepared(
    x,
    'findActiveBeneficiaryByAddress',
    (q, t) =>
      q
        .select({ id: t.walletBeneficiaries.walletBeneficiaryId })
        .from(t.walletBeneficiaries)
        .where(
          and(
            eq(t.walletBeneficiaries.customerId, sql.placeholder('customerId')),
            eq(t.walletBeneficiaries.blockchain, sql.placeholder('blockchain')),
            eq(t.walletBeneficiaries.addressKey, sql.placeholder('addressKey')),
            // Written out, not bound: only a literal lets SQLite match the partial unique index (its WHERE
            // is `beneficiary_status = 'ACTIVE'`) when the statement is prepared; with a parameter it
            // re-prepares the statement on every run to see the value, or scans the customer's rows.
            eq(t.walletBeneficiaries.beneficiaryStatus, sql`'ACTIVE'`),
          ),
        ),
    { customerId, blockchain, addressKey },
  );
  return rows[0];
}

/** Every column, so the prepared insert has a placeholder for each. */
const beneficiaryColumns: Record<keyof WalletBeneficiaryRow, true> = {
  walletBeneficiaryId: true, customerId: true, clientId: true, routeCode: true, label: true, description: true,
  blockchain: true, walletAddress: true, addressKey: true, isOwner: true, walletType: true, ownerType: true,
  platformName: true, platformUserId: true, ownerInfo: true, purposeOfPayment: true, relationshipWithThirdParty: true,
  supportFiles: true, screeningStatus: true, beneficiaryStatus: true, createdAt: true, updatedAt: true,
  lastSyncedAt: true, removedAt: true,
};

const columns = Object.keys(beneficiaryColumns) as (keyof WalletBeneficiaryRow)[];

export async function insertBeneficiary(x: Exec, row: WalletBeneficiaryRow): Promise<WalletBeneficiaryRow> {
  const insert = (q: Query, t: Tables) =>
    q.insert(t.walletBeneficiaries).values(Object.fromEntries(columns.map((c) => [c, sql.placeholder(c)])) as unknown as WalletBeneficiaryRow);
  // Every column is given and each reads back as written (text, integers, booleans, JSON): the row is the
  // record, without RETURNING (its cost on SQLite; on PostgreSQL, waiting for the answer).
  if (x.engine === 'sqlite') sqliteRun(x, 'insertBeneficiary', insert, row);
  else await unawaited(x, preparedRun(x, 'insertBeneficiary', insert, row));
  return row;
}

export type BeneficiaryChange = Partial<Pick<WalletBeneficiaryRow, 'beneficiaryStatus' | 'screeningStatus' | 'lastSyncedAt' | 'removedAt'>> & { updatedAt: string };

/** Changes a beneficiary that is still in `from`; undefined when it no longer is. */
export async function updateBeneficiary(x: Exec, walletBeneficiaryId: string, from: string, set: BeneficiaryChange): Promise<WalletBeneficiaryRow | undefined> {
  const t = x.t.walletBeneficiaries;
  return (
    await x.q
      .update(t)
      .set(set)
      .where(and(eq(t.walletBeneficiaryId, walletBeneficiaryId), eq(t.beneficiaryStatus, from)))
      .returning()
  )[0];
}

export type BeneficiaryFilter = {
  /** The last item's (createdAt, walletBeneficiaryId): the walk continues with older ones. */
  before?: readonly [string, string];
  statuses?: string[];
  blockchain?: string;
  limit: number;
};

/** A customer's beneficiaries, newest first: createdAt descending, then id descending (§9.3). */
export async function listBeneficiaries(x: Exec, customerId: string, f: BeneficiaryFilter): Promise<WalletBeneficiaryRow[]> {
  const t = x.t.walletBeneficiaries;
  const where: (SQL | undefined)[] = [eq(t.customerId, customerId)];
  where.push(olderThan(t.createdAt, t.walletBeneficiaryId, f.before));
  if (f.statuses) where.push(inArray(t.beneficiaryStatus, f.statuses));
  if (f.blockchain !== undefined) where.push(eq(t.blockchain, f.blockchain));
  return x.q
    .select()
    .from(t)
    .where(and(...where))
    .orderBy(...newestFirst(t.createdAt, t.walletBeneficiaryId))
    .limit(f.limit);
}

/** §10.11 for data upgrades: every wallet beneficiary, oldest first (then by id). */
export async function allBeneficiaries(x: Exec): Promise<WalletBeneficiaryRow[]> {
  const t = x.t.walletBeneficiaries;
  return x.q.select().from(t).orderBy(asc(t.createdAt), asc(t.walletBeneficiaryId));
}
