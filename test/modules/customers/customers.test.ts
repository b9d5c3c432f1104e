// Contract §4.1 (customers) over GraphQL, with §4 query semantics and §7 error extensions.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_FIELDS, startTestServer, type Client, type Reply, type TestServer } from '../../helpers/harness.js';
import { expectGraphQLProblem, expectRestProblem, pointersOf } from '../../helpers/problems.js';

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const CREATE = `mutation($input: CreateCustomerInput!) { createCustomer(input: $input) { ${CUSTOMER_FIELDS} } }`;
const GET = `query($customerId: UUID!) { customer(customerId: $customerId) { ${CUSTOMER_FIELDS} } }`;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const ref = () => `ext-${randomUUID()}`;

function create(client: Client, input: Record<string, unknown>): Promise<Reply> {
  return server.gql(client, CREATE, { input });
}

describe('createCustomer (§4.1)', () => {
  it('creates a customer with exactly the Customer fields', async () => {
    const client = await server.newClient();
    const externalRef = ref();
    const r = await create(client, { externalRef, type: 'INDIVIDUAL', displayName: 'Ada Lovelace' });
    expect(r.status, r.text).toBe(200);
    expect(r.body.errors).toBeUndefined();
    const c = r.body.data.createCustomer;
    expect(Object.keys(c).sort()).toEqual(CUSTOMER_FIELDS.split(' ').sort());
    expect(c).toMatchObject({
      externalRef,
      type: 'INDIVIDUAL',
      displayName: 'Ada Lovelace',
      status: 'ACTIVE',
      suspendedAt: null,
      verificationKind: 'KYC',
      verificationStatus: 'UNVERIFIED',
      verificationStatusInfo: null,
      verificationReviewPending: false,
      verifiedAt: null,
    });
    expect(c.customerId).toMatch(UUID_RE);
    expect(c.createdAt).toMatch(ISO_MS);
    expect(c.updatedAt).toMatch(ISO_MS);
  });

  it('accepts CORPORATE without a displayName (null), and externalRef of exactly 1 and 128 characters', async () => {
    const client = await server.newClient();
    const r1 = await create(client, { externalRef: 'x', type: 'CORPORATE' });
    expect(r1.status, r1.text).toBe(200);
    expect(r1.body.data.createCustomer).toMatchObject({ externalRef: 'x', type: 'CORPORATE', displayName: null, status: 'ACTIVE', verificationKind: 'KYB', verificationStatus: 'UNVERIFIED' });
    const long = 'y'.repeat(128);
    const r2 = await create(client, { externalRef: long, type: 'INDIVIDUAL' });
    expect(r2.status, r2.text).toBe(200);
    expect(r2.body.data.createCustomer.externalRef).toBe(long);
  });

  it('refuses an empty externalRef: 400 VALIDATION_FAILED at /externalRef', async () => {
    const r = await create(await server.newClient(), { externalRef: '', type: 'INDIVIDUAL' });
    expectGraphQLProblem(r, 400, 'VALIDATION_FAILED', '/externalRef');
  });

  it('refuses a 129-character externalRef: 400 VALIDATION_FAILED at /externalRef', async () => {
    const r = await create(await server.newClient(), { externalRef: 'z'.repeat(129), type: 'INDIVIDUAL' });
    expectGraphQLProblem(r, 400, 'VALIDATION_FAILED', '/externalRef');
  });

  it("refuses type 'OTHER': 400 VALIDATION_FAILED at /type", async () => {
    const r = await create(await server.newClient(), { externalRef: ref(), type: 'OTHER' });
    expectGraphQLProblem(r, 400, 'VALIDATION_FAILED', '/type');
  });

  it('refuses a missing required field in variables: 400 VALIDATION_FAILED at /type', async () => {
    const r = await create(await server.newClient(), { externalRef: ref() });
    expectGraphQLProblem(r, 400, 'VALIDATION_FAILED', '/type');
  });

  it('stores nothing for a refused input: the same externalRef can then be created', async () => {
    const client = await server.newClient();
    const externalRef = ref();
    const bad = await create(client, { externalRef, type: 'OTHER' });
    expect(bad.status).toBe(400);
    const ok = await create(client, { externalRef, type: 'INDIVIDUAL' });
    expect(ok.status, ok.text).toBe(200);
  });

  it('refuses a second customer with the same externalRef for the same partner: 409 DUPLICATE_CUSTOMER', async () => {
    const client = await server.newClient();
    const externalRef = ref();
    const first = await create(client, { externalRef, type: 'INDIVIDUAL' });
    expect(first.status, first.text).toBe(200);
    const second = await create(client, { externalRef, type: 'CORPORATE', displayName: 'Other' });
    expectGraphQLProblem(second, 409, 'DUPLICATE_CUSTOMER');
  });

  it('lets another partner use the same externalRef', async () => {
    const a = await server.newClient('A');
    const b = await server.newClient('B');
    const externalRef = ref();
    const ra = await create(a, { externalRef, type: 'INDIVIDUAL' });
    expect(ra.status, ra.text).toBe(200);
    const rb = await create(b, { externalRef, type: 'INDIVIDUAL' });
    expect(rb.status, rb.text).toBe(200);
    expect(rb.body.data.createCustomer.customerId).not.toBe(ra.body.data.createCustomer.customerId);
  });
});

