// §14.4 createFiatAccountApplication (its order of checks, on both surfaces), the review by the worker
// (sandbox mode) with the account issued in the approval's transaction, fiatAccountApplication,
// fiatAccountCapabilities, fiatAccounts, fiatAccount, fiatDepositInstructions and suspension; R21: no review
// outside sandbox mode.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suspendCustomer } from '../../../src/modules/customers/operators.js';
import { startTestServer, type TestServer } from '../../helpers/harness.js';
import { createFile, fileBytes, linkedFile, uploadInput } from '../../helpers/files.js';
import { expectGraphQLProblem, expectRestProblem } from '../../helpers/problems.js';
import { eventsOf } from '../../helpers/withdrawals.js';
import { OpenApiValidator } from '../../helpers/openapi-validator.js';
import {
  ACCOUNT_FIELDS,
  ACCOUNT_QUERY,
  APPLICATION_FIELDS,
  APPLICATION_QUERY,
  applicationInput,
  CAPABILITIES_QUERY,
  FiatParty,
  INSTRUCTIONS_QUERY,
} from '../../helpers/fiat-accounts.js';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

async function expectBoth(f: FiatParty, input: Record<string, unknown>, status: number, code: string, o: { customerId?: string; pointer?: string } = {}) {
  expectRestProblem(await f.createRest(input, { customerId: o.customerId }), status, code, o.pointer ? { pointer: o.pointer } : undefined);
  expectGraphQLProblem(await f.createGql(input, { customerId: o.customerId }), status, code, o.pointer ? { pointer: o.pointer } : undefined);
}

