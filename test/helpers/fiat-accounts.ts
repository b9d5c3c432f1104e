// Fiat accounts (§14.4) and the additional-information loop (§14.3) as a partner and its operator drive
// them: a partner with its rails (enabled by `partnerctl fiat rail enable|disable`'s code), a VERIFIED
// customer, applications and answers on either surface, the sandbox review outcome, the worker moved by
// the injected clock.
import { randomUUID } from 'node:crypto';
import { FIAT_RAILS, findPartnerRail, type FiatRail } from '../../src/modules/fiat-rails/index.js';
import { disableRail, enableRail } from '../../src/modules/fiat-rails/operators.js';
import { sandboxFiatReviewOutcome } from '../../src/modules/information/operators.js';
import { suspendFiatAccount } from '../../src/modules/fiat-accounts/operators.js';
import { Scenario, type Reply, type RequestOptions, type TestServer } from './harness.js';
import { selectionOf } from './sdl-fields.js';
import { atServer } from './withdrawals.js';

export const APPLICATION_FIELDS = selectionOf('PartnerFiatAccountApplication');
export const ACCOUNT_FIELDS = selectionOf('PartnerFiatAccount');
export const CAPABILITY_FIELDS = selectionOf('PartnerFiatAccountCapability');
export const INSTRUCTIONS_FIELDS = selectionOf('PartnerFiatDepositInstructions');
export const CREATE_MUTATION = `mutation($customerId: UUID!, $input: CreateFiatAccountApplicationInput!) {
  createFiatAccountApplication(customerId: $customerId, input: $input) { ${APPLICATION_FIELDS} } }`;
export const ANSWER_MUTATION = `mutation($id: UUID!, $input: SubmitAdditionalInformationInput!) {
  submitFiatAccountApplicationAdditionalInformation(applicationId: $id, input: $input) { ${APPLICATION_FIELDS} } }`;
export const APPLICATION_QUERY = `query($id: UUID!) { fiatAccountApplication(applicationId: $id) { ${APPLICATION_FIELDS} } }`;
export const ACCOUNT_QUERY = `query($id: UUID!) { fiatAccount(fiatAccountId: $id) { ${ACCOUNT_FIELDS} } }`;
export const CAPABILITIES_QUERY = `query($customerId: UUID!) { fiatAccountCapabilities(customerId: $customerId) { ${CAPABILITY_FIELDS} } }`;
export const INSTRUCTIONS_QUERY = `query($id: UUID!) { fiatDepositInstructions(fiatAccountId: $id) { ${INSTRUCTIONS_FIELDS} } }`;

export const applicationInput = (o: Record<string, unknown> = {}) => ({
  currency: 'EUR',
  accountHolderName: 'Ada Lovelace',
  expectedMonthlyVolumeMinor: '500000',
  sourceOfFunds: 'Salary',
  accountPurpose: 'Savings',
  ...o,
});

export class FiatParty {
  constructor(
    readonly s: Scenario,
    readonly customerId: string,
  ) {}

  get server(): TestServer {
    return this.s.server;
  }

  /** A partner (rails SEPA, ACH and WIRE unless given) with a VERIFIED customer. */
  static async create(server: TestServer, rails: FiatRail[] = ['SEPA', 'ACH', 'WIRE']): Promise<FiatParty> {
    const s = await Scenario.create(server);
    const f = new FiatParty(s, await s.verifiedCustomer());
    await f.setRails(rails);
    return f;
  }

  /** The partner's rails: exactly these enabled (the others disabled where they exist), as an operator does. */
  async setRails(rails: FiatRail[]): Promise<void> {
    const clientId = this.s.client.clientId;
    for (const rail of FIAT_RAILS) {
      if (rails.includes(rail)) await this.server.operator((db) => enableRail(db, { clientId, rail }));
      else if (await this.server.operator((db) => findPartnerRail(db.read, clientId, rail))) await this.server.operator((db) => disableRail(db, clientId, rail));
    }
  }

