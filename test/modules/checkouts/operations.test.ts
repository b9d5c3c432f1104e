// §15.2–§15.3 createCryptoCheckout, cryptoCheckout, cryptoCheckouts and closeCryptoCheckout on both
// surfaces: the exact answer, the order of checks, idempotency (§3), the no-op close (E2), §18 C3 on an
// EVM route, uq_checkout_merchant_reference under concurrent requests (§16.4).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suspendCustomer } from '../../../src/modules/customers/operators.js';
import { asBrowser, gqlAsBrowser, openSession, registerOrigin } from '../../helpers/frontend.js';
import { startTestServer, type TestServer } from '../../helpers/harness.js';
import { expectGraphQLProblem, expectRestProblem, expectValidationAt, pointersOf } from '../../helpers/problems.js';
import { eventsOf } from '../../helpers/withdrawals.js';
import { Co } from './checkouts.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // Times compared exactly: the clock moves only when a test moves it.
  server.clock.freeze();
});
afterAll(() => server.stop());

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const types = async (id: string) => (await eventsOf(server, id)).map((e) => e.type);

describe('createCryptoCheckout (§15.2)', () => {
  it('OPEN with its own address, expiresAt = createdAt + expiresInSeconds, event crypto_checkout.open; the same on both surfaces', async () => {
    const co = await Co.create(server);
    const buyerId = await co.buyer();
    const input = co.input({
      amountMinor: '2500000', expiresInSeconds: 1800, underpaymentToleranceMinor: '500', merchantReference: 'order-1',
      description: 'Two coffees', buyerId, successUrl: 'https://shop.example/paid', cancelUrl: 'http://localhost:3000/cancel',
    });
    const r = await co.createRest(input);
    expect(r.status, r.text).toBe(200);
    const created = r.body;
    expect(created).toEqual({
      checkoutId: expect.stringMatching(/^[0-9a-f-]{36}$/), customerId: co.customerId, routeCode: co.routeCode, blockchain: 'ETH',
      amountMinor: '2500000', currency: 'USDT', currencyScale: 6, underpaymentToleranceMinor: '500',
      address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      amountPaidMinor: '0', amountPendingMinor: '0', amountDueMinor: '2500000', overpaidMinor: '0', lateAmountMinor: '0',
      status: 'OPEN', statusInfo: 'Awaiting payment', merchantReference: 'order-1', description: 'Two coffees', buyerId,
      successUrl: 'https://shop.example/paid', cancelUrl: 'http://localhost:3000/cancel',
      expiresAt: new Date(Date.parse(created.createdAt) + 1800_000).toISOString(), paidAt: null, closedAt: null,
      createdAt: expect.stringMatching(ISO), updatedAt: created.createdAt,
    });
    expect(created.createdAt).toBe(server.clock.now().toISOString());
    // The by-id query on both surfaces, and the event's data (E8), are the same view.
    expect(await co.view(created.checkoutId)).toEqual(created);
    const g = await co.gql(`query($id: UUID!) { cryptoCheckout(checkoutId: $id) { ${(await import('./checkouts.js')).CHECKOUT_FIELDS} } }`, { id: created.checkoutId });
    expect(g.body.data.cryptoCheckout).toEqual(created);
    const events = await eventsOf(server, created.checkoutId);
    expect(events.map((e) => [e.type, e.data])).toEqual([['crypto_checkout.open', created]]);
    // The address is a payment target: collections finds the checkout at it.
    const p = await co.pay(created.address, '1000');
    expect(p).toMatchObject({ targetType: 'CHECKOUT', checkoutId: created.checkoutId, collectionWalletId: null, buyerId, late: false });
    // GraphQL: defaults (CHECKOUT_DEFAULT_TTL_SECONDS 900, tolerance "0", nulls).
    const gq = await co.createGql(co.input());
    expect(gq.body.data.createCryptoCheckout).toMatchObject({
      underpaymentToleranceMinor: '0', merchantReference: null, description: null, buyerId: null, successUrl: null, cancelUrl: null,
      expiresAt: new Date(server.clock.now().getTime() + 900_000).toISOString(),
    });
  });

  it('order of checks: B (every fault at once) → D customer, buyer → E route → G currency/scale, then bounds → H gate → BUYER_NOT_ACTIVE → DUPLICATE_MERCHANT_REFERENCE', async () => {
    const co = await Co.create(server);
    const unknown = randomUUID();
    // B: every shape fault at once; none of the records is looked at.
    const b = expectGraphQLProblem(
      await co.createGql({
        routeCode: '', amountMinor: '0', currency: '', currencyScale: 37, expiresInSeconds: 59, underpaymentToleranceMinor: '01',
        merchantReference: '', description: 'x'.repeat(501), successUrl: 'ftp://x.example', cancelUrl: 'https://u:p@x.example/#f',
      }, unknown),
      400, 'VALIDATION_FAILED',
    );
    expect(pointersOf(b).sort()).toEqual([
      '/amountMinor', '/cancelUrl', '/currency', '/currencyScale', '/description', '/expiresInSeconds', '/merchantReference', '/routeCode', '/successUrl', '/underpaymentToleranceMinor',
    ]);
    expectValidationAt(await co.createRest(co.input({ expiresInSeconds: 604_801 })), '/expiresInSeconds');
    expectValidationAt(await co.createRest(co.input({ amountMinor: '1000', underpaymentToleranceMinor: '1000' })), '/underpaymentToleranceMinor');
    // D: customer, then buyer (another customer's buyer is not this customer's).
    expectRestProblem(await co.createRest(co.input({ buyerId: unknown, routeCode: 'NOPE' }), unknown), 404, 'CUSTOMER_NOT_FOUND');
    expectRestProblem(await co.createRest(co.input({ buyerId: unknown, routeCode: 'NOPE' })), 404, 'BUYER_NOT_FOUND');
    const other = await co.c.s.verifiedCustomer();
    const buyerId = await co.buyer();
    expectRestProblem(await co.createRest(co.input({ buyerId, routeCode: 'NOPE' }), other), 404, 'BUYER_NOT_FOUND');
    // E before G.
    expectRestProblem(await co.createRest(co.input({ buyerId, routeCode: 'NOPE', currency: 'BTC' })), 403, 'ROUTE_NOT_PERMITTED');
    // G: currency and scale named together, before the bounds (route 100–1000000000).
    const g = expectRestProblem(await co.createRest(co.input({ currency: 'BTC', currencyScale: 8, amountMinor: '1' })), 400, 'VALIDATION_FAILED');
    expect(pointersOf(g).sort()).toEqual(['/currency', '/currencyScale']);
    expectRestProblem(await co.createRest(co.input({ amountMinor: '99' })), 400, 'AMOUNT_OUT_OF_RANGE', '/amountMinor');
    expectGraphQLProblem(await co.createGql(co.input({ amountMinor: '1000000001' })), 400, 'AMOUNT_OUT_OF_RANGE');
    // H: the gate (suspended, unverified) before BUYER_NOT_ACTIVE.
    await co.c.updateBuyerGql(buyerId, { status: 'DISABLED' });
    await co.checkout({ merchantReference: 'dup' });
    await server.operator((db) => suspendCustomer(db, co.customerId, true));
    expectRestProblem(await co.createRest(co.input({ buyerId, merchantReference: 'dup' })), 409, 'CUSTOMER_SUSPENDED');
    await server.operator((db) => suspendCustomer(db, co.customerId, false));
    const unverified = await co.c.s.customer();
    expectRestProblem(await co.createRest(co.input({ merchantReference: 'dup' }), unverified), 409, 'CUSTOMER_NOT_VERIFIED');
    expectRestProblem(await co.createRest(co.input({ buyerId, merchantReference: 'dup' })), 409, 'BUYER_NOT_ACTIVE');
    expectGraphQLProblem(await co.createGql(co.input({ buyerId, merchantReference: 'dup' })), 409, 'BUYER_NOT_ACTIVE');
    expectRestProblem(await co.createRest(co.input({ merchantReference: 'dup' })), 409, 'DUPLICATE_MERCHANT_REFERENCE');
    expectGraphQLProblem(await co.createGql(co.input({ merchantReference: 'dup' })), 409, 'DUPLICATE_MERCHANT_REFERENCE');
    // Unique per customer: another customer may use it.
    expect((await co.createRest(co.input({ merchantReference: 'dup' }), other)).status).toBe(200);
  });

  it('§18 C3: an EVM route refuses with ROUTE_RAIL_UNSUPPORTED, after the gate, before BUYER_NOT_ACTIVE', async () => {
    const co = await Co.create(server);
    const buyerId = await co.buyer();
    const evm = await server.newRoute(co.c.client);
    await server.db.run(`UPDATE routes SET rail = 'EVM' WHERE route_code = ?`, evm);
    await co.c.updateBuyerGql(buyerId, { status: 'DISABLED' });
    expectRestProblem(await co.createRest(co.input({ routeCode: evm, buyerId })), 409, 'ROUTE_RAIL_UNSUPPORTED');
    expectGraphQLProblem(await co.createGql(co.input({ routeCode: evm, buyerId })), 409, 'ROUTE_RAIL_UNSUPPORTED');
    await server.operator((db) => suspendCustomer(db, co.customerId, true));
    expectRestProblem(await co.createRest(co.input({ routeCode: evm, buyerId })), 409, 'CUSTOMER_SUSPENDED');
    expect(await server.db.count(`SELECT count(*) AS n FROM checkouts WHERE customer_id = '${co.customerId}'`)).toBe(0);
  });

  it('idempotent (§3): a replay answers the same checkout, one row, one event; another body under the key → 409', async () => {
    const co = await Co.create(server);
    const key = randomUUID();
    const send = (body: unknown) => server.request(co.c.client, 'POST', `/partner/v1/customers/${co.customerId}/crypto/checkouts`, { body, idempotencyKey: key, timestamp: server.clock.now().toISOString() });
    const first = await send(co.input({ merchantReference: 'idem' }));
    const again = await send(co.input({ merchantReference: 'idem' }));
    expect(first.status, first.text).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await server.db.count(`SELECT count(*) AS n FROM checkouts WHERE customer_id = '${co.customerId}'`)).toBe(1);
    expect(await types(first.body.checkoutId)).toEqual(['crypto_checkout.open']);
    expectRestProblem(await send(co.input({ merchantReference: 'other' })), 409, 'IDEMPOTENCY_KEY_REUSED');
  });

  it('§16.4 race: concurrent creations with one merchantReference: one wins, the others 409 DUPLICATE_MERCHANT_REFERENCE', async () => {
    const co = await Co.create(server);
    const rs = await Promise.all(Array.from({ length: 6 }, () => co.createRest(co.input({ merchantReference: 'race' }))));
    expect(rs.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    for (const r of rs.filter((x) => x.status !== 200)) expectRestProblem(r, 409, 'DUPLICATE_MERCHANT_REFERENCE');
    expect(await server.db.count(`SELECT count(*) AS n FROM checkouts WHERE customer_id = '${co.customerId}'`)).toBe(1);
  });
});

