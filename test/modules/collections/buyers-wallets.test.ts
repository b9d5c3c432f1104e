// §15.5 collection buyers and wallets on both surfaces: the check orders, the no-op answers (E2), the
// events, the §15.2 address, the wallet state machine and its expiry step on an injected clock, and the
// unique indexes under concurrent requests (§16.4).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suspendCustomer } from '../../../src/modules/customers/operators.js';
import { collectionWalletAddress } from '../../../src/core/addresses/derive.js';
import { Coll } from '../../helpers/collections.js';
import { startTestServer, type TestServer } from '../../helpers/harness.js';
import { expectGraphQLProblem, expectRestProblem, expectValidationAt } from '../../helpers/problems.js';
import { eventsOf } from '../../helpers/withdrawals.js';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const DAY = 86_400_000;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const types = async (id: string) => (await eventsOf(server, id)).map((e) => e.type);

describe('collection buyers (§15.5)', () => {
  it('creates an ACTIVE buyer on both surfaces, with its event; reads it back by id and in the list', async () => {
    const c = await Coll.create(server);
    const r = await c.createBuyerRest(c.buyerInput({ externalRef: 'cust-1', email: 'g@example.com', country: 'US' }));
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({
      buyerId: expect.stringMatching(/^[0-9a-f-]{36}$/), customerId: c.customerId, externalRef: 'cust-1', type: 'INDIVIDUAL', name: 'Grace Hopper',
      email: 'g@example.com', country: 'US', status: 'ACTIVE', createdAt: expect.stringMatching(ISO), updatedAt: r.body.createdAt,
    });
    expect(await types(r.body.buyerId)).toEqual(['collection_buyer.active']);
    const g = await c.createBuyerGql(c.buyerInput({ externalRef: 'cust-2', type: 'CORPORATE' }));
    expect(g.body.data.createCollectionBuyer).toMatchObject({ externalRef: 'cust-2', type: 'CORPORATE', email: null, country: null, status: 'ACTIVE' });
    const byId = await c.rest('GET', `/partner/v1/crypto/collection-buyers/${r.body.buyerId}`);
    expect(byId.body).toEqual(r.body);
    const page = await c.rest('GET', `/partner/v1/customers/${c.customerId}/crypto/collection-buyers?externalRef=cust-1`);
    expect(page.body.items).toEqual([r.body]);
    const all = await c.rest('GET', `/partner/v1/customers/${c.customerId}/crypto/collection-buyers?statuses=ACTIVE`);
    expect(all.body.items.map((b: { externalRef: string }) => b.externalRef)).toEqual(['cust-2', 'cust-1']);
  });

  it('B: every shape fault at once (400); unknown buyer 404 BUYER_NOT_FOUND on GET and update', async () => {
    const c = await Coll.create(server);
    const r = await c.createBuyerRest({ externalRef: '', type: 'PERSON', name: '', email: 'a@b@c', country: 'XX' });
    const p = expectRestProblem(r, 400, 'VALIDATION_FAILED');
    expect(p.errors!.map((e) => e.pointer).sort()).toEqual(['/country', '/email', '/externalRef', '/name', '/type']);
    for (const email of ['no-at', '@x', 'x@', 'a b@c', `${'a'.repeat(250)}@b.co`]) expectValidationAt(await c.createBuyerGql(c.buyerInput({ email })), '/email');
    const unknown = '00000000-0000-4000-8000-000000000001';
    expectRestProblem(await c.rest('GET', `/partner/v1/crypto/collection-buyers/${unknown}`), 404, 'BUYER_NOT_FOUND');
    expectGraphQLProblem(await c.updateBuyerGql(unknown, { name: 'x' }), 404, 'BUYER_NOT_FOUND');
    expectRestProblem(await c.rest('POST', `/partner/v1/crypto/collection-buyers/${unknown}/update`, { name: 'x' }), 404, 'BUYER_NOT_FOUND');
  });

  it('H: the gate first, then DUPLICATE_BUYER; another partner’s buyer is 403', async () => {
    const c = await Coll.create(server);
    await c.buyer({ externalRef: 'dup' });
    expectRestProblem(await c.createBuyerRest(c.buyerInput({ externalRef: 'dup' })), 409, 'DUPLICATE_BUYER');
    expectGraphQLProblem(await c.createBuyerGql(c.buyerInput({ externalRef: 'dup' })), 409, 'DUPLICATE_BUYER');
    // An unverified customer: CUSTOMER_NOT_VERIFIED (money gate) before DUPLICATE_BUYER's check.
    const unverified = await c.s.customer();
    expectRestProblem(await c.createBuyerRest(c.buyerInput(), unverified), 409, 'CUSTOMER_NOT_VERIFIED');
    await server.operator((db) => suspendCustomer(db, c.customerId, true));
    expectRestProblem(await c.createBuyerRest(c.buyerInput({ externalRef: 'dup' })), 409, 'CUSTOMER_SUSPENDED');
    const other = await Coll.create(server);
    const foreign = await other.buyer();
    expectRestProblem(await c.rest('GET', `/partner/v1/crypto/collection-buyers/${foreign}`), 403, 'FORBIDDEN');
    expectGraphQLProblem(await c.updateBuyerGql(foreign, { name: 'x' }), 403, 'FORBIDDEN');
  });

  it('update: nothing differs → 200 unchanged, no event; a status change → .disabled / .active; else .updated; "" clears (R16)', async () => {
    const c = await Coll.create(server);
    const id = await c.buyer({ email: 'g@example.com', country: 'US' });
    const before = (await c.rest('GET', `/partner/v1/crypto/collection-buyers/${id}`)).body;
    server.clock.advance(1000);
    const same = await c.updateBuyerGql(id, { name: 'Grace Hopper', status: 'ACTIVE' });
    expect(same.body.data.updateCollectionBuyer).toEqual(before);
    expect(await types(id)).toEqual(['collection_buyer.active']);
    const disabled = (await c.updateBuyerGql(id, { status: 'DISABLED' })).body.data.updateCollectionBuyer;
    expect(disabled.status).toBe('DISABLED');
    expect(disabled.updatedAt > before.updatedAt).toBe(true);
    const cleared = await c.rest('POST', `/partner/v1/crypto/collection-buyers/${id}/update`, { email: '', country: '' });
    expect(cleared.body).toMatchObject({ email: null, country: null, status: 'DISABLED' });
    await c.updateBuyerGql(id, { status: 'ACTIVE', name: 'G. Hopper' });
    expect(await types(id)).toEqual(['collection_buyer.active', 'collection_buyer.disabled', 'collection_buyer.updated', 'collection_buyer.active']);
    // The event's data is the by-id view (E8).
    const last = (await eventsOf(server, id)).at(-1)!;
    expect(last.data).toEqual((await c.rest('GET', `/partner/v1/crypto/collection-buyers/${id}`)).body);
    // B: nothing given, or name "".
    expectValidationAt(await c.updateBuyerGql(id, {}), '/');
    expectValidationAt(await c.updateBuyerGql(id, { name: '' }), '/name');
  });
});

