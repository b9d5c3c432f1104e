// Conversion (§13) as a partner and its operator drive it: a partner with a route of its own currency
// (scale 6), a customer, pairs both ways with EUR, rates set at the server's clock; quotes and drafts on
// either surface, signed at the server's clock.
import { randomBytes } from 'node:crypto';
import { createPair, setRate, setPairEnabled, updatePairOf } from '../../src/modules/conversion/operators.js';
import { selectionOf } from './sdl-fields.js';
import { evidenceFor, Scenario, type Reply, type RequestOptions, type TestServer } from './harness.js';
import { atServer, fund } from './withdrawals.js';

export const QUOTE_FIELDS = selectionOf('PartnerConversionQuote');
export const CONVERSION_FIELDS = selectionOf('PartnerConversion');
export const QUOTE_MUTATION = `mutation($customerId: UUID!, $input: CreateConversionQuoteInput!) {
  createConversionQuote(customerId: $customerId, input: $input) { ${QUOTE_FIELDS} } }`;
export const DRAFT_MUTATION = `mutation($customerId: UUID!, $input: CreateConversionApprovalDraftInput!) {
  createConversionApprovalDraft(customerId: $customerId, input: $input) { ${CONVERSION_FIELDS} } }`;
export const QUOTE_QUERY = `query($id: UUID!) { conversionQuote(quoteId: $id) { ${QUOTE_FIELDS} } }`;
export const CONVERSION_QUERY = `query($id: UUID!) { conversion(conversionId: $id) { ${CONVERSION_FIELDS} } }`;

/** A currency of the test's own: rates are global, so tests that share a server never share one. */
export const newCoin = () => `K${randomBytes(4).toString('hex').toUpperCase()}`;

export class Fx {
  constructor(
    readonly s: Scenario,
    /** The route's currency (scale 6). */
    readonly coin: string,
    readonly customerId: string,
  ) {}

  get server(): TestServer {
    return this.s.server;
  }

  /** A partner whose route is in a currency of its own, a customer, and (unless `pairs: false`) the pairs coin → EUR and EUR → coin at 50 bps. */
  static async create(server: TestServer, o: { pairs?: boolean; rate?: string | null } = {}): Promise<Fx> {
    const coin = newCoin();
    const s = await Scenario.create(server, { currency: coin, scale: 6, minMinor: '1', maxMinor: '100000000000000' });
    const fx = new Fx(s, coin, await s.verifiedCustomer());
    if (o.pairs !== false) {
      await fx.pair(coin, 'EUR', '50');
      await fx.pair('EUR', coin, '50');
    }
    if (o.rate !== null) await fx.rate(coin, 'EUR', o.rate ?? '0.92');
    return fx;
  }

  pair(source: string, target: string, spreadBps: string, extra: { minSourceMinor?: string; maxSourceMinor?: string } = {}) {
    return this.server.operator((db) => createPair(db, { clientId: this.s.client.clientId, source, target, spreadBps, ...extra }));
  }

  updatePair(source: string, target: string, change: { spreadBps?: string; minSourceMinor?: string; maxSourceMinor?: string | null }) {
    return this.server.operator((db) => updatePairOf(db, { clientId: this.s.client.clientId, source, target, ...change }));
  }

  setPair(source: string, target: string, enabled: boolean) {
    return this.server.operator((db) => setPairEnabled(db, { clientId: this.s.client.clientId, source, target }, enabled));
  }

  /** A rate with asOf = the server's clock (minus `ageSeconds`). */
  rate(base: string, quote: string, rate: string, ageSeconds = 0) {
    return this.server.operator((db) => setRate(db, { base, quote, rate }, new Date(this.server.clock.now().getTime() - ageSeconds * 1000)));
  }

  /** Credits the customer with `amountMinor` of the coin (a deposit on the route). */
  fund(amountMinor: string, customerId = this.customerId) {
    return fund(this.s, customerId, amountMinor, this.coin, 6);
  }

  rest(method: string, path: string, o: RequestOptions = {}): Promise<Reply> {
    return this.server.request(this.s.client, method, path, atServer(this.server, o));
  }

  gql(query: string, variables?: Record<string, unknown>, o: RequestOptions = {}): Promise<Reply> {
    return this.server.gql(this.s.client, query, variables, atServer(this.server, o));
  }

  quoteRest(input: unknown, o: RequestOptions & { customerId?: string } = {}): Promise<Reply> {
    return this.rest('POST', `/partner/v1/customers/${o.customerId ?? this.customerId}/conversion-quotes`, { body: input, ...o });
  }

  quoteGql(input: unknown, o: RequestOptions & { customerId?: string } = {}): Promise<Reply> {
    return this.gql(QUOTE_MUTATION, { customerId: o.customerId ?? this.customerId, input }, o);
  }

  /** A quote of coin → EUR (source fixed) unless `input` says otherwise; 200 expected. */
  async quote(input: Record<string, unknown> = {}, customerId = this.customerId): Promise<Record<string, any> & { quoteId: string }> {
    const r = await this.quoteRest({ sourceCurrency: this.coin, targetCurrency: 'EUR', sourceAmountMinor: '100000000', ...input }, { customerId });
    if (r.status !== 200) throw new Error(`createConversionQuote: ${r.status} ${r.text}`);
    return r.body;
  }

  /** The draft's input, its evidence (CONVERSION_CREATE on the customer) authorized at the server's clock. */
  draftInput(o: Record<string, unknown>, customerId = this.customerId, ev: { authorizedAt?: Date; operationHash?: string } = {}) {
    const input: Record<string, unknown> = { ...o };
    input.operationAuthorization = evidenceFor('CONVERSION_CREATE', { customerId }, input, { authorizedAt: this.server.clock.now(), ...ev });
    return input;
  }

  draftRest(body: unknown, o: RequestOptions & { customerId?: string } = {}): Promise<Reply> {
    return this.rest('POST', `/partner/v1/customers/${o.customerId ?? this.customerId}/conversions`, { body, ...o });
  }

  draftGql(input: unknown, o: RequestOptions & { customerId?: string } = {}): Promise<Reply> {
    return this.gql(DRAFT_MUTATION, { customerId: o.customerId ?? this.customerId, input }, o);
  }
}
