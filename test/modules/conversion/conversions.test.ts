// §13.3–§13.4 conversions: createConversionApprovalDraft (its check table in order, on both surfaces),
// the settlement (the conversion COMPLETED, the quote USED, the ledger rows and the spread entry, events
// E6, L1–L5 and the feed's rebuild, E8), conversion and conversions.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suspendCustomer } from '../../../src/modules/customers/operators.js';
import { evidenceFor, startTestServer, type TestServer } from '../../helpers/harness.js';
import { checkLedgerInvariants, rebuildFromFeed } from '../../helpers/ledger-checks.js';
import { expectGraphQLProblem, expectRestProblem } from '../../helpers/problems.js';
import { CONVERSION_FIELDS, CONVERSION_QUERY, Fx, QUOTE_QUERY } from '../../helpers/conversion.js';
import { balanceOf, eventsOf, ledgerOf } from '../../helpers/withdrawals.js';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

/** Both surfaces answer the same problem for the same draft (fresh evidence each). */
async function expectBoth(fx: Fx, input: () => Record<string, unknown>, status: number, code: string, customerId = fx.customerId) {
  expectRestProblem(await fx.draftRest(input(), { customerId }), status, code);
  expectGraphQLProblem(await fx.draftGql(input(), { customerId }), status, code);
}

