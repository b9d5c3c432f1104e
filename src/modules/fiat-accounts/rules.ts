// §14.4 applications and their review, the account issued in the approval's transaction, suspension, the
// computed capabilities and deposit instructions. The review's additional-information rounds are the
// loop's (§14.3, src/modules/information/).
import { randomUUID } from 'node:crypto';
import type { CallContext } from '../../core/context.js';
import type { FiatCapabilityStatus, PartnerFiatAccountCapability } from '../../graphql/generated/resolvers-types.js';
import { ownOrNull, requireOwn } from '../../core/ownership.js';
import { Problem } from '../../core/problem.js';
import type { Exec } from '../../db/exec.js';
import { recordEvent } from '../events/index.js';
import { informationOf, openRound, type InformationKey } from '../information/index.js';
import { transition, type Lifecycle } from '../lifecycle/index.js';
import { SANDBOX_BANK_ADDRESS, SANDBOX_BANK_NAME, sandboxIdentifiers } from './identifiers.js';
import { currencyHasEnabledRail, railsOfCurrency, FIAT_CURRENCIES, FIAT_CURRENCY_SCALE, type FiatCurrency } from './rails.js';
import { applicationRecord, fiatAccountRecord } from './records.js';
import {
  findApplication,
  findCustomerFiatAccount,
  findFiatAccount,
  insertFiatAccount,
  latestApplication,
  updateApplication,
  updateFiatAccount,
} from './repository.js';
import type { FiatAccountApplicationRow, FiatAccountApplicationView, FiatAccountRow, FiatAccountView } from './tables.js';

/** The loop's owner type of applications: their resource type (§11.1). */
export const APPLICATION_OWNER = applicationRecord.resourceType;

/** §14.4's table: each status's statusInfo (REJECTED by a timeout has its own, §14.3). */
export const APPLICATION_STATUS_INFO = {
  SUBMITTED: 'Submitted',
  IN_REVIEW: 'Under review',
  NEEDS_ADDITIONAL_INFORMATION: 'Additional information requested',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
} as const;
export const TIMEOUT_INFO = 'Additional information not provided';

/** PartnerFiatAccountApplication: the review's own columns stay out (and so out of events and idempotency records). */
export async function applicationView(x: Exec, row: FiatAccountApplicationRow): Promise<FiatAccountApplicationView> {
  const { clientId: _c, fileIds, reviewDueAt: _d, reviewOutcome: _o, reviewKeys: _k, ...shown } = row;
  return { ...shown, fileIds: JSON.parse(fileIds) as string[], ...(await informationOf(x, APPLICATION_OWNER, row.applicationId)) };
}

export function fiatAccountView(row: FiatAccountRow): FiatAccountView {
  const { clientId: _c, ...shown } = row;
  return { ...shown, rails: railsOfCurrency(row.currency) };
}

export const applicationLifecycle: Lifecycle<FiatAccountApplicationRow> = {
  record: applicationRecord,
  statusInfo: APPLICATION_STATUS_INFO,
  compareAndSet: (tx, id, from, set) => updateApplication(tx, id, from, set),
  view: applicationView,
};

export const fiatAccountLifecycle: Lifecycle<FiatAccountRow> = {
  record: fiatAccountRecord,
  compareAndSet: (tx, id, from, set) => updateFiatAccount(tx, id, from, set),
  view: async (_tx, row) => fiatAccountView(row),
};

/** Unknown → 404 NOT_FOUND; another partner's → 403 FORBIDDEN. */
export async function requireOwnApplication(tx: Exec, ctx: CallContext, applicationId: string): Promise<FiatAccountApplicationRow> {
  return requireOwn(ctx, await findApplication(tx, applicationId), 'NOT_FOUND', 'fiat account application', applicationId);
}

/** A by-id read: unknown → null, another partner's → 403 FORBIDDEN. */
export async function ownFiatAccountOrNull(ctx: CallContext, fiatAccountId: string): Promise<FiatAccountRow | null> {
  return ownOrNull(ctx, await findFiatAccount(ctx.services.db, fiatAccountId), 'fiat account');
}

type Capability = PartnerFiatAccountCapability;

