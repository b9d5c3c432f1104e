// §9.3 / §9.5 cryptoWithdrawals: GET /partner/v1/customers/{customerId}/crypto-withdrawals (the draft's
// path) and the GraphQL list — order, pages, filters, refusals; REST items with the document's fields.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRYPTO_WITHDRAWAL_REST_FIELDS } from '../../../src/modules/withdrawals/rules.js';
import { Scenario, startTestServer, type TestServer } from '../../helpers/harness.js';
import { expectGraphQLProblem, expectRestProblem } from '../../helpers/problems.js';
import { fund, WITHDRAWAL_ALL_FIELDS, Wd } from '../../helpers/withdrawals.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SANDBOX_STEP_DELAY_MS: '600000' });
});
afterAll(() => server.stop());

const LIST = `query($customerId: UUID!, $first: Int, $after: String, $statuses: [String!], $routeCode: String, $walletBeneficiaryId: UUID, $clientReference: String, $createdFrom: DateTime, $createdBefore: DateTime) {
  cryptoWithdrawals(customerId: $customerId, first: $first, after: $after, statuses: $statuses, routeCode: $routeCode, walletBeneficiaryId: $walletBeneficiaryId, clientReference: $clientReference, createdFrom: $createdFrom, createdBefore: $createdBefore) {
    items { ${WITHDRAWAL_ALL_FIELDS} } pageInfo { hasNextPage endCursor } } }`;

type W = Record<string, unknown> & { withdrawalId: string; createdAt?: string };

