// §10.4 submitCryptoDepositTravelRuleInformation: its checks in order on both surfaces, the release of a
// held deposit (credited, or frozen by the deny list as it is now), and the originator's secrecy: stored
// sealed, in no response, event, log line, audit entry or stored idempotent result.
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openOriginator } from '../../../src/modules/deposits/travel-rule.js';
import { startService } from '../../../src/service.js';
import { Scenario, TestServer, randomEthAddress, type RequestOptions } from '../../helpers/harness.js';
import {
  BALANCES_LIST,
  DEPOSIT_KEYS,
  DEPOSIT_QUERY,
  EVENTS_FEED,
  ISO,
  TRAVEL_RULE,
  denySource,
  deposit,
  gqlData,
  setRoute,
} from '../../helpers/deposits.js';
import { expectGraphQLProblem, expectRestProblem } from '../../helpers/problems.js';

const THRESHOLD = '5000000';
let server: TestServer;
/** Every log line the server wrote, at every level. */
const logLines: string[] = [];

beforeAll(async () => {
  server = new TestServer({ SANDBOX_STEP_DELAY_MS: '600000' });
  await server.start();
  // The same service on the same database, logging everything into logLines.
  await server.service.stop();
  const sink = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  server.service = await startService(server.config, { logger: pino({ level: 'trace' }, sink), clock: server.clock.now });
});
afterAll(() => server.stop());

type Originator = Record<string, unknown>;
/** A name no other test data contains, to search for. */
const uniqueName = () => `Ada Marker ${randomUUID()}`;
const originatorOf = (o: Originator = {}): Originator => ({ name: uniqueName(), type: 'INDIVIDUAL', country: 'DE', walletType: 'PRIVATE_WALLET', ...o });

const restPath = (depositId: string) => `/partner/v1/crypto/deposits/${depositId}/travel-rule-information`;
const submitRest = (s: Scenario, depositId: string, body: unknown, o: RequestOptions = {}) => server.request(s.client, 'POST', restPath(depositId), { body, ...o });
const submitGql = (s: Scenario, depositId: string, input: unknown, o: RequestOptions = {}) => server.gql(s.client, TRAVEL_RULE, { depositId, input }, o);

/** A partner whose route holds deposits of THRESHOLD or more, a customer, and one such held deposit. */
async function held(amountMinor = THRESHOLD, fromAddress?: string) {
  const s = await Scenario.create(server, { travelRuleThresholdMinor: THRESHOLD });
  const customerId = await s.customer();
  const d = await deposit(server, s, customerId, { amountMinor, ...(fromAddress ? { fromAddress } : {}) });
  expect(d.status).toBe('PENDING_TRAVEL_RULE');
  return { s, customerId, d };
}

const eventsOf = (resourceId: string) =>
  server.db.all<{ type: string; sequence: number; data: string; created_at: string }>(
    'SELECT type, sequence, data, created_at FROM events WHERE resource_id = ? ORDER BY position',
    resourceId,
  );
const depositRowsOf = (depositId: string) =>
  server.db.all<{ type: string; amount_minor: string }>('SELECT type, amount_minor FROM ledger_transactions WHERE resource_id = ?', depositId);

// ---------------------------------------------------------------------------------------------------

