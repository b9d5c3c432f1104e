// The REST surface derived from the operation descriptors (§6, §9.4): GET of records, the rules of a
// REST path (404/405/400), UUIDs in any letter case, and a rendering that follows nested objects and lists.
import { randomUUID } from 'node:crypto';
import { buildSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectionOf } from '../../../src/http/rest-surface.js';
import { BENEFICIARY_FIELDS, Scenario, startTestServer, WITHDRAWAL_FIELDS, type TestServer } from '../../helpers/harness.js';
import { expectRestProblem } from '../../helpers/problems.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());


async function withdrawal(s: Scenario) {
  const customerId = await s.customer();
  const b = await s.beneficiary(customerId);
  expect(b.status, b.text).toBe(200);
  const w = await server.request(s.client, 'POST', `/partner/v1/customers/${customerId}/crypto-withdrawals`, {
    body: s.withdrawalInput(customerId, b.body.walletBeneficiaryId),
  });
  expect(w.status, w.text).toBe(200);
  return { customerId, beneficiary: b.body, withdrawal: w.body };
}

describe('GET of a record (§9.4)', () => {
  it('a withdrawal and a beneficiary render exactly the document’s fields, as the POST that made them', async () => {
    const s = await Scenario.create(server);
    const { beneficiary, withdrawal: w } = await withdrawal(s);
    const gw = await server.request(s.client, 'GET', `/partner/v1/crypto/withdrawals/${w.withdrawalId}`);
    expect(gw.status, gw.text).toBe(200);
    expect(gw.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Object.keys(gw.body)).toEqual(WITHDRAWAL_FIELDS.split(' '));
    expect(gw.body).toEqual(w);
    const gb = await server.request(s.client, 'GET', `/partner/v1/crypto/wallet-beneficiaries/${beneficiary.walletBeneficiaryId}`);
    expect(gb.status, gb.text).toBe(200);
    expect(Object.keys(gb.body)).toEqual(BENEFICIARY_FIELDS.split(' '));
    expect(gb.body).toEqual(beneficiary);
  });

  it('a deposit and a refund render every field of their GraphQL type', async () => {
    const s = await Scenario.create(server);
    const customerId = await s.customer();
    const depositId = await s.deposit(customerId, '1000000');
    const d = await server.request(s.client, 'GET', `/partner/v1/crypto/deposits/${depositId}`);
    expect(d.status, d.text).toBe(200);
    expect(d.body).toMatchObject({ depositId, customerId, amountMinor: '1000000', refundableAmountMinor: '1000000', status: 'COMPLETED' });
    const draft = await s.refundDraft(depositId);
    const refundId = draft.body.data.createCryptoRefundApprovalDraft.refundId;
    const r = await server.request(s.client, 'GET', `/partner/v1/crypto/refunds/${refundId}`);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual(draft.body.data.createCryptoRefundApprovalDraft);
  });

  it('unknown → 404 with the record’s own code where §7 has one, else NOT_FOUND', async () => {
    const s = await Scenario.create(server);
    expectRestProblem(await server.request(s.client, 'GET', `/partner/v1/crypto/wallet-beneficiaries/${randomUUID()}`), 404, 'WALLET_BENEFICIARY_NOT_FOUND');
    expectRestProblem(await server.request(s.client, 'GET', `/partner/v1/crypto/withdrawals/${randomUUID()}`), 404, 'NOT_FOUND');
    expectRestProblem(await server.request(s.client, 'GET', `/partner/v1/crypto/deposits/${randomUUID()}`), 404, 'NOT_FOUND');
    expectRestProblem(await server.request(s.client, 'GET', `/partner/v1/crypto/refunds/${randomUUID()}`), 404, 'NOT_FOUND');
  });

  it('another partner’s record → 403 FORBIDDEN', async () => {
    const a = await Scenario.create(server);
    const b = await Scenario.create(server);
    const { withdrawal: w } = await withdrawal(a);
    expectRestProblem(await server.request(b.client, 'GET', `/partner/v1/crypto/withdrawals/${w.withdrawalId}`), 403, 'FORBIDDEN');
  });

  it('a path id that is not a UUID → 400 VALIDATION_FAILED naming it', async () => {
    const s = await Scenario.create(server);
    expectRestProblem(await server.request(s.client, 'GET', '/partner/v1/crypto/withdrawals/not-a-uuid'), 400, 'VALIDATION_FAILED', '/withdrawalId');
  });

  it('an Idempotency-Key on a GET → 400 IDEMPOTENCY_SCOPE_INVALID; an unknown query parameter → 400 VALIDATION_FAILED', async () => {
    const s = await Scenario.create(server);
    const path = `/partner/v1/crypto/withdrawals/${randomUUID()}`;
    expectRestProblem(await server.request(s.client, 'GET', path, { idempotencyKey: randomUUID() }), 400, 'IDEMPOTENCY_SCOPE_INVALID');
    expectRestProblem(await server.request(s.client, 'GET', `${path}?expand=all`), 400, 'VALIDATION_FAILED', '/expand');
  });

  it('a known path with another method → 405 with Allow', async () => {
    const s = await Scenario.create(server);
    const get = await server.request(s.client, 'POST', `/partner/v1/crypto/withdrawals/${randomUUID()}`, { body: {} });
    expectRestProblem(get, 405, 'METHOD_NOT_ALLOWED');
    expect(get.headers.get('allow')).toBe('GET');
    const post = await server.request(s.client, 'GET', `/partner/v1/crypto/refunds/${randomUUID()}/confirmation`);
    expectRestProblem(post, 405, 'METHOD_NOT_ALLOWED');
    expect(post.headers.get('allow')).toBe('POST');
  });
});

