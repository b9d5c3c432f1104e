// §4.1 Customers: owned by the partner client that created them. §12.4: their state (ACTIVE / SUSPENDED,
// operator-set) and verification (KYC / KYB), and the gate the money and crypto operations pass.
import type { Config } from '../../config.js';
import type { Exec } from '../../db/exec.js';
import type { CustomerRow, CustomerView } from './tables.js';
import type { CallContext } from '../../core/context.js';
import { requireOwn } from '../../core/ownership.js';
import { hook } from '../../core/hook.js';
import { Problem } from '../../core/problem.js';
import { recordEvent } from '../events/index.js';
import { transition, type Lifecycle } from '../lifecycle/index.js';
import { customerRecord } from './records.js';
import {
  deleteSandboxVerificationOutcome,
  findCustomer,
  lockCustomer,
  recordVerificationDecision,
  saveSandboxVerificationOutcome,
  updateCustomer,
} from './repository.js';

export const CUSTOMER_TYPES = ['INDIVIDUAL', 'CORPORATE'] as const;
export const VERIFICATION_OUTCOMES = ['VERIFIED', 'REJECTED'] as const;
export type VerificationOutcome = (typeof VERIFICATION_OUTCOMES)[number];

/** §12.4's table: the info of a pending review, and of a REJECTED outcome given none. */
export const UNDER_REVIEW_INFO = 'Evidence under review';
export const DEFAULT_REJECTED_INFO = 'Rejected by review';

/**
 * §12.4 `verificationKind`: KYC for an INDIVIDUAL, KYB for a CORPORATE customer. The review's own columns
 * stay out of the view, and so out of idempotency records (§12.3); the evidence is in another table.
 */
export function customerView(row: CustomerRow): CustomerView {
  const { reviewId: _r, reviewDueAt: _d, reviewChecks: _c, reviewOutcome: _o, reviewOutcomeInfo: _i, ...shown } = row;
  return { ...shown, verificationKind: row.type === 'CORPORATE' ? 'KYB' : 'KYC' };
}

/**
 * A customer's changes (§12.4, §12.5): a compare-and-set on `verificationStatus` (the status its events
 * follow); a suspension keeps it, so its event is `.updated`.
 */
export const customerLifecycle: Lifecycle<CustomerRow> = {
  record: customerRecord,
  compareAndSet: (tx, id, from, set) => updateCustomer(tx, id, from, set),
  view: async (_tx, row) => customerView(row),
};

/** §12.3 the review step and operator decisions: the compare-and-set also holds the pending review's id. */
export function reviewLifecycle(reviewId: string): Lifecycle<CustomerRow> {
  return { ...customerLifecycle, compareAndSet: (tx, id, from, set) => updateCustomer(tx, id, from, set, reviewId) };
}

/** Unknown → 404 CUSTOMER_NOT_FOUND; another partner's → 403 FORBIDDEN. */
export async function requireOwnCustomer(tx: Exec, ctx: CallContext, customerId: string): Promise<CustomerRow> {
  return requireOwn(ctx, await findCustomer(tx, customerId), 'CUSTOMER_NOT_FOUND', 'customer', customerId);
}

/**
 * As requireOwnCustomer, the row claimed for the rest of the transaction (repository lockCustomer): for a
 * limit on the customer's records that concurrent requests on PostgreSQL must not pass together.
 */
export async function claimOwnCustomer(tx: Exec, ctx: CallContext, customerId: string): Promise<CustomerRow> {
  return requireOwn(ctx, await lockCustomer(tx, customerId), 'CUSTOMER_NOT_FOUND', 'customer', customerId);
}

/** §9.3 a list under a customer: its cursors name the customer, which is checked after the shape (404 / 403). */
export const underCustomer = {
  under: 'customerId',
  own: (db: Exec, ctx: CallContext, args: { customerId: string }) => requireOwnCustomer(db, ctx, args.customerId),
} as const;

/**
 * §12.4 which gate an operation passes: `money` (conversion, fiat, checkouts and collections) needs an
 * ACTIVE and VERIFIED customer; `crypto` (beneficiaries, crypto withdrawals and refunds) an ACTIVE one,
 * and VERIFIED only when CRYPTO_REQUIRES_VERIFIED_CUSTOMER=true.
 */
export type GateKind = 'money' | 'crypto';

/**
 * §12.4 the gate: the first of stage H's 409s. A customer both SUSPENDED and unverified gets
 * CUSTOMER_SUSPENDED. For an operation on a record, pass the record's customer.
 */
export function customerGate(
  customer: Pick<CustomerRow, 'customerId' | 'status' | 'verificationStatus'>,
  kind: GateKind,
  config: Pick<Config, 'cryptoRequiresVerifiedCustomer'>,
): void {
  if (customer.status === 'SUSPENDED') throw new Problem('CUSTOMER_SUSPENDED', `Customer ${customer.customerId} is SUSPENDED.`);
  if ((kind === 'money' || config.cryptoRequiresVerifiedCustomer) && customer.verificationStatus !== 'VERIFIED')
    throw new Problem(
      'CUSTOMER_NOT_VERIFIED',
      `Customer ${customer.customerId} is ${customer.verificationStatus}; this operation needs a VERIFIED customer (submitCustomerVerificationEvidence).`,
    );
}

