// §10.5 withdrawal quotes: create (every check in order, both surfaces), and drafts that consume one
// (QUOTE_NOT_FOUND, FORBIDDEN, QUOTE_MISMATCH, QUOTE_ALREADY_USED, QUOTE_EXPIRED, the fee frozen), and
// §9.6's BENEFICIARY_REMOVED on drafts.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRouteState } from '../../../src/cli/operators.js';
import { Scenario, startTestServer, type TestServer } from '../../helpers/harness.js';
import { expectGraphQLProblem, expectProblem, expectRestProblem } from '../../helpers/problems.js';
import { DRAFT_MUTATION, eventsOf, QUOTE_FIELDS, QUOTE_MUTATION, Wd } from '../../helpers/withdrawals.js';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SANDBOX_STEP_DELAY_MS: '600000' });
});
afterAll(() => server.stop());

async function setup(route: Parameters<typeof Scenario.create>[1] = {}): Promise<Wd> {
  return Wd.create(await Scenario.create(server, route));
}

const quoteInput = (wd: Wd, o: Record<string, unknown> = {}) => ({ routeCode: wd.s.routeCode, amountMinor: '1500000', currency: 'USDT', currencyScale: 6, ...o });

function quoteRest(wd: Wd, input: unknown, o: { customerId?: string; idempotencyKey?: string } = {}) {
  return wd.rest('POST', `/partner/v1/customers/${o.customerId ?? wd.customerId}/crypto/withdrawal-quotes`, { body: input, idempotencyKey: o.idempotencyKey });
}

async function quote(wd: Wd, o: Record<string, unknown> = {}): Promise<Record<string, unknown> & { quoteId: string }> {
  const r = await quoteRest(wd, quoteInput(wd, o));
  expect(r.status, r.text).toBe(200);
  return r.body;
}

function draftRest(wd: Wd, o: Record<string, unknown>, idempotencyKey?: string) {
  return wd.rest('POST', `/partner/v1/customers/${wd.customerId}/crypto-withdrawals`, { body: wd.draftInput(o), idempotencyKey });
}

const setFee = (routeCode: string, fee: string) => server.db.run('UPDATE routes SET fee_amount_minor = ? WHERE route_code = ?', fee, routeCode);