describe('createFiatAccountApplication', () => {
  it('REST and GraphQL: SUBMITTED with every field, its event; then the review approves and issues the account', async () => {
    const f = await FiatParty.create(server);
    const fileId = await linkedFile(server, f.s.client, f.customerId);
    const r = await f.createRest(applicationInput({ fileIds: [fileId] }));
    expect(r.status, r.text).toBe(200);
    expect(Object.keys(r.body)).toEqual(APPLICATION_FIELDS.split(/\s+/).filter((x) => /^[a-zA-Z]+$/.test(x)).filter((x) => !['key', 'kind', 'description', 'requestedAt', 'answeredAt'].includes(x)));
    const app = r.body;
    expect(app).toEqual({
      applicationId: expect.stringMatching(UUID),
      customerId: f.customerId,
      currency: 'EUR',
      accountHolderName: 'Ada Lovelace',
      expectedMonthlyVolumeMinor: '500000',
      sourceOfFunds: 'Salary',
      accountPurpose: 'Savings',
      fileIds: [fileId],
      status: 'SUBMITTED',
      statusInfo: 'Submitted',
      informationRequests: [],
      informationDueAt: null,
      fiatAccountId: null,
      createdAt: expect.stringMatching(ISO),
      updatedAt: app.createdAt,
      decidedAt: null,
    });
    expect((await eventsOf(server, app.applicationId)).map((e) => [e.type, e.sequence])).toEqual([['fiat_account_application.submitted', 1]]);
    expect(await f.capabilities()).toEqual([
      { currency: 'EUR', rails: ['SEPA'], status: 'PENDING', statusInfo: 'Submitted', applicationId: app.applicationId, fiatAccountId: null },
      { currency: 'USD', rails: ['ACH', 'WIRE'], status: 'AVAILABLE', statusInfo: null, applicationId: null, fiatAccountId: null },
    ]);
    // The worker: SUBMITTED → IN_REVIEW → APPROVED, the account ACTIVE in the approval's transaction.
    await server.advanceWorker();
    const done = await f.application(app.applicationId);
    expect(done).toMatchObject({ status: 'APPROVED', statusInfo: 'Approved', fiatAccountId: expect.stringMatching(UUID), decidedAt: expect.stringMatching(ISO) });
    const fiatAccountId = done.fiatAccountId as string;
    const acct = await f.rest('GET', `/partner/v1/fiat/accounts/${fiatAccountId}`);
    expect(acct.status, acct.text).toBe(200);
    expect(Object.keys(acct.body)).toEqual(ACCOUNT_FIELDS.split(/\s+/).filter(Boolean));
    const { sandboxIdentifiers } = await import('../../../src/modules/fiat-accounts/index.js');
    expect(acct.body).toEqual({
      fiatAccountId,
      customerId: f.customerId,
      applicationId: app.applicationId,
      currency: 'EUR',
      currencyScale: 2,
      rails: ['SEPA'],
      status: 'ACTIVE',
      accountHolderName: 'Ada Lovelace',
      iban: sandboxIdentifiers(fiatAccountId, 'EUR').iban,
      bic: 'SNDBDEFFXXX',
      accountNumber: null,
      routingNumber: null,
      bankName: 'Sandbox Bank',
      suspendedAt: null,
      createdAt: done.decidedAt,
      updatedAt: done.decidedAt,
    });
    // E6: the application's events, then the account's `fiat_account.active` (sequence 1), in one transaction.
    const events = await server.db.all<{ type: string; resource_id: string; sequence: number | string; created_at: string }>(
      'SELECT type, resource_id, sequence, created_at FROM events WHERE resource_id IN (?, ?) ORDER BY position',
      app.applicationId,
      fiatAccountId,
    );
    expect(events.map((e) => [e.type, Number(e.sequence)])).toEqual([
      ['fiat_account_application.submitted', 1],
      ['fiat_account_application.in_review', 2],
      ['fiat_account_application.approved', 3],
      ['fiat_account.active', 1],
    ]);
    // E8: each event's data is the by-id view.
    expect((await eventsOf(server, app.applicationId)).at(-1)!.data).toEqual(done);
    expect((await eventsOf(server, fiatAccountId))[0]!.data).toEqual(acct.body);
    const gqlAcct = await f.gql(ACCOUNT_QUERY, { id: fiatAccountId });
    expect(gqlAcct.body.data.fiatAccount).toEqual(acct.body);
    expect((await f.capabilities())[0]).toEqual({ currency: 'EUR', rails: ['SEPA'], status: 'ACTIVE', statusInfo: null, applicationId: app.applicationId, fiatAccountId });

    // GraphQL: a USD application, the same answer shape as REST's.
    const g = await f.createGql(applicationInput({ currency: 'USD' }));
    expect(g.status, g.text).toBe(200);
    expect(g.body.data.createFiatAccountApplication).toMatchObject({ currency: 'USD', status: 'SUBMITTED', fileIds: [] });
    await server.advanceWorker();
    const usd = (await f.gql(APPLICATION_QUERY, { id: g.body.data.createFiatAccountApplication.applicationId })).body.data.fiatAccountApplication;
    const usdAcct = (await f.gql(ACCOUNT_QUERY, { id: usd.fiatAccountId })).body.data.fiatAccount;
    expect(usdAcct).toMatchObject({ currency: 'USD', rails: ['ACH', 'WIRE'], iban: null, bic: null, routingNumber: '099999999', accountNumber: sandboxIdentifiers(usd.fiatAccountId, 'USD').accountNumber });
  });

  it('B: every shape fault at once (400 VALIDATION_FAILED), before idempotency and the records', async () => {
    const f = await FiatParty.create(server);
    const bad = {
      currency: 'GBP',
      accountHolderName: '',
      expectedMonthlyVolumeMinor: '0',
      sourceOfFunds: 'x'.repeat(501),
      accountPurpose: '',
      fileIds: Array.from({ length: 11 }, () => randomUUID()),
    };
    const rest = expectRestProblem(await f.createRest(bad, { customerId: randomUUID() }), 400, 'VALIDATION_FAILED');
    expect(rest.errors!.map((e) => e.pointer)).toEqual(['/currency', '/accountHolderName', '/expectedMonthlyVolumeMinor', '/sourceOfFunds', '/accountPurpose', '/fileIds']);
    const gql = expectGraphQLProblem(await f.createGql(bad, { customerId: randomUUID() }), 400, 'VALIDATION_FAILED');
    expect(gql.errors!.map((e) => e.pointer)).toEqual(rest.errors!.map((e) => e.pointer));
    expectRestProblem(await f.createRest(applicationInput({ accountHolderName: 'x'.repeat(141) })), 400, 'VALIDATION_FAILED', { pointer: '/accountHolderName' });
    expectRestProblem(await f.createRest(applicationInput({ expectedMonthlyVolumeMinor: '01' })), 400, 'VALIDATION_FAILED', { pointer: '/expectedMonthlyVolumeMinor' });
  });

  it('D → E → H in order: customer, files, rail, gate, FILE_NOT_READY, FIAT_ACCOUNT_EXISTS', async () => {
    const f = await FiatParty.create(server, []);
    const other = await FiatParty.create(server);
    // D: the customer (404 CUSTOMER_NOT_FOUND, another partner's 403), then the files.
    await expectBoth(f, applicationInput(), 404, 'CUSTOMER_NOT_FOUND', { customerId: randomUUID() });
    await expectBoth(f, applicationInput(), 403, 'FORBIDDEN', { customerId: other.customerId });
    await expectBoth(f, applicationInput({ fileIds: [randomUUID()] }), 404, 'FILE_NOT_FOUND');
    const othersFile = await linkedFile(server, other.s.client, other.customerId);
    await expectBoth(f, applicationInput({ fileIds: [othersFile] }), 403, 'FORBIDDEN');
    // E: no rail of the currency (a USD rail does not serve EUR), before the gate.
    await server.operator((db) => suspendCustomer(db, f.customerId, true));
    await expectBoth(f, applicationInput(), 403, 'RAIL_NOT_PERMITTED');
    await f.setRails(['ACH']);
    await expectBoth(f, applicationInput(), 403, 'RAIL_NOT_PERMITTED');
    await f.setRails(['SEPA']);
    // H: the gate first (SUSPENDED, then NOT_VERIFIED), then the files' state.
    const pending = (await createFile(server, f.s.client, f.customerId, uploadInput(fileBytes()))).body.fileId as string;
    await expectBoth(f, applicationInput({ fileIds: [pending] }), 409, 'CUSTOMER_SUSPENDED');
    await server.operator((db) => suspendCustomer(db, f.customerId, false));
    const unverified = await f.s.customer();
    await expectBoth(f, applicationInput(), 409, 'CUSTOMER_NOT_VERIFIED', { customerId: unverified });
    await expectBoth(f, applicationInput({ fileIds: [pending] }), 409, 'FILE_NOT_READY');
    // FIAT_ACCOUNT_EXISTS: an open application, then the account.
    const first = await f.apply();
    await expectBoth(f, applicationInput(), 409, 'FIAT_ACCOUNT_EXISTS');
    await server.advanceWorker();
    expect((await f.application(first.applicationId)).status).toBe('APPROVED');
    await expectBoth(f, applicationInput(), 409, 'FIAT_ACCOUNT_EXISTS');
    // Nothing written by the refusals: one application, one account.
    expect(await server.db.count('SELECT count(*) AS n FROM fiat_account_applications WHERE customer_id = ?', f.customerId)).toBe(1);
  });

  it('racing creates of one customer and currency: one application, the rest 409 FIAT_ACCOUNT_EXISTS (uq_fiat_application_open)', async () => {
    const f = await FiatParty.create(server);
    const replies = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? f.createGql(applicationInput()) : f.createRest(applicationInput()))));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of replies.filter((x) => x.status !== 200)) expect([r.status, r.body.code ?? r.body.errors?.[0]?.extensions?.code]).toEqual([409, 'FIAT_ACCOUNT_EXISTS']);
    expect(await server.db.count('SELECT count(*) AS n FROM fiat_account_applications WHERE customer_id = ?', f.customerId)).toBe(1);
  });

  it('sandbox REJECTED: the first review rejects; the capability REJECTED; a new application may follow', async () => {
    const f = await FiatParty.create(server);
    await f.reviewOutcome('REJECTED');
    const app = await f.apply();
    await server.advanceWorker();
    expect(await f.application(app.applicationId)).toMatchObject({ status: 'REJECTED', statusInfo: 'Rejected', decidedAt: expect.stringMatching(ISO), fiatAccountId: null });
    expect((await f.capabilities())[0]).toMatchObject({ status: 'REJECTED', statusInfo: 'Rejected', applicationId: app.applicationId });
    expect((await eventsOf(server, app.applicationId)).map((e) => e.type)).toEqual([
      'fiat_account_application.submitted',
      'fiat_account_application.in_review',
      'fiat_account_application.rejected',
    ]);
    // The entry persists until cleared: the next application's first review rejects too.
    const again = await f.apply();
    await server.advanceWorker();
    expect((await f.application(again.applicationId)).status).toBe('REJECTED');
  });
});