/** The gate of an operation on a record of `customerId` (a withdrawal, a refund, a beneficiary). */
export async function gateCustomerOf(tx: Exec, customerId: string, kind: GateKind, config: Pick<Config, 'cryptoRequiresVerifiedCustomer'>): Promise<void> {
  const customer = await findCustomer(tx, customerId);
  if (!customer) throw new Error(`customer ${customerId} is missing`);
  customerGate(customer, kind, config);
}

/** §12.5: a new customer's event (`customer.unverified`, or `.verified` for the demo customer), sequence 1. */
export function recordNewCustomerEvent(tx: Exec, c: CustomerRow, at = c.updatedAt): Promise<unknown> {
  return recordEvent(tx, {
    resourceType: 'CUSTOMER',
    resourceId: c.customerId,
    clientId: c.clientId,
    customerId: c.customerId,
    resource: customerView(c),
    status: c.verificationStatus,
    previousStatus: null,
    at,
  });
}

/**
 * §17.1 what a suspension ends in its transaction: the customer's frontend sessions. The frontend module
 * answers (its sessions are of customers: it is above this one).
 */
export const onCustomerSuspended = hook<(tx: Exec, customerId: string, at: string) => Promise<unknown>>(
  'what a customer suspension ends (frontend: revokeCustomerSessions)',
);

/**
 * §12.4 `partnerctl customer suspend|reactivate`: sets or clears `suspendedAt`, event `customer.updated`;
 * repeating answers the customer unchanged, with no event (E2). A suspension revokes the customer's
 * frontend sessions in its transaction (§17.1); a reactivation gives none back. Undefined: no such customer.
 */
export async function setCustomerSuspended(tx: Exec, customerId: string, suspended: boolean, at: string): Promise<CustomerRow | undefined> {
  const customer = await findCustomer(tx, customerId);
  if (!customer) return undefined;
  const status = suspended ? 'SUSPENDED' : 'ACTIVE';
  if (customer.status === status) return customer;
  const changed = await transition(tx, customerLifecycle, {
    id: customerId,
    from: customer.verificationStatus,
    to: customer.verificationStatus,
    at,
    set: { status, suspendedAt: suspended ? at : null },
  });
  // One writer transaction read the row just now: nothing moved it in between.
  if (!changed) throw new Error(`customer ${customerId} changed during its suspension`);
  if (suspended) await onCustomerSuspended(tx, customerId, at);
  return changed;
}

/** What an outcome (the review step's, an operator's) sets: §12.3. */
export function outcomeSet(outcome: VerificationOutcome, info: string | null | undefined, at: string): Partial<CustomerRow> {
  return {
    verificationStatusInfo: outcome === 'VERIFIED' ? null : (info ?? DEFAULT_REJECTED_INFO),
    verifiedAt: outcome === 'VERIFIED' ? at : null,
    verificationReviewPending: false,
    reviewId: null,
    reviewDueAt: null,
    reviewChecks: null,
    reviewOutcome: null,
    reviewOutcomeInfo: null,
  };
}

/**
 * §12.3 `partnerctl customer verification-decide`: the outcome at once, in any state, ending a pending
 * review (whose step then finds no review and changes nothing). Event `customer.verified` /
 * `.rejected` when `verificationStatus` changed, else `.updated`. Undefined: no such customer.
 */
export async function decideVerification(
  tx: Exec,
  customerId: string,
  outcome: VerificationOutcome,
  info: string | undefined,
  at: string,
): Promise<CustomerRow | undefined> {
  const customer = await findCustomer(tx, customerId);
  if (!customer) return undefined;
  const changed = await transition(tx, customerLifecycle, {
    id: customerId,
    from: customer.verificationStatus,
    to: outcome,
    at,
    set: outcomeSet(outcome, info, at),
  });
  if (!changed) throw new Error(`customer ${customerId} changed during a verification decision`);
  // §16.9: the decision of the pending submission, if any; it replaces the decisions before it.
  await recordVerificationDecision(tx, customerId, customer.verificationReviewPending ? customer.reviewId : null, outcome, at);
  return changed;
}

/**
 * A new customer's row (§4.1, §12.4): ACTIVE, UNVERIFIED with no review, or VERIFIED since its creation
 * (the development demo customer, §12.5).
 */
export function newCustomerRow(c: {
  customerId: string;
  clientId: string;
  externalRef: string;
  type: string;
  displayName: string | null;
  at: string;
  verified?: boolean;
}): CustomerRow {
  return {
    customerId: c.customerId,
    clientId: c.clientId,
    externalRef: c.externalRef,
    type: c.type,
    displayName: c.displayName,
    status: 'ACTIVE',
    createdAt: c.at,
    updatedAt: c.at,
    suspendedAt: null,
    verificationStatus: c.verified ? 'VERIFIED' : 'UNVERIFIED',
    verificationStatusInfo: null,
    verificationReviewPending: false,
    verifiedAt: c.verified ? c.at : null,
    reviewId: null,
    reviewDueAt: null,
    reviewChecks: null,
    reviewOutcome: null,
    reviewOutcomeInfo: null,
  };
}

/** §12.5: the outcome a customer's submissions capture from now on (sandbox mode only uses it). */
export function setSandboxVerificationOutcome(tx: Exec, customerId: string, outcome: VerificationOutcome, info: string | null, at: string) {
  return saveSandboxVerificationOutcome(tx, { customerId, outcome, info, createdAt: at });
}

/** §12.5 `--clear`: whether there was one. */
export function clearSandboxVerificationOutcome(tx: Exec, customerId: string): Promise<boolean> {
  return deleteSandboxVerificationOutcome(tx, customerId);
}
