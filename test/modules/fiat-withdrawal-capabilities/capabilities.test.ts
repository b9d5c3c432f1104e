// §14.6 withdrawal capabilities: the list's items (with and without a record, the computed rail fields as
// the rail is enabled and disabled), activateFiatWithdrawalCapability's order of checks on both surfaces,
// the review in sandbox mode (APPROVED, REJECTED, NEEDS_ADDITIONAL_INFORMATION answered or timed out),
// re-activation after REJECTED, the race of concurrent activations (§16.4), events (E4's omits, E8), and
// requireActiveWithdrawalCapability for fiat withdrawals; R21 outside sandbox mode.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Problem } from '../../../src/core/problem.js';
import { suspendCustomer } from '../../../src/modules/customers/operators.js';
import { enableRail } from '../../../src/modules/fiat-rails/operators.js';
import { requireActiveWithdrawalCapability } from '../../../src/modules/fiat-withdrawal-capabilities/index.js';
import { startTestServer, type Reply, type TestServer } from '../../helpers/harness.js';
import { FiatParty } from '../../helpers/fiat-accounts.js';
import {
  activateGql,
  activateRest,
  activationInput,
  activationReviewOutcome,
  activeWithdrawalCapability,
  clearActivationReviewOutcome,
  WITHDRAWAL_CAPABILITIES_QUERY,
  WITHDRAWAL_CAPABILITY_FIELDS,
  withdrawalCapabilities,
  withdrawalCapability,
} from '../../helpers/fiat-capabilities.js';
import { OpenApiValidator } from '../../helpers/openapi-validator.js';
import { expectGraphQLProblem, expectRestProblem } from '../../helpers/problems.js';
import { eventsOf } from '../../helpers/withdrawals.js';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const COMPUTED = ['railEnabled', 'feeAmountMinor', 'minAmountMinor', 'maxAmountMinor'];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const codeOf = (r: Reply) => r.body.code ?? r.body.errors?.[0]?.extensions?.code;

async function expectBoth(f: FiatParty, rail: string, input: Record<string, unknown>, status: number, code: string, o: { customerId?: string; pointer?: string } = {}) {
  const p = o.pointer ? { pointer: o.pointer } : undefined;
  expectRestProblem(await activateRest(f, rail, input, { customerId: o.customerId }), status, code, p);
  expectGraphQLProblem(await activateGql(f, rail, input, { customerId: o.customerId }), status, code, p);
}

/** An item without a record (§14.6's first row). */
const noRecord = (customerId: string, rail: string, currency: string, rail_: { fee: string; min: string; max: string | null } | null) => ({
  capabilityId: null,
  customerId,
  rail,
  currency,
  status: rail_ ? 'AVAILABLE' : 'NOT_AVAILABLE',
  statusInfo: rail_ ? null : 'Rail not enabled',
  expectedMonthlyVolumeMinor: null,
  withdrawalPurpose: null,
  informationRequests: [],
  informationDueAt: null,
  railEnabled: rail_ !== null,
  feeAmountMinor: rail_?.fee ?? null,
  minAmountMinor: rail_?.min ?? null,
  maxAmountMinor: rail_?.max ?? null,
  activatedAt: null,
  createdAt: null,
  updatedAt: null,
});

/** E4: an event's data is the item without the computed fields. */
const withoutComputed = (item: Record<string, unknown>) => Object.fromEntries(Object.entries(item).filter(([k]) => !COMPUTED.includes(k)));