describe('createConversionApprovalDraft: the settlement', () => {
  it('REST: the conversion COMPLETED with the quote’s figures; quote USED; both legs and the spread in one transaction; events E6', async () => {
    const fx = await Fx.create(server);
    await fx.fund('150000000');
    const q = await fx.quote();
    const r = await fx.draftRest(fx.draftInput({ quoteId: q.quoteId, clientReference: 'conv-1' }));
    expect(r.status, r.text).toBe(200);
    const c = r.body;
    expect(Object.keys(c)).toEqual(CONVERSION_FIELDS.split(' '));
    expect(c).toEqual({
      conversionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      customerId: fx.customerId,
      quoteId: q.quoteId,
      clientReference: 'conv-1',
      sourceCurrency: fx.coin, sourceCurrencyScale: 6, sourceAmountMinor: '100000000',
      targetCurrency: 'EUR', targetCurrencyScale: 2, targetAmountMinor: '9154',
      fixedSide: 'SOURCE', midRate: '0.92', rate: '0.9154', spreadBps: 50, spreadAmountMinor: '46',
      status: 'COMPLETED', statusInfo: 'Completed',
      createdAt: expect.stringMatching(ISO), updatedAt: c.createdAt, completedAt: c.createdAt,
    });
    // The quote: USED, naming the conversion.
    const quote = (await fx.gql(QUOTE_QUERY, { id: q.quoteId })).body.data.conversionQuote;
    expect(quote).toEqual({ ...q, status: 'USED', conversionId: c.conversionId });
    // §13.4: the rows in order; the target balance created at its scale.
    expect((await ledgerOf(server, c.conversionId)).sort()).toEqual([['CONVERSION_CREDIT', '9154'], ['CONVERSION_DEBIT', '100000000']]);
    expect(await balanceOf(server, fx.customerId, fx.coin)).toEqual({ available: '50000000', held: '0' });
    expect(await balanceOf(server, fx.customerId, 'EUR')).toEqual({ available: '9154', held: '0' });
    const eur = await server.db.get<{ currency_scale: number }>('SELECT currency_scale FROM balances WHERE customer_id = ? AND currency = ?', fx.customerId, 'EUR');
    expect(Number(eur?.currency_scale)).toBe(2);
    const rows = await server.db.all<{ type: string; resource_type: string; available_delta_minor: string; held_delta_minor: string; transaction_id: string }>(
      'SELECT type, resource_type, available_delta_minor, held_delta_minor, transaction_id FROM ledger_transactions WHERE resource_id = ? ORDER BY type DESC', c.conversionId);
    expect(rows.map((x) => [x.type, x.resource_type, x.available_delta_minor, x.held_delta_minor])).toEqual([
      ['CONVERSION_DEBIT', 'CONVERSION', '-100000000', '0'],
      ['CONVERSION_CREDIT', 'CONVERSION', '9154', '0'],
    ]);
    // Postings: available → fx (source), fx → available (target), fx → fees (the spread, no customer row).
    const postings = async (id: string) =>
      (await server.db.all<{ account: string; currency: string; amount_minor: string }>('SELECT account, currency, amount_minor FROM ledger_postings WHERE transaction_id = ? ORDER BY amount_minor', id))
        .map((p) => [p.account, p.currency, p.amount_minor]);
    const debit = rows.find((x) => x.type === 'CONVERSION_DEBIT')!.transaction_id;
    const credit = rows.find((x) => x.type === 'CONVERSION_CREDIT')!.transaction_id;
    expect(await postings(debit)).toEqual([[`available:${fx.customerId}`, fx.coin, '-100000000'], ['fx', fx.coin, '100000000']]);
    expect(await postings(credit)).toEqual([['fx', 'EUR', '-9154'], [`available:${fx.customerId}`, 'EUR', '9154']]);
    const spread = await server.db.all<{ transaction_id: string }>(
      `SELECT transaction_id FROM ledger_postings WHERE account = 'fees' AND currency = 'EUR' AND amount_minor = '46' AND transaction_id NOT IN (SELECT transaction_id FROM ledger_transactions)`);
    expect(spread.length).toBeGreaterThanOrEqual(1);
    expect(await postings(spread.at(-1)!.transaction_id)).toEqual([['fx', 'EUR', '-46'], ['fees', 'EUR', '46']]);
    // E6: conversion.completed, then the two transaction.posted in posting order; the event's data is the by-id view.
    const events = await server.db.all<{ type: string; resource_id: string }>(
      `SELECT type, resource_id FROM events WHERE resource_id = ? OR resource_id IN (?, ?) ORDER BY position`, c.conversionId, debit, credit);
    expect(events.map((e) => [e.type, e.resource_id])).toEqual([['conversion.completed', c.conversionId], ['transaction.posted', debit], ['transaction.posted', credit]]);
    const byId = await fx.gql(CONVERSION_QUERY, { id: c.conversionId });
    expect((await eventsOf(server, c.conversionId))[0]!.data).toEqual(byId.body.data.conversion);
    await checkLedgerInvariants(server, fx.customerId);
    // The partner sees both rows as PartnerTransactions of the conversion.
    const tx = await fx.rest('GET', `/partner/v1/customers/${fx.customerId}/transactions?resourceId=${c.conversionId}`);
    expect(tx.status, tx.text).toBe(200);
    expect(tx.body.items.map((t: { type: string; resourceType: string }) => [t.type, t.resourceType]).sort()).toEqual([['CONVERSION_CREDIT', 'CONVERSION'], ['CONVERSION_DEBIT', 'CONVERSION']]);
  });

  it('GraphQL, target fixed from EUR: the customer pays the ceiling and receives exactly the target; no spread entry when it is 0', async () => {
    const fx = await Fx.create(server);
    await fx.fund('100000000');
    // coin → EUR, then back: EUR funds from a first conversion.
    const first = await fx.quote({ sourceAmountMinor: '100000000' });
    expect((await fx.draftRest(fx.draftInput({ quoteId: first.quoteId }))).status).toBe(200);
    const q = await fx.quote({ sourceCurrency: 'EUR', targetCurrency: fx.coin, sourceAmountMinor: undefined, targetAmountMinor: '10000000' });
    expect(q).toMatchObject({ sourceAmountMinor: '925', targetAmountMinor: '10000000', fixedSide: 'TARGET' });
    const r = await fx.draftGql(fx.draftInput({ quoteId: q.quoteId }));
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.createConversionApprovalDraft).toMatchObject({ clientReference: null, sourceAmountMinor: '925', targetAmountMinor: '10000000' });
    expect(await balanceOf(server, fx.customerId, 'EUR')).toEqual({ available: (9154 - 925).toString(), held: '0' });
    expect(await balanceOf(server, fx.customerId, fx.coin)).toEqual({ available: '10000000', held: '0' });
    await checkLedgerInvariants(server, fx.customerId);

    const zero = await Fx.create(server);
    await zero.updatePair(zero.coin, 'EUR', { spreadBps: '0' });
    await zero.rate(zero.coin, 'EUR', '1');
    await zero.fund('10000');
    const zq = await zero.quote({ sourceAmountMinor: '10000' });
    expect(zq).toMatchObject({ targetAmountMinor: '1', spreadAmountMinor: '0' });
    const before = await server.db.count(`SELECT count(*) AS n FROM ledger_postings WHERE account = 'fees'`);
    expect((await zero.draftRest(zero.draftInput({ quoteId: zq.quoteId }))).status).toBe(200);
    expect(await server.db.count(`SELECT count(*) AS n FROM ledger_postings WHERE account = 'fees'`)).toBe(before);
  });

  it('the quote binds until it expires: a later rate, spread or bound, or a disabled-then-enabled pair, changes nothing', async () => {
    const fx = await Fx.create(server);
    await fx.fund('100000000');
    const q = await fx.quote();
    await fx.rate(fx.coin, 'EUR', '0.5');
    await fx.updatePair(fx.coin, 'EUR', { spreadBps: '1000', maxSourceMinor: '10' });
    server.clock.advance(29_000);
    const r = await fx.draftRest(fx.draftInput({ quoteId: q.quoteId }));
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ targetAmountMinor: '9154', rate: '0.9154', spreadBps: 50 });
  });

  it('C: a replay returns the same conversion and writes nothing more; E8: the feed rebuilds the conversion', async () => {
    const fx = await Fx.create(server);
    await fx.fund('100000000');
    const q = await fx.quote();
    const key = randomUUID();
    const input = fx.draftInput({ quoteId: q.quoteId, clientReference: 'replayed' });
    const a = await fx.draftRest(input, { idempotencyKey: key });
    expect(a.status).toBe(200);
    server.clock.advance(60_000);
    const b = await fx.draftRest(input, { idempotencyKey: key });
    expect(b.status, b.text).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(await ledgerOf(server, a.body.conversionId)).toHaveLength(2);
    await rebuildFromFeed(server, fx.s.client, [fx.customerId]);
  });
});

