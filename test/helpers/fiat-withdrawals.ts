// Fiat withdrawals (§14.6, §14.7) as a partner and its operator drive them: a partner with its rails, a
// VERIFIED customer with ACTIVE EUR and USD fiat accounts, bank accounts of both kinds, its withdrawal
// capabilities; funds reach its EUR / USD balances by a fiat deposit (simulateFiatDeposit, then the
// worker's step); quotes, drafts and submissions on either surface, signed and authorized at the server's clock.
import { randomUUID } from 'node:crypto';
import type { FiatRail } from '../../src/modules/fiat-rails/index.js';
import { enableRail } from '../../src/modules/fiat-rails/operators.js';
import { verificationDecide } from '../../src/modules/customers/operators.js';
import { evidenceFor, Scenario, type Reply, type RequestOptions, type TestServer } from './harness.js';
import { FiatParty } from './fiat-accounts.js';
import { activeWithdrawalCapability } from './fiat-capabilities.js';
import { selectionOf } from './sdl-fields.js';
import { fundFiat } from './fiat-deposits.js';
import { atServer } from './withdrawals.js';

export const FIAT_WITHDRAWAL_FIELDS = selectionOf('PartnerFiatWithdrawal');
export const FIAT_QUOTE_FIELDS = selectionOf('PartnerFiatWithdrawalQuote');
export const QUOTE_MUTATION = `mutation($customerId: UUID!, $input: CreateFiatWithdrawalQuoteInput!) {
  createFiatWithdrawalQuote(customerId: $customerId, input: $input) { ${FIAT_QUOTE_FIELDS} } }`;
export const DRAFT_MUTATION = `mutation($customerId: UUID!, $input: CreateFiatWithdrawalApprovalDraftInput!) {
  createFiatWithdrawalApprovalDraft(customerId: $customerId, input: $input) { ${FIAT_WITHDRAWAL_FIELDS} } }`;
export const SUBMIT_MUTATION = `mutation($id: UUID!, $input: SubmitFiatWithdrawalInput!) {
  submitFiatWithdrawal(fiatWithdrawalId: $id, input: $input) { ${FIAT_WITHDRAWAL_FIELDS} } }`;
export const ANSWER_MUTATION = `mutation($id: UUID!, $input: SubmitAdditionalInformationInput!) {
  submitFiatWithdrawalAdditionalInformation(fiatWithdrawalId: $id, input: $input) { ${FIAT_WITHDRAWAL_FIELDS} } }`;
export const WITHDRAWAL_QUERY = `query($id: UUID!) { fiatWithdrawal(fiatWithdrawalId: $id) { ${FIAT_WITHDRAWAL_FIELDS} } }`;

