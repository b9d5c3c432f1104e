// §10.9 wallet beneficiaries after creation: remove (final, a no-op when already REMOVED), sync (the
// deny list as it is now, both ways), the list (§9.3), and the events of every change (§11.1–§11.2).
// Real signed HTTP, both surfaces (REST renders exactly the interface document's fields, §9.4).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRouteState } from '../../../src/cli/operators.js';
import { allowAddress, denyAddress } from '../../../src/modules/routes/operators.js';
import {
  BENEFICIARY_FIELDS,
  BENEFICIARY_GRAPHQL_EXTRA,
  randomEthAddress,
  Scenario,
  startTestServer,
  type Reply,
  type RequestOptions,
  type TestServer,
} from '../../helpers/harness.js';
import { eventsOf, eventTrail } from '../../helpers/lifecycle.js';
import { expectGraphQLProblem, expectRestProblem } from '../../helpers/problems.js';

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const REST_FIELDS = BENEFICIARY_FIELDS.split(' ');
const ALL_FIELDS = `${BENEFICIARY_FIELDS} ${BENEFICIARY_GRAPHQL_EXTRA}`;

const GET = `query($id: UUID!) { cryptoWalletBeneficiary(walletBeneficiaryId: $id) { ${ALL_FIELDS} } }`;
const REMOVE = `mutation($id: UUID!) { removeCryptoWalletBeneficiary(walletBeneficiaryId: $id) { ${ALL_FIELDS} } }`;
const SYNC = `mutation($id: UUID!) { syncCryptoWalletBeneficiary(walletBeneficiaryId: $id) { ${ALL_FIELDS} } }`;
const LIST = `query($customerId: UUID!, $first: Int, $after: String, $beneficiaryStatuses: [String!], $blockchain: String) {
  cryptoWalletBeneficiaries(customerId: $customerId, first: $first, after: $after, beneficiaryStatuses: $beneficiaryStatuses, blockchain: $blockchain) {
    items { ${ALL_FIELDS} }
    pageInfo { hasNextPage endCursor }
  }
}`;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const removeRest = (s: Scenario, id: string, o: RequestOptions = {}) =>
  server.request(s.client, 'POST', `/partner/v1/crypto/wallet-beneficiaries/${id}/removal`, o);
const syncRest = (s: Scenario, id: string, o: RequestOptions = {}) => server.request(s.client, 'POST', `/partner/v1/crypto/wallet-beneficiaries/${id}/sync`, o);
const removeGql = (s: Scenario, id: string, o: RequestOptions = {}) => server.gql(s.client, REMOVE, { id }, o);
const syncGql = (s: Scenario, id: string, o: RequestOptions = {}) => server.gql(s.client, SYNC, { id }, o);
const deny = (address: string) => server.operator((db) => denyAddress(db, 'ETH', address));
const allow = (address: string) => server.operator((db) => allowAddress(db, 'ETH', address));

function ok(r: Reply, field: string) {
  expect(r.status, r.text).toBe(200);
  expect(r.body.errors, r.text).toBeUndefined();
  return r.body.data[field];
}

/** A REST beneficiary: exactly the interface document's fields, in its order. */
function restOk(r: Reply) {
  expect(r.status, r.text).toBe(200);
  expect(r.headers.get('content-type')).toMatch(/^application\/json/);
  expect(Object.keys(r.body)).toEqual(REST_FIELDS);
  return r.body;
}

async function beneficiaryOf(s: Scenario, id: string) {
  return ok(await server.gql(s.client, GET, { id }), 'cryptoWalletBeneficiary');
}

/** A scenario, a customer, and a beneficiary at `address` (BLOCKED when the address is denied first). */
async function withBeneficiary(o: { blocked?: boolean; address?: string } = {}) {
  const s = await Scenario.create(server);
  const customerId = await s.customer();
  const address = o.address ?? randomEthAddress();
  if (o.blocked) await deny(address);
  const r = await s.beneficiary(customerId, { walletAddress: address });
  expect(r.status, r.text).toBe(200);
  return { s, customerId, address, id: r.body.walletBeneficiaryId as string };
}

/** The GraphQL view without the REST-only ordering: GraphQL's extra fields removed. */
const restView = (b: Record<string, unknown>) => Object.fromEntries(REST_FIELDS.map((f) => [f, b[f]]));