describe('collection wallets (§15.5)', () => {
  it('creates an ACTIVE wallet with the §15.2 address, claimed in the shared address table', async () => {
    const c = await Coll.create(server);
    const buyerId = await c.buyer();
    const r = await c.createWalletGql({ buyerId, routeCode: c.routeCode, label: 'Invoices' });
    const w = r.body.data.createCollectionWallet;
    expect(w).toEqual({
      collectionWalletId: expect.stringMatching(/^[0-9a-f-]{36}$/), customerId: c.customerId, buyerId, routeCode: c.routeCode,
      blockchain: 'ETH', currency: 'USDT', currencyScale: 6, address: collectionWalletAddress('ETH', c.routeCode, w.collectionWalletId),
      label: 'Invoices', status: 'ACTIVE', expiresAt: null, deactivatedAt: null, amountReceivedMinor: '0',
      createdAt: expect.stringMatching(ISO), updatedAt: w.createdAt,
    });
    expect(await types(w.collectionWalletId)).toEqual(['collection_wallet.active']);
    const row = await server.db.get<{ target_type: string; address_key: string }>('SELECT target_type, address_key FROM collection_addresses WHERE target_id = ?', w.collectionWalletId);
    expect(row).toEqual({ target_type: 'COLLECTION_WALLET', address_key: w.address.toLowerCase() });
    expect((await c.getWallet(w.collectionWalletId)).body).toEqual(w);
    const list = await c.rest('GET', `/partner/v1/customers/${c.customerId}/crypto/collection-wallets?buyerId=${buyerId}&routeCode=${c.routeCode}&statuses=ACTIVE`);
    expect(list.body.items).toEqual([w]);
  });

  it('order of checks: D customer, buyer → E route → G expiresAt → H gate → rail → BUYER_NOT_ACTIVE → DUPLICATE_COLLECTION_WALLET', async () => {
    const c = await Coll.create(server);
    const buyerId = await c.buyer();
    const unknown = '00000000-0000-4000-8000-000000000002';
    const now = () => server.clock.now().getTime();
    // D: unknown customer before anything else; unknown buyer.
    expectRestProblem(await c.createWalletRest({ buyerId: unknown, routeCode: 'NOPE' }, unknown), 404, 'CUSTOMER_NOT_FOUND');
    expectRestProblem(await c.createWalletRest({ buyerId: unknown, routeCode: 'NOPE' }), 404, 'BUYER_NOT_FOUND');
    // Another customer's buyer of the same partner is not this customer's.
    const otherCustomer = await c.s.verifiedCustomer();
    expectRestProblem(await c.createWalletRest({ buyerId, routeCode: c.routeCode }, otherCustomer), 404, 'BUYER_NOT_FOUND');
    // E before G.
    expectRestProblem(await c.createWalletRest({ buyerId, routeCode: 'NOPE', expiresAt: new Date(now()).toISOString() }), 403, 'ROUTE_NOT_PERMITTED');
    // G: > now + 60 s and ≤ now + COLLECTION_WALLET_MAX_TTL_DAYS (365).
    for (const at of [now() + 60_000, now() - DAY, now() + 366 * DAY]) expectValidationAt(await c.createWalletGql({ buyerId, routeCode: c.routeCode, expiresAt: new Date(at).toISOString() }), '/expiresAt');
    // H: the gate before BUYER_NOT_ACTIVE.
    await c.updateBuyerGql(buyerId, { status: 'DISABLED' });
    const unverified = await c.s.customer();
    expectRestProblem(await c.createWalletRest({ buyerId, routeCode: c.routeCode }, unverified), 404, 'BUYER_NOT_FOUND');
    await server.operator((db) => suspendCustomer(db, c.customerId, true));
    expectRestProblem(await c.createWalletRest({ buyerId, routeCode: c.routeCode }), 409, 'CUSTOMER_SUSPENDED');
    await server.operator((db) => suspendCustomer(db, c.customerId, false));
    expectRestProblem(await c.createWalletRest({ buyerId, routeCode: c.routeCode }), 409, 'BUYER_NOT_ACTIVE');
    expectGraphQLProblem(await c.createWalletGql({ buyerId, routeCode: c.routeCode }), 409, 'BUYER_NOT_ACTIVE');
    await c.updateBuyerGql(buyerId, { status: 'ACTIVE' });
    await c.wallet(buyerId);
    expectRestProblem(await c.createWalletRest({ buyerId, routeCode: c.routeCode }), 409, 'DUPLICATE_COLLECTION_WALLET');
    expectGraphQLProblem(await c.createWalletGql({ buyerId, routeCode: c.routeCode }), 409, 'DUPLICATE_COLLECTION_WALLET');
    // A DISABLED buyer keeps its wallets working (its wallet stays ACTIVE).
    await c.updateBuyerGql(buyerId, { status: 'DISABLED' });
    const page = await c.rest('GET', `/partner/v1/customers/${c.customerId}/crypto/collection-wallets?buyerId=${buyerId}`);
    expect(page.body.items.map((w: { status: string }) => w.status)).toEqual(['ACTIVE']);
  });

  it('§18 C3: an EVM route refuses a wallet with ROUTE_RAIL_UNSUPPORTED, after the gate, before BUYER_NOT_ACTIVE', async () => {
    const c = await Coll.create(server);
    const buyerId = await c.buyer();
    // The rail is the route's column; the refusal needs no chain behind it.
    const evm = await server.newRoute(c.client);
    await server.db.run(`UPDATE routes SET rail = 'EVM' WHERE route_code = ?`, evm);
    await c.updateBuyerGql(buyerId, { status: 'DISABLED' });
    expectRestProblem(await c.createWalletRest({ buyerId, routeCode: evm }), 409, 'ROUTE_RAIL_UNSUPPORTED');
    expectGraphQLProblem(await c.createWalletGql({ buyerId, routeCode: evm }), 409, 'ROUTE_RAIL_UNSUPPORTED');
    expect(await server.db.count(`SELECT count(*) AS n FROM collection_wallets WHERE buyer_id = '${buyerId}'`)).toBe(0);
    await server.operator((db) => suspendCustomer(db, c.customerId, true));
    expectRestProblem(await c.createWalletRest({ buyerId, routeCode: evm }), 409, 'CUSTOMER_SUSPENDED');
  });

  it('expiry: the step at expiresAt (clock injected); update re-activates an EXPIRED wallet; same expiry → unchanged; deactivate is final', async () => {
    const c = await Coll.create(server);
    const buyerId = await c.buyer();
    const at = new Date(server.clock.now().getTime() + 3600_000).toISOString();
    const { collectionWalletId: id } = await c.wallet(buyerId, { expiresAt: at });
    const expiry = (body: unknown) => c.rest('POST', `/partner/v1/crypto/collection-wallets/${id}/expiry`, body);
    // The same expiresAt → 200 unchanged, no event.
    const same = await expiry({ expiresAt: at });
    expect(same.body).toMatchObject({ status: 'ACTIVE', expiresAt: at });
    // The worker moves nothing before expiresAt; at it, EXPIRED.
    await server.advanceWorker(1);
    expect((await c.getWallet(id)).body.status).toBe('ACTIVE');
    server.clock.advance(3600_000);
    await server.advanceWorker(2);
    expect((await c.getWallet(id)).body).toMatchObject({ status: 'EXPIRED', expiresAt: at });
    // Another ACTIVE wallet of the buyer on the route blocks re-activation.
    const second = await c.wallet(buyerId);
    const later = new Date(server.clock.now().getTime() + 7 * 86_400_000).toISOString();
    expectRestProblem(await expiry({ expiresAt: later }), 409, 'DUPLICATE_COLLECTION_WALLET');
    await c.rest('POST', `/partner/v1/crypto/collection-wallets/${second.collectionWalletId}/deactivation`);
    // An absent body is {}: never expires, ACTIVE again.
    const r = await c.rest('POST', `/partner/v1/crypto/collection-wallets/${id}/expiry`);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ status: 'ACTIVE', expiresAt: null });
    const updated = await expiry({ expiresAt: later });
    expect(updated.body).toMatchObject({ status: 'ACTIVE', expiresAt: later });
    const d = await c.rest('POST', `/partner/v1/crypto/collection-wallets/${id}/deactivation`);
    expect(d.body).toMatchObject({ status: 'DEACTIVATED', deactivatedAt: d.body.updatedAt });
    const again = await c.rest('POST', `/partner/v1/crypto/collection-wallets/${id}/deactivation`, {});
    expect(again.body).toEqual(d.body);
    expectRestProblem(await expiry({}), 409, 'INVALID_STATE');
    expect(await types(id)).toEqual([
      'collection_wallet.active',
      'collection_wallet.expired',
      'collection_wallet.active',
      'collection_wallet.updated',
      'collection_wallet.deactivated',
    ]);
    // A deactivation takes input? No: a member is refused (§9.4).
    expectRestProblem(await c.rest('POST', `/partner/v1/crypto/collection-wallets/${id}/deactivation`, { x: 1 }), 400, 'VALIDATION_FAILED');
  });

  it('§16.4 races: concurrent creations of a buyer with one externalRef, or of one ACTIVE wallet per (buyer, route): one wins, the others 409', async () => {
    const c = await Coll.create(server);
    const buyers = await Promise.all(Array.from({ length: 6 }, () => c.createBuyerRest(c.buyerInput({ externalRef: 'race' }))));
    expect(buyers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    for (const r of buyers.filter((x) => x.status !== 200)) expectRestProblem(r, 409, 'DUPLICATE_BUYER');
    const buyerId = buyers.find((r) => r.status === 200)!.body.buyerId;
    const wallets = await Promise.all(Array.from({ length: 6 }, () => c.createWalletRest({ buyerId, routeCode: c.routeCode })));
    expect(wallets.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    for (const r of wallets.filter((x) => x.status !== 200)) expectRestProblem(r, 409, 'DUPLICATE_COLLECTION_WALLET');
    expect(await server.db.count(`SELECT count(*) AS n FROM collection_wallets WHERE buyer_id = '${buyerId}'`)).toBe(1);
  });
});