describe('fiatWithdrawalCapabilities', () => {
  it('three items, SEPA, ACH, WIRE: AVAILABLE with the rail’s fee and bounds, NOT_AVAILABLE without it; GraphQL as REST; 404 / 403', async () => {
    const f = await FiatParty.create(server, ['ACH']);
    const clientId = f.s.client.clientId;
    await server.operator((db) => enableRail(db, { clientId, rail: 'WIRE', withdrawalFeeMinor: '2500', minMinor: '1000', maxMinor: '5000000' }));
    const items = await withdrawalCapabilities(f);
    expect(items).toEqual([
      noRecord(f.customerId, 'SEPA', 'EUR', null),
      noRecord(f.customerId, 'ACH', 'USD', { fee: '0', min: '1', max: null }),
      noRecord(f.customerId, 'WIRE', 'USD', { fee: '2500', min: '1000', max: '5000000' }),
    ]);
    expect(Object.keys(items[0]!)).toEqual(WITHDRAWAL_CAPABILITY_FIELDS.split(/\s+/).filter((x) => /^[a-zA-Z]+$/.test(x)).filter((x) => !['key', 'kind', 'description', 'requestedAt', 'answeredAt'].includes(x)));
    const g = await f.gql(WITHDRAWAL_CAPABILITIES_QUERY, { customerId: f.customerId });
    expect(g.body.data.fiatWithdrawalCapabilities).toEqual(items);
    expectRestProblem(await f.rest('GET', `/partner/v1/customers/${randomUUID()}/fiat/withdrawal-capabilities`), 404, 'CUSTOMER_NOT_FOUND');
    expectGraphQLProblem(await f.gql(WITHDRAWAL_CAPABILITIES_QUERY, { customerId: randomUUID() }), 404, 'CUSTOMER_NOT_FOUND');
    const other = await FiatParty.create(server);
    expectRestProblem(await f.rest('GET', `/partner/v1/customers/${other.customerId}/fiat/withdrawal-capabilities`), 403, 'FORBIDDEN');
    expectGraphQLProblem(await f.gql(WITHDRAWAL_CAPABILITIES_QUERY, { customerId: other.customerId }), 403, 'FORBIDDEN');
    expectRestProblem(await f.rest('GET', `/partner/v1/customers/not-a-uuid/fiat/withdrawal-capabilities`), 400, 'VALIDATION_FAILED', { pointer: '/customerId' });
  });
});

