// §14.6, §14.7 fiat withdrawals and their quotes: what a partner sees of them, the checks the quote and the
// draft share (stage G), the quote's use by a draft, and the lifecycle. The review's information rounds are
// the loop's (§14.3, src/modules/information/); the payment's way to the bank is the bank rail's (bank-rail.ts).
import { createHash } from 'node:crypto';
import type { CallContext } from '../../core/context.js';
import { ownOrNull, requireOwn } from '../../core/ownership.js';
import { FieldErrors, Problem } from '../../core/problem.js';
import { MAX_AMOUNT, withinAmountBound } from '../../core/validate.js';
import type { Exec } from '../../db/exec.js';
import type { BankAccountRow } from '../bank-accounts/index.js';
import { RAILS, type FiatRail, type PartnerFiatRailRow } from '../fiat-rails/index.js';
import { informationOf } from '../information/index.js';
import type { Lifecycle } from '../lifecycle/index.js';
import { fiatWithdrawalRecord } from './records.js';
import { findFiatWithdrawal, updateFiatWithdrawal } from './repository.js';
import type { FiatWithdrawalQuoteRow, FiatWithdrawalRow, FiatWithdrawalView } from './tables.js';

/** The loop's owner type of fiat withdrawals: their resource type (§11.1). */
export const FIAT_WITHDRAWAL_OWNER = fiatWithdrawalRecord.resourceType;

/** §14.7's table: each status's statusInfo (REJECTED by a timeout has its own, §14.3). */
export const FIAT_WITHDRAWAL_STATUS_INFO = {
  APPROVED: 'Awaiting submission',
  SUBMITTED: 'Submitted for processing',
  COMPLIANCE_REVIEW: 'Compliance review',
  NEEDS_ADDITIONAL_INFORMATION: 'Additional information requested',
  SENT_TO_BANK: 'Sent to bank',
  COMPLETED: 'Completed',
  REJECTED: 'Rejected by compliance review',
  RETURNED: 'Returned by beneficiary bank',
} as const;
export const TIMEOUT_INFO = 'Additional information not provided';