describe('release of a held deposit', () => {
  it.each(['REST', 'GraphQL'] as const)('%s: COMPLETED, credited now, travelRuleSubmittedAt; events pending → completed → posted', async (surface) => {
    const { s, customerId, d } = await held();
    server.clock.advance(5000);
    const r = surface === 'REST' ? await submitRest(s, d.depositId, { originator: originatorOf() }) : await submitGql(s, d.depositId, { originator: originatorOf() });
    expect(r.status, r.text).toBe(200);
    const body = surface === 'REST' ? r.body : r.body.data.submitCryptoDepositTravelRuleInformation;
    expect(Object.keys(body).sort()).toEqual([...DEPOSIT_KEYS].sort());
    const at = body.updatedAt;
    expect(at).toMatch(ISO);
    expect(at > d.updatedAt).toBe(true);
    expect(body).toEqual({
      ...d,
      status: 'COMPLETED',
      statusInfo: 'Credited',
      travelRuleRequired: true,
      travelRuleSubmittedAt: at,
      creditedAt: at,
      refundableAmountMinor: THRESHOLD,
      updatedAt: at,
    });
    expect(await gqlData(server, s.client, DEPOSIT_QUERY, { id: d.depositId }, 'cryptoDeposit')).toEqual(body);
    expect(await depositRowsOf(d.depositId)).toEqual([{ type: 'DEPOSIT', amount_minor: THRESHOLD }]);
    const events = await eventsOf(d.depositId);
    expect(events.map((e) => [e.type, e.sequence])).toEqual([
      ['crypto_deposit.pending_travel_rule', 1],
      ['crypto_deposit.completed', 2],
    ]);
    const { refundableAmountMinor: _r, ...data } = body;
    expect(JSON.parse(events[1]!.data)).toEqual(data);
    expect(events[1]!.created_at).toBe(at);
    const feed = await gqlData(server, s.client, EVENTS_FEED, { customerId }, 'events');
    expect(feed.items.map((e: { type: string }) => e.type)).toEqual([
      'customer.unverified',
      'crypto_deposit.pending_travel_rule',
      'crypto_deposit.completed',
      'transaction.posted',
    ]);
    const balances = await gqlData(server, s.client, BALANCES_LIST, { customerId }, 'customerBalances');
    expect(balances.items).toEqual([
      { customerId, currency: 'USDT', currencyScale: 6, availableMinor: THRESHOLD, heldMinor: '0', totalMinor: THRESHOLD, updatedAt: at },
    ]);
  });

  it('a source deny-listed since arrival → FROZEN: not credited, travelRuleSubmittedAt set, crypto_deposit.frozen', async () => {
    const source = randomEthAddress();
    const { s, d } = await held(THRESHOLD, source);
    await denySource(server, 'ETH', source);
    const r = await submitRest(s, d.depositId, { originator: originatorOf() });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({
      ...d,
      status: 'FROZEN',
      statusInfo: 'Source address failed screening',
      travelRuleSubmittedAt: r.body.updatedAt,
      creditedAt: null,
      refundableAmountMinor: '0',
      updatedAt: r.body.updatedAt,
    });
    expect(await depositRowsOf(d.depositId)).toEqual([]);
    expect((await eventsOf(d.depositId)).map((e) => [e.type, e.sequence])).toEqual([
      ['crypto_deposit.pending_travel_rule', 1],
      ['crypto_deposit.frozen', 2],
    ]);
  });

  it('accepts every valid shape: CORPORATE, VASP with name and DID, addressLine, 200-character name, any assigned country', async () => {
    for (const o of [
      { type: 'CORPORATE', country: 'AX', addressLine: '' },
      { walletType: 'VASP_WALLET', vaspName: 'Example VASP', vaspDid: 'did:web:vasp.example.com' },
      { walletType: 'VASP_WALLET', vaspName: 'V'.repeat(200), vaspDid: `did:ethr:0x${'a'.repeat(40)}` },
      { walletType: 'VASP_WALLET', vaspName: 'Example VASP', vaspDid: `did:key:${'z'.repeat(192)}` },
      { name: 'N'.repeat(200), country: 'ZW', addressLine: 'A'.repeat(200) },
      { country: 'SS', addressLine: 'Hauptstraße 1, 10115 Berlin' },
      // Spaces around a name are the partner's to keep: only a name of nothing but spaces is refused.
      { name: ' Ada Lovelace ', walletType: 'VASP_WALLET', vaspName: ' V ' },
      { name: '李' },
    ]) {
      const { s, d } = await held();
      const r = await submitGql(s, d.depositId, { originator: originatorOf(o) });
      expect(r.status, `${JSON.stringify(o)}: ${r.text}`).toBe(200);
      expect(r.body.data.submitCryptoDepositTravelRuleInformation.status).toBe('COMPLETED');
    }
  });

  it('parallel submissions (different keys): exactly one releases the deposit, the others 409 INVALID_STATE', async () => {
    const { s, d } = await held();
    const replies = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? submitRest(s, d.depositId, { originator: originatorOf() }) : submitGql(s, d.depositId, { originator: originatorOf() }))));
    const ok = replies.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    for (const r of replies.filter((x) => x.status !== 200)) {
      if (r.body?.code) expectRestProblem(r, 409, 'INVALID_STATE');
      else expectGraphQLProblem(r, 409, 'INVALID_STATE');
    }
    expect(await depositRowsOf(d.depositId)).toHaveLength(1);
    expect(await eventsOf(d.depositId)).toHaveLength(2);
  });
});

