// §14.6 withdrawal capabilities: one record per (customer, rail) from the first activation on, its review
// (a worker step in sandbox mode), and the item each rail shows, computed from the record and the
// partner's rail now. The review's additional-information rounds are the loop's (§14.3).
import { randomUUID } from 'node:crypto';
import type { CallContext } from '../../core/context.js';
import { Problem } from '../../core/problem.js';
import type { Exec } from '../../db/exec.js';
import { requireOwnCustomer } from '../customers/index.js';
import { recordEvent } from '../events/index.js';
import { FIAT_RAILS, permittedRail, RAILS, type FiatRail } from '../fiat-rails/index.js';
import { capturedReviewOutcome, informationOf, openRound, type InformationKey } from '../information/index.js';
import { transition, type Lifecycle } from '../lifecycle/index.js';
import { capabilityRecord } from './records.js';
import { findCapability, findCustomerCapability, insertCapability, updateCapability } from './repository.js';
import type { FiatWithdrawalCapabilityRow, FiatWithdrawalCapabilityView } from './tables.js';

/** The loop's owner type of capabilities: their resource type (§11.1). */
export const CAPABILITY_OWNER = capabilityRecord.resourceType;

/** §14.6's table: each status's statusInfo (REJECTED by a timeout has its own, §14.3). */
export const CAPABILITY_STATUS_INFO = {
  PENDING: 'Under review',
  NEEDS_ADDITIONAL_INFORMATION: 'Additional information requested',
  ACTIVE: 'Active',
  REJECTED: 'Rejected',
} as const;
export const TIMEOUT_INFO = 'Additional information not provided';

/** §14.6: an activation is refused (409 INVALID_STATE) while the record is in one of these. */
const UNDER_WAY = ['PENDING', 'NEEDS_ADDITIONAL_INFORMATION', 'ACTIVE'];

/**
 * §14.6 a rail's item: the record's own status (or, without one, AVAILABLE / NOT_AVAILABLE by the rail),
 * and railEnabled, fee and bounds from the partner's rail now, whatever the record's status.
 */