describe('customer(customerId) query (§4)', () => {
  it("returns the partner's own customer, equal to the created one", async () => {
    const client = await server.newClient();
    const created = await create(client, { externalRef: ref(), type: 'INDIVIDUAL', displayName: 'Grace' });
    expect(created.status, created.text).toBe(200);
    const customer = created.body.data.createCustomer;
    const q = await server.gql(client, GET, { customerId: customer.customerId });
    expect(q.status, q.text).toBe(200);
    expect(q.body.errors).toBeUndefined();
    expect(q.body.data.customer).toEqual(customer);
  });

  it('answers null (HTTP 200) for an unknown UUID', async () => {
    const q = await server.gql(await server.newClient(), GET, { customerId: randomUUID() });
    expect(q.status, q.text).toBe(200);
    expect(q.body.errors).toBeUndefined();
    expect(q.body.data.customer).toBeNull();
  });

  it("answers FORBIDDEN (HTTP 403) for another partner's customer", async () => {
    const owner = await server.newClient('Owner');
    const other = await server.newClient('Other');
    const created = await create(owner, { externalRef: ref(), type: 'INDIVIDUAL' });
    expect(created.status, created.text).toBe(200);
    const q = await server.gql(other, GET, { customerId: created.body.data.createCustomer.customerId });
    expectGraphQLProblem(q, 403, 'FORBIDDEN', { data: 'null-fields' });
    expect(q.body.data?.customer ?? null).toBeNull();
  });

  it('refuses a customerId that is not a UUID: 400 VALIDATION_FAILED', async () => {
    const q = await server.gql(await server.newClient(), GET, { customerId: 'not-a-uuid' });
    const ext = expectGraphQLProblem(q, 400, 'VALIDATION_FAILED');
    if (ext.errors) expect(pointersOf(ext)).toContain('/customerId');
  });
});

describe('§12.1 REST: POST /partner/v1/customers and GET /partner/v1/customers/{customerId}', () => {
  it('creates over REST with every PartnerCustomer field, and reads it back equal to GraphQL', async () => {
    const client = await server.newClient();
    const externalRef = ref();
    const r = await server.request(client, 'POST', '/partner/v1/customers', { body: { externalRef, type: 'CORPORATE', displayName: 'Acme Ltd' } });
    expect(r.status, r.text).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(CUSTOMER_FIELDS.split(' ').sort());
    expect(r.body).toMatchObject({ externalRef, type: 'CORPORATE', status: 'ACTIVE', verificationKind: 'KYB', verificationStatus: 'UNVERIFIED', verificationReviewPending: false });
    const got = await server.request(client, 'GET', `/partner/v1/customers/${r.body.customerId}`);
    expect(got.status, got.text).toBe(200);
    expect(got.body).toEqual(r.body);
    const q = await server.gql(client, GET, { customerId: r.body.customerId });
    expect(q.body.data.customer).toEqual(r.body);
  });

  it('POST needs an Idempotency-Key and replays it (§3)', async () => {
    const client = await server.newClient();
    const body = { externalRef: ref(), type: 'INDIVIDUAL' };
    const none = await server.request(client, 'POST', '/partner/v1/customers', { body, idempotencyKey: null });
    expectRestProblem(none, 400, 'IDEMPOTENCY_KEY_MISSING');
    const key = randomUUID();
    const first = await server.request(client, 'POST', '/partner/v1/customers', { body, idempotencyKey: key });
    const again = await server.request(client, 'POST', '/partner/v1/customers', { body, idempotencyKey: key });
    expect(first.status, first.text).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('GET: unknown → 404 CUSTOMER_NOT_FOUND; another partner\'s → 403 FORBIDDEN; not a UUID → 400', async () => {
    const owner = await server.newClient();
    const other = await server.newClient();
    expectRestProblem(await server.request(owner, 'GET', `/partner/v1/customers/${randomUUID()}`), 404, 'CUSTOMER_NOT_FOUND');
    const created = await create(owner, { externalRef: ref(), type: 'INDIVIDUAL' });
    expectRestProblem(await server.request(other, 'GET', `/partner/v1/customers/${created.body.data.createCustomer.customerId}`), 403, 'FORBIDDEN');
    expectRestProblem(await server.request(owner, 'GET', '/partner/v1/customers/nope'), 400, 'VALIDATION_FAILED');
  });
});

describe('§12.5 events of a new customer', () => {
  it('createCustomer writes customer.unverified, sequence 1, whose data is the customer as GraphQL renders it', async () => {
    const client = await server.newClient();
    const c = (await create(client, { externalRef: ref(), type: 'INDIVIDUAL' })).body.data.createCustomer;
    const feed = await server.gql(client, `query($id: UUID!) { events(resourceId: $id, first: 10) { items { type resourceType resourceId customerId sequence data createdAt } } }`, { id: c.customerId });
    expect(feed.status, feed.text).toBe(200);
    expect(feed.body.data.events.items).toEqual([
      { type: 'customer.unverified', resourceType: 'CUSTOMER', resourceId: c.customerId, customerId: c.customerId, sequence: 1, data: c, createdAt: c.createdAt },
    ]);
  });
});