/** §9.3: createdAt descending, then id descending. */
const newestFirst = (ws: { withdrawalId: string; createdAt: string }[]) =>
  [...ws].sort((a, b) => (a.createdAt === b.createdAt ? (a.withdrawalId < b.withdrawalId ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1));

let wd: Wd;
let all: W[];
let other: Wd;

beforeAll(async () => {
  const s = await Scenario.create(server);
  wd = await Wd.create(s);
  all = [];
  for (let i = 0; i < 5; i++) {
    all.push(await wd.draft({ amountMinor: String(1000 + i), clientReference: `ref-${i}` }));
    server.clock.advance(i === 2 ? 0 : 10); // two share a createdAt at most: ids break the tie
  }
  await fund(s, wd.customerId, '10000');
  expect((await wd.submitRest(all[1]!.withdrawalId)).status).toBe(200);
  all[1] = { ...all[1]!, status: 'SUBMITTED' };
  other = await Wd.create(await Scenario.create(server));
  await other.draft();
});

const list = (q = '', customerId = wd.customerId, o: Parameters<Wd['rest']>[2] = {}) =>
  wd.rest('GET', `/partner/v1/customers/${customerId}/crypto-withdrawals${q ? `?${q}` : ''}`, o);

describe('REST', () => {
  it('newest first, items with exactly the document’s fields', async () => {
    const r = await list();
    expect(r.status, r.text).toBe(200);
    expect(Object.keys(r.body)).toEqual(['items', 'pageInfo']);
    const expected = newestFirst(all as { withdrawalId: string; createdAt: string }[]).map((w) => w.withdrawalId);
    expect(r.body.items.map((w: W) => w.withdrawalId)).toEqual(expected);
    for (const item of r.body.items) expect(Object.keys(item)).toEqual([...CRYPTO_WITHDRAWAL_REST_FIELDS]);
    const get = await wd.rest('GET', `/partner/v1/crypto/withdrawals/${all[1]!.withdrawalId}`);
    expect(r.body.items.find((w: W) => w.withdrawalId === all[1]!.withdrawalId)).toEqual(get.body);
    expect(r.body.pageInfo).toEqual({ hasNextPage: false, endCursor: expect.any(String) });
  });

  it('pages of 2: every item once; an empty last page keeps the cursor', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    for (;;) {
      const r = await list(`limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(r.status, r.text).toBe(200);
      seen.push(...r.body.items.map((w: W) => w.withdrawalId));
      pages++;
      if (!r.body.pageInfo.hasNextPage) {
        cursor = r.body.pageInfo.endCursor;
        break;
      }
      cursor = r.body.pageInfo.endCursor;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(newestFirst(all as { withdrawalId: string; createdAt: string }[]).map((w) => w.withdrawalId));
    const empty = await list(`cursor=${cursor}`);
    expect(empty.body).toEqual({ items: [], pageInfo: { hasNextPage: false, endCursor: cursor } });
  });

  it('filters: statuses, routeCode, walletBeneficiaryId, clientReference, created range', async () => {
    const ids = async (q: string) => ((await list(q)).body.items as W[]).map((w) => w.withdrawalId);
    expect(await ids('statuses=SUBMITTED')).toEqual([all[1]!.withdrawalId]);
    expect((await ids('statuses=SUBMITTED,APPROVED')).length).toBe(5);
    expect(await ids('statuses=COMPLETED')).toEqual([]);
    expect((await ids(`routeCode=${wd.s.routeCode}`)).length).toBe(5);
    expect(await ids('routeCode=NOPE')).toEqual([]);
    expect((await ids(`walletBeneficiaryId=${wd.beneficiaryId}`)).length).toBe(5);
    expect(await ids(`walletBeneficiaryId=${randomUUID()}`)).toEqual([]);
    expect(await ids('clientReference=ref-3')).toEqual([all[3]!.withdrawalId]);
    const created = all.map((w) => w.createdAt as string).sort();
    const inRange = await ids(`createdFrom=${created[1]}&createdBefore=${created[4]}`);
    expect(inRange.sort()).toEqual(all.filter((w) => (w.createdAt as string) >= created[1]! && (w.createdAt as string) < created[4]!).map((w) => w.withdrawalId).sort());
    expect(await ids(`createdFrom=${created[4]}&createdBefore=${created[0]}`)).toEqual([]);
  });

  it('a status outside the set → 400 /statuses; [] never reaches REST as an empty value; limit, cursor, unknown parameters', async () => {
    expectRestProblem(await list('statuses=SUBMITTED,CANCELLED'), 400, 'VALIDATION_FAILED', '/statuses');
    expectRestProblem(await list('statuses=submitted'), 400, 'VALIDATION_FAILED', '/statuses');
    expectRestProblem(await list('limit=0'), 400, 'VALIDATION_FAILED', '/limit');
    expectRestProblem(await list('limit=101'), 400, 'VALIDATION_FAILED', '/limit');
    expectRestProblem(await list('cursor=abc'), 400, 'VALIDATION_FAILED', '/cursor');
    expectRestProblem(await list('status=APPROVED'), 400, 'VALIDATION_FAILED', '/status');
    const otherCursor = (await other.rest('GET', `/partner/v1/customers/${other.customerId}/crypto-withdrawals`)).body.pageInfo.endCursor;
    expectRestProblem(await list(`cursor=${otherCursor}`), 400, 'VALIDATION_FAILED', '/cursor');
  });

  it('customer: unknown → 404 CUSTOMER_NOT_FOUND; another partner’s → 403 FORBIDDEN; shape first', async () => {
    expectRestProblem(await list('', randomUUID()), 404, 'CUSTOMER_NOT_FOUND');
    expectRestProblem(await list('', other.customerId), 403, 'FORBIDDEN');
    expectRestProblem(await list('statuses=X', randomUUID()), 400, 'VALIDATION_FAILED', '/statuses');
  });

  it('an Idempotency-Key on the GET → 400 IDEMPOTENCY_SCOPE_INVALID; the path answers GET and POST only', async () => {
    expectRestProblem(await list('', wd.customerId, { idempotencyKey: randomUUID() }), 400, 'IDEMPOTENCY_SCOPE_INVALID');
    const r = await wd.rest('PUT', `/partner/v1/customers/${wd.customerId}/crypto-withdrawals`, { idempotencyKey: null });
    expectRestProblem(r, 405, 'METHOD_NOT_ALLOWED');
    expect((r.headers.get('allow') ?? '').split(/,\s*/).sort()).toEqual(['GET', 'POST']);
  });
});

describe('GraphQL', () => {
  it('the same list with every GraphQL field', async () => {
    const r = await wd.gql(LIST, { customerId: wd.customerId, first: 3 });
    expect(r.status, r.text).toBe(200);
    const page = r.body.data.cryptoWithdrawals;
    expect(page.items).toHaveLength(3);
    expect(page.pageInfo.hasNextPage).toBe(true);
    expect(page.items[0]).toEqual(await wd.view(page.items[0].withdrawalId));
    const next = await wd.gql(LIST, { customerId: wd.customerId, after: page.pageInfo.endCursor });
    expect(next.body.data.cryptoWithdrawals.items).toHaveLength(2);
  });

  it('statuses outside the set or [] → 400 /statuses; another partner’s customer → FORBIDDEN', async () => {
    expectGraphQLProblem(await wd.gql(LIST, { customerId: wd.customerId, statuses: ['NOPE'] }), 400, 'VALIDATION_FAILED', '/statuses');
    expectGraphQLProblem(await wd.gql(LIST, { customerId: wd.customerId, statuses: [] }), 400, 'VALIDATION_FAILED', '/statuses');
    expectGraphQLProblem(await wd.gql(LIST, { customerId: wd.customerId, first: 0 }), 400, 'VALIDATION_FAILED', '/first');
    expectGraphQLProblem(await wd.gql(LIST, { customerId: other.customerId }), 403, 'FORBIDDEN');
  });
});