describe('UUIDs in any letter case name the same record (§9.4)', () => {
  it('an upper-case customer id in a REST path creates under that customer; ids render in lower case', async () => {
    const s = await Scenario.create(server);
    const customerId = await s.customer();
    const b = await s.beneficiary(customerId.toUpperCase());
    expect(b.status, b.text).toBe(200);
    const g = await server.gql(s.client, `query($id: UUID!) { cryptoWalletBeneficiary(walletBeneficiaryId: $id) { walletBeneficiaryId customerId } }`, {
      id: b.body.walletBeneficiaryId.toUpperCase(),
    });
    expect(g.body.data.cryptoWalletBeneficiary).toEqual({ walletBeneficiaryId: b.body.walletBeneficiaryId, customerId });
    const upper = await server.request(s.client, 'GET', `/partner/v1/crypto/wallet-beneficiaries/${b.body.walletBeneficiaryId.toUpperCase()}`);
    expect(upper.status, upper.text).toBe(200);
    expect(upper.body.walletBeneficiaryId).toBe(b.body.walletBeneficiaryId);
  });

  it('an upper-case customer id over GraphQL finds the customer (not null)', async () => {
    const s = await Scenario.create(server);
    const customerId = await s.customer();
    const g = await server.gql(s.client, `query($id: UUID!) { customer(customerId: $id) { customerId } }`, { id: customerId.toUpperCase() });
    expect(g.body.data.customer).toEqual({ customerId });
  });

  it('the same request with the id in another case is the same idempotent operation (one fingerprint)', async () => {
    const s = await Scenario.create(server);
    const customerId = await s.customer();
    const key = randomUUID();
    const body = s.beneficiaryInput();
    const path = (id: string) => `/partner/v1/customers/${id}/crypto/wallet-beneficiaries`;
    const first = await server.request(s.client, 'POST', path(customerId), { body, idempotencyKey: key });
    expect(first.status, first.text).toBe(200);
    const again = await server.request(s.client, 'POST', path(customerId.toUpperCase()), { body, idempotencyKey: key });
    expect(again.status, again.text).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
  });
});

describe('REST POST bodies (§6)', () => {
  it('no body at all, to an operation that takes input → 400 INVALID_REQUEST, not 415', async () => {
    const s = await Scenario.create(server);
    const customerId = await s.customer();
    const r = await server.request(s.client, 'POST', `/partner/v1/customers/${customerId}/crypto/wallet-beneficiaries`);
    expectRestProblem(r, 400, 'INVALID_REQUEST');
    expect(r.body.detail).toMatch(/JSON body is required/);
  });
});

describe('REST rendering follows nested objects and lists (§9.4)', () => {
  const schema = buildSchema(`
    type PageInfo { hasNextPage: Boolean!  endCursor: String }
    type Item { id: ID!  tags: [String!]!  owner: Owner }
    type Owner { name: String!  address: Address }
    type Address { city: String! }
    type ItemPage { items: [Item!]!  pageInfo: PageInfo! }
    type Query { items: ItemPage! }
  `);

  it('selects every field, nested objects and lists of objects with theirs', () => {
    const field = schema.getQueryType()!.getFields().items!;
    expect(selectionOf(field.type)).toBe('{ items { id tags owner { name address { city } } } pageInfo { hasNextPage endCursor } }');
  });

  it('a field list picks those fields in its order, and names no field the type lacks', () => {
    const item = schema.getType('Item')!;
    expect(selectionOf(item as never, ['tags', 'id'])).toBe('{ tags id }');
    expect(() => selectionOf(item as never, ['nope'])).toThrow(/not one of its fields/);
  });
});