describe('activateFiatWithdrawalCapability', () => {
  it('REST: PENDING with the input, its event; the review activates it; E4 leaves the computed fields out, E8 holds', async () => {
    const f = await FiatParty.create(server);
    await f.account('EUR');
    const r = await activateRest(f, 'SEPA', activationInput());
    expect(r.status, r.text).toBe(200);
    const pending = r.body;
    expect(pending).toEqual({
      capabilityId: expect.stringMatching(UUID),
      customerId: f.customerId,
      rail: 'SEPA',
      currency: 'EUR',
      status: 'PENDING',
      statusInfo: 'Under review',
      expectedMonthlyVolumeMinor: '250000',
      withdrawalPurpose: 'Paying suppliers',
      informationRequests: [],
      informationDueAt: null,
      railEnabled: true,
      feeAmountMinor: '0',
      minAmountMinor: '1',
      maxAmountMinor: null,
      activatedAt: null,
      createdAt: expect.stringMatching(ISO),
      updatedAt: pending.createdAt,
    });
    expect(await withdrawalCapability(f, 'SEPA')).toEqual(pending);
    const first = await eventsOf(server, pending.capabilityId);
    expect(first.map((e) => [e.type, e.sequence])).toEqual([['fiat_withdrawal_capability.pending', 1]]);
    expect(first[0]!.data).toEqual(withoutComputed(pending));
    // The review (one worker step): ACTIVE, activatedAt set.
    await server.advanceWorker(1);
    const active = await withdrawalCapability(f, 'SEPA');
    expect(active).toEqual({ ...pending, status: 'ACTIVE', statusInfo: 'Active', activatedAt: expect.stringMatching(ISO), updatedAt: active.activatedAt });
    const events = await eventsOf(server, pending.capabilityId);
    expect(events.map((e) => [e.type, e.sequence])).toEqual([
      ['fiat_withdrawal_capability.pending', 1],
      ['fiat_withdrawal_capability.active', 2],
    ]);
    for (const e of events) for (const k of COMPUTED) expect(e.data).not.toHaveProperty(k);
    expect(events.at(-1)!.data).toEqual(withoutComputed(active));
    // The other rails keep their items without a record.
    expect((await withdrawalCapabilities(f)).map((c) => [c.rail, c.status])).toEqual([
      ['SEPA', 'ACTIVE'],
      ['ACH', 'AVAILABLE'],
      ['WIRE', 'AVAILABLE'],
    ]);
  });

  it('GraphQL: the same answer; a replay of the key answers the stored result (C before every later check)', async () => {
    const f = await FiatParty.create(server);
    await f.account('USD');
    const key = randomUUID();
    const g = await activateGql(f, 'WIRE', activationInput(), { idempotencyKey: key });
    expect(g.status, g.text).toBe(200);
    const item = g.body.data.activateFiatWithdrawalCapability;
    expect(item).toMatchObject({ rail: 'WIRE', currency: 'USD', status: 'PENDING', statusInfo: 'Under review', capabilityId: expect.stringMatching(UUID) });
    expect(item).toEqual(await withdrawalCapability(f, 'WIRE'));
    const replay = await activateGql(f, 'WIRE', activationInput(), { idempotencyKey: key });
    expect(replay.body.data.activateFiatWithdrawalCapability).toEqual(item);
    // A new key: the record is PENDING.
    expectGraphQLProblem(await activateGql(f, 'WIRE', activationInput()), 409, 'INVALID_STATE');
  });

  it('B: every shape fault at once (400 VALIDATION_FAILED), before idempotency and the records; {rail} not a rail → /rail', async () => {
    const f = await FiatParty.create(server);
    const bad = { expectedMonthlyVolumeMinor: '0', withdrawalPurpose: '' };
    const rest = expectRestProblem(await activateRest(f, 'SEPA', bad, { customerId: randomUUID() }), 400, 'VALIDATION_FAILED');
    expect(rest.errors!.map((e) => e.pointer)).toEqual(['/expectedMonthlyVolumeMinor', '/withdrawalPurpose']);
    const gql = expectGraphQLProblem(await activateGql(f, 'SEPA', bad, { customerId: randomUUID() }), 400, 'VALIDATION_FAILED');
    expect(gql.errors!.map((e) => e.pointer)).toEqual(rest.errors!.map((e) => e.pointer));
    for (const amount of ['01', '-5', '1.5', 'abc', '', '1'.repeat(39)])
      await expectBoth(f, 'SEPA', activationInput({ expectedMonthlyVolumeMinor: amount }), 400, 'VALIDATION_FAILED', { pointer: '/expectedMonthlyVolumeMinor' });
    await expectBoth(f, 'SEPA', activationInput({ withdrawalPurpose: 'x'.repeat(501) }), 400, 'VALIDATION_FAILED', { pointer: '/withdrawalPurpose' });
    // The bounds themselves pass B (then D refuses the unknown customer).
    await expectBoth(f, 'SEPA', activationInput({ expectedMonthlyVolumeMinor: '9'.repeat(38), withdrawalPurpose: '€'.repeat(500) }), 404, 'CUSTOMER_NOT_FOUND', { customerId: randomUUID() });
    await expectBoth(f, 'SEPA', activationInput({ expectedMonthlyVolumeMinor: '1', withdrawalPurpose: 'x' }), 404, 'CUSTOMER_NOT_FOUND', { customerId: randomUUID() });
    // {rail}: SEPA, ACH or WIRE (§14.2), else 400 at /rail, before the customer.
    for (const rail of ['FOO', 'sepa'])
      expectRestProblem(await activateRest(f, rail, activationInput(), { customerId: randomUUID() }), 400, 'VALIDATION_FAILED', { pointer: '/rail' });
    expectGraphQLProblem(await activateGql(f, 'FOO', activationInput(), { customerId: randomUUID() }), 400, 'VALIDATION_FAILED', { pointer: '/rail' });
    expectRestProblem(await activateRest(f, 'SEPA', activationInput({ extra: 1 })), 400, 'VALIDATION_FAILED', { pointer: '/extra' });
  });

  it('D → E → H in order: customer, rail, gate, INVALID_STATE, FIAT_ACCOUNT_NOT_ACTIVE', async () => {
    const f = await FiatParty.create(server, []);
    const other = await FiatParty.create(server);
    // D: the customer (404 CUSTOMER_NOT_FOUND, another partner's 403), before the rail.
    await expectBoth(f, 'SEPA', activationInput(), 404, 'CUSTOMER_NOT_FOUND', { customerId: randomUUID() });
    await expectBoth(f, 'SEPA', activationInput(), 403, 'FORBIDDEN', { customerId: other.customerId });
    // E: the rail, before the gate.
    await server.operator((db) => suspendCustomer(db, f.customerId, true));
    await expectBoth(f, 'SEPA', activationInput(), 403, 'RAIL_NOT_PERMITTED');
    await f.setRails(['ACH']);
    await expectBoth(f, 'SEPA', activationInput(), 403, 'RAIL_NOT_PERMITTED');
    await f.setRails(['SEPA', 'ACH']);
    // H: the gate (SUSPENDED, then NOT_VERIFIED) before the record's state and the fiat account.
    await expectBoth(f, 'SEPA', activationInput(), 409, 'CUSTOMER_SUSPENDED');
    await server.operator((db) => suspendCustomer(db, f.customerId, false));
    const unverified = await f.s.customer();
    await expectBoth(f, 'SEPA', activationInput(), 409, 'CUSTOMER_NOT_VERIFIED', { customerId: unverified });
    // FIAT_ACCOUNT_NOT_ACTIVE: no account in the rail's currency, then a SUSPENDED one.
    await expectBoth(f, 'SEPA', activationInput(), 409, 'FIAT_ACCOUNT_NOT_ACTIVE');
    const { fiatAccountId } = await f.account('EUR');
    await f.suspend(fiatAccountId);
    await expectBoth(f, 'SEPA', activationInput(), 409, 'FIAT_ACCOUNT_NOT_ACTIVE');
    await f.suspend(fiatAccountId, false);
    // An EUR account does not serve a USD rail.
    await expectBoth(f, 'ACH', activationInput(), 409, 'FIAT_ACCOUNT_NOT_ACTIVE');
    // INVALID_STATE before FIAT_ACCOUNT_NOT_ACTIVE: a PENDING record, its account suspended meanwhile.
    expect((await activateRest(f, 'SEPA', activationInput())).status).toBe(200);
    await f.suspend(fiatAccountId);
    await expectBoth(f, 'SEPA', activationInput(), 409, 'INVALID_STATE');
    // ... and the gate before INVALID_STATE.
    await server.operator((db) => suspendCustomer(db, f.customerId, true));
    await expectBoth(f, 'SEPA', activationInput(), 409, 'CUSTOMER_SUSPENDED');
    await server.operator((db) => suspendCustomer(db, f.customerId, false));
    await f.suspend(fiatAccountId, false);
    // ACTIVE: INVALID_STATE too (final in v1).
    await server.advanceWorker(1);
    expect((await withdrawalCapability(f, 'SEPA')).status).toBe('ACTIVE');
    await expectBoth(f, 'SEPA', activationInput(), 409, 'INVALID_STATE');
    // Nothing written by the refusals: one record, two events.
    expect(await server.db.count('SELECT count(*) AS n FROM fiat_withdrawal_capabilities WHERE customer_id = ?', f.customerId)).toBe(1);
    expect((await eventsOf(server, (await withdrawalCapability(f, 'SEPA')).capabilityId)).map((e) => e.type)).toEqual([
      'fiat_withdrawal_capability.pending',
      'fiat_withdrawal_capability.active',
    ]);
  });

  it('concurrent activations of one rail: one 200, the others 409 INVALID_STATE (uq_fiat_capability_customer_rail, the compare-and-set from REJECTED)', async () => {
    const f = await FiatParty.create(server);
    await f.account('EUR');
    await activationReviewOutcome(f, 'REJECTED');
    const race = async () => {
      const replies = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? activateGql(f, 'SEPA', activationInput()) : activateRest(f, 'SEPA', activationInput()))));
      expect(replies.filter((r) => r.status === 200), replies.map((r) => r.text).join('\n')).toHaveLength(1);
      for (const r of replies.filter((x) => x.status !== 200)) expect([r.status, codeOf(r)]).toEqual([409, 'INVALID_STATE']);
    };
    // The first activation creates the record.
    await race();
    expect(await server.db.count('SELECT count(*) AS n FROM fiat_withdrawal_capabilities WHERE customer_id = ?', f.customerId)).toBe(1);
    await server.advanceWorker(1);
    expect((await withdrawalCapability(f, 'SEPA')).status).toBe('REJECTED');
    // Re-activations after REJECTED reuse it.
    await race();
    expect(await server.db.count('SELECT count(*) AS n FROM fiat_withdrawal_capabilities WHERE customer_id = ?', f.customerId)).toBe(1);
    expect((await eventsOf(server, (await withdrawalCapability(f, 'SEPA')).capabilityId)).map((e) => e.type)).toEqual([
      'fiat_withdrawal_capability.pending',
      'fiat_withdrawal_capability.rejected',
      'fiat_withdrawal_capability.pending',
    ]);
  });
});