describe('cryptoCheckout and cryptoCheckouts (§15.1, §9.3)', () => {
  it('unknown → null / 404 NOT_FOUND; another partner’s → 403; the list newest first with its filters and pages', async () => {
    const co = await Co.create(server);
    const unknown = randomUUID();
    expectRestProblem(await co.get(unknown), 404, 'NOT_FOUND');
    const q = await co.gql(`query($id: UUID!) { cryptoCheckout(checkoutId: $id) { checkoutId } }`, { id: unknown });
    expect(q.body).toEqual({ data: { cryptoCheckout: null } });
    const theirs = await (await Co.create(server)).checkout();
    expectRestProblem(await co.get(theirs.checkoutId), 403, 'FORBIDDEN');
    const buyerId = await co.buyer();
    const a = await co.checkout({ merchantReference: 'a' });
    server.clock.advance(1000);
    const b = await co.checkout({ merchantReference: 'b', buyerId });
    server.clock.advance(1000);
    const c = await co.checkout({ merchantReference: 'c' });
    await co.closeRest(c.checkoutId);
    const c2 = await co.view(c.checkoutId);
    const base = `/partner/v1/customers/${co.customerId}/crypto/checkouts`;
    const all = await co.rest('GET', base);
    expect(all.body.items).toEqual([c2, b, a]);
    expect((await co.rest('GET', `${base}?statuses=OPEN`)).body.items).toEqual([b, a]);
    expect((await co.rest('GET', `${base}?statuses=CLOSED`)).body.items).toEqual([c2]);
    expect((await co.rest('GET', `${base}?merchantReference=a`)).body.items).toEqual([a]);
    expect((await co.rest('GET', `${base}?buyerId=${buyerId}`)).body.items).toEqual([b]);
    expect((await co.rest('GET', `${base}?routeCode=${co.routeCode}&createdFrom=${encodeURIComponent(b.createdAt)}&createdBefore=${encodeURIComponent(c.createdAt)}`)).body.items).toEqual([b]);
    const page1 = await co.gql(`query($c: UUID!) { cryptoCheckouts(customerId: $c, first: 2) { items { checkoutId } pageInfo { hasNextPage endCursor } } }`, { c: co.customerId });
    expect(page1.body.data.cryptoCheckouts.items.map((i: { checkoutId: string }) => i.checkoutId)).toEqual([c.checkoutId, b.checkoutId]);
    expect(page1.body.data.cryptoCheckouts.pageInfo.hasNextPage).toBe(true);
    const page2 = await co.gql(`query($c: UUID!, $a: String) { cryptoCheckouts(customerId: $c, first: 2, after: $a) { items { checkoutId } pageInfo { hasNextPage } } }`, {
      c: co.customerId, a: page1.body.data.cryptoCheckouts.pageInfo.endCursor,
    });
    expect(page2.body.data.cryptoCheckouts).toEqual({ items: [{ checkoutId: a.checkoutId }], pageInfo: { hasNextPage: false } });
    // Filters' faults at once (§9.3).
    const f = expectRestProblem(await co.rest('GET', `${base}?merchantReference=${'x'.repeat(129)}&routeCode=${'r'.repeat(65)}`), 400, 'VALIDATION_FAILED');
    expect(pointersOf(f).sort()).toEqual(['/merchantReference', '/routeCode']);
    expectRestProblem(await co.rest('GET', `${base}?statuses=NOPE`), 400, 'VALIDATION_FAILED', '/statuses');
  });
});

