// §10.1 the ledger: double entry inside, the customer's side shown. One function posts every row, so
// balances, rows, postings and the row's event always agree (L2, L5) and commit together (L4).
import { randomUUID } from 'node:crypto';
import type { Exec } from '../../db/exec.js';
import type { BalanceRow, LedgerTransactionRow } from './tables.js';
import { Problem } from '../../core/problem.js';
import { MAX_AMOUNT, withinAmountBound } from '../../core/validate.js';
import type { LedgerAccount, PostingRule } from '../../core/record.js';
import { enumValues } from '../../graphql/generated/enums.js';
import { records, type AnyRecord } from '../../graphql/generated/records.js';
import type { PartnerTransactionType } from '../../graphql/generated/resolvers-types.js';
import { recordEvent } from '../events/index.js';
import { findBalance, insertInternalEntry, insertLedgerTransaction, lastPostingPosition, saveBalance } from './repository.js';

/** A record type with a ledger side: declared with `ledger` in its module's records.ts. */
type LedgerRecord = Extract<AnyRecord, { ledger: object }>;
type PostingsOf<R> = R extends { ledger: { postings: infer P } } ? keyof P & string : never;
export type TransactionType = PostingsOf<LedgerRecord>;
export type LedgerResourceType = Extract<LedgerRecord, { ledger: { resource: true } }>['resourceType'];

// tsc: every PartnerTransactionType value has a posting rule in a record declaration, and no rule has a
// type the SDL lacks.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const everyTransactionTypeDeclared: Same<TransactionType, PartnerTransactionType> = true;
void everyTransactionTypeDeclared;

/** §10.1's table, gathered from the records: the two accounts of each type and the customer's deltas. */
const postingRules = new Map<string, PostingRule>();
for (const r of records)
  for (const [type, rule] of Object.entries('ledger' in r && 'postings' in r.ledger ? r.ledger.postings : {})) {
    if (postingRules.has(type)) throw new Error(`two records declare the posting rule of ${type}`);
    postingRules.set(type, rule);
  }

export const TRANSACTION_TYPES = enumValues.PartnerTransactionType;

const account = (name: string, customerId: string) => (name === 'available' || name === 'held' ? `${name}:${customerId}` : name);

export type Posting = {
  type: TransactionType;
  customerId: string;
  clientId: string;
  currency: string;
  currencyScale: number;
  amountMinor: bigint;
  resourceType: LedgerResourceType;
  resourceId: string;
  at: string;
};

/** PartnerBalance as GraphQL shows it. */
export function balanceView(b: BalanceRow) {
  return {
    customerId: b.customerId,
    currency: b.currency,
    currencyScale: b.currencyScale,
    availableMinor: b.availableMinor,
    heldMinor: b.heldMinor,
    totalMinor: (BigInt(b.availableMinor) + BigInt(b.heldMinor)).toString(),
    updatedAt: b.updatedAt,
  };
}

/** PartnerTransaction as GraphQL shows it. */
export function transactionView(r: LedgerTransactionRow) {
  return {
    transactionId: r.transactionId,
    customerId: r.customerId,
    type: r.type as TransactionType,
    currency: r.currency,
    currencyScale: r.currencyScale,
    amountMinor: r.amountMinor,
    availableDeltaMinor: r.availableDeltaMinor,
    heldDeltaMinor: r.heldDeltaMinor,
    balanceAfter: {
      availableMinor: r.availableAfterMinor,
      heldMinor: r.heldAfterMinor,
      totalMinor: (BigInt(r.availableAfterMinor) + BigInt(r.heldAfterMinor)).toString(),
    },
    sequence: r.sequence,
    resourceType: r.resourceType as LedgerResourceType,
    resourceId: r.resourceId,
    createdAt: r.createdAt,
  };
}

/** What the customer may spend now in a currency (0 before its first transaction). */
export async function availableOf(tx: Exec, customerId: string, currency: string): Promise<bigint> {
  const b = await findBalance(tx, customerId, currency);
  return b ? BigInt(b.availableMinor) : 0n;
}

/**
 * §4: whether crediting `amountMinor` keeps the balance's available, held and total (their sum) within the
 * 38-digit bound. Holds and releases move money inside the total and debits shrink it, so a credit is the
 * only posting that can outgrow the bound: its operation refuses it first (400 AMOUNT_OUT_OF_RANGE).
 */
export async function creditFits(tx: Exec, customerId: string, currency: string, amountMinor: bigint): Promise<boolean> {
  const b = await findBalance(tx, customerId, currency);
  const total = b ? BigInt(b.availableMinor) + BigInt(b.heldMinor) : 0n;
  return withinAmountBound(total + amountMinor);
}

/**
 * §4: a credit past the bound → 400 AMOUNT_OUT_OF_RANGE on `/amountMinor`, checked right before the effect
 * so that nothing is written (a crypto deposit or collection payment credited now).
 */