// ---------------------------------------------------------------------------------------------------

describe('creation events (§11.2)', () => {
  it('ACTIVE → wallet_beneficiary.active, sequence 1, data = the beneficiary as GraphQL renders it', async () => {
    const { s, id } = await withBeneficiary();
    const b = await beneficiaryOf(s, id);
    const events = await eventsOf(server, s.client, id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'wallet_beneficiary.active', resourceType: 'WALLET_BENEFICIARY', resourceId: id, customerId: b.customerId, sequence: 1, createdAt: b.createdAt });
    expect(events[0]!.data).toEqual(b);
  });

  it('a denied address → wallet_beneficiary.blocked, sequence 1', async () => {
    const { s, id } = await withBeneficiary({ blocked: true });
    expect(await eventTrail(server, s.client, id)).toEqual([['wallet_beneficiary.blocked', 1]]);
    expect((await eventsOf(server, s.client, id))[0]!.data).toMatchObject({ beneficiaryStatus: 'BLOCKED', screeningStatus: 'REJECTED' });
  });

  it('a refused create (duplicate) writes no event', async () => {
    const { s, customerId, address } = await withBeneficiary();
    const dup = await s.beneficiary(customerId, { walletAddress: address.toUpperCase().replace('0X', '0x') });
    expectRestProblem(dup, 409, 'DUPLICATE_WALLET_BENEFICIARY');
    const feed = ok(await server.gql(s.client, `query($c: UUID!) { events(customerId: $c) { items { type } } }`, { c: customerId }), 'events');
    // The customer's own event (§12.5), then the first create's; the refused one added none.
    expect(feed.items).toEqual([{ type: 'customer.unverified' }, { type: 'wallet_beneficiary.active' }]);
  });
});