export async function capabilityView(
  x: Exec,
  clientId: string,
  customerId: string,
  rail: FiatRail,
  row: FiatWithdrawalCapabilityRow | undefined,
): Promise<FiatWithdrawalCapabilityView> {
  const settings = await permittedRail(x, clientId, rail);
  const computed = {
    railEnabled: settings !== undefined,
    feeAmountMinor: settings?.withdrawalFeeMinor ?? null,
    minAmountMinor: settings?.minMinor ?? null,
    maxAmountMinor: settings?.maxMinor ?? null,
  };
  if (!row)
    return {
      capabilityId: null,
      customerId,
      rail,
      currency: RAILS[rail].currency,
      status: settings ? 'AVAILABLE' : 'NOT_AVAILABLE',
      statusInfo: settings ? null : 'Rail not enabled',
      expectedMonthlyVolumeMinor: null,
      withdrawalPurpose: null,
      informationRequests: [],
      informationDueAt: null,
      ...computed,
      activatedAt: null,
      createdAt: null,
      updatedAt: null,
    };
  return {
    capabilityId: row.capabilityId,
    customerId: row.customerId,
    rail: row.rail,
    currency: row.currency,
    status: row.status,
    statusInfo: row.statusInfo,
    expectedMonthlyVolumeMinor: row.expectedMonthlyVolumeMinor,
    withdrawalPurpose: row.withdrawalPurpose,
    ...(await informationOf(x, CAPABILITY_OWNER, row.capabilityId)),
    ...computed,
    activatedAt: row.activatedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** §16.2 E8: a record's by-id view is its item in fiatWithdrawalCapabilities. */
const recordView = (x: Exec, row: FiatWithdrawalCapabilityRow) => capabilityView(x, row.clientId, row.customerId, row.rail as FiatRail, row);

/** §14.2 one item per rail, in §14.1's order (SEPA, ACH, WIRE). */
export async function capabilitiesOf(x: Exec, clientId: string, customerId: string): Promise<FiatWithdrawalCapabilityView[]> {
  const items: FiatWithdrawalCapabilityView[] = [];
  for (const rail of FIAT_RAILS) items.push(await capabilityView(x, clientId, customerId, rail, await findCustomerCapability(x, customerId, rail)));
  return items;
}

export const capabilityLifecycle: Lifecycle<FiatWithdrawalCapabilityRow> = {
  record: capabilityRecord,
  statusInfo: CAPABILITY_STATUS_INFO,
  compareAndSet: (tx, id, from, set) => updateCapability(tx, id, from, set),
  view: recordView,
};

/**
 * §14.3 D of an answer for a capability: the customer (404 CUSTOMER_NOT_FOUND / 403 FORBIDDEN), then its
 * record for the rail (404 NOT_FOUND when it has none).
 */
export async function requireOwnCapability(tx: Exec, ctx: CallContext, customerId: string, rail: FiatRail): Promise<FiatWithdrawalCapabilityRow> {
  await requireOwnCustomer(tx, ctx, customerId);
  const row = await findCustomerCapability(tx, customerId, rail);
  if (!row) throw new Problem('NOT_FOUND', `The customer has no ${rail} withdrawal capability: it was never activated.`);
  return row;
}

/** §14.6 H: INVALID_STATE while the rail's record is PENDING, NEEDS_ADDITIONAL_INFORMATION or ACTIVE. */
export function requireActivatable(row: FiatWithdrawalCapabilityRow | undefined): void {
  if (row && UNDER_WAY.includes(row.status))
    throw new Problem('INVALID_STATE', `The ${row.rail} withdrawal capability is ${row.status}: only a new or REJECTED capability may be activated.`);
}

const later = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();

export type Activation = { expectedMonthlyVolumeMinor: string; withdrawalPurpose: string };

/**
 * §14.6 I of an activation: the record created (first time) or reused from REJECTED, PENDING, the input
 * stored, the sandbox outcome captured (each activation is a new first review, §14.3), the review due a
 * step delay later, event `fiat_withdrawal_capability.pending`. §16.4: a concurrent activation loses on
 * uq_fiat_capability_customer_rail (the engine runs its job again and it finds this record PENDING) or on
 * the compare-and-set from REJECTED: 409 INVALID_STATE either way.
 */
export async function activate(
  tx: Exec,
  ctx: CallContext,
  customerId: string,
  rail: FiatRail,
  existing: FiatWithdrawalCapabilityRow | undefined,
  input: Activation,
): Promise<FiatWithdrawalCapabilityRow> {
  const { config } = ctx.services;
  const at = ctx.now.toISOString();
  const captured = await capturedReviewOutcome(tx, customerId, 'ACTIVATION', config.sandbox);
  const review = {
    expectedMonthlyVolumeMinor: input.expectedMonthlyVolumeMinor,
    withdrawalPurpose: input.withdrawalPurpose,
    // R21: outside sandbox mode no review runs; the capability waits in PENDING.
    reviewDueAt: later(ctx.now, config.sandboxStepDelayMs),
    reviewOutcome: captured?.outcome ?? null,
    reviewKeys: captured?.keys?.join(',') ?? null,
  };
  if (existing) {
    const pending = await transition(tx, capabilityLifecycle, { id: existing.capabilityId, from: 'REJECTED', to: 'PENDING', at, set: review });
    if (!pending) throw new Problem('INVALID_STATE', `The ${rail} withdrawal capability is no longer REJECTED.`);
    return pending;
  }
  const row = await insertCapability(tx, {
    capabilityId: randomUUID(),
    customerId,
    clientId: ctx.clientId,
    rail,
    currency: RAILS[rail].currency,
    status: 'PENDING',
    statusInfo: CAPABILITY_STATUS_INFO.PENDING,
    ...review,
    activatedAt: null,
    createdAt: at,
    updatedAt: at,
  });
  await recordEvent(tx, {
    resourceType: CAPABILITY_OWNER,
    resourceId: row.capabilityId,
    clientId: row.clientId,
    customerId,
    resource: await recordView(tx, row),
    status: 'PENDING',
    previousStatus: null,
    at,
  });
  return row;
}

/**
 * §14.6 the review, a worker step in sandbox mode only (R21): PENDING → the activation's first review's
 * captured outcome (default ACTIVE), consumed, so the review after an answer activates.
 */
export async function reviewStep(tx: Exec, capabilityId: string, now: Date, o: { informationTimeoutSeconds: number }): Promise<boolean> {
  const row = await findCapability(tx, capabilityId);
  const at = now.toISOString();
  if (!row || row.status !== 'PENDING' || row.reviewDueAt === null || row.reviewDueAt > at) return false;
  const outcome = row.reviewOutcome ?? 'APPROVED';
  const consumed = { reviewDueAt: null, reviewOutcome: null, reviewKeys: null };
  if (outcome === 'REJECTED')
    return (await transition(tx, capabilityLifecycle, { id: capabilityId, from: 'PENDING', to: 'REJECTED', at, set: consumed })) !== undefined;
  if (outcome === 'NEEDS_ADDITIONAL_INFORMATION') {
    const keys = (row.reviewKeys?.split(',') ?? ['SOURCE_OF_FUNDS']) as InformationKey[];
    // The round first, so that the capability's event shows it.
    await openRound(tx, { ownerType: CAPABILITY_OWNER, ownerId: capabilityId, customerId: row.customerId }, keys, at, o.informationTimeoutSeconds);
    const asked = await transition(tx, capabilityLifecycle, { id: capabilityId, from: 'PENDING', to: 'NEEDS_ADDITIONAL_INFORMATION', at, set: consumed });
    if (!asked) throw new Error(`withdrawal capability ${capabilityId} left PENDING during its review`);
    return true;
  }
  return (await transition(tx, capabilityLifecycle, { id: capabilityId, from: 'PENDING', to: 'ACTIVE', at, set: { ...consumed, activatedAt: at } })) !== undefined;
}

/** §14.3 the answer won: back to PENDING, the next review due a step delay later (it activates). */
export async function resumeReview(tx: Exec, row: FiatWithdrawalCapabilityRow, now: Date, stepDelayMs: number): Promise<FiatWithdrawalCapabilityRow> {
  const resumed = await transition(tx, capabilityLifecycle, {
    id: row.capabilityId,
    from: 'NEEDS_ADDITIONAL_INFORMATION',
    to: 'PENDING',
    at: now.toISOString(),
    set: { reviewDueAt: later(now, stepDelayMs) },
  });
  if (!resumed) throw new Problem('INVALID_STATE', `The ${row.rail} withdrawal capability is no longer NEEDS_ADDITIONAL_INFORMATION.`);
  return resumed;
}

/** §14.3 the timeout won the round: REJECTED, "Additional information not provided". */
export async function timedOut(tx: Exec, capabilityId: string, at: string): Promise<void> {
  const rejected = await transition(tx, capabilityLifecycle, {
    id: capabilityId,
    from: 'NEEDS_ADDITIONAL_INFORMATION',
    to: 'REJECTED',
    at,
    statusInfo: TIMEOUT_INFO,
  });
  if (!rejected) throw new Error(`withdrawal capability ${capabilityId} was not NEEDS_ADDITIONAL_INFORMATION at its information timeout`);
}

