// §14.8 fiat deposits: what the API shows of one, the sender's identifier (checked, reduced to its last 4
// characters and its §14.5 fingerprint, never kept), a new deposit's event, and the worker's step that
// credits it (§14.9 FIAT_DEPOSIT) or returns it to the sender.
import type { FieldErrors } from '../../core/problem.js';
import type { SecretBox } from '../../core/secret-box.js';
import type { Exec } from '../../db/exec.js';
import { bankFingerprint, isBankDenied, normaliseIdentifier } from '../bank-accounts/index.js';
import { recordEvent } from '../events/index.js';
import { findFiatAccount } from '../fiat-accounts/index.js';
import { creditFits } from '../ledger/index.js';
import { transition, type Lifecycle } from '../lifecycle/index.js';
import { fiatDepositRecord } from './records.js';
import { findFiatDeposit, updateFiatDeposit } from './repository.js';
import type { FiatDepositRow } from './tables.js';

export const FIAT_DEPOSIT_STATUSES = fiatDepositRecord.statuses;
export type FiatDepositStatus = (typeof FIAT_DEPOSIT_STATUSES)[number];

/** §14.8: the exact statusInfo of each status. */
export const FIAT_DEPOSIT_STATUS_INFO: Record<FiatDepositStatus, string> = {
  PROCESSING: 'Processing',
  COMPLETED: 'Credited',
  RETURNED: 'Returned to sender',
};

/**
 * PartnerFiatDeposit as GraphQL shows it: exactly its fields, so that nothing else (the sender's
 * fingerprint, the client id, the step's due time) reaches a response, a stored idempotent result or an event.
 */
export type FiatDepositView = {
  fiatDepositId: string;
  customerId: string;
  fiatAccountId: string;
  rail: string;
  amountMinor: string;
  currency: string;
  currencyScale: number;
  senderName: string;
  senderAccountLast4: string;
  paymentReference: string | null;
  status: FiatDepositStatus;
  statusInfo: string;
  creditedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

export function fiatDepositView(row: FiatDepositRow): FiatDepositView {
  const { clientId: _c, senderFingerprint: _f, stepDueAt: _d, ...shown } = row;
  return { ...shown, status: row.status as FiatDepositStatus };
}

export const fiatDepositLifecycle: Lifecycle<FiatDepositRow> = {
  record: fiatDepositRecord,
  statusInfo: FIAT_DEPOSIT_STATUS_INFO,
  compareAndSet: updateFiatDeposit,
  view: async (_tx, row) => fiatDepositView(row),
};

/** §14.8 senderAccountIdentifier as sent: 1–34 of [A-Za-z0-9 :]. */
const SENDER_IDENTIFIER_FORM = /^[A-Za-z0-9 :]{1,34}$/;

/**
 * §14.8 stage B for the sender's identifier; the detail never quotes it. One of spaces only is refused too:
 * normalised (§14.5) it is empty, and names no account (the deny list refuses it likewise).
 */
export function checkSenderIdentifier(errors: FieldErrors, pointer: string, value: string): void {
  if (!SENDER_IDENTIFIER_FORM.test(value)) errors.add(pointer, 'must be 1–34 letters, digits, spaces or ":"');
  else if (normaliseIdentifier(value) === '') errors.add(pointer, 'must hold a letter, digit or ":" besides spaces');
}

/**
 * What is kept of the sender's identifier: its last 4 characters once normalised as §14.5 (all of it when
 * shorter), and its fingerprint (§14.5's blind index, the deny list's key) for the step's screening.
 */
export function senderOf(box: SecretBox, identifier: string): { senderAccountLast4: string; senderFingerprint: string } {
  const normalised = normaliseIdentifier(identifier);
  return { senderAccountLast4: normalised.slice(-4), senderFingerprint: bankFingerprint(box, normalised) };
}

/** E1: a new deposit's event, `fiat_deposit.processing` (sequence 1). Returns the view the operation answers. */
export async function publishNewFiatDeposit(tx: Exec, row: FiatDepositRow): Promise<FiatDepositView> {
  const view = fiatDepositView(row);
  await recordEvent(tx, {
    resourceType: 'FIAT_DEPOSIT',
    resourceId: row.fiatDepositId,
    clientId: row.clientId,
    customerId: row.customerId,
    resource: view,
    status: view.status,
    previousStatus: null,
    at: view.createdAt,
  });
  return view;
}

/**
 * §14.8 the step, a compare-and-set on PROCESSING: RETURNED ("Returned to sender", no ledger row) when the
 * account is SUSPENDED now, the sender's identifier is on the bank deny list now, or the credit would take
 * the customer's balance past §4's 38 digits (the simulation refused that then; other credits since may
 * have filled the balance, and a step has no one to answer a 400); else COMPLETED ("Credited"),
 * `creditedAt`, and one FIAT_DEPOSIT row after the deposit's event (E6). No fee (R19), no gate: inbound
 * money is credited whatever the customer's state (R3). False when the deposit was not due or another
 * worker took it first.
 */
export async function fiatDepositStep(tx: Exec, fiatDepositId: string, now: Date): Promise<boolean> {
  const deposit = await findFiatDeposit(tx, fiatDepositId);
  const at = now.toISOString();
  if (!deposit || deposit.status !== 'PROCESSING' || deposit.stepDueAt === null || deposit.stepDueAt > at) return false;
  const returned = await returnedNow(tx, deposit);
  const changed = await transition(tx, fiatDepositLifecycle, {
    id: fiatDepositId,
    from: 'PROCESSING',
    to: returned ? 'RETURNED' : 'COMPLETED',
    at,
    set: { stepDueAt: null, creditedAt: returned ? null : at },
    // §14.9: bank → available, +amount.
    ledger: returned ? [] : [{ type: 'FIAT_DEPOSIT', amountMinor: BigInt(deposit.amountMinor) }],
  });
  return changed !== undefined;
}

async function returnedNow(tx: Exec, d: FiatDepositRow): Promise<boolean> {
  const account = await findFiatAccount(tx, d.fiatAccountId);
  if (!account || account.status === 'SUSPENDED') return true;
  if (await isBankDenied(tx, d.senderFingerprint)) return true;
  return !(await creditFits(tx, d.customerId, d.currency, BigInt(d.amountMinor)));
}