describe('createConversionApprovalDraft: the check table, in order', () => {
  it('B: clientReference 1–128 (400), before the customer', async () => {
    const fx = await Fx.create(server);
    const input = () => fx.draftInput({ quoteId: randomUUID(), clientReference: '' });
    expectRestProblem(await fx.draftRest(input(), { customerId: randomUUID() }), 400, 'VALIDATION_FAILED', '/clientReference');
    expectRestProblem(await fx.draftRest(fx.draftInput({ quoteId: randomUUID(), clientReference: 'x'.repeat(129) })), 400, 'VALIDATION_FAILED', '/clientReference');
    expectGraphQLProblem(await fx.draftGql({ quoteId: 'nope', operationAuthorization: evidenceFor('CONVERSION_CREATE', { customerId: fx.customerId }, {}) }), 400, 'VALIDATION_FAILED');
  });

  it('4: customer 404 / 403, then the quote: unknown (a withdrawal quote’s id too) → 404 QUOTE_NOT_FOUND; another partner’s → 403 FORBIDDEN', async () => {
    const fx = await Fx.create(server);
    const other = await Fx.create(server);
    await expectBoth(fx, () => fx.draftInput({ quoteId: randomUUID() }, fx.customerId), 404, 'CUSTOMER_NOT_FOUND', randomUUID());
    await expectBoth(fx, () => fx.draftInput({ quoteId: randomUUID() }, other.customerId), 403, 'FORBIDDEN', other.customerId);
    await expectBoth(fx, () => fx.draftInput({ quoteId: randomUUID() }), 404, 'QUOTE_NOT_FOUND');
    const wq = await fx.rest('POST', `/partner/v1/customers/${fx.customerId}/crypto/withdrawal-quotes`, {
      body: { routeCode: fx.s.routeCode, amountMinor: '1500000', currency: fx.coin, currencyScale: 6 } });
    expect(wq.status, wq.text).toBe(200);
    await expectBoth(fx, () => fx.draftInput({ quoteId: wq.body.quoteId }), 404, 'QUOTE_NOT_FOUND');
    const theirs = await other.quote();
    await expectBoth(fx, () => fx.draftInput({ quoteId: theirs.quoteId }), 403, 'FORBIDDEN');
  });

  it('5: the quote’s pair disabled since → 403 CONVERSION_PAIR_NOT_PERMITTED, before the evidence', async () => {
    const fx = await Fx.create(server);
    const q = await fx.quote();
    await fx.setPair(fx.coin, 'EUR', false);
    await expectBoth(fx, () => fx.draftInput({ quoteId: q.quoteId }, fx.customerId, { operationHash: '0'.repeat(64) }), 403, 'CONVERSION_PAIR_NOT_PERMITTED');
  });

  it('6: evidence of another type, another hash, or too old → 403, before the 409s', async () => {
    const fx = await Fx.create(server);
    const q = await fx.quote();
    await fx.setPair(fx.coin, 'EUR', true);
    server.clock.advance(31_000); // expired quote: a 409 that must not answer first
    await expectBoth(fx, () => fx.draftInput({ quoteId: q.quoteId }, fx.customerId, { operationHash: 'a'.repeat(64) }), 403, 'OPERATION_HASH_MISMATCH');
    const wrongType = () => {
      const input: Record<string, unknown> = { quoteId: q.quoteId };
      input.operationAuthorization = evidenceFor('CRYPTO_WITHDRAWAL_CREATE', { customerId: fx.customerId }, input, { authorizedAt: server.clock.now() });
      return input;
    };
    await expectBoth(fx, wrongType, 403, 'OPERATION_TYPE_MISMATCH');
    await expectBoth(fx, () => fx.draftInput({ quoteId: q.quoteId }, fx.customerId, { authorizedAt: new Date(server.clock.now().getTime() - 901_000) }), 403, 'AUTHORIZATION_EXPIRED');
  });

  it('7: DUPLICATE_CLIENT_REFERENCE → QUOTE_MISMATCH → QUOTE_ALREADY_USED → QUOTE_EXPIRED → AUTHORIZATION_ALREADY_USED → INSUFFICIENT_FUNDS', async () => {
    const fx = await Fx.create(server);
    await fx.fund('100000000');
    const sibling = await fx.s.verifiedCustomer();
    const used = await fx.quote();
    const ok = await fx.draftRest(fx.draftInput({ quoteId: used.quoteId, clientReference: 'ref-1' }));
    expect(ok.status, ok.text).toBe(200);
    const siblings = await fx.quote({}, sibling);
    // A reused clientReference answers first, even on another customer's, used quote.
    await expectBoth(fx, () => fx.draftInput({ quoteId: siblings.quoteId, clientReference: 'ref-1' }), 409, 'DUPLICATE_CLIENT_REFERENCE');
    // clientReference is per customer: the sibling may use it (then fails on funds).
    await expectBoth(fx, () => fx.draftInput({ quoteId: siblings.quoteId, clientReference: 'ref-1' }, sibling), 409, 'INSUFFICIENT_FUNDS', sibling);
    // Another customer's quote (of this partner) → QUOTE_MISMATCH, before USED.
    await expectBoth(fx, () => fx.draftInput({ quoteId: used.quoteId }, sibling), 409, 'QUOTE_MISMATCH', sibling);
    await expectBoth(fx, () => fx.draftInput({ quoteId: used.quoteId }), 409, 'QUOTE_ALREADY_USED');
    // Expired: now ≥ expiresAt.
    const old = await fx.quote();
    server.clock.advance(30_000);
    await expectBoth(fx, () => fx.draftInput({ quoteId: old.quoteId }), 409, 'QUOTE_EXPIRED');
    // Evidence already used (stored for another record), before the funds.
    const poor = await fx.s.verifiedCustomer();
    const pq = await fx.quote({}, poor);
    const input = fx.draftInput({ quoteId: pq.quoteId }, poor);
    const ev = input.operationAuthorization as Record<string, string>;
    await server.db.run(
      `INSERT INTO authorization_evidence (client_id, operation_type, operation_hash, authorized_at, authorized_by_partner_user_ref,
         authorization_method, mfa_evidence_ref, target_type, target_id, idempotency_key, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      fx.s.client.clientId, ev.operationType, ev.operationHash, ev.authorizedAt, 'user-42', 'PASSKEY', ev.mfaEvidenceRef, 'CONVERSION', randomUUID(), 'k', new Date().toISOString(),
    );
    expectRestProblem(await fx.draftRest(input, { customerId: poor }), 409, 'AUTHORIZATION_ALREADY_USED');
    // Funds: available < sourceAmountMinor, the detail naming both.
    const r = await fx.draftRest(fx.draftInput({ quoteId: pq.quoteId }, poor), { customerId: poor });
    const p = expectRestProblem(r, 409, 'INSUFFICIENT_FUNDS');
    expect(p.detail).toContain('availableMinor 0');
    expect(p.detail).toContain('100000000');
    expect(await server.db.count('SELECT count(*) AS n FROM conversions WHERE quote_id = ?', pq.quoteId)).toBe(0);
    expect((await fx.gql(QUOTE_QUERY, { id: pq.quoteId })).body.data.conversionQuote.status).toBe('OPEN');
  });

  it('G before H: a target credit past 38 digits → 400 AMOUNT_OUT_OF_RANGE, though the customer is SUSPENDED and short of funds (409s)', async () => {
    const fx = await Fx.create(server);
    // The target (the coin) at 38 nines; the source (EUR) at 0.
    await fx.fund('9'.repeat(38));
    const q = await fx.quote({ sourceCurrency: 'EUR', targetCurrency: fx.coin, sourceAmountMinor: '100' });
    await server.operator((db) => suspendCustomer(db, fx.customerId, true));
    await expectBoth(fx, () => fx.draftInput({ quoteId: q.quoteId }), 400, 'AMOUNT_OUT_OF_RANGE');
    expect(await server.db.count('SELECT count(*) AS n FROM conversions WHERE quote_id = ?', q.quoteId)).toBe(0);
    // Without the bound's fault, the first 409 of row 7 answers: the gate.
    const fresh = await fx.s.verifiedCustomer();
    const fq = await fx.quote({ sourceCurrency: 'EUR', targetCurrency: fx.coin, sourceAmountMinor: '100' }, fresh);
    await server.operator((db) => suspendCustomer(db, fresh, true));
    await expectBoth(fx, () => fx.draftInput({ quoteId: fq.quoteId }, fresh), 409, 'CUSTOMER_SUSPENDED', fresh);
  });
});

describe('conversion and conversions', () => {
  it('by id on both surfaces: unknown → null / 404 NOT_FOUND; another partner’s → 403', async () => {
    const fx = await Fx.create(server);
    const other = await Fx.create(server);
    await fx.fund('100000000');
    const q = await fx.quote();
    const c = (await fx.draftRest(fx.draftInput({ quoteId: q.quoteId }))).body;
    const rest = await fx.rest('GET', `/partner/v1/conversions/${c.conversionId}`);
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual(c);
    expect((await fx.gql(CONVERSION_QUERY, { id: c.conversionId })).body.data.conversion).toEqual(c);
    expectRestProblem(await fx.rest('GET', `/partner/v1/conversions/${randomUUID()}`), 404, 'NOT_FOUND');
    expect((await fx.gql(CONVERSION_QUERY, { id: randomUUID() })).body.data.conversion).toBeNull();
    expectRestProblem(await other.rest('GET', `/partner/v1/conversions/${c.conversionId}`), 403, 'FORBIDDEN');
  });

  it('the list: newest first, pages, filters', async () => {
    const fx = await Fx.create(server);
    await fx.fund('300000000');
    const made: Record<string, any>[] = [];
    for (const ref of ['a', 'b', 'c']) {
      const q = await fx.quote();
      made.push((await fx.draftRest(fx.draftInput({ quoteId: q.quoteId, clientReference: ref }))).body);
      server.clock.advance(1000);
    }
    const list = async (query: string) => {
      const r = await fx.rest('GET', `/partner/v1/customers/${fx.customerId}/conversions${query}`);
      expect(r.status, r.text).toBe(200);
      return r.body as { items: { conversionId: string }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
    };
    const ids = made.map((c) => c.conversionId).reverse();
    expect((await list('')).items.map((i) => i.conversionId)).toEqual(ids);
    const page = await list('?limit=2');
    expect(page.items.map((i) => i.conversionId)).toEqual(ids.slice(0, 2));
    expect((await list(`?limit=2&cursor=${encodeURIComponent(page.pageInfo.endCursor!)}`)).items.map((i) => i.conversionId)).toEqual(ids.slice(2));
    expect((await list('?clientReference=b')).items.map((i) => i.conversionId)).toEqual([made[1]!.conversionId]);
    expect((await list('?sourceCurrency=EUR')).items).toEqual([]);
    expect((await list(`?targetCurrency=EUR&createdFrom=${encodeURIComponent(made[1]!.createdAt)}`)).items.map((i) => i.conversionId)).toEqual(ids.slice(0, 2));
    expect((await list(`?createdBefore=${encodeURIComponent(made[1]!.createdAt)}`)).items.map((i) => i.conversionId)).toEqual([made[0]!.conversionId]);
  });
});