describe('the rail’s settings', () => {
  it('disabling the rail leaves an ACTIVE capability ACTIVE with railEnabled false and no fee or bounds; activation → 403 RAIL_NOT_PERMITTED; no event', async () => {
    const f = await FiatParty.create(server);
    const clientId = f.s.client.clientId;
    const { capabilityId } = await activeWithdrawalCapability(f, 'ACH');
    const before = await withdrawalCapability(f, 'ACH');
    await f.setRails(['SEPA', 'WIRE']);
    const off = await withdrawalCapability(f, 'ACH');
    expect(off).toEqual({ ...before, railEnabled: false, feeAmountMinor: null, minAmountMinor: null, maxAmountMinor: null });
    expect(off.status).toBe('ACTIVE');
    await expectBoth(f, 'ACH', activationInput(), 403, 'RAIL_NOT_PERMITTED');
    // Another rail without a record: NOT_AVAILABLE.
    await f.setRails(['SEPA']);
    expect(await withdrawalCapability(f, 'WIRE')).toEqual(noRecord(f.customerId, 'WIRE', 'USD', null));
    // Re-enabled with a new fee and bounds: computed now, still no event.
    await server.operator((db) => enableRail(db, { clientId, rail: 'ACH', withdrawalFeeMinor: '150', minMinor: '500', maxMinor: '1000000' }));
    expect(await withdrawalCapability(f, 'ACH')).toEqual({ ...before, feeAmountMinor: '150', minAmountMinor: '500', maxAmountMinor: '1000000' });
    expect((await eventsOf(server, capabilityId)).map((e) => e.type)).toEqual(['fiat_withdrawal_capability.pending', 'fiat_withdrawal_capability.active']);
  });
});

