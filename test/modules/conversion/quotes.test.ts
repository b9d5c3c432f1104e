// §13.2 conversion quotes: createConversionQuote on both surfaces (every check in §13.2's order, the
// vectors' figures, nothing held, no event), conversionQuote and conversionQuotes (EXPIRED computed).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/harness.js';
import { expectGraphQLProblem, expectProblem, expectRestProblem, pointersOf } from '../../helpers/problems.js';
import { Fx, QUOTE_FIELDS, QUOTE_QUERY } from '../../helpers/conversion.js';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('createConversionQuote', () => {
  it('REST, source fixed, direct rate: every field in order, the vector’s figures; expiresAt = createdAt + 30 s; nothing held, no event', async () => {
    const fx = await Fx.create(server);
    const rate = await fx.rate(fx.coin, 'EUR', '0.92');
    const r = await fx.quoteRest({ sourceCurrency: fx.coin, targetCurrency: 'EUR', sourceAmountMinor: '100000000' });
    expect(r.status, r.text).toBe(200);
    expect(Object.keys(r.body)).toEqual(QUOTE_FIELDS.split(' '));
    expect(r.body).toEqual({
      quoteId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      customerId: fx.customerId,
      sourceCurrency: fx.coin,
      sourceCurrencyScale: 6,
      sourceAmountMinor: '100000000',
      targetCurrency: 'EUR',
      targetCurrencyScale: 2,
      targetAmountMinor: '9154',
      fixedSide: 'SOURCE',
      midRate: '0.92',
      rate: '0.9154',
      spreadBps: 50,
      spreadAmountMinor: '46',
      rateAsOf: rate.asOf,
      status: 'OPEN',
      conversionId: null,
      expiresAt: expect.stringMatching(ISO),
      createdAt: expect.stringMatching(ISO),
    });
    expect(Date.parse(r.body.expiresAt) - Date.parse(r.body.createdAt)).toBe(30_000);
    expect(await server.db.count('SELECT count(*) AS n FROM ledger_transactions WHERE customer_id = ?', fx.customerId)).toBe(0);
    expect(await server.db.count('SELECT count(*) AS n FROM events WHERE resource_id = ?', r.body.quoteId)).toBe(0);
  });

  it('GraphQL, target fixed, inverse rate truncated: the vector’s figures (the customer receives exactly the target)', async () => {
    const fx = await Fx.create(server);
    const r = await fx.quoteGql({ sourceCurrency: 'EUR', targetCurrency: fx.coin, targetAmountMinor: '100000000' });
    expect(r.status, r.text).toBe(200);
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.createConversionQuote).toMatchObject({
      sourceCurrency: 'EUR', sourceCurrencyScale: 2, sourceAmountMinor: '9247',
      targetCurrency: fx.coin, targetCurrencyScale: 6, targetAmountMinor: '100000000',
      fixedSide: 'TARGET', midRate: '1.086956521739130434', rate: '1.081521739130434781', spreadBps: 50, spreadAmountMinor: '510869', status: 'OPEN',
    });
  });

  it('a route currency to a route currency, each at its scale; the smallest target (vector)', async () => {
    const fx = await Fx.create(server);
    const other = await Fx.create(server, { pairs: false, rate: null });
    await fx.pair(fx.coin, other.coin, '10');
    await fx.rate(fx.coin, other.coin, '0.9998');
    expect(await fx.quote({ targetCurrency: other.coin, sourceAmountMinor: '3' })).toMatchObject({
      targetCurrencyScale: 6, targetAmountMinor: '2', rate: '0.9988002', spreadAmountMinor: '0',
    });
    expect(await fx.quote({ sourceAmountMinor: undefined, targetAmountMinor: '1' })).toMatchObject({
      fixedSide: 'TARGET', sourceAmountMinor: '10925', targetAmountMinor: '1', spreadAmountMinor: '0',
    });
  });

  it('B: every shape fault at once (400 VALIDATION_FAILED), before the customer is read', async () => {
    const fx = await Fx.create(server);
    const bad = { sourceCurrency: '', targetCurrency: 'X'.repeat(17), sourceAmountMinor: '0', targetAmountMinor: '01' };
    for (const r of [await fx.quoteRest(bad, { customerId: randomUUID() }), await fx.quoteGql(bad, { customerId: randomUUID() })]) {
      const p = expectProblem(r, 400, 'VALIDATION_FAILED');
      expect(pointersOf(p).sort()).toEqual(['/sourceAmountMinor', '/sourceCurrency', '/targetAmountMinor', '/targetAmountMinor', '/targetCurrency'].sort());
    }
    const same = await fx.quoteRest({ sourceCurrency: 'EUR', targetCurrency: 'EUR', sourceAmountMinor: '1' });
    expectRestProblem(same, 400, 'VALIDATION_FAILED', '/targetCurrency');
    expectRestProblem(await fx.quoteRest({ sourceCurrency: fx.coin, targetCurrency: 'EUR' }), 400, 'VALIDATION_FAILED', '/sourceAmountMinor');
    expectRestProblem(await fx.quoteRest({ sourceCurrency: fx.coin, targetCurrency: 'EUR', sourceAmountMinor: null, targetAmountMinor: null }), 400, 'VALIDATION_FAILED', '/sourceAmountMinor');
    expectRestProblem(
      await fx.quoteRest({ sourceCurrency: fx.coin, targetCurrency: 'EUR', sourceAmountMinor: '1', targetAmountMinor: '1' }), 400, 'VALIDATION_FAILED', '/targetAmountMinor');
  });

  it('D: unknown customer → 404 CUSTOMER_NOT_FOUND; another partner’s → 403 FORBIDDEN (before the pair)', async () => {
    const fx = await Fx.create(server);
    const other = await Fx.create(server);
    const input = { sourceCurrency: 'NOPAIR', targetCurrency: 'EUR', sourceAmountMinor: '1' };
    expectRestProblem(await fx.quoteRest(input, { customerId: randomUUID() }), 404, 'CUSTOMER_NOT_FOUND');
    expectGraphQLProblem(await fx.quoteGql(input, { customerId: other.customerId }), 403, 'FORBIDDEN');
  });

  it('E: a pair unknown, of another partner, reversed or disabled → 403 CONVERSION_PAIR_NOT_PERMITTED, before the rate', async () => {
    const fx = await Fx.create(server, { pairs: false, rate: null });
    const other = await Fx.create(server);
    const input = (source: string, target: string) => ({ sourceCurrency: source, targetCurrency: target, sourceAmountMinor: '1000000' });
    expectRestProblem(await fx.quoteRest(input(fx.coin, 'EUR')), 403, 'CONVERSION_PAIR_NOT_PERMITTED');
    expectRestProblem(await fx.quoteRest(input(other.coin, 'EUR')), 403, 'CONVERSION_PAIR_NOT_PERMITTED');
    await fx.pair('EUR', fx.coin, '50');
    expectRestProblem(await fx.quoteRest(input(fx.coin, 'EUR')), 403, 'CONVERSION_PAIR_NOT_PERMITTED');
    await fx.pair(fx.coin, 'EUR', '50');
    await fx.setPair(fx.coin, 'EUR', false);
    expectGraphQLProblem(await fx.quoteGql(input(fx.coin, 'EUR')), 403, 'CONVERSION_PAIR_NOT_PERMITTED');
    await fx.setPair(fx.coin, 'EUR', true);
    expectGraphQLProblem(await fx.quoteGql(input(fx.coin, 'EUR')), 409, 'RATE_UNAVAILABLE');
  });

  it('RATE_UNAVAILABLE: no rate either way; a stale one (not replaced by the other direction); a customer rate of 0 — before the bounds', async () => {
    const fx = await Fx.create(server, { rate: null });
    await fx.updatePair(fx.coin, 'EUR', { minSourceMinor: '1000' });
    // Below the pair's minimum, but the rate is checked first (§13.2's declared exception).
    const small = { sourceCurrency: fx.coin, targetCurrency: 'EUR', sourceAmountMinor: '1' };
    expectRestProblem(await fx.quoteRest(small), 409, 'RATE_UNAVAILABLE');
    // The direct rate is older than CONVERSION_RATE_MAX_AGE_SECONDS (86400): stale, even with a fresh inverse.
    await fx.rate(fx.coin, 'EUR', '0.92', 86_401);
    await fx.rate('EUR', fx.coin, '1.08');
    expectRestProblem(await fx.quoteRest(small), 409, 'RATE_UNAVAILABLE');
    // Within the maximum age it is not stale; the bounds come next (400).
    await fx.rate(fx.coin, 'EUR', '0.92', 86_300);
    expectRestProblem(await fx.quoteRest(small), 400, 'AMOUNT_OUT_OF_RANGE', '/sourceAmountMinor');
    // A rate whose customer rate truncates to 0.
    await fx.rate(fx.coin, 'EUR', '0.000000000000000001');
    expectGraphQLProblem(await fx.quoteGql(small), 409, 'RATE_UNAVAILABLE');
  });

  it('the inverse rate is used only where no direct one is set, and its asOf is the quote’s rateAsOf', async () => {
    const fx = await Fx.create(server, { rate: null });
    const inverse = await fx.rate('EUR', fx.coin, '1.25', 100);
    const q = await fx.quote({ sourceAmountMinor: '1000000' });
    expect(q).toMatchObject({ midRate: '0.8', rate: '0.796', targetAmountMinor: '79', spreadAmountMinor: '1', rateAsOf: inverse.asOf });
  });

  it('400 AMOUNT_OUT_OF_RANGE: below min, above max, a target that floors to 0, a fixed target whose source breaks a bound', async () => {
    const fx = await Fx.create(server);
    await fx.updatePair(fx.coin, 'EUR', { minSourceMinor: '10000', maxSourceMinor: '1000000000' });
    const q = (o: Record<string, unknown>) => fx.quoteRest({ sourceCurrency: fx.coin, targetCurrency: 'EUR', ...o });
    expectRestProblem(await q({ sourceAmountMinor: '9999' }), 400, 'AMOUNT_OUT_OF_RANGE', '/sourceAmountMinor');
    expect((await q({ sourceAmountMinor: '10000' })).status).toBe(400); // 10000 × 0.9154 floors to 0 cents
    expectRestProblem(await q({ sourceAmountMinor: '10924' }), 400, 'AMOUNT_OUT_OF_RANGE', '/sourceAmountMinor');
    expect((await q({ sourceAmountMinor: '10925' })).status).toBe(200);
    expect((await q({ sourceAmountMinor: '1000000000' })).status).toBe(200);
    expectRestProblem(await q({ sourceAmountMinor: '1000000001' }), 400, 'AMOUNT_OUT_OF_RANGE', '/sourceAmountMinor');
    expectGraphQLProblem(await fx.quoteGql({ sourceCurrency: fx.coin, targetCurrency: 'EUR', targetAmountMinor: '100000' }), 400, 'AMOUNT_OUT_OF_RANGE', '/targetAmountMinor');
    await fx.updatePair(fx.coin, 'EUR', { maxSourceMinor: null });
    // With no maximum the bound is §4's: a 38-digit target needs a source past 38 digits.
    expectRestProblem(await q({ targetAmountMinor: '9'.repeat(38) }), 400, 'AMOUNT_OUT_OF_RANGE', '/targetAmountMinor');
  });

  it('C: a replay returns the stored quote even after its rate went stale (no later check re-evaluated)', async () => {
    const fx = await Fx.create(server);
    await fx.rate(fx.coin, 'EUR', '0.92', 86_300);
    const key = randomUUID();
    const input = { sourceCurrency: fx.coin, targetCurrency: 'EUR', sourceAmountMinor: '1000000' };
    const a = await fx.quoteRest(input, { idempotencyKey: key });
    expect(a.status).toBe(200);
    server.clock.advance(200_000);
    const b = await fx.quoteRest(input, { idempotencyKey: key });
    expect(b.status, b.text).toBe(200);
    expect(b.body).toEqual(a.body);
    expectRestProblem(await fx.quoteRest(input), 409, 'RATE_UNAVAILABLE');
  });
});