describe('reads', () => {
  it('capabilities: NOT_AVAILABLE without a rail; 404 / 403 for the customer; GraphQL as REST', async () => {
    const f = await FiatParty.create(server, ['WIRE']);
    const items = await f.capabilities();
    expect(items).toEqual([
      { currency: 'EUR', rails: ['SEPA'], status: 'NOT_AVAILABLE', statusInfo: 'No rail enabled', applicationId: null, fiatAccountId: null },
      { currency: 'USD', rails: ['ACH', 'WIRE'], status: 'AVAILABLE', statusInfo: null, applicationId: null, fiatAccountId: null },
    ]);
    const g = await f.gql(CAPABILITIES_QUERY, { customerId: f.customerId });
    expect(g.body.data.fiatAccountCapabilities).toEqual(items);
    expectRestProblem(await f.rest('GET', `/partner/v1/customers/${randomUUID()}/fiat/account-capabilities`), 404, 'CUSTOMER_NOT_FOUND');
    const other = await FiatParty.create(server);
    expectRestProblem(await f.rest('GET', `/partner/v1/customers/${other.customerId}/fiat/account-capabilities`), 403, 'FORBIDDEN');
    expectGraphQLProblem(await f.gql(CAPABILITIES_QUERY, { customerId: other.customerId }), 403, 'FORBIDDEN');
  });

  it('application, account, instructions: unknown → 404 NOT_FOUND / null, another partner’s → 403, a bad id → 400', async () => {
    const f = await FiatParty.create(server);
    const other = await FiatParty.create(server);
    const { applicationId, fiatAccountId } = await other.account();
    for (const path of [`/partner/v1/fiat/account-applications/`, `/partner/v1/fiat/accounts/`]) {
      expectRestProblem(await f.rest('GET', path + randomUUID()), 404, 'NOT_FOUND');
      expectRestProblem(await f.rest('GET', path + 'not-a-uuid'), 400, 'VALIDATION_FAILED');
    }
    expectRestProblem(await f.rest('GET', `/partner/v1/fiat/accounts/${randomUUID()}/deposit-instructions`), 404, 'NOT_FOUND');
    expectRestProblem(await f.rest('GET', `/partner/v1/fiat/account-applications/${applicationId}`), 403, 'FORBIDDEN');
    expectRestProblem(await f.rest('GET', `/partner/v1/fiat/accounts/${fiatAccountId}`), 403, 'FORBIDDEN');
    expectRestProblem(await f.rest('GET', `/partner/v1/fiat/accounts/${fiatAccountId}/deposit-instructions`), 403, 'FORBIDDEN');
    for (const [q, v] of [[APPLICATION_QUERY, 'fiatAccountApplication'], [ACCOUNT_QUERY, 'fiatAccount'], [INSTRUCTIONS_QUERY, 'fiatDepositInstructions']] as const) {
      expect((await f.gql(q, { id: randomUUID() })).body.data[v]).toBeNull();
      expectGraphQLProblem(await f.gql(q, { id: v === 'fiatAccountApplication' ? applicationId : fiatAccountId }), 403, 'FORBIDDEN', { data: 'null-fields' });
    }
  });

  it('deposit instructions repeat the account; SUSPENDED → 409 INVALID_STATE; suspension and reactivation by the operator, repeats unchanged', async () => {
    const f = await FiatParty.create(server);
    const { applicationId, fiatAccountId } = await f.account('EUR');
    const acct = (await f.rest('GET', `/partner/v1/fiat/accounts/${fiatAccountId}`)).body;
    const r = await f.rest('GET', `/partner/v1/fiat/accounts/${fiatAccountId}/deposit-instructions`);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({
      fiatAccountId,
      currency: 'EUR',
      rails: ['SEPA'],
      beneficiaryName: 'Ada Lovelace',
      bankName: 'Sandbox Bank',
      bankAddress: '1 Sandbox Street, 60311 Frankfurt am Main, DE',
      iban: acct.iban,
      bic: 'SNDBDEFFXXX',
      accountNumber: null,
      routingNumber: null,
    });
    expect((await f.gql(INSTRUCTIONS_QUERY, { id: fiatAccountId })).body.data.fiatDepositInstructions).toEqual(r.body);
    const usd = await f.account('USD');
    expect((await f.rest('GET', `/partner/v1/fiat/accounts/${usd.fiatAccountId}/deposit-instructions`)).body).toMatchObject({
      bankAddress: '1 Sandbox Street, New York, NY 10004, US',
      routingNumber: '099999999',
      iban: null,
      bic: null,
    });

    const suspended = await f.suspend(fiatAccountId);
    expect(suspended).toMatchObject({ fiatAccountId, status: 'SUSPENDED', suspendedAt: expect.stringMatching(ISO) });
    const again = await f.suspend(fiatAccountId);
    expect(again).toEqual(suspended);
    expectRestProblem(await f.rest('GET', `/partner/v1/fiat/accounts/${fiatAccountId}/deposit-instructions`), 409, 'INVALID_STATE');
    expectGraphQLProblem(await f.gql(INSTRUCTIONS_QUERY, { id: fiatAccountId }), 409, 'INVALID_STATE', { data: 'null-fields' });
    expect((await f.capabilities())[0]).toEqual({ currency: 'EUR', rails: ['SEPA'], status: 'SUSPENDED', statusInfo: 'Account suspended', applicationId, fiatAccountId });
    // The account still blocks a new application (§14.4: ACTIVE or SUSPENDED).
    expectRestProblem(await f.createRest(applicationInput()), 409, 'FIAT_ACCOUNT_EXISTS');
    const active = await f.suspend(fiatAccountId, false);
    expect(active).toMatchObject({ status: 'ACTIVE', suspendedAt: null });
    expect(await f.suspend(fiatAccountId, false)).toEqual(active);
    expect((await eventsOf(server, fiatAccountId)).map((e) => [e.type, e.sequence])).toEqual([
      ['fiat_account.active', 1],
      ['fiat_account.suspended', 2],
      ['fiat_account.active', 3],
    ]);
    expect((await eventsOf(server, fiatAccountId)).at(-1)!.data).toEqual((await f.rest('GET', `/partner/v1/fiat/accounts/${fiatAccountId}`)).body);
  });

  it('fiatAccounts: newest first, filters currency and statuses, pages', async () => {
    const f = await FiatParty.create(server);
    const eur = await f.account('EUR');
    const usd = await f.account('USD');
    await f.suspend(usd.fiatAccountId);
    const all = await f.rest('GET', `/partner/v1/customers/${f.customerId}/fiat/accounts`);
    expect(all.status, all.text).toBe(200);
    expect(all.body.items.map((a: { fiatAccountId: string }) => a.fiatAccountId)).toEqual([usd.fiatAccountId, eur.fiatAccountId]);
    const page = await f.rest('GET', `/partner/v1/customers/${f.customerId}/fiat/accounts?limit=1`);
    expect(page.body.items).toHaveLength(1);
    expect(page.body.pageInfo.hasNextPage).toBe(true);
    const next = await f.rest('GET', `/partner/v1/customers/${f.customerId}/fiat/accounts?limit=1&cursor=${encodeURIComponent(page.body.pageInfo.endCursor)}`);
    expect(next.body.items.map((a: { fiatAccountId: string }) => a.fiatAccountId)).toEqual([eur.fiatAccountId]);
    const byStatus = await f.rest('GET', `/partner/v1/customers/${f.customerId}/fiat/accounts?statuses=SUSPENDED`);
    expect(byStatus.body.items.map((a: { fiatAccountId: string }) => a.fiatAccountId)).toEqual([usd.fiatAccountId]);
    const byCurrency = await f.gql(`query($c: UUID!) { fiatAccounts(customerId: $c, currency: "EUR") { items { fiatAccountId } } }`, { c: f.customerId });
    expect(byCurrency.body.data.fiatAccounts.items).toEqual([{ fiatAccountId: eur.fiatAccountId }]);
    expectRestProblem(await f.rest('GET', `/partner/v1/customers/${f.customerId}/fiat/accounts?statuses=CLOSED`), 400, 'VALIDATION_FAILED');
    expectRestProblem(await f.rest('GET', `/partner/v1/customers/${randomUUID()}/fiat/accounts`), 404, 'CUSTOMER_NOT_FOUND');
  });
});

