// §14.8 simulateFiatDeposit (its checks in order, on both surfaces), the worker's step that credits it
// (COMPLETED "Credited", one §14.9 FIAT_DEPOSIT row bank → available, the balance), its events in order
// (E1, E6: the deposit's, then transaction.posted; E8), and fiatDeposit by id on both surfaces.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { suspendCustomer } from '../../../src/modules/customers/operators.js';
import { FiatParty } from '../../helpers/fiat-accounts.js';
import {
  FIAT_DEPOSIT_KEYS,
  FIAT_DEPOSIT_QUERY,
  fiatDepositInput,
  readFiatDeposit,
  simulateFiatDeposit,
  simulateFiatDepositGql,
  simulateFiatDepositRest,
} from '../../helpers/fiat-deposits.js';
import { startTestServer, type TestServer } from '../../helpers/harness.js';
import { balanceOf, customerEvents, eventTrail, transactionsOf } from '../../helpers/lifecycle.js';
import { expectGraphQLProblem, expectRestProblem, pointersOf } from '../../helpers/problems.js';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MAX = '9'.repeat(38);

let server: TestServer;
let delay: number;
beforeAll(async () => {
  server = await startTestServer();
  delay = server.config.sandboxStepDelayMs;
});
afterAll(() => server.stop());

/** A partner (every rail) with a VERIFIED customer and its ACTIVE EUR and USD accounts. */
async function party() {
  const f = await FiatParty.create(server);
  const eur = (await f.account('EUR')).fiatAccountId;
  const usd = (await f.account('USD')).fiatAccountId;
  return { f, client: f.s.client, customerId: f.customerId, eur, usd };
}

/** Runs the worker once the clock has moved `ms` on. */
async function workerAfter(ms: number) {
  server.clock.advance(ms);
  await server.service.worker.drain();
}

const depositRows = () => server.db.count('SELECT count(*) AS n FROM fiat_deposits');