describe('createCryptoWithdrawalQuote', () => {
  it('REST: 200 with every field; the fee is the route’s, expiresAt = createdAt + 60 s', async () => {
    const wd = await setup();
    const r = await quoteRest(wd, quoteInput(wd));
    expect(r.status, r.text).toBe(200);
    expect(Object.keys(r.body)).toEqual(QUOTE_FIELDS.split(' '));
    expect(r.body).toEqual({
      quoteId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      customerId: wd.customerId,
      routeCode: wd.s.routeCode,
      amountMinor: '1500000',
      currency: 'USDT',
      currencyScale: 6,
      withdrawalType: 1,
      feeAmountMinor: '2500',
      feeCurrency: 'USDT',
      totalAmountMinor: '1502500',
      expiresAt: expect.stringMatching(ISO),
      createdAt: expect.stringMatching(ISO),
    });
    expect(Date.parse(r.body.expiresAt) - Date.parse(r.body.createdAt)).toBe(60_000);
  });

  it('GraphQL: the same; withdrawalType given; nothing held, no funds needed, no event', async () => {
    const wd = await setup();
    const r = await wd.gql(QUOTE_MUTATION, { customerId: wd.customerId, input: quoteInput(wd, { withdrawalType: 2, amountMinor: '100' }) });
    expect(r.status, r.text).toBe(200);
    expect(r.body.errors).toBeUndefined();
    const q = r.body.data.createCryptoWithdrawalQuote;
    expect(q).toMatchObject({ withdrawalType: 2, amountMinor: '100', totalAmountMinor: '2600' });
    expect(await server.db.count('SELECT count(*) AS n FROM ledger_transactions WHERE customer_id = ?', wd.customerId)).toBe(0);
    expect(await server.db.count('SELECT count(*) AS n FROM events WHERE resource_id = ?', q.quoteId)).toBe(0);
  });

  it('an idempotent replay returns the same quote', async () => {
    const wd = await setup();
    const key = randomUUID();
    const a = await quoteRest(wd, quoteInput(wd), { idempotencyKey: key });
    const b = await quoteRest(wd, quoteInput(wd), { idempotencyKey: key });
    expect(b.status).toBe(200);
    expect(b.headers.get('idempotent-replayed')).toBe('true');
    expect(b.body).toEqual(a.body);
  });

  it('WITHDRAWAL_QUOTE_TTL_SECONDS sets the lifetime', async () => {
    const other = await startTestServer({ WITHDRAWAL_QUOTE_TTL_SECONDS: '5' });
    try {
      const s = await Scenario.create(other);
      const customerId = await s.customer();
      const r = await other.request(s.client, 'POST', `/partner/v1/customers/${customerId}/crypto/withdrawal-quotes`, {
        body: { routeCode: s.routeCode, amountMinor: '1000', currency: 'USDT', currencyScale: 6 },
      });
      expect(r.status, r.text).toBe(200);
      expect(Date.parse(r.body.expiresAt) - Date.parse(r.body.createdAt)).toBe(5000);
    } finally {
      await other.stop();
    }
  });

  describe('checks, in order', () => {
    const shape: [string, Record<string, unknown>, string][] = [
      ['routeCode empty', { routeCode: '' }, '/routeCode'],
      ['amountMinor not digits', { amountMinor: '1.5' }, '/amountMinor'],
      ['amountMinor leading zero', { amountMinor: '0100' }, '/amountMinor'],
      ['currency empty', { currency: '' }, '/currency'],
      ['currencyScale 37', { currencyScale: 37 }, '/currencyScale'],
      ['withdrawalType unknown', { withdrawalType: 77 }, '/withdrawalType'],
    ];
    for (const [name, o, pointer] of shape)
      it(`400 VALIDATION_FAILED: ${name} (before the customer)`, async () => {
        const wd = await setup();
        expectRestProblem(await quoteRest(wd, quoteInput(wd, o), { customerId: randomUUID() }), 400, 'VALIDATION_FAILED', pointer);
      });

    it('a member the input does not have → 400 naming it', async () => {
      const wd = await setup();
      expectRestProblem(await quoteRest(wd, { ...quoteInput(wd), feeAmountMinor: '0' }), 400, 'VALIDATION_FAILED', '/feeAmountMinor');
    });

    it('unknown customer → 404 CUSTOMER_NOT_FOUND (before the route)', async () => {
      const wd = await setup();
      expectRestProblem(await quoteRest(wd, quoteInput(wd, { routeCode: 'NOPE' }), { customerId: randomUUID() }), 404, 'CUSTOMER_NOT_FOUND');
    });

    it("another partner's customer → 403 FORBIDDEN, on both surfaces", async () => {
      const wd = await setup();
      const other = await setup();
      expectRestProblem(await quoteRest(wd, quoteInput(wd), { customerId: other.customerId }), 403, 'FORBIDDEN');
      const g = await wd.gql(QUOTE_MUTATION, { customerId: other.customerId, input: quoteInput(wd) });
      expectGraphQLProblem(g, 403, 'FORBIDDEN');
    });

    it('unknown, disabled or unmapped route → 403 ROUTE_NOT_PERMITTED (before currency)', async () => {
      const wd = await setup();
      expectRestProblem(await quoteRest(wd, quoteInput(wd, { routeCode: 'NOPE', currency: 'BTC' })), 403, 'ROUTE_NOT_PERMITTED');
      const other = await setup();
      expectRestProblem(await quoteRest(wd, quoteInput(wd, { routeCode: other.s.routeCode })), 403, 'ROUTE_NOT_PERMITTED');
      await server.operator((db) => setRouteState(db, wd.s.routeCode, false));
      expectRestProblem(await quoteRest(wd, quoteInput(wd)), 403, 'ROUTE_NOT_PERMITTED');
    });

    it("currency or scale other than the route's → 400 VALIDATION_FAILED (before the bounds)", async () => {
      const wd = await setup();
      expectRestProblem(await quoteRest(wd, quoteInput(wd, { currency: 'USDC', amountMinor: '1' })), 400, 'VALIDATION_FAILED', '/currency');
      expectRestProblem(await quoteRest(wd, quoteInput(wd, { currencyScale: 2, amountMinor: '1' })), 400, 'VALIDATION_FAILED', '/currencyScale');
    });

    for (const amountMinor of ['0', '99', '1000000001'])
      it(`amountMinor ${amountMinor} → 400 AMOUNT_OUT_OF_RANGE`, async () => {
        const wd = await setup();
        expectRestProblem(await quoteRest(wd, quoteInput(wd, { amountMinor })), 400, 'AMOUNT_OUT_OF_RANGE', '/amountMinor');
      });

    it('bounds are inclusive', async () => {
      const wd = await setup();
      expect((await quoteRest(wd, quoteInput(wd, { amountMinor: '100' }))).status).toBe(200);
      expect((await quoteRest(wd, quoteInput(wd, { amountMinor: '1000000000' }))).status).toBe(200);
    });
  });
});