describe('the review (sandbox outcomes, subject ACTIVATION)', () => {
  it('REJECTED: "Rejected"; the entry persists, so a re-activation (same record, the new input) is rejected again; cleared, the next passes', async () => {
    const f = await FiatParty.create(server);
    await f.account('USD');
    await activationReviewOutcome(f, 'REJECTED');
    const first = (await activateRest(f, 'ACH', activationInput())).body;
    await server.advanceWorker(1);
    const rejected = await withdrawalCapability(f, 'ACH');
    expect(rejected).toEqual({ ...first, status: 'REJECTED', statusInfo: 'Rejected', updatedAt: expect.stringMatching(ISO) });
    const again = await activateRest(f, 'ACH', activationInput({ expectedMonthlyVolumeMinor: '990000', withdrawalPurpose: 'Payroll' }));
    expect(again.status, again.text).toBe(200);
    expect(again.body).toEqual({
      ...first,
      expectedMonthlyVolumeMinor: '990000',
      withdrawalPurpose: 'Payroll',
      updatedAt: expect.stringMatching(ISO),
    });
    expect(again.body.createdAt).toBe(first.createdAt);
    await server.advanceWorker(1);
    expect((await withdrawalCapability(f, 'ACH')).status).toBe('REJECTED');
    await clearActivationReviewOutcome(f);
    expect((await activateGql(f, 'ACH', activationInput())).status).toBe(200);
    await server.advanceWorker(1);
    const active = await withdrawalCapability(f, 'ACH');
    expect(active).toMatchObject({ capabilityId: first.capabilityId, status: 'ACTIVE', statusInfo: 'Active', activatedAt: expect.stringMatching(ISO) });
    const events = await eventsOf(server, first.capabilityId);
    expect(events.map((e) => [e.type, e.sequence])).toEqual([
      ['fiat_withdrawal_capability.pending', 1],
      ['fiat_withdrawal_capability.rejected', 2],
      ['fiat_withdrawal_capability.pending', 3],
      ['fiat_withdrawal_capability.rejected', 4],
      ['fiat_withdrawal_capability.pending', 5],
      ['fiat_withdrawal_capability.active', 6],
    ]);
    expect(events.at(-1)!.data).toEqual(withoutComputed(active));
    expect(events[3]!.data).toMatchObject({ status: 'REJECTED', statusInfo: 'Rejected', expectedMonthlyVolumeMinor: '990000' });
  });

  it('APPROVED as given: ACTIVE at the first review', async () => {
    const f = await FiatParty.create(server);
    await f.account('EUR');
    await activationReviewOutcome(f, 'APPROVED');
    expect((await activateRest(f, 'SEPA', activationInput())).status).toBe(200);
    await server.advanceWorker(1);
    expect(await withdrawalCapability(f, 'SEPA')).toMatchObject({ status: 'ACTIVE', statusInfo: 'Active' });
  });

  it('the entry applies to activations only: an application of the same customer passes its review', async () => {
    const f = await FiatParty.create(server);
    await activationReviewOutcome(f, 'REJECTED');
    const { fiatAccountId } = await f.account('EUR');
    expect(fiatAccountId).toMatch(UUID);
  });
});