describe('conversionQuote and conversionQuotes', () => {
  it('by id on both surfaces; EXPIRED once now ≥ expiresAt; unknown → null / 404 QUOTE_NOT_FOUND; another partner’s → 403', async () => {
    const fx = await Fx.create(server);
    const other = await Fx.create(server);
    const q = await fx.quote();
    const rest = await fx.rest('GET', `/partner/v1/conversion-quotes/${q.quoteId}`);
    expect(rest.status, rest.text).toBe(200);
    expect(rest.body).toEqual(q);
    const gql = await fx.gql(QUOTE_QUERY, { id: q.quoteId });
    expect(gql.body.data.conversionQuote).toEqual(q);
    server.clock.advance(25_000);
    expect((await fx.gql(QUOTE_QUERY, { id: q.quoteId })).body.data.conversionQuote.status).toBe('OPEN');
    server.clock.advance(5_000);
    expect((await fx.gql(QUOTE_QUERY, { id: q.quoteId })).body.data.conversionQuote.status).toBe('EXPIRED');
    expectRestProblem(await fx.rest('GET', `/partner/v1/conversion-quotes/${randomUUID()}`), 404, 'QUOTE_NOT_FOUND');
    expect((await fx.gql(QUOTE_QUERY, { id: randomUUID() })).body.data.conversionQuote).toBeNull();
    expectRestProblem(await other.rest('GET', `/partner/v1/conversion-quotes/${q.quoteId}`), 403, 'FORBIDDEN');
    expectGraphQLProblem(await other.gql(QUOTE_QUERY, { id: q.quoteId }), 403, 'FORBIDDEN', { data: 'null-fields' });
  });

  it('the list: newest first, pages, filters by currencies and by computed status', async () => {
    const fx = await Fx.create(server);
    const a = await fx.quote();
    server.clock.advance(31_000);
    await fx.rate(fx.coin, 'EUR', '0.92');
    const b = await fx.quote();
    const c = await fx.quote({ sourceCurrency: 'EUR', targetCurrency: fx.coin, sourceAmountMinor: '1000' });
    const list = async (query: string) => {
      const r = await fx.rest('GET', `/partner/v1/customers/${fx.customerId}/conversion-quotes${query}`);
      expect(r.status, r.text).toBe(200);
      return r.body as { items: { quoteId: string; status: string }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
    };
    expect((await list('')).items.map((i) => i.quoteId)).toEqual([c.quoteId, b.quoteId, a.quoteId]);
    const first = await list('?limit=2');
    expect(first.items.map((i) => i.quoteId)).toEqual([c.quoteId, b.quoteId]);
    expect(first.pageInfo.hasNextPage).toBe(true);
    expect((await list(`?limit=2&cursor=${encodeURIComponent(first.pageInfo.endCursor!)}`)).items.map((i) => i.quoteId)).toEqual([a.quoteId]);
    expect((await list('?statuses=EXPIRED')).items.map((i) => [i.quoteId, i.status])).toEqual([[a.quoteId, 'EXPIRED']]);
    expect((await list('?statuses=OPEN')).items.map((i) => i.quoteId)).toEqual([c.quoteId, b.quoteId]);
    expect((await list('?statuses=USED')).items).toEqual([]);
    expect((await list(`?sourceCurrency=EUR`)).items.map((i) => i.quoteId)).toEqual([c.quoteId]);
    expect((await list(`?targetCurrency=EUR&statuses=OPEN,EXPIRED`)).items.map((i) => i.quoteId)).toEqual([b.quoteId, a.quoteId]);
    expectRestProblem(await fx.rest('GET', `/partner/v1/customers/${fx.customerId}/conversion-quotes?sourceCurrency=${'X'.repeat(17)}`), 400, 'VALIDATION_FAILED', '/sourceCurrency');
    expectRestProblem(await fx.rest('GET', `/partner/v1/customers/${randomUUID()}/conversion-quotes`), 404, 'CUSTOMER_NOT_FOUND');
  });
});

describe('§16.5 configuration in effect', () => {
  it('CONVERSION_QUOTE_TTL_SECONDS sets expiresAt; CONVERSION_RATE_MAX_AGE_SECONDS when a rate is stale', async () => {
    const own = await startTestServer({ CONVERSION_QUOTE_TTL_SECONDS: '5', CONVERSION_RATE_MAX_AGE_SECONDS: '60' });
    try {
      const fx = await Fx.create(own);
      const q = await fx.quote();
      expect(Date.parse(q.expiresAt) - Date.parse(q.createdAt)).toBe(5_000);
      await fx.rate(fx.coin, 'EUR', '0.92', 61);
      expectRestProblem(await fx.quoteRest({ sourceCurrency: fx.coin, targetCurrency: 'EUR', sourceAmountMinor: '1000000' }), 409, 'RATE_UNAVAILABLE');
      await fx.rate(fx.coin, 'EUR', '0.92', 50);
      expect((await fx.quoteRest({ sourceCurrency: fx.coin, targetCurrency: 'EUR', sourceAmountMinor: '1000000' })).status).toBe(200);
    } finally {
      await own.stop();
    }
  });
});