/** §14.4 a currency's capability, first match of the table. */
export async function capabilityOf(x: Exec, clientId: string, customerId: string, currency: FiatCurrency): Promise<Capability> {
  const base = { currency, rails: railsOfCurrency(currency), statusInfo: null, applicationId: null, fiatAccountId: null };
  const account = await findCustomerFiatAccount(x, customerId, currency);
  if (account)
    return {
      ...base,
      status: account.status as FiatCapabilityStatus,
      statusInfo: account.status === 'SUSPENDED' ? 'Account suspended' : null,
      applicationId: account.applicationId,
      fiatAccountId: account.fiatAccountId,
    };
  if (!(await currencyHasEnabledRail(x, clientId, currency))) return { ...base, status: 'NOT_AVAILABLE', statusInfo: 'No rail enabled' };
  const latest = await latestApplication(x, customerId, currency);
  const status: FiatCapabilityStatus | undefined =
    latest?.status === 'SUBMITTED' || latest?.status === 'IN_REVIEW'
      ? 'PENDING'
      : latest?.status === 'NEEDS_ADDITIONAL_INFORMATION' || latest?.status === 'REJECTED'
        ? latest.status
        : undefined;
  if (latest && status) return { ...base, status, statusInfo: latest.statusInfo, applicationId: latest.applicationId };
  return { ...base, status: 'AVAILABLE' };
}

export const capabilitiesOf = (x: Exec, clientId: string, customerId: string) => Promise.all(FIAT_CURRENCIES.map((c) => capabilityOf(x, clientId, customerId, c)));

/** §14.4 the deposit instructions of an account: its identifiers, the holder as beneficiary. */
export function depositInstructions(account: FiatAccountRow) {
  return {
    fiatAccountId: account.fiatAccountId,
    currency: account.currency,
    rails: railsOfCurrency(account.currency),
    beneficiaryName: account.accountHolderName,
    bankName: account.bankName,
    bankAddress: SANDBOX_BANK_ADDRESS[account.currency]!,
    iban: account.iban,
    bic: account.bic,
    accountNumber: account.accountNumber,
    routingNumber: account.routingNumber,
  };
}

const later = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();

/**
 * §14.4 the review, a worker step in sandbox mode only (R21): SUBMITTED → IN_REVIEW; IN_REVIEW → the first
 * review's captured outcome (default APPROVED), consumed, so the review after an answer approves. APPROVED
 * issues the account in the same transaction: the application's event, then the account's (E6).
 */
export async function reviewStep(tx: Exec, applicationId: string, now: Date, o: { stepDelayMs: number; informationTimeoutSeconds: number }): Promise<boolean> {
  const app = await findApplication(tx, applicationId);
  const at = now.toISOString();
  if (!app || app.reviewDueAt === null || app.reviewDueAt > at) return false;
  if (app.status === 'SUBMITTED')
    return (await transition(tx, applicationLifecycle, { id: applicationId, from: 'SUBMITTED', to: 'IN_REVIEW', at, set: { reviewDueAt: later(now, o.stepDelayMs) } })) !== undefined;
  if (app.status !== 'IN_REVIEW') return false;
  const outcome = app.reviewOutcome ?? 'APPROVED';
  const consumed = { reviewDueAt: null, reviewOutcome: null, reviewKeys: null };
  if (outcome === 'REJECTED')
    return (await transition(tx, applicationLifecycle, { id: applicationId, from: 'IN_REVIEW', to: 'REJECTED', at, set: { ...consumed, decidedAt: at } })) !== undefined;
  if (outcome === 'NEEDS_ADDITIONAL_INFORMATION') {
    const keys = (app.reviewKeys?.split(',') ?? ['SOURCE_OF_FUNDS']) as InformationKey[];
    // The round first, so that the application's event shows it.
    await openRound(tx, { ownerType: APPLICATION_OWNER, ownerId: applicationId, customerId: app.customerId }, keys, at, o.informationTimeoutSeconds);
    const asked = await transition(tx, applicationLifecycle, { id: applicationId, from: 'IN_REVIEW', to: 'NEEDS_ADDITIONAL_INFORMATION', at, set: consumed });
    if (!asked) throw new Error(`application ${applicationId} left IN_REVIEW during its review`);
    return true;
  }
  return approve(tx, app, at, consumed);
}

