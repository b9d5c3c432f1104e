// §4.4, §10.5, §10.6 Crypto withdrawals and their quotes: what a partner sees of them, and the checks
// the draft and the quote share.
import type { RouteRow } from '../routes/index.js';
import type { CryptoWithdrawalRow, WithdrawalQuoteRow } from './tables.js';
import { FieldErrors, Problem } from '../../core/problem.js';
import { MAX_AMOUNT, withinAmountBound } from '../../core/validate.js';
import type { Lifecycle } from '../lifecycle/index.js';
import { amountWithinRoute, describeBounds } from '../routes/index.js';
import { STATUS_INFO } from '../transfers/index.js';
import { cryptoWithdrawalRecord } from './records.js';
import { transitionWithdrawal } from './repository.js';

/** §6: the REST body is exactly the interface document's CryptoWithdrawal table, in its order. */
export const CRYPTO_WITHDRAWAL_REST_FIELDS = [
  'withdrawalId', 'routeCode', 'walletBeneficiaryId', 'walletBeneficiaryLabel', 'amountMinor', 'currency', 'currencyScale',
  'withdrawalType', 'feeAmountMinor', 'feeCurrency', 'purposeOfPayment', 'otherPurpose', 'relationshipWithThirdParty',
  'otherRelationship', 'status', 'statusInfo', 'kytResult', 'txHash', 'createdAt', 'updatedAt',
] as const;

export { WITHDRAWAL_STATUSES } from './records.js';

/** §10.10 the statusInfo of each status; FAILED has one per cause (the pipeline's STATUS_INFO). */
export const WITHDRAWAL_STATUS_INFO = {
  APPROVED: 'Awaiting submission',
  SUBMITTED: STATUS_INFO.SUBMITTED,
  SCREENING: STATUS_INFO.SCREENING,
  BROADCASTING: STATUS_INFO.BROADCASTING,
  CONFIRMING: STATUS_INFO.CONFIRMING,
  COMPLETED: STATUS_INFO.COMPLETED,
  REJECTED: STATUS_INFO.REJECTED,
} as const;

/** A withdrawal's status changes (§10.10): its event, then its ledger rows. */
export const withdrawalLifecycle: Lifecycle<CryptoWithdrawalRow> = {
  record: cryptoWithdrawalRecord,
  statusInfo: WITHDRAWAL_STATUS_INFO,
  compareAndSet: transitionWithdrawal,
};

/**
 * §4.4 / §10.5: `currency` and `currencyScale` equal the route's (400), then the amount within its bounds
 * (400), then amount + fee within §4's bound (400 too): that sum is the quote's total and the draft's
 * hold (§10.1), so a longer one could be neither answered nor posted. `feeAmountMinor` is the fee the
 * record will carry (the quote's, when a draft names one).
 */
export function requireRouteAmount(
  route: RouteRow,
  input: { currency: string; currencyScale: number; amountMinor: string },
  feeAmountMinor: string,
): void {
  const errors = new FieldErrors();
  if (input.currency !== route.currency) errors.add('/currency', `must be the route's currency ${route.currency}`);
  if (input.currencyScale !== route.currencyScale) errors.add('/currencyScale', `must be the route's currency scale ${route.currencyScale}`);
  errors.throwIfAny();
  if (!amountWithinRoute(route, input.amountMinor))
    throw new Problem('AMOUNT_OUT_OF_RANGE', `amountMinor must be ${describeBounds(route)} on route ${route.routeCode}.`, [
      { pointer: '/amountMinor', detail: `must be ${describeBounds(route)}` },
    ]);
  const limit = MAX_AMOUNT - BigInt(feeAmountMinor);
  if (!withinAmountBound(BigInt(input.amountMinor) + BigInt(feeAmountMinor)))
    throw new Problem('AMOUNT_OUT_OF_RANGE', `amountMinor plus the fee ${feeAmountMinor} must be at most ${MAX_AMOUNT} (38 digits).`, [
      { pointer: '/amountMinor', detail: `must be at most ${limit} (with the fee ${feeAmountMinor}, at most 38 digits)` },
    ]);
}

/** PartnerCryptoWithdrawalQuote as GraphQL shows it. */
export function quoteView(q: WithdrawalQuoteRow) {
  return {
    quoteId: q.quoteId,
    customerId: q.customerId,
    routeCode: q.routeCode,
    amountMinor: q.amountMinor,
    currency: q.currency,
    currencyScale: q.currencyScale,
    withdrawalType: q.withdrawalType,
    feeAmountMinor: q.feeAmountMinor,
    feeCurrency: q.feeCurrency,
    totalAmountMinor: (BigInt(q.amountMinor) + BigInt(q.feeAmountMinor)).toString(),
    expiresAt: q.expiresAt,
    createdAt: q.createdAt,
  };
}

type DraftTerms = { customerId: string; routeCode: string; amountMinor: string; currency: string; currencyScale: number; withdrawalType: number };

/**
 * §10.5, after §4.4's 409 checks: the draft's terms are the quote's (409 QUOTE_MISMATCH, naming every
 * term that differs), the quote is unused (409 QUOTE_ALREADY_USED), and not expired (409 QUOTE_EXPIRED).
 */
export function requireUsableQuote(quote: WithdrawalQuoteRow, draft: DraftTerms, now: Date): void {
  const differ = (['customerId', 'routeCode', 'amountMinor', 'currency', 'currencyScale', 'withdrawalType'] as const).filter(
    (k) => quote[k] !== draft[k],
  );
  if (differ.length) throw new Problem('QUOTE_MISMATCH', `The draft's ${differ.join(', ')} differ from the quote's.`);
  if (quote.usedByWithdrawalId !== null) throw new Problem('QUOTE_ALREADY_USED', `Quote ${quote.quoteId} was used by another withdrawal.`);
  if (now.getTime() >= Date.parse(quote.expiresAt)) throw new Problem('QUOTE_EXPIRED', `Quote ${quote.quoteId} expired at ${quote.expiresAt}.`);
}