describe('the checks of §10.4, in order', () => {
  const shapeFaults: [string, Originator, string][] = [
    ['name empty', { name: '' }, '/originator/name'],
    ['name of 201 characters', { name: 'N'.repeat(201) }, '/originator/name'],
    ['name of spaces only', { name: '   ' }, '/originator/name'],
    ['name of a tab and a newline', { name: '\t\n' }, '/originator/name'],
    ['name of no-break and ideographic spaces', { name: '\u00a0\u3000' }, '/originator/name'],
    ['name of zero-width spaces', { name: '\u200b\u200b' }, '/originator/name'],
    ['VASP_WALLET with a vaspName of spaces only', { walletType: 'VASP_WALLET', vaspName: '  ' }, '/originator/vaspName'],
    ['country lower case', { country: 'de' }, '/originator/country'],
    ['country ZZ (not assigned)', { country: 'ZZ' }, '/originator/country'],
    ['country EU (reserved)', { country: 'EU' }, '/originator/country'],
    ['country UK (reserved)', { country: 'UK' }, '/originator/country'],
    ['country XK (user-assigned)', { country: 'XK' }, '/originator/country'],
    ['country alpha-3', { country: 'DEU' }, '/originator/country'],
    ['country empty', { country: '' }, '/originator/country'],
    ['addressLine of 201 characters', { addressLine: 'A'.repeat(201) }, '/originator/addressLine'],
    ['VASP_WALLET without vaspName', { walletType: 'VASP_WALLET' }, '/originator/vaspName'],
    ['VASP_WALLET with an empty vaspName', { walletType: 'VASP_WALLET', vaspName: '' }, '/originator/vaspName'],
    ['vaspName of 201 characters', { walletType: 'VASP_WALLET', vaspName: 'V'.repeat(201) }, '/originator/vaspName'],
    ['PRIVATE_WALLET with a vaspName', { vaspName: 'Example VASP' }, '/originator/vaspName'],
    ['PRIVATE_WALLET with a vaspDid', { vaspDid: 'did:web:vasp.example.com' }, '/originator/vaspDid'],
    ['vaspDid without did:', { walletType: 'VASP_WALLET', vaspName: 'V', vaspDid: 'web:vasp.example.com' }, '/originator/vaspDid'],
    ['vaspDid with an upper-case method', { walletType: 'VASP_WALLET', vaspName: 'V', vaspDid: 'did:Web:x' }, '/originator/vaspDid'],
    ['vaspDid without an identifier', { walletType: 'VASP_WALLET', vaspName: 'V', vaspDid: 'did:web:' }, '/originator/vaspDid'],
    ['vaspDid with a space', { walletType: 'VASP_WALLET', vaspName: 'V', vaspDid: 'did:web:a b' }, '/originator/vaspDid'],
    ['vaspDid of 201 characters', { walletType: 'VASP_WALLET', vaspName: 'V', vaspDid: `did:web:${'a'.repeat(193)}` }, '/originator/vaspDid'],
    ['type not a party type', { type: 'PERSON' }, '/originator/type'],
    ['walletType unknown', { walletType: 'EXCHANGE' }, '/originator/walletType'],
    ['name missing', { name: undefined }, '/originator/name'],
    ['an unknown member', { dateOfBirth: '1990-01-01' }, '/originator/dateOfBirth'],
  ];

  it.each(shapeFaults)('1. shape: %s → 400 VALIDATION_FAILED on both surfaces, before the deposit check', async (_why, o, pointer) => {
    const { s, d } = await held();
    const body = { originator: originatorOf(o) };
    expectRestProblem(await submitRest(s, d.depositId, body), 400, 'VALIDATION_FAILED', pointer);
    expectGraphQLProblem(await submitGql(s, d.depositId, body), 400, 'VALIDATION_FAILED', pointer);
    expectRestProblem(await submitRest(s, randomUUID(), body), 400, 'VALIDATION_FAILED', pointer);
    expect(await gqlData(server, s.client, DEPOSIT_QUERY, { id: d.depositId }, 'cryptoDeposit')).toEqual(d);
  });

  it('1. shape: no originator, another member, no body → 400', async () => {
    const { s, d } = await held();
    expectRestProblem(await submitRest(s, d.depositId, {}), 400, 'VALIDATION_FAILED', '/originator');
    expectRestProblem(await submitRest(s, d.depositId, { originator: originatorOf(), extra: 1 }), 400, 'VALIDATION_FAILED', '/extra');
    expectGraphQLProblem(await submitGql(s, d.depositId, { originator: null }), 400, 'VALIDATION_FAILED', '/originator');
    expectRestProblem(await server.request(s.client, 'POST', restPath(d.depositId)), 400, 'INVALID_REQUEST');
    expectRestProblem(await submitRest(s, 'not-a-uuid', { originator: originatorOf() }), 400, 'VALIDATION_FAILED');
  });

  it('2. idempotency: a replay answers the first result on either surface; another request under the key → 409, before the deposit check', async () => {
    const { s, d } = await held();
    const key = randomUUID();
    const body = { originator: originatorOf() };
    const first = await submitRest(s, d.depositId, body, { idempotencyKey: key });
    expect(first.status, first.text).toBe(200);
    const replay = await submitRest(s, d.depositId, body, { idempotencyKey: key });
    expect(replay.status, replay.text).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    const gqlReplay = await submitGql(s, d.depositId, body, { idempotencyKey: key });
    expect(gqlReplay.body.data.submitCryptoDepositTravelRuleInformation).toEqual(first.body);
    expect(await eventsOf(d.depositId)).toHaveLength(2);
    expectRestProblem(await submitRest(s, randomUUID(), body, { idempotencyKey: key }), 409, 'IDEMPOTENCY_KEY_REUSED');
    expectRestProblem(await submitRest(s, d.depositId, { originator: originatorOf() }, { idempotencyKey: key }), 409, 'IDEMPOTENCY_KEY_REUSED');
    expectRestProblem(await submitRest(s, d.depositId, body, { idempotencyKey: null }), 400, 'IDEMPOTENCY_KEY_MISSING');
  });

  it('3. deposit: unknown → 404 NOT_FOUND; another partner’s → 403 FORBIDDEN; before the route check', async () => {
    const { s, d } = await held();
    const other = await Scenario.create(server);
    const body = { originator: originatorOf() };
    expectRestProblem(await submitRest(s, randomUUID(), body), 404, 'NOT_FOUND');
    expectGraphQLProblem(await submitGql(s, randomUUID(), body), 404, 'NOT_FOUND');
    await setRoute(server, s.routeCode, false);
    expectRestProblem(await submitRest(other, d.depositId, body), 403, 'FORBIDDEN');
    expectGraphQLProblem(await submitGql(other, d.depositId, body), 403, 'FORBIDDEN');
    await setRoute(server, s.routeCode, true);
  });

  it('4. its route disabled → 403 ROUTE_NOT_PERMITTED, before the state check; enabled again → released', async () => {
    const { s, customerId, d } = await held();
    const completed = await deposit(server, s, customerId, { amountMinor: '100' });
    await setRoute(server, s.routeCode, false);
    const body = { originator: originatorOf() };
    expectRestProblem(await submitRest(s, d.depositId, body), 403, 'ROUTE_NOT_PERMITTED');
    expectGraphQLProblem(await submitGql(s, d.depositId, body), 403, 'ROUTE_NOT_PERMITTED');
    expectRestProblem(await submitRest(s, completed.depositId, body), 403, 'ROUTE_NOT_PERMITTED');
    await setRoute(server, s.routeCode, true);
    expect((await submitRest(s, d.depositId, body)).status).toBe(200);
  });

  it('5. not PENDING_TRAVEL_RULE (COMPLETED, FROZEN, already released) → 409 INVALID_STATE, nothing changes', async () => {
    const source = randomEthAddress();
    await denySource(server, 'ETH', source);
    const { s, customerId, d } = await held();
    const completed = await deposit(server, s, customerId, { amountMinor: '100' });
    const frozen = await deposit(server, s, customerId, { amountMinor: '100', fromAddress: source });
    expect(frozen.status).toBe('FROZEN');
    const body = { originator: originatorOf() };
    for (const id of [completed.depositId, frozen.depositId]) {
      expectRestProblem(await submitRest(s, id, body), 409, 'INVALID_STATE');
      expectGraphQLProblem(await submitGql(s, id, body), 409, 'INVALID_STATE');
    }
    expect((await submitGql(s, d.depositId, body)).status).toBe(200);
    expectRestProblem(await submitRest(s, d.depositId, body), 409, 'INVALID_STATE');
    expect(await eventsOf(d.depositId)).toHaveLength(2);
    expect(await depositRowsOf(d.depositId)).toHaveLength(1);
    expect(await gqlData(server, s.client, DEPOSIT_QUERY, { id: completed.depositId }, 'cryptoDeposit')).toEqual(completed);
  });
});