describe('simulateFiatDeposit → the step → COMPLETED (§14.8, §14.9)', () => {
  it('GraphQL: PROCESSING with every field; credited at the step one SANDBOX_STEP_DELAY_MS later; one FIAT_DEPOSIT row; the balance', async () => {
    const { client, customerId, eur } = await party();
    // Frozen, so that only the test moves it across the step's due time.
    server.clock.freeze();
    onTestFinished(() => server.clock.thaw());
    const at = server.clock.now();
    const input = fiatDepositInput({ amountMinor: '123456', senderAccountIdentifier: 'gb82 west 1234 5698 7654 32', rail: 'SEPA', paymentReference: 'Invoice 7' });
    const r = await simulateFiatDepositGql(server, client, eur, input);
    expect(r.status, r.text).toBe(200);
    const d = r.body.data.simulateFiatDeposit;
    expect(Object.keys(d).sort()).toEqual([...FIAT_DEPOSIT_KEYS].sort());
    expect(d).toEqual({
      fiatDepositId: expect.stringMatching(UUID_RE),
      customerId,
      fiatAccountId: eur,
      rail: 'SEPA',
      amountMinor: '123456',
      currency: 'EUR',
      currencyScale: 2,
      senderName: 'Charles Babbage',
      senderAccountLast4: '5432',
      paymentReference: 'Invoice 7',
      status: 'PROCESSING',
      statusInfo: 'Processing',
      creditedAt: null,
      createdAt: d.createdAt,
      updatedAt: d.createdAt,
    });
    expect(Date.parse(d.createdAt)).toBeGreaterThanOrEqual(at.getTime());
    expect(await transactionsOf(server, client, customerId, d.fiatDepositId)).toEqual([]);
    expect(await balanceOf(server, client, customerId, 'EUR')).toEqual({ availableMinor: '0', heldMinor: '0' });

    // Not due a millisecond before its delay; due at it.
    const due = Date.parse(d.createdAt) + delay;
    await workerAfter(due - 1 - server.clock.now().getTime());
    expect((await readFiatDeposit(server, client, d.fiatDepositId)).status).toBe('PROCESSING');
    await workerAfter(due - server.clock.now().getTime());
    const done = await readFiatDeposit(server, client, d.fiatDepositId);
    expect(done).toEqual({ ...d, status: 'COMPLETED', statusInfo: 'Credited', creditedAt: done.updatedAt, updatedAt: done.updatedAt });
    expect(Date.parse(done.creditedAt)).toBeGreaterThanOrEqual(due);

    const rows = await transactionsOf(server, client, customerId, d.fiatDepositId);
    expect(rows).toEqual([
      {
        transactionId: expect.stringMatching(UUID_RE),
        type: 'FIAT_DEPOSIT',
        currency: 'EUR',
        currencyScale: 2,
        amountMinor: '123456',
        availableDeltaMinor: '123456',
        heldDeltaMinor: '0',
        balanceAfter: { availableMinor: '123456', heldMinor: '0', totalMinor: '123456' },
        resourceType: 'FIAT_DEPOSIT',
        resourceId: d.fiatDepositId,
        createdAt: done.creditedAt,
      },
    ]);
    // Double entry (L5): the bank's side and the customer's available funds.
    const postings = await server.db.all<{ account: string; currency: string; amount_minor: string }>(
      'SELECT account, currency, amount_minor FROM ledger_postings WHERE transaction_id = ? ORDER BY amount_minor',
      rows[0].transactionId,
    );
    expect(postings).toEqual([
      { account: 'bank', currency: 'EUR', amount_minor: '-123456' },
      { account: `available:${customerId}`, currency: 'EUR', amount_minor: '123456' },
    ]);
    expect(await balanceOf(server, client, customerId, 'EUR')).toEqual({ availableMinor: '123456', heldMinor: '0' });
    expect(await balanceOf(server, client, customerId, 'USD')).toEqual({ availableMinor: '0', heldMinor: '0' });
  });

  it('events: fiat_deposit.processing (1), .completed (2), then transaction.posted, in one feed order; the data is the by-id view (E8)', async () => {
    const { client, customerId, eur } = await party();
    const d = await simulateFiatDeposit(server, client, eur);
    await server.advanceWorker();
    expect(await eventTrail(server, client, d.fiatDepositId)).toEqual([
      ['fiat_deposit.processing', 1],
      ['fiat_deposit.completed', 2],
    ]);
    const [row] = await transactionsOf(server, client, customerId, d.fiatDepositId);
    const mine = (await customerEvents(server, client, customerId)).filter((e) => e.resourceId === d.fiatDepositId || e.resourceId === row.transactionId);
    expect(mine.map((e) => [e.type, e.resourceType])).toEqual([
      ['fiat_deposit.processing', 'FIAT_DEPOSIT'],
      ['fiat_deposit.completed', 'FIAT_DEPOSIT'],
      ['transaction.posted', 'TRANSACTION'],
    ]);
    expect(mine[0]!.data).toEqual(d);
    const byId = await server.gql(client, FIAT_DEPOSIT_QUERY, { id: d.fiatDepositId });
    expect(mine[1]!.data).toEqual(byId.body.data.fiatDeposit);
    expect(mine[1]!.createdAt).toBe(byId.body.data.fiatDeposit.updatedAt);
    expect(mine[2]!.data).toMatchObject({ transactionId: row.transactionId, type: 'FIAT_DEPOSIT', resourceType: 'FIAT_DEPOSIT', resourceId: d.fiatDepositId });
  });

  it('REST: a USD account takes its first rail (ACH) by default, WIRE when named; the answer is the GraphQL view; GET by id equals it', async () => {
    const { client, customerId, usd } = await party();
    const r = await simulateFiatDepositRest(server, client, usd, { amountMinor: '5000', senderName: 'Ada', senderAccountIdentifier: '021000021:123456789' });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ customerId, fiatAccountId: usd, rail: 'ACH', currency: 'USD', currencyScale: 2, senderAccountLast4: '6789', paymentReference: null, status: 'PROCESSING' });
    expect(Object.keys(r.body).sort()).toEqual([...FIAT_DEPOSIT_KEYS].sort());
    expect(await readFiatDeposit(server, client, r.body.fiatDepositId)).toEqual(r.body);
    const gql = await server.gql(client, FIAT_DEPOSIT_QUERY, { id: r.body.fiatDepositId });
    expect(gql.body.data.fiatDeposit).toEqual(r.body);
    const wire = await simulateFiatDepositRest(server, client, usd, { amountMinor: '7', senderName: 'Ada', senderAccountIdentifier: '12', rail: 'WIRE' });
    expect(wire.status, wire.text).toBe(200);
    // Shorter than 4: all of it.
    expect(wire.body).toMatchObject({ rail: 'WIRE', senderAccountLast4: '12' });
    await server.advanceWorker();
    expect(await balanceOf(server, client, customerId, 'USD')).toEqual({ availableMinor: '5007', heldMinor: '0' });
  });

  it('no gate and no rail-enabled check: a SUSPENDED customer whose partner has every rail disabled is credited (R3)', async () => {
    const { f, client, customerId, eur } = await party();
    await f.setRails([]);
    await server.operator((db) => suspendCustomer(db, customerId, true));
    const d = await simulateFiatDeposit(server, client, eur, { amountMinor: '900' });
    await server.advanceWorker();
    expect((await readFiatDeposit(server, client, d.fiatDepositId)).status).toBe('COMPLETED');
    expect(await balanceOf(server, client, customerId, 'EUR')).toEqual({ availableMinor: '900', heldMinor: '0' });
  });
});