describe('removeCryptoWalletBeneficiary (§10.9)', () => {
  it.each([
    ['ACTIVE', false],
    ['BLOCKED', true],
  ])('%s → REMOVED over REST: removedAt = updatedAt = now, everything else unchanged, event wallet_beneficiary.removed', async (from, blocked) => {
    const { s, id } = await withBeneficiary({ blocked });
    const before = await beneficiaryOf(s, id);
    expect(before.beneficiaryStatus).toBe(from);
    const r = restOk(await removeRest(s, id));
    expect(r).toEqual({ ...restView(before), beneficiaryStatus: 'REMOVED', removedAt: r.updatedAt, updatedAt: expect.stringMatching(ISO_MS) });
    expect(Date.parse(r.updatedAt)).toBeGreaterThanOrEqual(Date.parse(before.updatedAt));
    const after = await beneficiaryOf(s, id);
    expect(restView(after)).toEqual(r);
    const events = await eventsOf(server, s.client, id);
    expect(events.map((e) => [e.type, e.sequence])).toEqual([
      [`wallet_beneficiary.${from.toLowerCase()}`, 1],
      ['wallet_beneficiary.removed', 2],
    ]);
    expect(events[1]!.data).toEqual(after);
    expect(events[1]!.createdAt).toBe(r.updatedAt);
  });

  it('over GraphQL, the same; a REMOVED one again → 200 unchanged, no event (REST and GraphQL)', async () => {
    const { s, id } = await withBeneficiary();
    const removed = ok(await removeGql(s, id), 'removeCryptoWalletBeneficiary');
    expect(removed).toMatchObject({ beneficiaryStatus: 'REMOVED', screeningStatus: 'CLEARED', removedAt: removed.updatedAt });
    server.clock.advance(1_000);
    expect(ok(await removeGql(s, id), 'removeCryptoWalletBeneficiary')).toEqual(removed);
    const rest = restOk(await removeRest(s, id, { body: {} }));
    expect(rest).toEqual(restView(removed));
    expect(await beneficiaryOf(s, id)).toEqual(removed);
    expect(await eventTrail(server, s.client, id)).toEqual([
      ['wallet_beneficiary.active', 1],
      ['wallet_beneficiary.removed', 2],
    ]);
  });

  it('no route check: it works with the route disabled', async () => {
    const { s, id } = await withBeneficiary();
    await server.operator((db) => setRouteState(db, s.routeCode, false));
    try {
      expect(restOk(await removeRest(s, id)).beneficiaryStatus).toBe('REMOVED');
    } finally {
      await server.operator((db) => setRouteState(db, s.routeCode, true));
    }
  });

  it('unknown → 404 WALLET_BENEFICIARY_NOT_FOUND; another partner’s → 403 FORBIDDEN; not a UUID → 400; nothing changes', async () => {
    const { s, id } = await withBeneficiary();
    const unknown = randomUUID();
    expectRestProblem(await removeRest(s, unknown), 404, 'WALLET_BENEFICIARY_NOT_FOUND');
    expectGraphQLProblem(await removeGql(s, unknown), 404, 'WALLET_BENEFICIARY_NOT_FOUND');
    const b = await Scenario.create(server);
    expectRestProblem(await removeRest(b, id), 403, 'FORBIDDEN');
    expectGraphQLProblem(await removeGql(b, id), 403, 'FORBIDDEN');
    expectRestProblem(await server.request(s.client, 'POST', '/partner/v1/crypto/wallet-beneficiaries/nope/removal'), 400, 'VALIDATION_FAILED');
    expect((await beneficiaryOf(s, id)).beneficiaryStatus).toBe('ACTIVE');
    expect(await eventTrail(server, s.client, id)).toEqual([['wallet_beneficiary.active', 1]]);
  });

  it('REST body: absent, empty or {} are accepted; a member → 400 VALIDATION_FAILED naming it; the key is required', async () => {
    const { s, id } = await withBeneficiary();
    expectRestProblem(await removeRest(s, id, { body: { reason: 'x' } }), 400, 'VALIDATION_FAILED', '/reason');
    expectRestProblem(await removeRest(s, id, { idempotencyKey: null }), 400, 'IDEMPOTENCY_KEY_MISSING');
    expect((await beneficiaryOf(s, id)).beneficiaryStatus).toBe('ACTIVE');
    expect(restOk(await removeRest(s, id, { rawBody: '' })).beneficiaryStatus).toBe('REMOVED');
  });

  it('an idempotent replay answers the first response and writes nothing (across surfaces)', async () => {
    const { s, id } = await withBeneficiary();
    const key = randomUUID();
    const first = restOk(await removeRest(s, id, { idempotencyKey: key }));
    const again = await removeRest(s, id, { idempotencyKey: key });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first);
    const gql = await removeGql(s, id, { idempotencyKey: key });
    expect(gql.headers.get('idempotent-replayed')).toBe('true');
    expect(restView(ok(gql, 'removeCryptoWalletBeneficiary'))).toEqual(first);
    expect(await eventTrail(server, s.client, id)).toHaveLength(2);
  });

  it('the same address can be registered again after removal (duplicates compare ACTIVE ones only)', async () => {
    const { s, customerId, address, id } = await withBeneficiary();
    expect(restOk(await removeRest(s, id)).beneficiaryStatus).toBe('REMOVED');
    const again = await s.beneficiary(customerId, { walletAddress: address });
    expect(again.status, again.text).toBe(200);
    expect(again.body.beneficiaryStatus).toBe('ACTIVE');
    expect(again.body.walletBeneficiaryId).not.toBe(id);
    expect((await beneficiaryOf(s, id)).beneficiaryStatus).toBe('REMOVED');
  });
});