describe('the originator is stored sealed and shown nowhere', () => {
  it('in no response, event, feed, audit entry, stored result, log line or plain column; the sealed value opens to what was sent', async () => {
    const { s, customerId, d } = await held();
    const name = uniqueName();
    const addressLine = `Secret Street ${randomUUID()}`;
    const originator = { name, type: 'INDIVIDUAL', country: 'FR', addressLine, walletType: 'VASP_WALLET', vaspName: 'Example VASP', vaspDid: 'did:web:vasp.example.com' };
    const replies = [
      // A refusal first (shape: another member), then the release, a replay, and a refused second submission.
      await submitRest(s, d.depositId, { originator: { ...originator, country: 'xx' } }),
      await submitRest(s, d.depositId, { originator }, { idempotencyKey: 'tr-secret-key' }),
      await submitRest(s, d.depositId, { originator }, { idempotencyKey: 'tr-secret-key' }),
      await submitGql(s, d.depositId, { originator }),
      await server.gql(s.client, DEPOSIT_QUERY, { id: d.depositId }),
      await server.request(s.client, 'GET', `/partner/v1/crypto/deposits/${d.depositId}`),
      await server.request(s.client, 'GET', `/partner/v1/customers/${customerId}/crypto/deposits`),
      await server.request(s.client, 'GET', `/partner/v1/events?customerId=${customerId}`),
    ];
    expect(replies.map((r) => r.status)).toEqual([400, 200, 200, 409, 200, 200, 200, 200]);
    const secrets = [name, addressLine];
    const leaks = (text: string) => secrets.filter((x) => text.includes(x));
    for (const r of replies) expect(leaks(r.text), r.text).toEqual([]);

    const everything = async (table: string) => JSON.stringify(await server.db.all(`SELECT * FROM ${table}`));
    for (const table of ['events', 'audit_events', 'idempotency_records', 'ledger_transactions']) expect(leaks(await everything(table)), table).toEqual([]);
    const row = await server.db.get<Record<string, unknown>>('SELECT * FROM crypto_deposits WHERE deposit_id = ?', d.depositId);
    const sealed = row!.travel_rule_originator as string;
    expect(typeof sealed).toBe('string');
    expect(leaks(JSON.stringify({ ...row, travel_rule_originator: null }))).toEqual([]);
    expect(leaks(sealed)).toEqual([]);
    expect(openOriginator(server.config.secretBox, d.depositId, sealed)).toEqual(originator);
    // Bound to its deposit: the same ciphertext does not open for another.
    expect(() => openOriginator(server.config.secretBox, randomUUID(), sealed)).toThrow();
    expect(logLines.length).toBeGreaterThan(0);
    expect(leaks(logLines.join(''))).toEqual([]);
  });
});