describe('drafts with a quote', () => {
  it('the fee is the quote’s even after the route’s changed; quoteId on the withdrawal; the quote is used; event approved', async () => {
    const wd = await setup();
    const q = await quote(wd);
    await setFee(wd.s.routeCode, '9999');
    const w = await wd.draft({ quoteId: q.quoteId });
    expect(w).toMatchObject({ feeAmountMinor: '2500', status: 'APPROVED' });
    expect(w).not.toHaveProperty('quoteId'); // REST keeps the document's fields (D15)
    const view = await wd.view(w.withdrawalId);
    expect(view).toMatchObject({ quoteId: q.quoteId, submittedAt: null, completedAt: null });
    expect(await server.db.get('SELECT used_by_withdrawal_id AS used FROM withdrawal_quotes WHERE quote_id = ?', q.quoteId)).toEqual({ used: w.withdrawalId });
    const events = await eventsOf(server, w.withdrawalId);
    expect(events.map((e) => [e.type, e.sequence])).toEqual([['crypto_withdrawal.approved', 1]]);
    expect(events[0]!.data).toEqual(view);
    // Without a quote, the route's fee as it is now.
    expect((await wd.draft()).feeAmountMinor).toBe('9999');
  });

  it('GraphQL: the same', async () => {
    const wd = await setup();
    const q = await quote(wd, { withdrawalType: 2 });
    const r = await wd.gql(DRAFT_MUTATION, { customerId: wd.customerId, input: wd.draftInput({ quoteId: q.quoteId, withdrawalType: 2 }) });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.createCryptoWithdrawalApprovalDraft).toMatchObject({ quoteId: q.quoteId, withdrawalType: 2, feeAmountMinor: '2500' });
  });

  it('unknown quote → 404 QUOTE_NOT_FOUND, after the beneficiary, before the route', async () => {
    const wd = await setup();
    expectRestProblem(await draftRest(wd, { quoteId: randomUUID() }), 404, 'QUOTE_NOT_FOUND');
    expectRestProblem(await draftRest(wd, { quoteId: randomUUID(), routeCode: 'NOPE' }), 404, 'QUOTE_NOT_FOUND');
    expectRestProblem(await draftRest(wd, { quoteId: randomUUID(), walletBeneficiaryId: randomUUID() }), 404, 'WALLET_BENEFICIARY_NOT_FOUND');
    expectGraphQLProblem(await wd.gql(DRAFT_MUTATION, { customerId: wd.customerId, input: wd.draftInput({ quoteId: randomUUID() }) }), 404, 'QUOTE_NOT_FOUND');
  });

  it("another partner's quote → 403 FORBIDDEN", async () => {
    const wd = await setup();
    const other = await setup();
    const q = await quote(other);
    expectRestProblem(await draftRest(wd, { quoteId: q.quoteId }), 403, 'FORBIDDEN');
  });

  it('a quote id not a UUID → 400', async () => {
    const wd = await setup();
    expectRestProblem(await draftRest(wd, { quoteId: 'q-1' }), 400, 'VALIDATION_FAILED', '/quoteId');
  });

  describe('409 QUOTE_MISMATCH', () => {
    it('another customer of the same partner', async () => {
      const wd = await setup();
      const otherCustomer = await Wd.create(wd.s);
      const q = await quote(otherCustomer);
      expectRestProblem(await draftRest(wd, { quoteId: q.quoteId }), 409, 'QUOTE_MISMATCH');
    });

    it('another route of the partner', async () => {
      const wd = await setup();
      const route2 = await server.newRoute(wd.s.client);
      const q = await quote(wd, { routeCode: route2 });
      expectRestProblem(await draftRest(wd, { quoteId: q.quoteId }), 409, 'QUOTE_MISMATCH');
    });

    it('another amount', async () => {
      const wd = await setup();
      const q = await quote(wd);
      expectRestProblem(await draftRest(wd, { quoteId: q.quoteId, amountMinor: '1500001' }), 409, 'QUOTE_MISMATCH');
    });

    it('another withdrawalType (default 1 on both sides)', async () => {
      const wd = await setup();
      const q = await quote(wd, { withdrawalType: 2 });
      expectRestProblem(await draftRest(wd, { quoteId: q.quoteId }), 409, 'QUOTE_MISMATCH');
      const q1 = await quote(wd);
      expectRestProblem(await draftRest(wd, { quoteId: q1.quoteId, withdrawalType: 2 }), 409, 'QUOTE_MISMATCH');
      expect((await draftRest(wd, { quoteId: q1.quoteId, withdrawalType: 1 })).status).toBe(200);
    });

    it('currency and scale, after an operator changed the route', async () => {
      const wd = await setup();
      const q = await quote(wd);
      await server.db.run("UPDATE routes SET currency = 'USDC' WHERE route_code = ?", wd.s.routeCode);
      expectRestProblem(await draftRest(wd, { quoteId: q.quoteId, currency: 'USDC' }), 409, 'QUOTE_MISMATCH');
      const wd2 = await setup();
      const q2 = await quote(wd2);
      await server.db.run('UPDATE routes SET currency_scale = 8 WHERE route_code = ?', wd2.s.routeCode);
      expectRestProblem(await draftRest(wd2, { quoteId: q2.quoteId, currencyScale: 8 }), 409, 'QUOTE_MISMATCH');
      // Routes of one currency share one scale (§10.2): later suites' USDT routes are scale 6.
      await server.db.run('UPDATE routes SET currency_scale = 6 WHERE route_code = ?', wd2.s.routeCode);
    });
  });

  it('the route’s bounds as they are at draft time apply, quote or not → 400 AMOUNT_OUT_OF_RANGE', async () => {
    const wd = await setup();
    const q = await quote(wd);
    await server.db.run("UPDATE routes SET max_amount_minor = '1000000' WHERE route_code = ?", wd.s.routeCode);
    expectRestProblem(await draftRest(wd, { quoteId: q.quoteId }), 400, 'AMOUNT_OUT_OF_RANGE');
  });

  it('§4.4’s 409 checks come before the quote’s: DUPLICATE_CLIENT_REFERENCE over QUOTE_MISMATCH', async () => {
    const wd = await setup();
    const w = await wd.draft({ clientReference: 'ref-1' });
    expect(w.status).toBe('APPROVED');
    const q = await quote(wd);
    expectRestProblem(await draftRest(wd, { quoteId: q.quoteId, clientReference: 'ref-1', amountMinor: '1234' }), 409, 'DUPLICATE_CLIENT_REFERENCE');
  });

  it('used by another withdrawal → 409 QUOTE_ALREADY_USED; the first draft’s replay is still a replay', async () => {
    const wd = await setup();
    const q = await quote(wd);
    const key = randomUUID();
    const input = wd.draftInput({ quoteId: q.quoteId });
    const path = `/partner/v1/customers/${wd.customerId}/crypto-withdrawals`;
    const first = await wd.rest('POST', path, { body: input, idempotencyKey: key });
    expect(first.status, first.text).toBe(200);
    expectRestProblem(await draftRest(wd, { quoteId: q.quoteId }), 409, 'QUOTE_ALREADY_USED');
    const replay = await wd.rest('POST', path, { body: input, idempotencyKey: key });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
  });

  it('mismatch before already used; already used before expired', async () => {
    const wd = await setup();
    const q = await quote(wd);
    expect((await draftRest(wd, { quoteId: q.quoteId })).status).toBe(200);
    server.clock.advance(61_000);
    expectRestProblem(await draftRest(wd, { quoteId: q.quoteId, amountMinor: '777' }), 409, 'QUOTE_MISMATCH');
    expectRestProblem(await draftRest(wd, { quoteId: q.quoteId }), 409, 'QUOTE_ALREADY_USED');
  });

  it('server time ≥ expiresAt → 409 QUOTE_EXPIRED; just before, accepted; a replay after expiry is a replay', async () => {
    const wd = await setup();
    const early = await quote(wd);
    const late = await quote(wd);
    server.clock.advance(58_000);
    const key = randomUUID();
    const input = wd.draftInput({ quoteId: early.quoteId });
    const path = `/partner/v1/customers/${wd.customerId}/crypto-withdrawals`;
    const first = await wd.rest('POST', path, { body: input, idempotencyKey: key });
    expect(first.status, first.text).toBe(200);
    server.clock.advance(2_000);
    const expired = await draftRest(wd, { quoteId: late.quoteId });
    expectRestProblem(expired, 409, 'QUOTE_EXPIRED');
    expectGraphQLProblem(await wd.gql(DRAFT_MUTATION, { customerId: wd.customerId, input: wd.draftInput({ quoteId: late.quoteId }) }), 409, 'QUOTE_EXPIRED');
    const replay = await wd.rest('POST', path, { body: input, idempotencyKey: key });
    expect(replay.status, replay.text).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await server.db.get('SELECT used_by_withdrawal_id AS used FROM withdrawal_quotes WHERE quote_id = ?', late.quoteId)).toEqual({ used: null });
  });

  it('drafts racing for one quote: exactly one succeeds, the others 409 QUOTE_ALREADY_USED', async () => {
    const wd = await setup();
    const q = await quote(wd);
    const replies = await Promise.all(Array.from({ length: 6 }, () => draftRest(wd, { quoteId: q.quoteId })));
    const ok = replies.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    for (const r of replies.filter((x) => x.status !== 200)) expectProblem(r, 409, 'QUOTE_ALREADY_USED');
    expect(await server.db.count('SELECT count(*) AS n FROM crypto_withdrawals WHERE quote_id = ?', q.quoteId)).toBe(1);
  });
});

describe('§9.6 BENEFICIARY_REMOVED on drafts', () => {
  it('a REMOVED beneficiary → 409 BENEFICIARY_REMOVED (not BENEFICIARY_NOT_ACTIVE)', async () => {
    const wd = await setup();
    await server.db.run("UPDATE wallet_beneficiaries SET beneficiary_status = 'REMOVED', removed_at = ? WHERE wallet_beneficiary_id = ?", new Date().toISOString(), wd.beneficiaryId);
    expectRestProblem(await draftRest(wd, {}), 409, 'BENEFICIARY_REMOVED');
    expectGraphQLProblem(await wd.gql(DRAFT_MUTATION, { customerId: wd.customerId, input: wd.draftInput() }), 409, 'BENEFICIARY_REMOVED');
  });
});