describe('simulateFiatDeposit: the checks, in order (sandbox → B → C → D → G → I)', () => {
  it('B: every shape fault at once → 400 VALIDATION_FAILED listing each; nothing written', async () => {
    const { client, eur } = await party();
    const before = await depositRows();
    const bad = { amountMinor: '0', senderName: '', senderAccountIdentifier: 'DE89-3704', paymentReference: 'x'.repeat(141) };
    const g = expectGraphQLProblem(await simulateFiatDepositGql(server, client, eur, bad), 400, 'VALIDATION_FAILED');
    expect(pointersOf(g).sort()).toEqual(['/amountMinor', '/paymentReference', '/senderAccountIdentifier', '/senderName']);
    const r = expectRestProblem(await simulateFiatDepositRest(server, client, eur, bad), 400, 'VALIDATION_FAILED');
    expect(pointersOf(r).sort()).toEqual(['/amountMinor', '/paymentReference', '/senderAccountIdentifier', '/senderName']);
    for (const [pointer, o] of [
      ['/amountMinor', { amountMinor: '01' }],
      ['/amountMinor', { amountMinor: '1'.repeat(39) }],
      ['/amountMinor', { amountMinor: '-5' }],
      ['/amountMinor', { amountMinor: '1.5' }],
      ['/senderName', { senderName: 'n'.repeat(141) }],
      ['/senderAccountIdentifier', { senderAccountIdentifier: 'A'.repeat(35) }],
      ['/senderAccountIdentifier', { senderAccountIdentifier: '' }],
      ['/senderAccountIdentifier', { senderAccountIdentifier: '    ' }],
      ['/senderAccountIdentifier', { senderAccountIdentifier: 'DE89\t3704' }],
      ['/senderAccountIdentifier', { senderAccountIdentifier: 'ÄB12' }],
    ] as const) {
      expectGraphQLProblem(await simulateFiatDepositGql(server, client, eur, fiatDepositInput(o)), 400, 'VALIDATION_FAILED', { pointer, message: JSON.stringify(o) });
      expectRestProblem(await simulateFiatDepositRest(server, client, eur, fiatDepositInput(o)), 400, 'VALIDATION_FAILED', { pointer, message: JSON.stringify(o) });
    }
    // Not a FiatRail: the schema's refusal, at /rail.
    expectRestProblem(await simulateFiatDepositRest(server, client, eur, fiatDepositInput({ rail: 'SWIFT' })), 400, 'VALIDATION_FAILED', '/rail');
    expectGraphQLProblem(await simulateFiatDepositGql(server, client, eur, fiatDepositInput({ rail: 'SWIFT' })), 400, 'VALIDATION_FAILED');
    expect(await depositRows()).toBe(before);
  });

  it('the bounds themselves are accepted: 140-character name and reference, a 34-character identifier, an empty reference, 38 digits', async () => {
    const { client, eur } = await party();
    const r = await simulateFiatDepositGql(server, client, eur, {
      amountMinor: MAX,
      senderName: 'n'.repeat(140),
      senderAccountIdentifier: `${'a1:'.repeat(11)}z`,
      paymentReference: 'r'.repeat(140),
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.simulateFiatDeposit).toMatchObject({ amountMinor: MAX, senderAccountLast4: 'A1:Z' });
    const empty = await simulateFiatDepositRest(server, client, eur, fiatDepositInput({ paymentReference: '' }));
    expect(empty.status, empty.text).toBe(200);
    expect(empty.body.paymentReference).toBe('');
  });

  it('B before D: a shape fault on an unknown account is 400; D: unknown account → 404 NOT_FOUND, another partner’s → 403 FORBIDDEN', async () => {
    const { client, eur } = await party();
    const unknown = randomUUID();
    expectGraphQLProblem(await simulateFiatDepositGql(server, client, unknown, fiatDepositInput({ amountMinor: '0' })), 400, 'VALIDATION_FAILED', '/amountMinor');
    expectRestProblem(await simulateFiatDepositRest(server, client, unknown, fiatDepositInput({ amountMinor: '0' })), 400, 'VALIDATION_FAILED', '/amountMinor');
    expectGraphQLProblem(await simulateFiatDepositGql(server, client, unknown, fiatDepositInput()), 404, 'NOT_FOUND');
    expectRestProblem(await simulateFiatDepositRest(server, client, unknown, fiatDepositInput()), 404, 'NOT_FOUND');
    const stranger = await party();
    expectGraphQLProblem(await simulateFiatDepositGql(server, stranger.client, eur, fiatDepositInput()), 403, 'FORBIDDEN');
    // D before G: another partner's account with a rail it lacks is still 403.
    expectRestProblem(await simulateFiatDepositRest(server, stranger.client, eur, fiatDepositInput({ rail: 'ACH' })), 403, 'FORBIDDEN');
    expectRestProblem(await simulateFiatDepositRest(server, client, 'not-a-uuid', fiatDepositInput()), 400, 'VALIDATION_FAILED');
  });

  it('G: a rail that is not the account’s → 400 VALIDATION_FAILED /rail; with the credit past 38 digits both are listed; the bound alone → AMOUNT_OUT_OF_RANGE', async () => {
    const { client, customerId, eur, usd } = await party();
    expectGraphQLProblem(await simulateFiatDepositGql(server, client, eur, fiatDepositInput({ rail: 'ACH' })), 400, 'VALIDATION_FAILED', '/rail');
    expectRestProblem(await simulateFiatDepositRest(server, client, usd, fiatDepositInput({ rail: 'SEPA' })), 400, 'VALIDATION_FAILED', '/rail');
    await simulateFiatDeposit(server, client, eur, { amountMinor: MAX });
    await server.advanceWorker();
    const before = await depositRows();
    const both = expectRestProblem(await simulateFiatDepositRest(server, client, eur, fiatDepositInput({ amountMinor: '1', rail: 'WIRE' })), 400, 'VALIDATION_FAILED');
    expect(pointersOf(both)).toEqual(['/rail', '/amountMinor']);
    expectGraphQLProblem(await simulateFiatDepositGql(server, client, eur, fiatDepositInput({ amountMinor: '1' })), 400, 'AMOUNT_OUT_OF_RANGE', '/amountMinor');
    expectRestProblem(await simulateFiatDepositRest(server, client, eur, fiatDepositInput({ amountMinor: '1' })), 400, 'AMOUNT_OUT_OF_RANGE', '/amountMinor');
    expect(await depositRows()).toBe(before);
    // The USD balance is its own.
    const r = await simulateFiatDepositRest(server, client, usd, fiatDepositInput({ amountMinor: MAX }));
    expect(r.status, r.text).toBe(200);
    expect(await balanceOf(server, client, customerId, 'EUR')).toEqual({ availableMinor: MAX, heldMinor: '0' });
  });

  it('C: a replay answers the stored deposit (no second record, no re-check of G); the key with another input → 409 IDEMPOTENCY_KEY_REUSED', async () => {
    const { client, eur } = await party();
    const key = randomUUID();
    const input = fiatDepositInput({ amountMinor: MAX });
    const first = await simulateFiatDepositRest(server, client, eur, input, { idempotencyKey: key });
    expect(first.status, first.text).toBe(200);
    await server.advanceWorker();
    const before = await depositRows();
    // The balance is now full: a new request would be refused in G, the replay is not.
    const again = await simulateFiatDepositRest(server, client, eur, input, { idempotencyKey: key });
    expect(again.status, again.text).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await depositRows()).toBe(before);
    expectRestProblem(await simulateFiatDepositRest(server, client, eur, fiatDepositInput({ amountMinor: '5' }), { idempotencyKey: key }), 409, 'IDEMPOTENCY_KEY_REUSED');
    expectRestProblem(await simulateFiatDepositRest(server, client, eur, input, { idempotencyKey: null }), 400, 'IDEMPOTENCY_KEY_MISSING');
  });

  it('A first: an unsigned request → 401', async () => {
    const { client, eur } = await party();
    const r = await simulateFiatDepositRest(server, client, eur, fiatDepositInput(), { sign: false });
    expect(r.status, r.text).toBe(401);
  });
});

describe('fiatDeposit by id (§14.2, §9.4)', () => {
  it('unknown → GraphQL null, REST 404 NOT_FOUND; another partner’s → 403 FORBIDDEN on both', async () => {
    const { client, eur } = await party();
    const d = await simulateFiatDeposit(server, client, eur);
    const unknown = randomUUID();
    const g = await server.gql(client, FIAT_DEPOSIT_QUERY, { id: unknown });
    expect(g.status, g.text).toBe(200);
    expect(g.body).toEqual({ data: { fiatDeposit: null } });
    expectRestProblem(await server.request(client, 'GET', `/partner/v1/fiat/deposits/${unknown}`), 404, 'NOT_FOUND');
    const stranger = await party();
    expectGraphQLProblem(await server.gql(stranger.client, FIAT_DEPOSIT_QUERY, { id: d.fiatDepositId }), 403, 'FORBIDDEN', { data: 'null-fields' });
    expectRestProblem(await server.request(stranger.client, 'GET', `/partner/v1/fiat/deposits/${d.fiatDepositId}`), 403, 'FORBIDDEN');
  });
});