describe('requireActiveWithdrawalCapability (for fiat withdrawals)', () => {
  it('409 WITHDRAWAL_CAPABILITY_NOT_ACTIVE without a record, PENDING, REJECTED; passes when ACTIVE, whatever the rail’s settings', async () => {
    const f = await FiatParty.create(server);
    await f.account('EUR');
    const check = (rail: 'SEPA' | 'ACH' | 'WIRE') => server.operator((db) => requireActiveWithdrawalCapability(db.read, f.customerId, rail));
    const refused = async (rail: 'SEPA' | 'ACH' | 'WIRE') => {
      const e = await check(rail).then(
        () => undefined,
        (x: unknown) => x,
      );
      expect(e).toBeInstanceOf(Problem);
      expect((e as Problem).code).toBe('WITHDRAWAL_CAPABILITY_NOT_ACTIVE');
    };
    await refused('SEPA');
    await activationReviewOutcome(f, 'REJECTED');
    await activateRest(f, 'SEPA', activationInput());
    await refused('SEPA');
    await server.advanceWorker(1);
    await refused('SEPA');
    await clearActivationReviewOutcome(f);
    await activateRest(f, 'SEPA', activationInput());
    await server.advanceWorker(1);
    await expect(check('SEPA')).resolves.toBeUndefined();
    await f.setRails([]);
    await expect(check('SEPA')).resolves.toBeUndefined();
    await refused('ACH');
  });
});

describe('R21 outside sandbox mode', () => {
  it('the activation waits in PENDING: no review step runs', async () => {
    const prod = await startTestServer({ PARTNER_SANDBOX: 'false' });
    try {
      const f = await FiatParty.create(prod);
      await issueEurAccountDirectly(prod, f);
      const r = await activateRest(f, 'SEPA', activationInput());
      expect(r.status, r.text).toBe(200);
      await prod.advanceWorker(5);
      prod.clock.advance(30 * 86_400_000);
      await prod.service.worker.drain();
      expect(await withdrawalCapability(f, 'SEPA')).toMatchObject({ status: 'PENDING', statusInfo: 'Under review', activatedAt: null });
      expect((await eventsOf(prod, r.body.capabilityId)).map((e) => e.type)).toEqual(['fiat_withdrawal_capability.pending']);
    } finally {
      await prod.stop();
    }
  });
});

/** No review issues an account outside sandbox mode (R21): the rows an approval writes, written as an operator would. */
async function issueEurAccountDirectly(s: TestServer, f: FiatParty): Promise<void> {
  const { insertApplication, insertFiatAccount } = await import('../../../src/modules/fiat-accounts/repository.js');
  const at = s.clock.now().toISOString();
  const applicationId = randomUUID();
  const fiatAccountId = randomUUID();
  const common = { customerId: f.customerId, clientId: f.s.client.clientId, currency: 'EUR', accountHolderName: 'Ada Lovelace', createdAt: at, updatedAt: at };
  await s.operator((db) =>
    db.writer.run(async (tx) => {
      await insertApplication(tx, {
        ...common,
        applicationId,
        expectedMonthlyVolumeMinor: '1',
        sourceOfFunds: 'Salary',
        accountPurpose: 'Savings',
        fileIds: '[]',
        status: 'APPROVED',
        statusInfo: 'Approved',
        fiatAccountId,
        reviewDueAt: null,
        reviewOutcome: null,
        reviewKeys: null,
        decidedAt: at,
      });
      await insertFiatAccount(tx, {
        ...common,
        fiatAccountId,
        applicationId,
        currencyScale: 2,
        status: 'ACTIVE',
        iban: 'DE89370400440532013000',
        bic: 'SNDBDEFFXXX',
        accountNumber: null,
        routingNumber: null,
        bankName: 'Sandbox Bank',
        suspendedAt: null,
      });
    }),
  );
}

describe('/openapi.json', () => {
  it('documents the live answers of the capability paths (the list as {items})', async () => {
    const openapi = new OpenApiValidator(await (await fetch(`${server.url}/openapi.json`)).json());
    const f = await FiatParty.create(server);
    await f.account('EUR');
    const list = '/partner/v1/customers/{customerId}/fiat/withdrawal-capabilities';
    expect(openapi.faults('GET', list, await f.rest('GET', `/partner/v1/customers/${f.customerId}/fiat/withdrawal-capabilities`))).toEqual([]);
    const activation = '/partner/v1/customers/{customerId}/fiat/withdrawal-capabilities/{rail}/activation';
    expect(openapi.faults('POST', activation, await activateRest(f, 'SEPA', activationInput()))).toEqual([]);
    expect(openapi.faults('POST', activation, await activateRest(f, 'SEPA', activationInput()))).toEqual([]);
    expect(openapi.faults('POST', activation, await activateRest(f, 'FOO', activationInput()))).toEqual([]);
  });
});
