// §14.2 fiatWithdrawal and fiatWithdrawals on both surfaces: the by-id read (unknown → null / 404
// NOT_FOUND, another partner's → 403), the list's filters (§9.3: statuses, rail, bankAccountId,
// clientReference, the createdAt range), its order and pages; the idempotent replay of a draft (§3); and
// §17.2: a frontend session reads its own customer's fiat withdrawals, read-only.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/harness.js';
import { FIAT_WITHDRAWAL_FIELDS, FiatWd, WITHDRAWAL_QUERY } from '../../helpers/fiat-withdrawals.js';
import { asBrowser, gqlAsBrowser, openSessionRecord, registerOrigin } from '../../helpers/frontend.js';
import { expectGraphQLProblem, expectRestProblem } from '../../helpers/problems.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const LIST_QUERY = `query($customerId: UUID!, $first: Int, $after: String, $statuses: [PartnerFiatWithdrawalStatus!], $rail: FiatRail, $bankAccountId: UUID,
  $clientReference: String, $createdFrom: DateTime, $createdBefore: DateTime) {
  fiatWithdrawals(customerId: $customerId, first: $first, after: $after, statuses: $statuses, rail: $rail, bankAccountId: $bankAccountId,
    clientReference: $clientReference, createdFrom: $createdFrom, createdBefore: $createdBefore) { items { ${FIAT_WITHDRAWAL_FIELDS} } pageInfo { hasNextPage endCursor } } }`;

describe('fiatWithdrawal and fiatWithdrawals', () => {
  it('by id on both surfaces; unknown: null / 404 NOT_FOUND; another partner’s: 403 FORBIDDEN', async () => {
    const w = await FiatWd.create(server);
    const other = await FiatWd.create(server);
    const d = await w.draft({ clientReference: 'r1' });
    expect(await w.get(d.fiatWithdrawalId)).toEqual(d);
    expect((await w.gql(WITHDRAWAL_QUERY, { id: d.fiatWithdrawalId })).body.data.fiatWithdrawal).toEqual(d);
    expect((await w.gql(WITHDRAWAL_QUERY, { id: randomUUID() })).body.data.fiatWithdrawal).toBeNull();
    expectRestProblem(await w.rest('GET', `/partner/v1/fiat/withdrawals/${randomUUID()}`), 404, 'NOT_FOUND');
    expectRestProblem(await other.rest('GET', `/partner/v1/fiat/withdrawals/${d.fiatWithdrawalId}`), 403, 'FORBIDDEN');
    expectGraphQLProblem(await other.gql(WITHDRAWAL_QUERY, { id: d.fiatWithdrawalId }), 403, 'FORBIDDEN', { data: 'null-fields' });
  });

  it('the list: newest first, each filter narrows, pages; a bankAccountId that is not a UUID → 400; another partner’s customer → 403', async () => {
    const w = await FiatWd.create(server);
    await w.fund('100000');
    await w.fund('100000', 'USD');
    const a = await w.draft({ clientReference: 'a' });
    server.clock.advance(1000);
    const b = await w.submitted({ rail: 'ACH', bankAccountId: w.us, currency: 'USD', clientReference: 'b' });
    server.clock.advance(1000);
    const c = await w.submitted({ clientReference: 'c' });
    const base = `/partner/v1/customers/${w.customerId}/fiat/withdrawals`;
    const ids = async (query: string) => {
      const r = await w.rest('GET', `${base}${query}`);
      expect(r.status, r.text).toBe(200);
      return r.body.items.map((x: { fiatWithdrawalId: string }) => x.fiatWithdrawalId);
    };
    expect(await ids('')).toEqual([c.fiatWithdrawalId, b.fiatWithdrawalId, a.fiatWithdrawalId]);
    expect(await ids('?statuses=SUBMITTED')).toEqual([c.fiatWithdrawalId, b.fiatWithdrawalId]);
    expect(await ids('?statuses=APPROVED')).toEqual([a.fiatWithdrawalId]);
    expect(await ids('?rail=ACH')).toEqual([b.fiatWithdrawalId]);
    expect(await ids(`?bankAccountId=${w.iban}`)).toEqual([c.fiatWithdrawalId, a.fiatWithdrawalId]);
    expect(await ids('?clientReference=b')).toEqual([b.fiatWithdrawalId]);
    expect(await ids(`?createdFrom=${encodeURIComponent(b.createdAt)}&createdBefore=${encodeURIComponent(c.createdAt)}`)).toEqual([b.fiatWithdrawalId]);
    expect(await ids(`?bankAccountId=${randomUUID()}`)).toEqual([]);
    const page = await w.gql(LIST_QUERY, { customerId: w.customerId, first: 2 });
    const first = page.body.data.fiatWithdrawals;
    expect(first.items.map((x: { fiatWithdrawalId: string }) => x.fiatWithdrawalId)).toEqual([c.fiatWithdrawalId, b.fiatWithdrawalId]);
    expect(first.items[0]).toEqual(await w.get(c.fiatWithdrawalId));
    expect(first.pageInfo.hasNextPage).toBe(true);
    const next = (await w.gql(LIST_QUERY, { customerId: w.customerId, first: 2, after: first.pageInfo.endCursor })).body.data.fiatWithdrawals;
    expect(next.items.map((x: { fiatWithdrawalId: string }) => x.fiatWithdrawalId)).toEqual([a.fiatWithdrawalId]);
    expect(next.pageInfo.hasNextPage).toBe(false);
    expectRestProblem(await w.rest('GET', `${base}?bankAccountId=not-a-uuid`), 400, 'VALIDATION_FAILED');
    expectRestProblem(await w.rest('GET', `${base}?rail=SWIFT`), 400, 'VALIDATION_FAILED');
    const other = await FiatWd.create(server);
    expectRestProblem(await other.rest('GET', base), 403, 'FORBIDDEN');
  });

  it('§3: a draft replayed under its Idempotency-Key answers the first answer; the same key with another body is 409', async () => {
    const w = await FiatWd.create(server);
    const input = w.draftInput({ clientReference: 'idem' });
    const key = randomUUID();
    const first = await w.draftRest(input, { idempotencyKey: key });
    expect(first.status, first.text).toBe(200);
    const again = await w.draftRest(input, { idempotencyKey: key });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await server.db.count('SELECT count(*) AS n FROM fiat_withdrawals WHERE customer_id = ?', w.customerId)).toBe(1);
    expectRestProblem(await w.draftRest({ ...input, amountMinor: '10001' }, { idempotencyKey: key }), 409, 'IDEMPOTENCY_KEY_REUSED');
  });
});

describe('§17.2 a frontend session’s fiat withdrawal reads', () => {
  const ORIGIN = 'https://app.example.com';

  it('its customer’s withdrawals as the partner sees them; another customer’s 403; the mutations read-only', async () => {
    const w = await FiatWd.create(server);
    const d = await w.draft();
    const sibling = await FiatWd.forCustomer(w.s, await w.s.customer());
    const theirs = await sibling.draft();
    await registerOrigin(server, w.s.client.clientId, ORIGIN);
    const session = await openSessionRecord(server, w.s.client.clientId, w.customerId, ORIGIN);
    for (const path of [`/partner/v1/customers/${w.customerId}/fiat/withdrawals`, `/partner/v1/fiat/withdrawals/${d.fiatWithdrawalId}`]) {
      const mine = await asBrowser(server, session, 'GET', path);
      expect(mine.status, mine.text).toBe(200);
      expect(mine.body).toEqual((await w.rest('GET', path)).body);
    }
    for (const path of [`/partner/v1/customers/${sibling.customerId}/fiat/withdrawals`, `/partner/v1/fiat/withdrawals/${theirs.fiatWithdrawalId}`])
      expectRestProblem(await asBrowser(server, session, 'GET', path), 403, 'FORBIDDEN');
    expect((await gqlAsBrowser(server, session, WITHDRAWAL_QUERY, { id: d.fiatWithdrawalId })).body.data.fiatWithdrawal).toEqual(d);
    expectGraphQLProblem(await gqlAsBrowser(server, session, WITHDRAWAL_QUERY, { id: theirs.fiatWithdrawalId }), 403, 'FORBIDDEN', { data: 'null-fields' });
    expectRestProblem(await asBrowser(server, session, 'POST', `/partner/v1/fiat/withdrawals/${d.fiatWithdrawalId}/submission`, { body: w.submitInput(d.fiatWithdrawalId) }), 403, 'FRONTEND_SESSION_READ_ONLY');
    expectRestProblem(await asBrowser(server, session, 'POST', `/partner/v1/customers/${w.customerId}/fiat/withdrawal-quotes`, { body: w.quoteInput() }), 403, 'FRONTEND_SESSION_READ_ONLY');
  });
});