describe('syncCryptoWalletBeneficiary (§10.9)', () => {
  it('ACTIVE and still clear → ACTIVE/CLEARED, lastSyncedAt = updatedAt = now, event wallet_beneficiary.updated', async () => {
    const { s, id } = await withBeneficiary();
    const before = await beneficiaryOf(s, id);
    server.clock.advance(1_000);
    const r = restOk(await syncRest(s, id));
    expect(r).toEqual({ ...restView(before), lastSyncedAt: r.updatedAt, updatedAt: expect.stringMatching(ISO_MS) });
    expect(Date.parse(r.lastSyncedAt)).toBeGreaterThan(Date.parse(before.lastSyncedAt));
    const events = await eventsOf(server, s.client, id);
    expect(events.map((e) => [e.type, e.sequence])).toEqual([
      ['wallet_beneficiary.active', 1],
      ['wallet_beneficiary.updated', 2],
    ]);
    expect(events[1]!.data).toEqual(await beneficiaryOf(s, id));
    // Always an event: a second sync writes another.
    ok(await syncGql(s, id), 'syncCryptoWalletBeneficiary');
    expect((await eventTrail(server, s.client, id)).at(-1)).toEqual(['wallet_beneficiary.updated', 3]);
  });

  it('denied now → BLOCKED/REJECTED (.blocked); allowed again → ACTIVE/CLEARED (.active); removedAt stays null', async () => {
    const { s, id, address } = await withBeneficiary();
    await deny(address);
    const blocked = ok(await syncGql(s, id), 'syncCryptoWalletBeneficiary');
    expect(blocked).toMatchObject({ beneficiaryStatus: 'BLOCKED', screeningStatus: 'REJECTED', lastSyncedAt: blocked.updatedAt, removedAt: null });
    // Still denied: BLOCKED stays BLOCKED, an .updated event.
    expect(restOk(await syncRest(s, id)).beneficiaryStatus).toBe('BLOCKED');
    await allow(address);
    const active = restOk(await syncRest(s, id));
    expect(active).toMatchObject({ beneficiaryStatus: 'ACTIVE', screeningStatus: 'CLEARED', removedAt: null });
    expect(await eventTrail(server, s.client, id)).toEqual([
      ['wallet_beneficiary.active', 1],
      ['wallet_beneficiary.blocked', 2],
      ['wallet_beneficiary.updated', 3],
      ['wallet_beneficiary.active', 4],
    ]);
  });

  it('a BLOCKED one created while denied is cleared by sync once the entry is gone', async () => {
    const { s, id, address } = await withBeneficiary({ blocked: true });
    await allow(address);
    expect(ok(await syncGql(s, id), 'syncCryptoWalletBeneficiary')).toMatchObject({ beneficiaryStatus: 'ACTIVE', screeningStatus: 'CLEARED' });
  });

  it('REMOVED → 409 INVALID_STATE, no event (REST and GraphQL)', async () => {
    const { s, id } = await withBeneficiary();
    const removed = restOk(await removeRest(s, id));
    expectRestProblem(await syncRest(s, id), 409, 'INVALID_STATE');
    expectGraphQLProblem(await syncGql(s, id), 409, 'INVALID_STATE');
    expect(restView(await beneficiaryOf(s, id))).toEqual(removed);
    expect(await eventTrail(server, s.client, id)).toHaveLength(2);
  });

  it('clearing a BLOCKED one beside an ACTIVE twin of the same address → 409 DUPLICATE_WALLET_BENEFICIARY; it stays BLOCKED, no event', async () => {
    const { s, customerId, id, address } = await withBeneficiary({ blocked: true });
    await allow(address);
    const twin = await s.beneficiary(customerId, { walletAddress: address });
    expect(twin.status, twin.text).toBe(200);
    expect(twin.body.beneficiaryStatus).toBe('ACTIVE');
    const before = await beneficiaryOf(s, id);
    expectRestProblem(await syncRest(s, id), 409, 'DUPLICATE_WALLET_BENEFICIARY');
    expectGraphQLProblem(await syncGql(s, id), 409, 'DUPLICATE_WALLET_BENEFICIARY');
    expect(await beneficiaryOf(s, id)).toEqual(before);
    expect(await eventTrail(server, s.client, id)).toEqual([['wallet_beneficiary.blocked', 1]]);
    // With the twin removed, the sync clears it.
    restOk(await removeRest(s, twin.body.walletBeneficiaryId));
    expect(restOk(await syncRest(s, id)).beneficiaryStatus).toBe('ACTIVE');
  });

  it('no route check; unknown → 404; another partner’s → 403; a body member → 400', async () => {
    const { s, id } = await withBeneficiary();
    await server.operator((db) => setRouteState(db, s.routeCode, false));
    try {
      expect(restOk(await syncRest(s, id, { body: {} })).beneficiaryStatus).toBe('ACTIVE');
    } finally {
      await server.operator((db) => setRouteState(db, s.routeCode, true));
    }
    expectRestProblem(await syncRest(s, randomUUID()), 404, 'WALLET_BENEFICIARY_NOT_FOUND');
    const b = await Scenario.create(server);
    expectGraphQLProblem(await syncGql(b, id), 403, 'FORBIDDEN');
    expectRestProblem(await syncRest(s, id, { body: { force: true } }), 400, 'VALIDATION_FAILED', '/force');
  });
});