describe('closeCryptoCheckout (§15.3)', () => {
  it('OPEN → CLOSED (closedAt, amountDue 0, event); again → 200 unchanged, no event; 404 / 403; PAID, EXPIRED, at expiresAt → INVALID_STATE', async () => {
    const co = await Co.create(server);
    const c = await co.checkout();
    server.clock.advance(1000);
    const r = await co.closeRest(c.checkoutId);
    expect(r.status, r.text).toBe(200);
    const now = server.clock.now().toISOString();
    expect(r.body).toEqual({ ...c, status: 'CLOSED', statusInfo: 'Closed by merchant', amountDueMinor: '0', closedAt: now, updatedAt: now });
    const again = await co.closeGql(c.checkoutId);
    expect(again.body.data.closeCryptoCheckout).toEqual(r.body);
    expect((await eventsOf(server, c.checkoutId)).map((e) => [e.type, e.data])).toEqual([['crypto_checkout.open', c], ['crypto_checkout.closed', r.body]]);
    // No gate, no route check.
    await server.operator((db) => suspendCustomer(db, co.customerId, true));
    const d = await co.checkout().catch(() => undefined);
    expect(d).toBeUndefined();
    await server.operator((db) => suspendCustomer(db, co.customerId, false));
    const open = await co.checkout();
    await server.operator((db) => suspendCustomer(db, co.customerId, true));
    expect((await co.closeRest(open.checkoutId)).body.status).toBe('CLOSED');
    await server.operator((db) => suspendCustomer(db, co.customerId, false));
    // D
    expectRestProblem(await co.closeRest(randomUUID()), 404, 'NOT_FOUND');
    expectGraphQLProblem(await co.closeGql(randomUUID()), 404, 'NOT_FOUND');
    const theirs = await (await Co.create(server)).checkout();
    expectRestProblem(await co.closeRest(theirs.checkoutId), 403, 'FORBIDDEN');
    // PAID
    const paid = await co.checkout({ amountMinor: '1000' });
    await co.pay(paid.address, '1000');
    await server.advanceWorker(1);
    expect((await co.view(paid.checkoutId)).status).toBe('PAID');
    expectRestProblem(await co.closeRest(paid.checkoutId), 409, 'INVALID_STATE');
    // At expiresAt: refused, whether or not the worker's own poll has taken the expiry step yet.
    const late = await co.checkout({ expiresInSeconds: 60 });
    server.clock.advance(60_000);
    expectRestProblem(await co.closeRest(late.checkoutId), 409, 'INVALID_STATE');
    await server.service.worker.drain();
    expect((await co.view(late.checkoutId)).status).toBe('EXPIRED');
    expectGraphQLProblem(await co.closeGql(late.checkoutId), 409, 'INVALID_STATE');
    // No input (§9.4).
    expectRestProblem(await co.rest('POST', `/partner/v1/crypto/checkouts/${open.checkoutId}/closure`, { x: 1 }), 400, 'VALIDATION_FAILED');
  });
});