  rest(method: string, path: string, o: RequestOptions = {}): Promise<Reply> {
    return this.server.request(this.s.client, method, path, atServer(this.server, o));
  }

  gql(query: string, variables?: Record<string, unknown>, o: RequestOptions = {}): Promise<Reply> {
    return this.server.gql(this.s.client, query, variables, atServer(this.server, o));
  }

  createRest(input: unknown, o: RequestOptions & { customerId?: string } = {}): Promise<Reply> {
    return this.rest('POST', `/partner/v1/customers/${o.customerId ?? this.customerId}/fiat/account-applications`, { body: input, ...o });
  }

  createGql(input: unknown, o: RequestOptions & { customerId?: string } = {}): Promise<Reply> {
    return this.gql(CREATE_MUTATION, { customerId: o.customerId ?? this.customerId, input }, o);
  }

  /** A new application (REST), its body. */
  async apply(o: Record<string, unknown> = {}): Promise<Record<string, unknown> & { applicationId: string }> {
    const r = await this.createRest(applicationInput(o));
    if (r.status !== 200) throw new Error(`createFiatAccountApplication failed: ${r.text}`);
    return r.body;
  }

  answerRest(applicationId: string, items: unknown, o: RequestOptions = {}): Promise<Reply> {
    return this.rest('POST', `/partner/v1/fiat/account-applications/${applicationId}/additional-information`, { body: { items }, ...o });
  }

  answerGql(applicationId: string, items: unknown, o: RequestOptions = {}): Promise<Reply> {
    return this.gql(ANSWER_MUTATION, { id: applicationId, input: { items } }, o);
  }

  async application(applicationId: string): Promise<Record<string, unknown>> {
    const r = await this.rest('GET', `/partner/v1/fiat/account-applications/${applicationId}`);
    if (r.status !== 200) throw new Error(`fiatAccountApplication failed: ${r.text}`);
    return r.body;
  }

  async capabilities(customerId = this.customerId): Promise<Record<string, unknown>[]> {
    const r = await this.rest('GET', `/partner/v1/customers/${customerId}/fiat/account-capabilities`);
    if (r.status !== 200) throw new Error(`fiatAccountCapabilities failed: ${r.text}`);
    return r.body.items;
  }

  /** §14.3 `partnerctl sandbox fiat-review-outcome` for this customer's applications. */
  reviewOutcome(outcome: 'APPROVED' | 'REJECTED' | 'NEEDS_ADDITIONAL_INFORMATION', keys?: string[]) {
    return this.server.operator((db) =>
      sandboxFiatReviewOutcome(db, this.customerId, 'APPLICATION', { outcome, keys: keys as never, clear: false }),
    );
  }

  suspend(fiatAccountId: string, suspended = true) {
    return this.server.operator((db) => suspendFiatAccount(db, fiatAccountId, suspended));
  }

  /** An APPROVED application's account: apply, then the worker's two review steps. */
  async account(currency = 'EUR'): Promise<{ applicationId: string; fiatAccountId: string }> {
    const app = await this.apply({ currency });
    await this.server.advanceWorker();
    const done = await this.application(app.applicationId);
    if (done.status !== 'APPROVED') throw new Error(`application not approved: ${JSON.stringify(done)}`);
    return { applicationId: app.applicationId, fiatAccountId: done.fiatAccountId as string };
  }
}

export const newRef = () => `ext-${randomUUID()}`;

/** A customer's ACTIVE EUR account, issued the way a partner gets one (the customer VERIFIED by an operator first). */
export async function issuedFiatAccount(s: Scenario, customerId: string): Promise<string> {
  const { verificationDecide } = await import('../../src/modules/customers/operators.js');
  await s.server.operator((db) => verificationDecide(db, customerId, 'VERIFIED', undefined));
  const f = new FiatParty(s, customerId);
  await f.setRails(['SEPA']);
  return (await f.account('EUR')).fiatAccountId;
}