describe('R21 outside sandbox mode', () => {
  it('the application waits in SUBMITTED: no review step runs', async () => {
    const prod = await startTestServer({ PARTNER_SANDBOX: 'false' });
    try {
      const f = await FiatParty.create(prod);
      const app = await f.apply();
      await prod.advanceWorker(5);
      prod.clock.advance(30 * 86_400_000);
      await prod.service.worker.drain();
      expect(await f.application(app.applicationId)).toMatchObject({ status: 'SUBMITTED', statusInfo: 'Submitted' });
      expect((await eventsOf(prod, app.applicationId)).map((e) => e.type)).toEqual(['fiat_account_application.submitted']);
    } finally {
      await prod.stop();
    }
  });
});

describe('/openapi.json', () => {
  it('documents the live answers of the fiat account paths (the capabilities as {items})', async () => {
    const openapi = new OpenApiValidator(await (await fetch(`${server.url}/openapi.json`)).json());
    const f = await FiatParty.create(server);
    const { applicationId, fiatAccountId } = await f.account();
    const checks: [string, string, string][] = [
      ['GET', '/partner/v1/customers/{customerId}/fiat/account-capabilities', `/partner/v1/customers/${f.customerId}/fiat/account-capabilities`],
      ['GET', '/partner/v1/fiat/account-applications/{applicationId}', `/partner/v1/fiat/account-applications/${applicationId}`],
      ['GET', '/partner/v1/customers/{customerId}/fiat/accounts', `/partner/v1/customers/${f.customerId}/fiat/accounts`],
      ['GET', '/partner/v1/fiat/accounts/{fiatAccountId}', `/partner/v1/fiat/accounts/${fiatAccountId}`],
      ['GET', '/partner/v1/fiat/accounts/{fiatAccountId}/deposit-instructions', `/partner/v1/fiat/accounts/${fiatAccountId}/deposit-instructions`],
      ['GET', '/partner/v1/fiat/accounts/{fiatAccountId}', `/partner/v1/fiat/accounts/${randomUUID()}`],
    ];
    for (const [method, template, path] of checks) expect(openapi.faults(method, template, await f.rest(method, path)), path).toEqual([]);
    const created = await f.createRest(applicationInput({ currency: 'USD' }));
    expect(openapi.faults('POST', '/partner/v1/customers/{customerId}/fiat/account-applications', created)).toEqual([]);
    const refused = await f.createRest(applicationInput({ currency: 'USD' }));
    expect(openapi.faults('POST', '/partner/v1/customers/{customerId}/fiat/account-applications', refused)).toEqual([]);
  });
});