/** §14.7 FiatReturnReason, in the SDL's order. */
export const RETURN_REASONS = ['ACCOUNT_CLOSED', 'INVALID_ACCOUNT', 'NAME_MISMATCH', 'REFUSED_BY_BENEFICIARY_BANK', 'OTHER'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const DEFAULT_RETURN_REASON: ReturnReason = 'ACCOUNT_CLOSED';

/** PartnerFiatWithdrawal: the worker's own columns stay out (and so out of events and idempotency records). */
export async function fiatWithdrawalView(x: Exec, row: FiatWithdrawalRow): Promise<FiatWithdrawalView> {
  const { clientId: _c, dueAt: _d, reviewOutcome: _o, reviewKeys: _k, reviewCleared: _r, sandboxReturnReason: _s, ...shown } = row;
  return { ...shown, ...(await informationOf(x, FIAT_WITHDRAWAL_OWNER, row.fiatWithdrawalId)) };
}

export const fiatWithdrawalLifecycle: Lifecycle<FiatWithdrawalRow> = {
  record: fiatWithdrawalRecord,
  statusInfo: FIAT_WITHDRAWAL_STATUS_INFO,
  compareAndSet: (tx, id, from, set) => updateFiatWithdrawal(tx, id, from, set),
  view: fiatWithdrawalView,
};

/** Unknown → 404 NOT_FOUND; another partner's → 403 FORBIDDEN. */
export async function requireOwnFiatWithdrawal(tx: Exec, ctx: CallContext, fiatWithdrawalId: string): Promise<FiatWithdrawalRow> {
  return requireOwn(ctx, await findFiatWithdrawal(tx, fiatWithdrawalId), 'NOT_FOUND', 'fiat withdrawal', fiatWithdrawalId);
}

/** A by-id read: unknown → null, another partner's → 403 FORBIDDEN. */
export async function ownFiatWithdrawalOrNull(ctx: CallContext, fiatWithdrawalId: string): Promise<FiatWithdrawalView | null> {
  const db = ctx.services.db;
  const row = ownOrNull(ctx, await findFiatWithdrawal(db, fiatWithdrawalId), 'fiat withdrawal');
  return row && fiatWithdrawalView(db, row);
}

/** §4 stage D: a record the input names that belongs to another customer of the partner → 403 FORBIDDEN. */
export function requireCustomersBankAccount(bank: BankAccountRow, customerId: string): BankAccountRow {
  if (bank.customerId !== customerId) throw new Problem('FORBIDDEN', 'This bank account belongs to another customer.');
  return bank;
}

/** PartnerFiatWithdrawalQuote as GraphQL shows it. */
export function quoteView(q: FiatWithdrawalQuoteRow) {
  return {
    quoteId: q.quoteId,
    customerId: q.customerId,
    rail: q.rail as FiatRail,
    bankAccountId: q.bankAccountId,
    amountMinor: q.amountMinor,
    currency: q.currency,
    currencyScale: q.currencyScale,
    feeAmountMinor: q.feeAmountMinor,
    feeCurrency: q.feeCurrency,
    totalAmountMinor: (BigInt(q.amountMinor) + BigInt(q.feeAmountMinor)).toString(),
    estimatedArrivalAt: q.estimatedArrivalAt,
    expiresAt: q.expiresAt,
    createdAt: q.createdAt,
  };
}

/** §14.1 `estimatedArrivalAt`: the quote's createdAt + the rail's days ("N days" is N × 86 400 s). */
export const estimatedArrivalAt = (rail: FiatRail, createdAt: Date) => new Date(createdAt.getTime() + RAILS[rail].arrivalDays * 86_400_000).toISOString();

/** §14.7 `paymentReference`: these characters, at least one not a space. */
const REFERENCE_FORM = /^[A-Za-z0-9/?:().,'+ -]*[A-Za-z0-9/?:().,'+-][A-Za-z0-9/?:().,'+ -]*$/;

/** §14.7 stage B: the reference's characters and its length on the input's rail (§14.1). */
export function checkPaymentReference(errors: FieldErrors, rail: FiatRail, reference: string): void {
  const max = RAILS[rail].referenceMaxLength;
  const length = [...reference].length;
  if (length < 1 || length > max) errors.add('/paymentReference', `must be 1–${max} characters on ${rail}`);
  else if (!REFERENCE_FORM.test(reference))
    errors.add('/paymentReference', "must hold only the characters A–Z a–z 0–9 / ? : ( ) . , ' + - and space, at least one not a space");
}

type Terms = { rail: FiatRail; amountMinor: string; currency: string; currencyScale: number };

/**
 * §14.6 stage G of the quote and the draft (400, the rail as it is now), every fault at once: currency and
 * scale the rail's; the bank account's type and currency fit the rail; WIRE needs its holderAddress; min ≤
 * amount ≤ max (AMOUNT_OUT_OF_RANGE). Then amount + the fee the record will carry within §4's bound: that
 * sum is the quote's total and the submission's hold, so a longer one could be neither answered nor posted.
 */
export function requireRailTerms(input: Terms, rail: PartnerFiatRailRow, bank: BankAccountRow, feeAmountMinor: string): void {
  const spec = RAILS[input.rail];
  const errors = new FieldErrors();
  if (input.currency !== spec.currency) errors.add('/currency', `must be the rail's currency ${spec.currency}`);
  if (input.currencyScale !== spec.currencyScale) errors.add('/currencyScale', `must be the rail's currency scale ${spec.currencyScale}`);
  if (bank.accountType !== spec.bankAccountType || bank.currency !== spec.currency)
    errors.add('/bankAccountId', `must be a ${spec.bankAccountType} bank account in ${spec.currency} to pay by ${input.rail}`);
  else if (spec.needsHolderAddress && bank.holderAddress === null) errors.add('/bankAccountId', `must have a holderAddress to pay by ${input.rail}`);
  const amount = BigInt(input.amountMinor);
  const min = BigInt(rail.minMinor);
  const max = rail.maxMinor === null ? null : BigInt(rail.maxMinor);
  if (amount < min || (max !== null && amount > max)) {
    const bounds = max === null ? `at least ${min}` : `between ${min} and ${max}`;
    errors.addCoded('AMOUNT_OUT_OF_RANGE', '/amountMinor', `must be ${bounds} on ${input.rail}`);
  } else if (!withinAmountBound(amount + BigInt(feeAmountMinor)))
    errors.addCoded('AMOUNT_OUT_OF_RANGE', '/amountMinor', `must be at most ${MAX_AMOUNT - BigInt(feeAmountMinor)} (with the fee ${feeAmountMinor}, at most 38 digits)`);
  errors.throwIfAny();
}

type DraftTerms = { customerId: string; rail: string; bankAccountId: string; amountMinor: string; currency: string; currencyScale: number };

/**
 * §14.7 row 8, after DUPLICATE_CLIENT_REFERENCE: the draft's terms are the quote's (409 QUOTE_MISMATCH,
 * naming every term that differs; another customer's quote too, §16.9), the quote unused (409
 * QUOTE_ALREADY_USED), and not expired (409 QUOTE_EXPIRED).
 */
export function requireUsableQuote(quote: FiatWithdrawalQuoteRow, draft: DraftTerms, now: Date): void {
  const differ = (['customerId', 'rail', 'bankAccountId', 'amountMinor', 'currency', 'currencyScale'] as const).filter((k) => quote[k] !== draft[k]);
  if (differ.length) throw new Problem('QUOTE_MISMATCH', `The draft's ${differ.join(', ')} differ from the quote's.`);
  if (quote.usedByFiatWithdrawalId !== null) throw new Problem('QUOTE_ALREADY_USED', `Quote ${quote.quoteId} was used by another fiat withdrawal.`);
  if (now.getTime() >= Date.parse(quote.expiresAt)) throw new Problem('QUOTE_EXPIRED', `Quote ${quote.quoteId} expired at ${quote.expiresAt}.`);
}

/** §14.7 `bankReference` in sandbox mode: "SBX" + the first 16 hex digits, upper case, of SHA-256 of "fiat-withdrawal:v1:<id>". */
export function sandboxBankReference(fiatWithdrawalId: string): string {
  return `SBX${createHash('sha256').update(`fiat-withdrawal:v1:${fiatWithdrawalId}`, 'utf8').digest('hex').slice(0, 16).toUpperCase()}`;
}

/** The amount + fee a withdrawal holds from submission (§14.9 HOLD, RELEASE). */
export const heldOf = (w: Pick<FiatWithdrawalRow, 'amountMinor' | 'feeAmountMinor'>) => BigInt(w.amountMinor) + BigInt(w.feeAmountMinor);

export const later = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();
