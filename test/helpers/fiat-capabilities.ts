// Fiat withdrawal capabilities (§14.6) as a partner and its operator drive them: activations and answers on
// either surface, the sandbox review outcome of activations, and an ACTIVE capability for the suites that
// need one (fiat withdrawals).
import type { FiatRail } from '../../src/modules/fiat-rails/index.js';
import { sandboxFiatReviewOutcome } from '../../src/modules/information/operators.js';
import type { Reply, RequestOptions } from './harness.js';
import { FiatParty } from './fiat-accounts.js';
import { selectionOf } from './sdl-fields.js';

export const WITHDRAWAL_CAPABILITY_FIELDS = selectionOf('PartnerFiatWithdrawalCapability');
export const WITHDRAWAL_CAPABILITIES_QUERY = `query($customerId: UUID!) {
  fiatWithdrawalCapabilities(customerId: $customerId) { ${WITHDRAWAL_CAPABILITY_FIELDS} } }`;
export const ACTIVATE_MUTATION = `mutation($customerId: UUID!, $rail: FiatRail!, $input: ActivateFiatWithdrawalCapabilityInput!) {
  activateFiatWithdrawalCapability(customerId: $customerId, rail: $rail, input: $input) { ${WITHDRAWAL_CAPABILITY_FIELDS} } }`;
export const CAPABILITY_ANSWER_MUTATION = `mutation($customerId: UUID!, $rail: FiatRail!, $input: SubmitAdditionalInformationInput!) {
  submitFiatWithdrawalCapabilityActivationAdditionalInformation(customerId: $customerId, rail: $rail, input: $input) { ${WITHDRAWAL_CAPABILITY_FIELDS} } }`;

export const activationInput = (o: Record<string, unknown> = {}) => ({ expectedMonthlyVolumeMinor: '250000', withdrawalPurpose: 'Paying suppliers', ...o });

type Target = RequestOptions & { customerId?: string };

const base = (f: FiatParty, o: Target, rail: string) => `/partner/v1/customers/${o.customerId ?? f.customerId}/fiat/withdrawal-capabilities/${rail}`;

export const activateRest = (f: FiatParty, rail: string, input: unknown, o: Target = {}): Promise<Reply> =>
  f.rest('POST', `${base(f, o, rail)}/activation`, { body: input, ...o });

export const activateGql = (f: FiatParty, rail: string, input: unknown, o: Target = {}): Promise<Reply> =>
  f.gql(ACTIVATE_MUTATION, { customerId: o.customerId ?? f.customerId, rail, input }, o);

export const answerCapabilityRest = (f: FiatParty, rail: string, items: unknown, o: Target = {}): Promise<Reply> =>
  f.rest('POST', `${base(f, o, rail)}/additional-information`, { body: { items }, ...o });

export const answerCapabilityGql = (f: FiatParty, rail: string, items: unknown, o: Target = {}): Promise<Reply> =>
  f.gql(CAPABILITY_ANSWER_MUTATION, { customerId: o.customerId ?? f.customerId, rail, input: { items } }, o);

/** The customer's three items (REST), SEPA, ACH, WIRE. */
export async function withdrawalCapabilities(f: FiatParty, customerId = f.customerId): Promise<(Record<string, unknown> & { rail: string; status: string })[]> {
  const r = await f.rest('GET', `/partner/v1/customers/${customerId}/fiat/withdrawal-capabilities`);
  if (r.status !== 200) throw new Error(`fiatWithdrawalCapabilities failed: ${r.text}`);
  return r.body.items;
}

export async function withdrawalCapability(f: FiatParty, rail: FiatRail): Promise<Record<string, unknown> & { capabilityId: string; status: string; informationDueAt: string | null }> {
  return (await withdrawalCapabilities(f)).find((c) => c.rail === rail)! as never;
}

/** §14.3 `partnerctl sandbox fiat-review-outcome --subject ACTIVATION` for this customer. */
export function activationReviewOutcome(f: FiatParty, outcome: 'APPROVED' | 'REJECTED' | 'NEEDS_ADDITIONAL_INFORMATION', keys?: string[]) {
  return f.server.operator((db) => sandboxFiatReviewOutcome(db, f.customerId, 'ACTIVATION', { outcome, keys: keys as never, clear: false }));
}

export function clearActivationReviewOutcome(f: FiatParty) {
  return f.server.operator((db) => sandboxFiatReviewOutcome(db, f.customerId, 'ACTIVATION', { clear: true }));
}

/**
 * An ACTIVE capability for `rail`, the way a partner gets one: the customer's fiat account in the rail's
 * currency (applied for unless `fiatAccountId` is given), the activation, then its review (one worker step).
 */
export async function activeWithdrawalCapability(f: FiatParty, rail: FiatRail, o: { fiatAccountId?: string } = {}): Promise<{ capabilityId: string; fiatAccountId: string }> {
  const currency = rail === 'SEPA' ? 'EUR' : 'USD';
  const fiatAccountId = o.fiatAccountId ?? (await f.account(currency)).fiatAccountId;
  const r = await activateRest(f, rail, activationInput());
  if (r.status !== 200) throw new Error(`activateFiatWithdrawalCapability failed: ${r.text}`);
  await f.server.advanceWorker(1);
  const now = await withdrawalCapability(f, rail);
  if (now.status !== 'ACTIVE') throw new Error(`capability not ACTIVE: ${JSON.stringify(now)}`);
  return { capabilityId: now.capabilityId, fiatAccountId };
}