describe('cryptoWalletBeneficiaries (§9.3)', () => {
  /** Five beneficiaries a second apart (newest last): ACTIVE, BLOCKED, REMOVED, ACTIVE, BLOCKED. */
  async function roster() {
    const s = await Scenario.create(server);
    const customerId = await s.customer();
    const ids: string[] = [];
    for (const kind of ['ACTIVE', 'BLOCKED', 'REMOVED', 'ACTIVE', 'BLOCKED']) {
      server.clock.advance(1_000);
      const address = randomEthAddress();
      if (kind === 'BLOCKED') await deny(address);
      const r = await s.beneficiary(customerId, { walletAddress: address });
      expect(r.status, r.text).toBe(200);
      if (kind === 'REMOVED') restOk(await removeRest(s, r.body.walletBeneficiaryId));
      ids.push(r.body.walletBeneficiaryId);
    }
    return { s, customerId, ids };
  }
  const idsOf = (page: { items: { walletBeneficiaryId: string }[] }) => page.items.map((b) => b.walletBeneficiaryId);

  it('newest first, REMOVED ones included; pages of 2 walk every item once; GraphQL items are the by-id view', async () => {
    const { s, customerId, ids } = await roster();
    const all = ok(await server.gql(s.client, LIST, { customerId }), 'cryptoWalletBeneficiaries');
    expect(idsOf(all)).toEqual([...ids].reverse());
    expect(all.pageInfo).toEqual({ hasNextPage: false, endCursor: expect.any(String) });
    for (const item of all.items) expect(item).toEqual(await beneficiaryOf(s, item.walletBeneficiaryId));

    const seen: string[] = [];
    let after: string | null = null;
    for (let i = 0; i < 3; i++) {
      const page = ok(await server.gql(s.client, LIST, { customerId, first: 2, after }), 'cryptoWalletBeneficiaries');
      seen.push(...idsOf(page));
      expect(page.pageInfo.hasNextPage).toBe(i < 2);
      after = page.pageInfo.endCursor;
    }
    expect(seen).toEqual([...ids].reverse());
    // Past the end: an empty page keeps the cursor sent.
    const end = ok(await server.gql(s.client, LIST, { customerId, first: 2, after }), 'cryptoWalletBeneficiaries');
    expect(end).toEqual({ items: [], pageInfo: { hasNextPage: false, endCursor: after } });
  });

  it('REST: items carry exactly the interface document’s fields; limit and cursor page the same way', async () => {
    const { s, customerId, ids } = await roster();
    const path = `/partner/v1/customers/${customerId}/crypto/wallet-beneficiaries`;
    const first = await server.request(s.client, 'GET', `${path}?limit=3`);
    expect(first.status, first.text).toBe(200);
    expect(Object.keys(first.body)).toEqual(['items', 'pageInfo']);
    for (const item of first.body.items) expect(Object.keys(item)).toEqual(REST_FIELDS);
    expect(first.body.items.map((b: { walletBeneficiaryId: string }) => b.walletBeneficiaryId)).toEqual([ids[4], ids[3], ids[2]]);
    expect(first.body.items[0]).toEqual(restView(await beneficiaryOf(s, ids[4]!)));
    expect(first.body.pageInfo.hasNextPage).toBe(true);
    const next = await server.request(s.client, 'GET', `${path}?limit=3&cursor=${first.body.pageInfo.endCursor}`);
    expect(next.body.items.map((b: { walletBeneficiaryId: string }) => b.walletBeneficiaryId)).toEqual([ids[1], ids[0]]);
    expect(next.body.pageInfo.hasNextPage).toBe(false);
  });

  it('filters: beneficiaryStatuses (any of), blockchain; combined with AND', async () => {
    const { s, customerId, ids } = await roster();
    const list = async (vars: Record<string, unknown>) => idsOf(ok(await server.gql(s.client, LIST, { customerId, ...vars }), 'cryptoWalletBeneficiaries'));
    expect(await list({ beneficiaryStatuses: ['ACTIVE'] })).toEqual([ids[3], ids[0]]);
    expect(await list({ beneficiaryStatuses: ['BLOCKED', 'REMOVED'] })).toEqual([ids[4], ids[2], ids[1]]);
    expect(await list({ beneficiaryStatuses: ['ACTIVE', 'BLOCKED'] })).toEqual([ids[4], ids[3], ids[1], ids[0]]);
    expect(await list({ blockchain: 'ETH', beneficiaryStatuses: ['REMOVED'] })).toEqual([ids[2]]);
    expect(await list({ blockchain: 'TRON' })).toEqual([]);
    const rest = await server.request(s.client, 'GET', `/partner/v1/customers/${customerId}/crypto/wallet-beneficiaries?beneficiaryStatuses=REMOVED,ACTIVE&blockchain=ETH`);
    expect(rest.status, rest.text).toBe(200);
    expect(rest.body.items.map((b: { walletBeneficiaryId: string }) => b.walletBeneficiaryId)).toEqual([ids[3], ids[2], ids[0]]);
  });

  it('refusals: a value outside the set, [] or 21 values, a bad limit or cursor → 400 at the parameter; unknown customer → 404; another partner’s → 403', async () => {
    const { s, customerId } = await roster();
    const path = `/partner/v1/customers/${customerId}/crypto/wallet-beneficiaries`;
    expectGraphQLProblem(await server.gql(s.client, LIST, { customerId, beneficiaryStatuses: ['DELETED'] }), 400, 'VALIDATION_FAILED', '/beneficiaryStatuses');
    expectRestProblem(await server.request(s.client, 'GET', `${path}?beneficiaryStatuses=ACTIVE,DELETED`), 400, 'VALIDATION_FAILED', '/beneficiaryStatuses');
    expectGraphQLProblem(await server.gql(s.client, LIST, { customerId, beneficiaryStatuses: [] }), 400, 'VALIDATION_FAILED', '/beneficiaryStatuses');
    expectGraphQLProblem(
      await server.gql(s.client, LIST, { customerId, beneficiaryStatuses: Array.from({ length: 21 }, () => 'ACTIVE') }),
      400,
      'VALIDATION_FAILED',
      '/beneficiaryStatuses',
    );
    expectGraphQLProblem(await server.gql(s.client, LIST, { customerId, blockchain: 'DOGE' }), 400, 'VALIDATION_FAILED', '/blockchain');
    expectRestProblem(await server.request(s.client, 'GET', `${path}?blockchain=eth`), 400, 'VALIDATION_FAILED', '/blockchain');
    expectGraphQLProblem(await server.gql(s.client, LIST, { customerId, first: 101 }), 400, 'VALIDATION_FAILED', '/first');
    expectRestProblem(await server.request(s.client, 'GET', `${path}?limit=007`), 400, 'VALIDATION_FAILED', '/limit');
    expectRestProblem(await server.request(s.client, 'GET', `${path}?cursor=garbage!`), 400, 'VALIDATION_FAILED', '/cursor');
    expectRestProblem(await server.request(s.client, 'GET', `${path}?status=ACTIVE`), 400, 'VALIDATION_FAILED', '/status');
    const page = ok(await server.gql(s.client, LIST, { customerId, first: 1 }), 'cryptoWalletBeneficiaries');
    const other = await s.customer();
    expectGraphQLProblem(await server.gql(s.client, LIST, { customerId: other, after: page.pageInfo.endCursor }), 400, 'VALIDATION_FAILED', '/after');

    expectGraphQLProblem(await server.gql(s.client, LIST, { customerId: randomUUID() }), 404, 'CUSTOMER_NOT_FOUND');
    expectRestProblem(await server.request(s.client, 'GET', `/partner/v1/customers/${randomUUID()}/crypto/wallet-beneficiaries`), 404, 'CUSTOMER_NOT_FOUND');
    const b = await Scenario.create(server);
    expectGraphQLProblem(await server.gql(b.client, LIST, { customerId }), 403, 'FORBIDDEN');
    expectRestProblem(await server.request(b.client, 'GET', path), 403, 'FORBIDDEN');
  });
});
