// §10.10 one change of a record's status, made the same way by every operation and worker step: a
// compare-and-set on (id, status) through the record's repository, the statusInfo of its table, the
// record's event (E1), then its ledger rows (E6), all in the caller's transaction (L4). A record that
// left `from` meanwhile is not changed and nothing is written: the caller decides what that means
// (409 for an operation, a step not taken for the worker).
import type { Exec } from '../../db/exec.js';
import { recordEvent, type ResourceType } from '../events/index.js';
import { post, type LedgerResourceType, type TransactionType } from '../ledger/index.js';

/** What every record with a status has: its owner, and the currency where it moves money. */
export type RecordRow = { clientId: string; customerId: string };
type MoneyRow = RecordRow & { currency: string; currencyScale: number };

/** What a transition reads of a record type's declaration (its module's records.ts, core/record.ts). */
export type DeclaredRecord = {
  /** Its events' resourceType (§11.2), and its ledger rows' where `ledger.resource` (§10.1). */
  readonly resourceType: ResourceType;
  /** The field, and the row's column, that is its status when it is not `status`. */
  readonly statusField?: string;
  readonly ledger?: { readonly resource: boolean };
};

/** How a record type's status changes: declared once in its module's rules.ts, beside its declaration. */
export type Lifecycle<Row extends RecordRow, Set extends object = Partial<Row>> = {
  record: DeclaredRecord;
  /** §10.10 the exact statusInfo of each status, where the record shows one. */
  statusInfo?: Readonly<Record<string, string>>;
  /** The repository's compare-and-set: the row after it, or undefined when its status is no longer `from`. */
  compareAndSet: (tx: Exec, id: string, from: string, set: Set) => Promise<Row | undefined>;
  /** The event's resource, as the by-id query renders it (E4); absent: the row. */
  view?: (tx: Exec, row: Row) => Promise<object>;
};

export type Change<Set> = {
  id: string;
  from: string;
  to: string;
  /** The change's time: the record's updatedAt, its event's and its ledger rows' (E5). */
  at: string;
  /** The change's own fields beside the status, statusInfo and updatedAt. */
  set?: Partial<Set>;
  /** Where the table has none for `to` (FAILED: one per cause). */
  statusInfo?: string;
  /** The ledger rows that follow the event, in §10.1's order, in the record's currency; a zero amount writes none. */
  ledger?: readonly { type: TransactionType; amountMinor: bigint }[];
};

/** The record after the change, or undefined when the compare-and-set lost (nothing written). */
export async function transition<Row extends RecordRow, Set extends object>(
  tx: Exec,
  record: Lifecycle<Row, Set>,
  change: Change<Set>,
): Promise<Row | undefined> {
  const { resourceType, statusField = 'status', ledger } = record.record;
  const statusInfo = record.statusInfo ? (change.statusInfo ?? record.statusInfo[change.to]) : undefined;
  if (record.statusInfo && statusInfo === undefined) throw new Error(`${resourceType}: no statusInfo for ${change.to}`);
  const set = {
    [statusField]: change.to,
    ...(statusInfo === undefined ? {} : { statusInfo }),
    updatedAt: change.at,
    ...change.set,
  } as unknown as Set;
  const row = await record.compareAndSet(tx, change.id, change.from, set);
  if (!row) return undefined;
  await recordEvent(tx, {
    resourceType,
    resourceId: change.id,
    clientId: row.clientId,
    customerId: row.customerId,
    resource: record.view ? await record.view(tx, row) : row,
    status: change.to,
    previousStatus: change.from,
    at: change.at,
  });
  for (const p of change.ledger ?? []) {
    if (p.amountMinor === 0n) continue;
    if (!ledger?.resource) throw new Error(`${resourceType} is not a ledger resource`);
    const money = row as unknown as MoneyRow;
    await post(tx, {
      type: p.type,
      customerId: money.customerId,
      clientId: money.clientId,
      currency: money.currency,
      currencyScale: money.currencyScale,
      amountMinor: p.amountMinor,
      resourceType: resourceType as LedgerResourceType,
      resourceId: change.id,
      at: change.at,
    });
  }
  return row;
}