describe('§17.2 frontend sessions read checkouts', () => {
  it('its own customer’s checkout and list; another customer’s → 403; close → 403 FRONTEND_SESSION_READ_ONLY', async () => {
    const co = await Co.create(server);
    const c = await co.checkout();
    const other = await co.c.s.verifiedCustomer();
    const theirs = (await co.createRest(co.input(), other)).body;
    const origin = 'http://localhost:5173';
    await registerOrigin(server, co.c.client.clientId, origin);
    const session = { token: await openSession(server, co.c.client.clientId, co.customerId, origin), origin };
    const own = await asBrowser(server, session, 'GET', `/partner/v1/crypto/checkouts/${c.checkoutId}`);
    expect([own.status, own.body]).toEqual([200, c]);
    const list = await asBrowser(server, session, 'GET', `/partner/v1/customers/${co.customerId}/crypto/checkouts`);
    expect(list.body.items).toEqual([c]);
    expectRestProblem(await asBrowser(server, session, 'GET', `/partner/v1/crypto/checkouts/${theirs.checkoutId}`), 403, 'FORBIDDEN');
    expectRestProblem(await asBrowser(server, session, 'GET', `/partner/v1/customers/${other}/crypto/checkouts`), 403, 'FORBIDDEN');
    const g = await gqlAsBrowser(server, session, `query($id: UUID!) { cryptoCheckout(checkoutId: $id) { checkoutId status } }`, { id: c.checkoutId });
    expect(g.body).toEqual({ data: { cryptoCheckout: { checkoutId: c.checkoutId, status: 'OPEN' } } });
    const m = await gqlAsBrowser(server, session, `mutation($id: UUID!) { closeCryptoCheckout(checkoutId: $id) { checkoutId } }`, { id: c.checkoutId });
    expectGraphQLProblem(m, 403, 'FRONTEND_SESSION_READ_ONLY');
    expect((await co.view(c.checkoutId)).status).toBe('OPEN');
  });
});