export async function requireCreditFits(tx: Exec, d: { customerId: string; currency: string; amountMinor: string }): Promise<void> {
  if (!(await creditFits(tx, d.customerId, d.currency, BigInt(d.amountMinor))))
    throw new Problem('AMOUNT_OUT_OF_RANGE', `Crediting amountMinor would take the customer's ${d.currency} balance past ${MAX_AMOUNT} (38 digits).`, [
      { pointer: '/amountMinor', detail: `would take the ${d.currency} balance (available + held) past 38 digits` },
    ]);
}

/**
 * Posts one journal entry: the balance moves by the type's deltas, the row records the balance after it
 * (L2), two postings of opposite signs (L5), and its `transaction.posted` event (E6: after the record's
 * own event, which the caller wrote first). A row that would make a balance negative is a bug of the
 * caller (funds are checked first, §10.6): it throws, and the database CHECK would refuse it anyway (L1).
 * So does one that would take the balance past §4's bound (credits are checked first, creditFits).
 */
export async function post(tx: Exec, p: Posting): Promise<LedgerTransactionRow> {
  if (p.amountMinor <= 0n) throw new Error(`ledger amounts are positive, got ${p.amountMinor}`);
  const declared = postingRules.get(p.type)!;
  const rule = { ...declared, available: BigInt(declared.available), held: BigInt(declared.held) };
  // Independent reads, sent together. The position is the customer's across currencies (§9.3): two
  // transactions drawing the same one conflict on its unique index, and one runs again.
  const [existing, lastPosition] = await Promise.all([findBalance(tx, p.customerId, p.currency), lastPostingPosition(tx, p.customerId)]);
  const available = (existing ? BigInt(existing.availableMinor) : 0n) + rule.available * p.amountMinor;
  const held = (existing ? BigInt(existing.heldMinor) : 0n) + rule.held * p.amountMinor;
  if (available < 0n || held < 0n) throw new Problem('INTERNAL', `ledger: ${p.type} of ${p.amountMinor} would leave a negative balance`);
  // §4: a balance longer than 38 digits could not be answered; the operation refuses the credit before
  // (creditFits), so reaching this is a bug of the caller, like a negative balance.
  if (!withinAmountBound(available + held))
    throw new Problem('INTERNAL', `ledger: ${p.type} of ${p.amountMinor} would take the balance past 38 digits`);
  // Rows of a (customer, currency) never go back in time, so newest-first by createdAt is posting order.
  const at = existing && existing.updatedAt > p.at ? existing.updatedAt : p.at;
  const sequence = (existing?.lastSequence ?? 0) + 1;
  await saveBalance(
    tx,
    {
      customerId: p.customerId,
      currency: p.currency,
      clientId: p.clientId,
      currencyScale: p.currencyScale,
      availableMinor: available.toString(),
      heldMinor: held.toString(),
      lastSequence: sequence,
      updatedAt: at,
    },
    !existing,
  );
  const row: LedgerTransactionRow = {
    transactionId: randomUUID(),
    customerId: p.customerId,
    clientId: p.clientId,
    type: p.type,
    currency: p.currency,
    currencyScale: p.currencyScale,
    amountMinor: p.amountMinor.toString(),
    availableDeltaMinor: (rule.available * p.amountMinor).toString(),
    heldDeltaMinor: (rule.held * p.amountMinor).toString(),
    availableAfterMinor: available.toString(),
    heldAfterMinor: held.toString(),
    sequence,
    postingPosition: lastPosition + 1,
    resourceType: p.resourceType,
    resourceId: p.resourceId,
    createdAt: at,
  };
  await insertLedgerTransaction(tx, row, [
    { account: account(rule.from, p.customerId), amountMinor: (-p.amountMinor).toString() },
    { account: account(rule.to, p.customerId), amountMinor: p.amountMinor.toString() },
  ]);
  await recordEvent(tx, {
    resourceType: 'TRANSACTION',
    resourceId: row.transactionId,
    clientId: p.clientId,
    customerId: p.customerId,
    resource: transactionView(row),
    at,
  });
  return row;
}

/**
 * A journal entry between two service accounts of one currency (§13.4: the spread, fx → fees): two
 * postings of opposite signs (L5), no customer row, no PartnerTransaction and no event.
 */
export async function postInternal(
  tx: Exec,
  e: { currency: string; from: Exclude<LedgerAccount, 'available' | 'held'>; to: Exclude<LedgerAccount, 'available' | 'held'>; amountMinor: bigint },
): Promise<void> {
  if (e.amountMinor <= 0n) throw new Error(`ledger amounts are positive, got ${e.amountMinor}`);
  await insertInternalEntry(tx, randomUUID(), e.currency, [
    { account: e.from, amountMinor: (-e.amountMinor).toString() },
    { account: e.to, amountMinor: e.amountMinor.toString() },
  ]);
}
