// §15.2–§15.3 checkouts in tests: a partner with a route and a verified customer (helpers/collections.ts)
// and the requests that make, read and close checkouts, signed as a partner sends them.
import { Coll } from '../../helpers/collections.js';
import type { Reply, TestServer } from '../../helpers/harness.js';
import { selectionOf } from '../../helpers/sdl-fields.js';

export const CHECKOUT_FIELDS = selectionOf('PartnerCheckout');

export class Co {
  private constructor(readonly c: Coll) {}

  static async create(server: TestServer, route: Parameters<typeof Coll.create>[1] = {}): Promise<Co> {
    return new Co(await Coll.create(server, route));
  }

  get server() {
    return this.c.server;
  }
  get customerId() {
    return this.c.customerId;
  }
  get routeCode() {
    return this.c.routeCode;
  }
  gql(query: string, variables?: Record<string, unknown>): Promise<Reply> {
    return this.c.gql(query, variables);
  }
  rest(method: string, path: string, body?: unknown, o: { rawBody?: string } = {}): Promise<Reply> {
    return this.c.rest(method, path, body, o);
  }

  input(o: Record<string, unknown> = {}) {
    return { routeCode: this.routeCode, amountMinor: '1000000', currency: 'USDT', currencyScale: 6, ...o };
  }
  createGql(input: Record<string, unknown>, customerId = this.customerId): Promise<Reply> {
    return this.gql(`mutation($c: UUID!, $i: CreateCryptoCheckoutInput!) { createCryptoCheckout(customerId: $c, input: $i) { ${CHECKOUT_FIELDS} } }`, { c: customerId, i: input });
  }
  createRest(input: Record<string, unknown>, customerId = this.customerId): Promise<Reply> {
    return this.rest('POST', `/partner/v1/customers/${customerId}/crypto/checkouts`, input);
  }
  async checkout(o: Record<string, unknown> = {}): Promise<Record<string, any>> {
    const r = await this.createRest(this.input(o));
    if (r.status !== 200) throw new Error(`createCryptoCheckout: ${r.text}`);
    return r.body;
  }
  get(checkoutId: string): Promise<Reply> {
    return this.rest('GET', `/partner/v1/crypto/checkouts/${checkoutId}`);
  }
  async view(checkoutId: string): Promise<Record<string, any>> {
    const r = await this.get(checkoutId);
    if (r.status !== 200) throw new Error(`cryptoCheckout: ${r.text}`);
    return r.body;
  }
  closeRest(checkoutId: string): Promise<Reply> {
    return this.rest('POST', `/partner/v1/crypto/checkouts/${checkoutId}/closure`);
  }
  closeGql(checkoutId: string): Promise<Reply> {
    return this.gql(`mutation($id: UUID!) { closeCryptoCheckout(checkoutId: $id) { ${CHECKOUT_FIELDS} } }`, { id: checkoutId });
  }
  pay(address: string, amountMinor: string, o: Record<string, unknown> = {}) {
    return this.c.pay(address, amountMinor, o);
  }
  getPayment(id: string) {
    return this.c.getPayment(id);
  }
  buyer(o: Record<string, unknown> = {}) {
    return this.c.buyer(o);
  }
}

/** The amounts of a checkout, as one object to compare. */
export const amounts = (c: Record<string, any>) => ({
  status: c.status,
  statusInfo: c.statusInfo,
  paid: c.amountPaidMinor,
  pending: c.amountPendingMinor,
  due: c.amountDueMinor,
  overpaid: c.overpaidMinor,
  late: c.lateAmountMinor,
});