/** APPROVED with the account issued ACTIVE (R7), its identifiers derived from its id (§14.4). */
async function approve(tx: Exec, app: FiatAccountApplicationRow, at: string, consumed: Partial<FiatAccountApplicationRow>): Promise<boolean> {
  const fiatAccountId = randomUUID();
  const approved = await transition(tx, applicationLifecycle, {
    id: app.applicationId,
    from: 'IN_REVIEW',
    to: 'APPROVED',
    at,
    set: { ...consumed, decidedAt: at, fiatAccountId },
  });
  if (!approved) return false;
  const account = await insertFiatAccount(tx, {
    fiatAccountId,
    customerId: app.customerId,
    clientId: app.clientId,
    applicationId: app.applicationId,
    currency: app.currency,
    currencyScale: FIAT_CURRENCY_SCALE,
    status: 'ACTIVE',
    accountHolderName: app.accountHolderName,
    ...sandboxIdentifiers(fiatAccountId, app.currency),
    bankName: SANDBOX_BANK_NAME,
    suspendedAt: null,
    createdAt: at,
    updatedAt: at,
  });
  // §14.4: the account's `fiat_account.active`, sequence 1, after the application's event.
  await recordEvent(tx, {
    resourceType: 'FIAT_ACCOUNT',
    resourceId: fiatAccountId,
    clientId: account.clientId,
    customerId: account.customerId,
    resource: fiatAccountView(account),
    status: 'ACTIVE',
    previousStatus: null,
    at,
  });
  return true;
}

/** §14.3 the answer won: back to IN_REVIEW, the next review due a step delay later (it approves). */
export async function resumeReview(tx: Exec, app: FiatAccountApplicationRow, now: Date, stepDelayMs: number): Promise<FiatAccountApplicationRow> {
  const resumed = await transition(tx, applicationLifecycle, {
    id: app.applicationId,
    from: 'NEEDS_ADDITIONAL_INFORMATION',
    to: 'IN_REVIEW',
    at: now.toISOString(),
    set: { reviewDueAt: later(now, stepDelayMs) },
  });
  if (!resumed) throw new Problem('INVALID_STATE', 'The application is no longer NEEDS_ADDITIONAL_INFORMATION.');
  return resumed;
}

/** §14.3 the timeout won the round: REJECTED, "Additional information not provided". */
export async function timedOut(tx: Exec, applicationId: string, at: string): Promise<void> {
  const rejected = await transition(tx, applicationLifecycle, {
    id: applicationId,
    from: 'NEEDS_ADDITIONAL_INFORMATION',
    to: 'REJECTED',
    at,
    statusInfo: TIMEOUT_INFO,
    set: { decidedAt: at },
  });
  if (!rejected) throw new Error(`application ${applicationId} was not NEEDS_ADDITIONAL_INFORMATION at its information timeout`);
}

/**
 * §14.4 `partnerctl fiat account suspend|reactivate`: sets or clears `suspendedAt`, event
 * `fiat_account.suspended` / `.active`; repeating answers the account unchanged, with no event (E2).
 * Undefined: no such account.
 */
export async function setFiatAccountSuspended(tx: Exec, fiatAccountId: string, suspended: boolean, at: string): Promise<FiatAccountRow | undefined> {
  const account = await findFiatAccount(tx, fiatAccountId);
  if (!account) return undefined;
  const to = suspended ? 'SUSPENDED' : 'ACTIVE';
  if (account.status === to) return account;
  const changed = await transition(tx, fiatAccountLifecycle, { id: fiatAccountId, from: account.status, to, at, set: { suspendedAt: suspended ? at : null } });
  // One writer transaction read the row just now: nothing moved it in between.
  if (!changed) throw new Error(`fiat account ${fiatAccountId} changed during its suspension`);
  return changed;
}

/**
 * §14.4 for the currency's withdrawal operations (activations, quotes, drafts, submissions): the customer's
 * ACTIVE account in the currency, else 409 FIAT_ACCOUNT_NOT_ACTIVE.
 */
export async function requireActiveFiatAccount(x: Exec, customerId: string, currency: string): Promise<FiatAccountRow> {
  const account = await findCustomerFiatAccount(x, customerId, currency);
  if (!account || account.status !== 'ACTIVE')
    throw new Problem('FIAT_ACCOUNT_NOT_ACTIVE', account ? `The customer's ${currency} fiat account is SUSPENDED.` : `The customer has no ${currency} fiat account.`);
  return account;
}
