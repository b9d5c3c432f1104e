// §15.5–§15.7 collections in tests: a partner with a route and a verified customer, and the requests
// that make buyers, wallets and payments, signed as a partner sends them.
import { randomUUID } from 'node:crypto';
import { evidenceFor, Scenario, type Reply, type TestServer } from './harness.js';
import { selectionOf } from './sdl-fields.js';

export const BUYER_FIELDS = selectionOf('PartnerBuyer');
export const WALLET_FIELDS = selectionOf('PartnerCollectionWallet');
export const PAYMENT_FIELDS = selectionOf('PartnerCollectionPayment');
export const REFUND_ALL_FIELDS = selectionOf('PartnerCryptoRefund');
export const FROM = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

export class Coll {
  private constructor(
    readonly s: Scenario,
    readonly customerId: string,
  ) {}

  static async create(server: TestServer, route: Parameters<typeof Scenario.create>[1] = {}): Promise<Coll> {
    const s = await Scenario.create(server, route);
    return new Coll(s, await s.verifiedCustomer());
  }

  get server() {
    return this.s.server;
  }
  get client() {
    return this.s.client;
  }
  get routeCode() {
    return this.s.routeCode;
  }

  gql(query: string, variables?: Record<string, unknown>): Promise<Reply> {
    return this.server.gql(this.client, query, variables, { timestamp: this.server.clock.now().toISOString() });
  }
  rest(method: string, path: string, body?: unknown, o: { rawBody?: string } = {}): Promise<Reply> {
    return this.server.request(this.client, method, path, { body, timestamp: this.server.clock.now().toISOString(), ...o });
  }

  buyerInput(o: Record<string, unknown> = {}) {
    return { externalRef: `b-${randomUUID()}`, type: 'INDIVIDUAL', name: 'Grace Hopper', ...o };
  }
  createBuyerGql(input: Record<string, unknown>, customerId = this.customerId): Promise<Reply> {
    return this.gql(`mutation($c: UUID!, $i: CreateCollectionBuyerInput!) { createCollectionBuyer(customerId: $c, input: $i) { ${BUYER_FIELDS} } }`, { c: customerId, i: input });
  }
  createBuyerRest(input: Record<string, unknown>, customerId = this.customerId): Promise<Reply> {
    return this.rest('POST', `/partner/v1/customers/${customerId}/crypto/collection-buyers`, input);
  }
  async buyer(o: Record<string, unknown> = {}): Promise<string> {
    const r = await this.createBuyerRest(this.buyerInput(o));
    if (r.status !== 200) throw new Error(`createCollectionBuyer: ${r.text}`);
    return r.body.buyerId;
  }
  updateBuyerGql(buyerId: string, input: Record<string, unknown>): Promise<Reply> {
    return this.gql(`mutation($b: UUID!, $i: UpdateCollectionBuyerInput!) { updateCollectionBuyer(buyerId: $b, input: $i) { ${BUYER_FIELDS} } }`, { b: buyerId, i: input });
  }

  createWalletGql(input: Record<string, unknown>, customerId = this.customerId): Promise<Reply> {
    return this.gql(`mutation($c: UUID!, $i: CreateCollectionWalletInput!) { createCollectionWallet(customerId: $c, input: $i) { ${WALLET_FIELDS} } }`, { c: customerId, i: input });
  }
  createWalletRest(input: Record<string, unknown>, customerId = this.customerId): Promise<Reply> {
    return this.rest('POST', `/partner/v1/customers/${customerId}/crypto/collection-wallets`, input);
  }
  async wallet(buyerId?: string, o: Record<string, unknown> = {}): Promise<{ collectionWalletId: string; address: string; buyerId: string }> {
    const b = buyerId ?? (await this.buyer());
    const r = await this.createWalletRest({ buyerId: b, routeCode: this.routeCode, ...o });
    if (r.status !== 200) throw new Error(`createCollectionWallet: ${r.text}`);
    return { collectionWalletId: r.body.collectionWalletId, address: r.body.address, buyerId: b };
  }
  getWallet(id: string): Promise<Reply> {
    return this.rest('GET', `/partner/v1/crypto/collection-wallets/${id}`);
  }

  simulateGql(input: Record<string, unknown>): Promise<Reply> {
    return this.gql(`mutation($i: SimulateCollectionPaymentInput!) { simulateCollectionPayment(input: $i) { ${PAYMENT_FIELDS} } }`, { i: input });
  }
  async pay(toAddress: string, amountMinor = '1000000', o: Record<string, unknown> = {}): Promise<Record<string, any>> {
    const r = await this.simulateGql({ routeCode: this.routeCode, toAddress, amountMinor, fromAddress: FROM, ...o });
    if (r.status !== 200 || r.body.errors) throw new Error(`simulateCollectionPayment: ${r.text}`);
    return r.body.data.simulateCollectionPayment;
  }
  getPayment(id: string): Promise<Reply> {
    return this.rest('GET', `/partner/v1/crypto/collection-payments/${id}`);
  }

  refundInput(collectionPaymentId: string, o: Record<string, unknown> = {}) {
    const input: Record<string, unknown> = { amountMinor: '250000', reason: 'Overpaid', ...o };
    input.operationAuthorization = evidenceFor('CRYPTO_REFUND_CREATE', { collectionPaymentId }, input, { authorizedAt: this.server.clock.now() });
    return input;
  }
  refundRest(collectionPaymentId: string, input: Record<string, unknown>): Promise<Reply> {
    return this.rest('POST', `/partner/v1/crypto/collection-payments/${collectionPaymentId}/refunds`, input);
  }
  refundGql(collectionPaymentId: string, input: Record<string, unknown>): Promise<Reply> {
    return this.gql(
      `mutation($p: UUID!, $i: CreateCryptoRefundApprovalDraftInput!) { createCollectionPaymentRefundApprovalDraft(collectionPaymentId: $p, input: $i) { ${REFUND_ALL_FIELDS} } }`,
      { p: collectionPaymentId, i: input },
    );
  }
}
