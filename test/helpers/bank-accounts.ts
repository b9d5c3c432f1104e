// §14.5 bank accounts in tests: a partner with a verified customer, the inputs of both account types,
// and the requests that make and read bank accounts, signed as a partner sends them.
import { Scenario, type Reply, type TestServer } from './harness.js';
import { selectionOf } from './sdl-fields.js';

export const BANK_ACCOUNT_FIELDS = selectionOf('PartnerBankAccount');
export const IBAN = 'DE89370400440532013000';
export const ROUTING = '021000021';
export const ACCOUNT_NUMBER = '123456789';

export class Banks {
  private constructor(
    readonly s: Scenario,
    readonly customerId: string,
  ) {}

  static async create(server: TestServer): Promise<Banks> {
    const s = await Scenario.create(server);
    return new Banks(s, await s.verifiedCustomer());
  }

  get server() {
    return this.s.server;
  }

  gql(query: string, variables?: Record<string, unknown>): Promise<Reply> {
    return this.server.gql(this.s.client, query, variables, { timestamp: this.server.clock.now().toISOString() });
  }
  rest(method: string, path: string, body?: unknown, o: { idempotencyKey?: string } = {}): Promise<Reply> {
    return this.server.request(this.s.client, method, path, { body, timestamp: this.server.clock.now().toISOString(), ...o });
  }

  ibanInput(o: Record<string, unknown> = {}): Record<string, unknown> {
    return { accountType: 'IBAN', currency: 'EUR', holderName: 'Ada Lovelace', holderType: 'INDIVIDUAL', holderCountry: 'DE', isOwner: true, iban: IBAN, ...o };
  }
  usInput(o: Record<string, unknown> = {}): Record<string, unknown> {
    return {
      accountType: 'US_ABA', currency: 'USD', holderName: 'Ada Lovelace', holderType: 'INDIVIDUAL', holderCountry: 'US', isOwner: true,
      routingNumber: ROUTING, accountNumber: ACCOUNT_NUMBER, usAccountKind: 'CHECKING', ...o,
    };
  }

  createGql(input: Record<string, unknown>, customerId = this.customerId): Promise<Reply> {
    return this.gql(`mutation($c: UUID!, $i: CreateBankAccountInput!) { createBankAccount(customerId: $c, input: $i) { ${BANK_ACCOUNT_FIELDS} } }`, { c: customerId, i: input });
  }
  createRest(input: Record<string, unknown>, customerId = this.customerId): Promise<Reply> {
    return this.rest('POST', `/partner/v1/customers/${customerId}/fiat/bank-accounts`, input);
  }
  async create(input: Record<string, unknown> = this.ibanInput(), customerId = this.customerId): Promise<Record<string, any>> {
    const r = await this.createRest(input, customerId);
    if (r.status !== 200) throw new Error(`createBankAccount: ${r.text}`);
    return r.body;
  }
  get(bankAccountId: string): Promise<Reply> {
    return this.rest('GET', `/partner/v1/fiat/bank-accounts/${bankAccountId}`);
  }
  getGql(bankAccountId: string): Promise<Reply> {
    return this.gql(`query($b: UUID!) { bankAccount(bankAccountId: $b) { ${BANK_ACCOUNT_FIELDS} } }`, { b: bankAccountId });
  }
  list(query = '', customerId = this.customerId): Promise<Reply> {
    return this.rest('GET', `/partner/v1/customers/${customerId}/fiat/bank-accounts${query}`);
  }
}