export const IBAN = 'DE89370400440532013000';
export const ROUTING = '021000021';
export const ACCOUNT_NUMBER = '123456789';
const HOLDER_ADDRESS = { line1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' };

type Json = Record<string, any>;
export type FiatWdOptions = { fee?: string; minMinor?: string; maxMinor?: string; capabilities?: boolean };

export class FiatWd {
  /** The bank accounts made by `create`: IBAN (EUR) and US_ABA with a holderAddress (USD). */
  iban = '';
  us = '';
  /** The customer's ACTIVE fiat accounts. */
  eurAccount = '';
  usdAccount = '';

  constructor(readonly f: FiatParty) {}

  get server(): TestServer {
    return this.f.server;
  }
  get s(): Scenario {
    return this.f.s;
  }
  get customerId(): string {
    return this.f.customerId;
  }

  /**
   * A partner with SEPA, ACH and WIRE enabled (fee `fee`, bounds as given), a VERIFIED customer with ACTIVE EUR
   * and USD accounts, an IBAN and a US_ABA bank account, its withdrawal capabilities ACTIVE (unless
   * `capabilities: false`).
   */
  static async create(server: TestServer, o: FiatWdOptions = {}): Promise<FiatWd> {
    const s = await Scenario.create(server);
    return FiatWd.forCustomer(s, await s.verifiedCustomer(), o);
  }

  /** As `create`, for a customer of an existing partner (verified here: the §12.4 gate). */
  static async forCustomer(s: Scenario, customerId: string, o: FiatWdOptions = {}): Promise<FiatWd> {
    const server = s.server;
    await server.operator((db) => verificationDecide(db, customerId, 'VERIFIED', undefined));
    const f = new FiatParty(s, customerId);
    const w = new FiatWd(f);
    await w.rails({ withdrawalFeeMinor: o.fee ?? '0', minMinor: o.minMinor, maxMinor: o.maxMinor });
    w.eurAccount = (await f.account('EUR')).fiatAccountId;
    w.usdAccount = (await f.account('USD')).fiatAccountId;
    w.iban = (await w.bankAccount(w.ibanInput())).bankAccountId;
    w.us = (await w.bankAccount(w.usInput())).bankAccountId;
    if (o.capabilities !== false) for (const rail of ['SEPA', 'ACH', 'WIRE'] as const) await w.activate(rail);
    return w;
  }

  /** `partnerctl fiat rail enable` of every rail with these settings. */
  async rails(o: { withdrawalFeeMinor?: string; minMinor?: string; maxMinor?: string }, rails: FiatRail[] = ['SEPA', 'ACH', 'WIRE']): Promise<void> {
    for (const rail of rails) await this.server.operator((db) => enableRail(db, { clientId: this.s.client.clientId, rail, ...o }));
  }

  /** The customer's withdrawal capability for the rail ACTIVE, as a partner gets it: the activation, then its review (§14.6). */
  async activate(rail: FiatRail): Promise<void> {
    await activeWithdrawalCapability(this.f, rail, { fiatAccountId: rail === 'SEPA' ? this.eurAccount : this.usdAccount });
  }

  /**
   * The capability's status written straight into its table (as helpers/withdrawals.ts's failAddress does):
   * ACTIVE is final in v1 (§14.6), so a draft's or a submission's WITHDRAWAL_CAPABILITY_NOT_ACTIVE after an
   * ACTIVE one cannot be reached through the API; the staircases of the checks' order need it.
   */
  async capabilityStatus(rail: FiatRail, status: string): Promise<void> {
    await this.server.db.run('UPDATE fiat_withdrawal_capabilities SET status = ? WHERE customer_id = ? AND rail = ?', status, this.customerId, rail);
  }

  ibanInput(o: Json = {}): Json {
    return { accountType: 'IBAN', currency: 'EUR', holderName: 'Ada Lovelace', holderType: 'INDIVIDUAL', holderCountry: 'DE', isOwner: true, iban: IBAN, ...o };
  }
  usInput(o: Json = {}): Json {
    return {
      accountType: 'US_ABA', currency: 'USD', holderName: 'Ada Lovelace', holderType: 'INDIVIDUAL', holderCountry: 'US', isOwner: true,
      routingNumber: ROUTING, accountNumber: ACCOUNT_NUMBER, usAccountKind: 'CHECKING', holderAddress: HOLDER_ADDRESS, ...o,
    };
  }

  async bankAccount(input: Json, customerId = this.customerId): Promise<Json & { bankAccountId: string }> {
    const r = await this.rest('POST', `/partner/v1/customers/${customerId}/fiat/bank-accounts`, { body: input });
    if (r.status !== 200) throw new Error(`createBankAccount: ${r.text}`);
    return r.body;
  }

  /** Credits `minor` units of EUR or USD: a fiat deposit to the customer's account, credited by the worker's step (§14.8). */
  async fund(minor: string, currency: 'EUR' | 'USD' = 'EUR'): Promise<void> {
    await fundFiat(this.server, this.s.client, currency === 'EUR' ? this.eurAccount : this.usdAccount, minor);
  }

  rest(method: string, path: string, o: RequestOptions = {}): Promise<Reply> {
    return this.server.request(this.s.client, method, path, atServer(this.server, o));
  }
  gql(query: string, variables?: Record<string, unknown>, o: RequestOptions = {}): Promise<Reply> {
    return this.server.gql(this.s.client, query, variables, atServer(this.server, o));
  }

  quoteInput(o: Json = {}): Json {
    return { rail: 'SEPA', bankAccountId: this.iban, amountMinor: '10000', currency: 'EUR', currencyScale: 2, ...o };
  }
  quoteRest(input: unknown, o: RequestOptions & { customerId?: string } = {}): Promise<Reply> {
    return this.rest('POST', `/partner/v1/customers/${o.customerId ?? this.customerId}/fiat/withdrawal-quotes`, { body: input, ...o });
  }
  quoteGql(input: unknown, o: RequestOptions & { customerId?: string } = {}): Promise<Reply> {
    return this.gql(QUOTE_MUTATION, { customerId: o.customerId ?? this.customerId, input }, o);
  }
  async quote(o: Json = {}): Promise<Json & { quoteId: string }> {
    const r = await this.quoteRest(this.quoteInput(o));
    if (r.status !== 200) throw new Error(`createFiatWithdrawalQuote: ${r.status} ${r.text}`);
    return r.body;
  }

  /** The draft's input with its evidence (FIAT_WITHDRAWAL_CREATE on the customer) authorized at the server's clock. */
  draftInput(o: Json = {}, customerId = this.customerId, ev: { authorizedAt?: Date; operationHash?: string } = {}): Json {
    const input: Json = { rail: 'SEPA', bankAccountId: this.iban, amountMinor: '10000', currency: 'EUR', currencyScale: 2, paymentReference: 'Invoice 1', ...o };
    input.operationAuthorization = evidenceFor('FIAT_WITHDRAWAL_CREATE', { customerId }, input, { authorizedAt: this.server.clock.now(), ...ev });
    return input;
  }
  draftRest(body: unknown, o: RequestOptions & { customerId?: string } = {}): Promise<Reply> {
    return this.rest('POST', `/partner/v1/customers/${o.customerId ?? this.customerId}/fiat/withdrawals`, { body, ...o });
  }
  draftGql(input: unknown, o: RequestOptions & { customerId?: string } = {}): Promise<Reply> {
    return this.gql(DRAFT_MUTATION, { customerId: o.customerId ?? this.customerId, input }, o);
  }
  async draft(o: Json = {}): Promise<Json & { fiatWithdrawalId: string }> {
    const r = await this.draftRest(this.draftInput(o));
    if (r.status !== 200) throw new Error(`createFiatWithdrawalApprovalDraft: ${r.status} ${r.text}`);
    return r.body;
  }

  submitInput(fiatWithdrawalId: string, ev: { authorizedAt?: Date; operationHash?: string } = {}): Json {
    return { operationAuthorization: evidenceFor('FIAT_WITHDRAWAL_SUBMIT', { fiatWithdrawalId }, {}, { authorizedAt: this.server.clock.now(), ...ev }) };
  }
  submitRest(fiatWithdrawalId: string, body: unknown = this.submitInput(fiatWithdrawalId), o: RequestOptions = {}): Promise<Reply> {
    return this.rest('POST', `/partner/v1/fiat/withdrawals/${fiatWithdrawalId}/submission`, { body, ...o });
  }
  submitGql(fiatWithdrawalId: string, input: unknown = this.submitInput(fiatWithdrawalId), o: RequestOptions = {}): Promise<Reply> {
    return this.gql(SUBMIT_MUTATION, { id: fiatWithdrawalId, input }, o);
  }
  /** A draft, submitted (REST); the SUBMITTED withdrawal. */
  async submitted(o: Json = {}): Promise<Json & { fiatWithdrawalId: string }> {
    const d = await this.draft(o);
    const r = await this.submitRest(d.fiatWithdrawalId);
    if (r.status !== 200) throw new Error(`submitFiatWithdrawal: ${r.status} ${r.text}`);
    return r.body;
  }

  answerRest(fiatWithdrawalId: string, items: unknown, o: RequestOptions = {}): Promise<Reply> {
    return this.rest('POST', `/partner/v1/fiat/withdrawals/${fiatWithdrawalId}/additional-information`, { body: { items }, ...o });
  }
  answerGql(fiatWithdrawalId: string, items: unknown, o: RequestOptions = {}): Promise<Reply> {
    return this.gql(ANSWER_MUTATION, { id: fiatWithdrawalId, input: { items } }, o);
  }

  async get(fiatWithdrawalId: string): Promise<Json> {
    const r = await this.rest('GET', `/partner/v1/fiat/withdrawals/${fiatWithdrawalId}`);
    if (r.status !== 200) throw new Error(`fiatWithdrawal: ${r.text}`);
    return r.body;
  }
}

export const newRef = () => `fw-${randomUUID()}`;

/** A withdrawal of the customer SENT_TO_BANK (fee 25): the whole setup, funds, draft, submission, two worker steps. */
export async function sentToBankWithdrawal(s: Scenario, customerId: string): Promise<string> {
  const w = await FiatWd.forCustomer(s, customerId, { fee: '25' });
  await w.fund('1000');
  const d = await w.submitted({ amountMinor: '500' });
  for (let i = 0; i < 2; i++) {
    s.server.clock.advance(s.server.config.sandboxStepDelayMs);
    await s.server.service.worker.drain();
  }
  const sent = await w.get(d.fiatWithdrawalId);
  if (sent.status !== 'SENT_TO_BANK') throw new Error(`not SENT_TO_BANK: ${JSON.stringify(sent)}`);
  return d.fiatWithdrawalId;
}
