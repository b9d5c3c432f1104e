// §4.4 crypto withdrawal approval drafts, authorized by §5 evidence, over REST (§6) and GraphQL.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import canonicalizeModule from 'canonicalize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationHashOf } from '../../../src/core/operation-hash.js';
import { setRouteState } from '../../../src/cli/operators.js';
import { denyAddress } from '../../../src/modules/routes/operators.js';
import { evidenceFor, randomEthAddress, Scenario, startTestServer, WITHDRAWAL_FIELDS, WITHDRAWAL_GRAPHQL_EXTRA, type Reply, type RequestOptions, type TestServer } from '../../helpers/harness.js';
import { expectGraphQLProblem, expectRestProblem } from '../../helpers/problems.js';

const canonicalize = canonicalizeModule as unknown as (value: unknown) => string | undefined;

const OP = 'CRYPTO_WITHDRAWAL_CREATE';
const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const WITHDRAWAL_KEYS = WITHDRAWAL_FIELDS.split(' ');
/** GraphQL keeps the fields beyond the document's table (§6 REST bodies do not have them). */
const GRAPHQL_KEYS = [...WITHDRAWAL_KEYS, ...WITHDRAWAL_GRAPHQL_EXTRA.split(' ')];
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

// ---- helpers ----

type Input = Record<string, unknown>;

function post(s: Scenario, customerId: string, body: unknown, o: RequestOptions = {}): Promise<Reply> {
  return server.request(s.client, 'POST', `/partner/v1/customers/${customerId}/crypto-withdrawals`, { body, ...o });
}

/** A partner with an ETH route, a customer and an ACTIVE beneficiary. */
async function setup(): Promise<{ s: Scenario; customerId: string; beneficiaryId: string }> {
  const s = await Scenario.create(server);
  const customerId = await s.customer();
  const b = await s.beneficiary(customerId);
  if (b.status !== 200) throw new Error(`beneficiary failed: ${b.text}`);
  return { s, customerId, beneficiaryId: b.body.walletBeneficiaryId };
}


/** A beneficiary BLOCKED by screening (its address is denied before it is created). */
async function blockedBeneficiary(s: Scenario, customerId: string): Promise<string> {
  const address = randomEthAddress();
  await server.operator((db) => denyAddress(db, 'ETH', address));
  const b = await s.beneficiary(customerId, { walletAddress: address });
  expect(b.status).toBe(200);
  expect(b.body).toMatchObject({ screeningStatus: 'REJECTED', beneficiaryStatus: 'BLOCKED' });
  return b.body.walletBeneficiaryId;
}

function count(table: 'crypto_withdrawals' | 'authorization_evidence'): Promise<number> {
  return server.db.count(`SELECT count(*) AS n FROM ${table}`);
}

function evidenceRows(targetId: string): Promise<Record<string, unknown>[]> {
  return server.db.all('SELECT * FROM authorization_evidence WHERE target_id = ?', targetId);
}

const CREATE_MUTATION = `mutation($customerId: UUID!, $input: CreateCryptoWithdrawalApprovalDraftInput!) {
  createCryptoWithdrawalApprovalDraft(customerId: $customerId, input: $input) { ${WITHDRAWAL_FIELDS} ${WITHDRAWAL_GRAPHQL_EXTRA} } }`;
const QUERY = `query($id: UUID!) { cryptoWithdrawal(withdrawalId: $id) { ${WITHDRAWAL_FIELDS} ${WITHDRAWAL_GRAPHQL_EXTRA} } }`;

/** The withdrawal as GraphQL shows it: with the fields the REST body leaves out. */
async function graphqlView(s: Scenario, withdrawalId: string): Promise<Record<string, unknown>> {
  const q = await server.gql(s.client, QUERY, { id: withdrawalId });
  expect(q.status, q.text).toBe(200);
  expect(q.body.errors).toBeUndefined();
  return q.body.data.cryptoWithdrawal;
}

// ---- success ----

describe('success', () => {
  it('REST: 200 with exactly the CryptoWithdrawal fields, a draft awaiting submission', async () => {
    const { s, customerId, beneficiaryId } = await setup();
    const input = s.withdrawalInput(customerId, beneficiaryId);
    const r = await post(s, customerId, input);
    expect(r.status, r.text).toBe(200);
    expect(r.headers.get('content-type') ?? '').toMatch(/^application\/json/);
    expect(r.headers.get('idempotent-replayed')).toBeNull();
    expect(Object.keys(r.body).sort()).toEqual([...WITHDRAWAL_KEYS].sort());
    expect(r.body).toEqual({
      withdrawalId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      walletBeneficiaryId: beneficiaryId,
      walletBeneficiaryLabel: 'Cold wallet',
      routeCode: s.routeCode,
      amountMinor: '1500000',
      currency: 'USDT',
      currencyScale: 6,
      feeAmountMinor: '2500',
      feeCurrency: 'USDT',
      withdrawalType: 1,
      purposeOfPayment: null,
      otherPurpose: null,
      relationshipWithThirdParty: null,
      otherRelationship: null,
      status: 'APPROVED',
      statusInfo: 'Awaiting submission',
      kytResult: 'PENDING',
      txHash: null,
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
    });
    expect(await graphqlView(s, r.body.withdrawalId)).toMatchObject({ customerId, clientReference: input.clientReference, externalFeeFields: null });
  });

  it('copies the beneficiary label and takes the fee from the route', async () => {
    const s = await Scenario.create(server, { feeMinor: '777' });
    const customerId = await s.customer();
    const b = await s.beneficiary(customerId, { label: 'Ledger Nano' });
    const r = await post(s, customerId, s.withdrawalInput(customerId, b.body.walletBeneficiaryId));
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ walletBeneficiaryLabel: 'Ledger Nano', feeAmountMinor: '777', feeCurrency: 'USDT' });
  });

  it('echoes the optional fields', async () => {
    const { s, customerId, beneficiaryId } = await setup();
    const input = s.withdrawalInput(customerId, beneficiaryId, {
      withdrawalType: 2,
      externalFeeFields: { b: '2', a: '1' },
      purposeOfPayment: 99,
      otherPurpose: 'Tuition',
      relationshipWithThirdParty: 99,
      otherRelationship: 'Landlord',
    });
    const r = await post(s, customerId, input);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({
      withdrawalType: 2,
      purposeOfPayment: 99,
      otherPurpose: 'Tuition',
      relationshipWithThirdParty: 99,
      otherRelationship: 'Landlord',
    });
    expect((await graphqlView(s, r.body.withdrawalId)).externalFeeFields).toEqual({ a: '1', b: '2' });
  });

  it('clientReference is optional (null in the result)', async () => {
    const { s, customerId, beneficiaryId } = await setup();
    const r = await post(s, customerId, s.withdrawalInput(customerId, beneficiaryId, { clientReference: undefined }));
    expect(r.status, r.text).toBe(200);
    expect((await graphqlView(s, r.body.withdrawalId)).clientReference).toBeNull();
  });

  it('stores the evidence with the withdrawal it authorized', async () => {
    const { s, customerId, beneficiaryId } = await setup();
    const input = s.withdrawalInput(customerId, beneficiaryId);
    const ev = input.operationAuthorization as Record<string, string>;
    const r = await post(s, customerId, input);
    expect(r.status, r.text).toBe(200);
    const rows = await evidenceRows(r.body.withdrawalId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      client_id: s.client.clientId,
      operation_type: OP,
      operation_hash: ev.operationHash,
      authorized_at: ev.authorizedAt,
      authorized_by_partner_user_ref: ev.authorizedByPartnerUserRef,
      authorization_method: ev.authorizationMethod,
      mfa_evidence_ref: ev.mfaEvidenceRef,
      target_id: r.body.withdrawalId,
    });
  });

  it('amount bounds are inclusive (route min 100, max 1000000000)', async () => {
    const { s, customerId, beneficiaryId } = await setup();
    for (const amountMinor of ['100', '1000000000']) {
      const r = await post(s, customerId, s.withdrawalInput(customerId, beneficiaryId, { amountMinor }));
      expect(r.status, `${amountMinor}: ${r.text}`).toBe(200);
      expect(r.body.amountMinor).toBe(amountMinor);
    }
  });

  it('a member named "__proto__" in externalFeeFields is kept and hashed like any other (StringMap, §5 JCS)', async () => {
    const { s, customerId, beneficiaryId } = await setup();
    const input: Input = {
      routeCode: s.routeCode,
      walletBeneficiaryId: beneficiaryId,
      amountMinor: '1500000',
      currency: 'USDT',
      currencyScale: 6,
      externalFeeFields: JSON.parse('{"__proto__":"x","a":"1"}'),
    };
    // The partner's hash, computed with an RFC 8785 library rather than src/.
    const payload = JSON.parse(JSON.stringify({ ...input, customerId, operationType: OP }));
    const operationHash = createHash('sha256').update(canonicalize(payload)!).digest('hex');
    input.operationAuthorization = evidenceFor(OP, { customerId }, input, { operationHash });
    const r = await post(s, customerId, input);
    expect(r.status, r.text).toBe(200);
    expect((await graphqlView(s, r.body.withdrawalId)).externalFeeFields).toEqual(JSON.parse('{"__proto__":"x","a":"1"}'));
  });
});

describe('GraphQL', () => {
  it('createCryptoWithdrawalApprovalDraft works like REST; cryptoWithdrawal returns it', async () => {
    const { s, customerId, beneficiaryId } = await setup();
    const input = s.withdrawalInput(customerId, beneficiaryId);
    const m = await server.gql(s.client, CREATE_MUTATION, { customerId, input });
    expect(m.status, m.text).toBe(200);
    expect(m.body.errors).toBeUndefined();
    const w = m.body.data.createCryptoWithdrawalApprovalDraft;
    expect(Object.keys(w).sort()).toEqual([...GRAPHQL_KEYS].sort());
    expect(w).toMatchObject({
      customerId,
      walletBeneficiaryId: beneficiaryId,
      walletBeneficiaryLabel: 'Cold wallet',
      routeCode: s.routeCode,
      amountMinor: '1500000',
      currency: 'USDT',
      currencyScale: 6,
      feeAmountMinor: '2500',
      feeCurrency: 'USDT',
      clientReference: input.clientReference,
      withdrawalType: 1,
      status: 'APPROVED',
      statusInfo: 'Awaiting submission',
      kytResult: 'PENDING',
      txHash: null,
    });
    expect(await evidenceRows(w.withdrawalId)).toHaveLength(1);

    const q = await server.gql(s.client, QUERY, { id: w.withdrawalId });
    expect(q.status, q.text).toBe(200);
    expect(q.body.data.cryptoWithdrawal).toEqual(w);
  });

  it('cryptoWithdrawal of another partner → FORBIDDEN (403); unknown → null', async () => {
    const { s, customerId, beneficiaryId } = await setup();
    const r = await post(s, customerId, s.withdrawalInput(customerId, beneficiaryId));
    expect(r.status, r.text).toBe(200);

    const other = await Scenario.create(server);
    const q = await server.gql(other.client, QUERY, { id: r.body.withdrawalId });
    expectGraphQLProblem(q, 403, 'FORBIDDEN', { data: 'null-fields' });
    expect(q.body.data?.cryptoWithdrawal ?? null).toBeNull();

    const u = await server.gql(s.client, QUERY, { id: randomUUID() });
    expect(u.status, u.text).toBe(200);
    expect(u.body.errors).toBeUndefined();
    expect(u.body.data.cryptoWithdrawal).toBeNull();
  });

  it('refusals carry the problem in extensions', async () => {
    const { s, customerId, beneficiaryId } = await setup();
    const input = s.withdrawalInput(customerId, beneficiaryId, { routeCode: `NOPE-${randomUUID()}` });
    const m = await server.gql(s.client, CREATE_MUTATION, { customerId, input });
    expectGraphQLProblem(m, 403, 'ROUTE_NOT_PERMITTED');
  });
});

// ---- 400 VALIDATION_FAILED ----

describe('400 VALIDATION_FAILED', () => {
  let ctx: { s: Scenario; customerId: string; beneficiaryId: string };
  beforeAll(async () => {
    ctx = await setup();
  });

  const fieldCases: [string, Input, string][] = [
    ["amountMinor '01'", { amountMinor: '01' }, '/amountMinor'],
    ["amountMinor '-5'", { amountMinor: '-5' }, '/amountMinor'],
    ["amountMinor '1.5'", { amountMinor: '1.5' }, '/amountMinor'],
    ['amountMinor of 39 digits', { amountMinor: '1'.repeat(39) }, '/amountMinor'],
    ['amountMinor as a number', { amountMinor: 5 }, '/amountMinor'],
    ["currency not the route's (USDC)", { currency: 'USDC' }, '/currency'],
    ["currencyScale not the route's (2)", { currencyScale: 2 }, '/currencyScale'],
    ['clientReference of 129 characters', { clientReference: 'r'.repeat(129) }, '/clientReference'],
    ['withdrawalType 3', { withdrawalType: 3 }, '/withdrawalType'],
    ['withdrawalType 42', { withdrawalType: 42 }, '/withdrawalType'],
    ['purposeOfPayment 99 without otherPurpose', { purposeOfPayment: 99 }, '/otherPurpose'],
    ['relationshipWithThirdParty 99 without otherRelationship', { relationshipWithThirdParty: 99 }, '/otherRelationship'],
    ['unknown purposeOfPayment code 42', { purposeOfPayment: 42 }, '/purposeOfPayment'],
    ['unknown relationshipWithThirdParty code 42', { relationshipWithThirdParty: 42 }, '/relationshipWithThirdParty'],
  ];

  for (const [name, overrides, pointer] of fieldCases) {
    it(`${name} → ${pointer}`, async () => {
      const { s, customerId, beneficiaryId } = ctx;
      const r = await post(s, customerId, s.withdrawalInput(customerId, beneficiaryId, overrides));
      expectRestProblem(r, 400, 'VALIDATION_FAILED', pointer);
    });
  }

  it('operationAuthorization missing → /operationAuthorization', async () => {
    const { s, customerId, beneficiaryId } = ctx;
    const input = s.withdrawalInput(customerId, beneficiaryId);
    delete input.operationAuthorization;
    expectRestProblem(await post(s, customerId, input), 400, 'VALIDATION_FAILED', '/operationAuthorization');
  });

  for (const member of ['operationType', 'operationHash', 'authorizedAt', 'authorizedByPartnerUserRef', 'authorizationMethod', 'mfaEvidenceRef']) {
    it(`operationAuthorization.${member} missing → /operationAuthorization/${member}`, async () => {
      const { s, customerId, beneficiaryId } = ctx;
      const input = s.withdrawalInput(customerId, beneficiaryId);
      const ev = { ...(input.operationAuthorization as Record<string, unknown>) };
      delete ev[member];
      const r = await post(s, customerId, { ...input, operationAuthorization: ev });
      expectRestProblem(r, 400, 'VALIDATION_FAILED', `/operationAuthorization/${member}`);
    });
  }

  it('authorizedAt not a date → /operationAuthorization/authorizedAt', async () => {
    const { s, customerId, beneficiaryId } = ctx;
    const input = s.withdrawalInput(customerId, beneficiaryId);
    for (const bad of ['yesterday', '2026-13-45T99:99:99Z', 12345]) {
      const r = await post(s, customerId, { ...input, operationAuthorization: { ...(input.operationAuthorization as object), authorizedAt: bad } });
      expectRestProblem(r, 400, 'VALIDATION_FAILED', '/operationAuthorization/authorizedAt');
    }
  });
});

// ---- 400 AMOUNT_OUT_OF_RANGE ----

describe('400 AMOUNT_OUT_OF_RANGE', () => {
  for (const amountMinor of ['0', '99', '1000000001']) {
    it(`amountMinor '${amountMinor}'`, async () => {
      const { s, customerId, beneficiaryId } = await setup();
      const r = await post(s, customerId, s.withdrawalInput(customerId, beneficiaryId, { amountMinor }));
      expectRestProblem(r, 400, 'AMOUNT_OUT_OF_RANGE');
    });
  }
});

// ---- records and ownership ----

describe('records and ownership (404, 403)', () => {
  it('unknown beneficiary → 404 WALLET_BENEFICIARY_NOT_FOUND', async () => {
    const { s, customerId } = await setup();
    const r = await post(s, customerId, s.withdrawalInput(customerId, randomUUID()));
    expectRestProblem(r, 404, 'WALLET_BENEFICIARY_NOT_FOUND');
  });

  it("a beneficiary of another customer of the same partner → 403 FORBIDDEN", async () => {
    const { s, customerId } = await setup();
    const otherCustomer = await s.customer();
    const b = await s.beneficiary(otherCustomer);
    expect(b.status).toBe(200);
    const r = await post(s, customerId, s.withdrawalInput(customerId, b.body.walletBeneficiaryId));
    expectRestProblem(r, 403, 'FORBIDDEN');
  });

  it('unknown customer → 404 CUSTOMER_NOT_FOUND', async () => {
    const { s, beneficiaryId } = await setup();
    const unknown = randomUUID();
    const r = await post(s, unknown, s.withdrawalInput(unknown, beneficiaryId));
    expectRestProblem(r, 404, 'CUSTOMER_NOT_FOUND');
  });

  it("another partner's customer → 403 FORBIDDEN", async () => {
    const { s, customerId, beneficiaryId } = await setup();
    const other = await Scenario.create(server);
    const r = await server.request(other.client, 'POST', `/partner/v1/customers/${customerId}/crypto-withdrawals`, {
      body: s.withdrawalInput(customerId, beneficiaryId),
    });
    expectRestProblem(r, 403, 'FORBIDDEN');
  });
});

// ---- route mapping ----

describe('403 ROUTE_NOT_PERMITTED', () => {
  it('unknown route', async () => {
    const { s, customerId, beneficiaryId } = await setup();
    const r = await post(s, customerId, s.withdrawalInput(customerId, beneficiaryId, { routeCode: `NOPE-${randomBytes(4).toString('hex')}` }));
    expectRestProblem(r, 403, 'ROUTE_NOT_PERMITTED');
  });

  it('disabled route (operator), and enabled again', async () => {
    const { s, customerId, beneficiaryId } = await setup();
    await server.operator((db) => setRouteState(db, s.routeCode, false));
    const r = await post(s, customerId, s.withdrawalInput(customerId, beneficiaryId));
    expectRestProblem(r, 403, 'ROUTE_NOT_PERMITTED');
    await server.operator((db) => setRouteState(db, s.routeCode, true));
    const ok = await post(s, customerId, s.withdrawalInput(customerId, beneficiaryId));
    expect(ok.status, ok.text).toBe(200);
  });

  it("another partner's route", async () => {
    const { s, customerId, beneficiaryId } = await setup();
    const other = await Scenario.create(server);
    const r = await post(s, customerId, s.withdrawalInput(customerId, beneficiaryId, { routeCode: other.routeCode }));
    expectRestProblem(r, 403, 'ROUTE_NOT_PERMITTED');
  });
});

// ---- evidence ----

describe('authorization evidence (403)', () => {
  let ctx: { s: Scenario; customerId: string; beneficiaryId: string };
  beforeAll(async () => {
    ctx = await setup();
  });

  it("operationType of another operation → OPERATION_TYPE_MISMATCH", async () => {
    const { s, customerId, beneficiaryId } = ctx;
    const input = s.withdrawalInput(customerId, beneficiaryId);
    const { operationAuthorization: _ev, ...fields } = input;
    input.operationAuthorization = evidenceFor('CRYPTO_REFUND_CREATE', { customerId }, fields);
    expectRestProblem(await post(s, customerId, input), 403, 'OPERATION_TYPE_MISMATCH');
  });

  it('hash of a different amount → OPERATION_HASH_MISMATCH', async () => {
    const { s, customerId, beneficiaryId } = ctx;
    const input = s.withdrawalInput(customerId, beneficiaryId);
    const { operationAuthorization: _ev, ...fields } = input;
    input.operationAuthorization = evidenceFor(OP, { customerId }, fields, {
      operationHash: operationHashOf(OP, { customerId }, { ...fields, amountMinor: '1500001' }),
    });
    expectRestProblem(await post(s, customerId, input), 403, 'OPERATION_HASH_MISMATCH');
  });

  it('input modified after hashing → OPERATION_HASH_MISMATCH', async () => {
    const { s, customerId, beneficiaryId } = ctx;
    const input = s.withdrawalInput(customerId, beneficiaryId);
    input.amountMinor = '2500000';
    expectRestProblem(await post(s, customerId, input), 403, 'OPERATION_HASH_MISMATCH');
    const input2 = s.withdrawalInput(customerId, beneficiaryId);
    input2.purposeOfPayment = 4;
    expectRestProblem(await post(s, customerId, input2), 403, 'OPERATION_HASH_MISMATCH');
  });

  it('hash over another customer → OPERATION_HASH_MISMATCH', async () => {
    const { s, customerId, beneficiaryId } = ctx;
    const input = s.withdrawalInput(customerId, beneficiaryId);
    const { operationAuthorization: _ev, ...fields } = input;
    input.operationAuthorization = evidenceFor(OP, { customerId: randomUUID() }, fields);
    expectRestProblem(await post(s, customerId, input), 403, 'OPERATION_HASH_MISMATCH');
  });

  it('authorizedAt 901 s ago → AUTHORIZATION_EXPIRED', async () => {
    const { s, customerId, beneficiaryId } = ctx;
    const input = s.withdrawalInput(customerId, beneficiaryId, {}, { authorizedAt: new Date(Date.now() - 901_000) });
    expectRestProblem(await post(s, customerId, input), 403, 'AUTHORIZATION_EXPIRED');
  });

  it('authorizedAt 301 s in the future → AUTHORIZATION_EXPIRED', async () => {
    const { s, customerId, beneficiaryId } = ctx;
    const input = s.withdrawalInput(customerId, beneficiaryId, {}, { authorizedAt: new Date(Date.now() + 301_000) });
    expectRestProblem(await post(s, customerId, input), 403, 'AUTHORIZATION_EXPIRED');
  });

  it('authorizedAt 899 s ago is accepted', async () => {
    const { s, customerId, beneficiaryId } = ctx;
    const input = s.withdrawalInput(customerId, beneficiaryId, {}, { authorizedAt: new Date(Date.now() - 899_000) });
    const r = await post(s, customerId, input);
    expect(r.status, r.text).toBe(200);
  });

  it('authorizedAt 299 s in the future is accepted', async () => {
    const { s, customerId, beneficiaryId } = ctx;
    const input = s.withdrawalInput(customerId, beneficiaryId, {}, { authorizedAt: new Date(Date.now() + 299_000) });
    const r = await post(s, customerId, input);
    expect(r.status, r.text).toBe(200);
  });
});

// ---- state and business rules (409) ----

describe('state and business rules (409)', () => {
  it('beneficiary BLOCKED by screening → BENEFICIARY_NOT_ACTIVE', async () => {
    const { s, customerId } = await setup();
    const blocked = await blockedBeneficiary(s, customerId);
    const r = await post(s, customerId, s.withdrawalInput(customerId, blocked));
    expectRestProblem(r, 409, 'BENEFICIARY_NOT_ACTIVE');
  });

  it('beneficiary on a TRON route, withdrawal on the ETH route → ROUTE_MISMATCH', async () => {
    const { s, customerId } = await setup();
    const tronRoute = await server.newRoute(s.client, { code: `USDT-TRON-${randomBytes(3).toString('hex')}`, blockchain: 'TRON' });
    const b = await s.beneficiary(customerId, { routeCode: tronRoute, blockchain: 'TRON', walletAddress: TRON_ADDRESS });
    expect(b.status, b.text).toBe(200);
    expect(b.body.beneficiaryStatus).toBe('ACTIVE');
    const r = await post(s, customerId, s.withdrawalInput(customerId, b.body.walletBeneficiaryId));
    expectRestProblem(r, 409, 'ROUTE_MISMATCH');
  });

  it('same clientReference for the same customer → DUPLICATE_CLIENT_REFERENCE; another customer may reuse it', async () => {
    const { s, customerId, beneficiaryId } = await setup();
    const clientReference = `ref-${randomUUID()}`;
    const first = await post(s, customerId, s.withdrawalInput(customerId, beneficiaryId, { clientReference }));
    expect(first.status, first.text).toBe(200);
    const again = await post(s, customerId, s.withdrawalInput(customerId, beneficiaryId, { clientReference, amountMinor: '2000000' }));
    expectRestProblem(again, 409, 'DUPLICATE_CLIENT_REFERENCE');

    const otherCustomer = await s.customer();
    const ob = await s.beneficiary(otherCustomer);
    const other = await post(s, otherCustomer, s.withdrawalInput(otherCustomer, ob.body.walletBeneficiaryId, { clientReference }));
    expect(other.status, other.text).toBe(200);
    expect((await graphqlView(s, other.body.withdrawalId)).clientReference).toBe(clientReference);
  });

  it('the same evidence under a new idempotency key → AUTHORIZATION_ALREADY_USED; the same key replays', async () => {
    const { s, customerId, beneficiaryId } = await setup();
    // No clientReference, so that the only rule the second request breaks is §5 "used once".
    const input = s.withdrawalInput(customerId, beneficiaryId, { clientReference: undefined });
    const key = randomUUID();
    const first = await post(s, customerId, input, { idempotencyKey: key });
    expect(first.status, first.text).toBe(200);
    const before = { w: await count('crypto_withdrawals'), e: await count('authorization_evidence') };

    const reused = await post(s, customerId, input, { idempotencyKey: randomUUID() });
    expectRestProblem(reused, 409, 'AUTHORIZATION_ALREADY_USED');

    const replay = await post(s, customerId, input, { idempotencyKey: key });
    expect(replay.status, replay.text).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);

    expect({ w: await count('crypto_withdrawals'), e: await count('authorization_evidence') }).toEqual(before);
  });
});

// ---- order of checks (§4) ----

describe('order of checks (§4)', () => {
  const unknownRoute = () => `NOPE-${randomBytes(4).toString('hex')}`;
  const badHash = (input: Input): Input => ({
    ...input,
    operationAuthorization: { ...(input.operationAuthorization as object), operationHash: 'f'.repeat(64) },
  });

  it('bad field + unknown beneficiary → 400 VALIDATION_FAILED', async () => {
    const { s, customerId } = await setup();
    const r = await post(s, customerId, s.withdrawalInput(customerId, randomUUID(), { amountMinor: '01' }));
    expectRestProblem(r, 400, 'VALIDATION_FAILED', '/amountMinor');
  });

  it('bad field + unknown customer → 400 VALIDATION_FAILED', async () => {
    const { s, beneficiaryId } = await setup();
    const unknown = randomUUID();
    const r = await post(s, unknown, s.withdrawalInput(unknown, beneficiaryId, { clientReference: 'x'.repeat(129) }));
    expectRestProblem(r, 400, 'VALIDATION_FAILED', '/clientReference');
  });

  it('unknown beneficiary + unknown route → 404 WALLET_BENEFICIARY_NOT_FOUND', async () => {
    const { s, customerId } = await setup();
    const r = await post(s, customerId, s.withdrawalInput(customerId, randomUUID(), { routeCode: unknownRoute() }));
    expectRestProblem(r, 404, 'WALLET_BENEFICIARY_NOT_FOUND');
  });

  it('unknown route + bad hash → 403 ROUTE_NOT_PERMITTED', async () => {
    const { s, customerId, beneficiaryId } = await setup();
    const r = await post(s, customerId, badHash(s.withdrawalInput(customerId, beneficiaryId, { routeCode: unknownRoute() })));
    expectRestProblem(r, 403, 'ROUTE_NOT_PERMITTED');
  });

  it('bad hash + currency mismatch → 403 OPERATION_HASH_MISMATCH', async () => {
    const { s, customerId, beneficiaryId } = await setup();
    const r = await post(s, customerId, badHash(s.withdrawalInput(customerId, beneficiaryId, { currency: 'USDC' })));
    expectRestProblem(r, 403, 'OPERATION_HASH_MISMATCH');
  });

  it('expired evidence + amount out of range → 403 AUTHORIZATION_EXPIRED', async () => {
    const { s, customerId, beneficiaryId } = await setup();
    const input = s.withdrawalInput(customerId, beneficiaryId, { amountMinor: '99' }, { authorizedAt: new Date(Date.now() - 1_000_000) });
    expectRestProblem(await post(s, customerId, input), 403, 'AUTHORIZATION_EXPIRED');
  });

  it('currency mismatch + beneficiary blocked → 400 VALIDATION_FAILED', async () => {
    const { s, customerId } = await setup();
    const blocked = await blockedBeneficiary(s, customerId);
    const r = await post(s, customerId, s.withdrawalInput(customerId, blocked, { currency: 'USDC' }));
    expectRestProblem(r, 400, 'VALIDATION_FAILED', '/currency');
  });

  it('amount out of range + duplicate clientReference → 400 AMOUNT_OUT_OF_RANGE', async () => {
    const { s, customerId, beneficiaryId } = await setup();
    const clientReference = `ref-${randomUUID()}`;
    const first = await post(s, customerId, s.withdrawalInput(customerId, beneficiaryId, { clientReference }));
    expect(first.status, first.text).toBe(200);
    const r = await post(s, customerId, s.withdrawalInput(customerId, beneficiaryId, { clientReference, amountMinor: '99' }));
    expectRestProblem(r, 400, 'AMOUNT_OUT_OF_RANGE');
  });
});

// ---- refusals write nothing ----

describe('a refused request writes no row', () => {
  it('counts of crypto_withdrawals and authorization_evidence are unchanged by every refusal', async () => {
    const { s, customerId, beneficiaryId } = await setup();
    const otherCustomer = await s.customer();
    const otherBeneficiary = (await s.beneficiary(otherCustomer)).body.walletBeneficiaryId as string;
    const blocked = await blockedBeneficiary(s, customerId);
    const tronRoute = await server.newRoute(s.client, { code: `USDT-TRON-${randomBytes(3).toString('hex')}`, blockchain: 'TRON' });
    const tronBeneficiary = (await s.beneficiary(customerId, { routeCode: tronRoute, blockchain: 'TRON', walletAddress: TRON_ADDRESS })).body
      .walletBeneficiaryId as string;
    const other = await Scenario.create(server);
    const clientReference = `ref-${randomUUID()}`;
    const used = s.withdrawalInput(customerId, beneficiaryId, { clientReference: undefined });
    expect((await post(s, customerId, s.withdrawalInput(customerId, beneficiaryId, { clientReference }))).status).toBe(200);
    expect((await post(s, customerId, used)).status).toBe(200);

    const before = { w: await count('crypto_withdrawals'), e: await count('authorization_evidence') };
    const unknownCustomer = randomUUID();
    const typeMismatch = s.withdrawalInput(customerId, beneficiaryId);
    typeMismatch.operationAuthorization = { ...(typeMismatch.operationAuthorization as object), operationType: 'CRYPTO_REFUND_CREATE' };
    const tampered = s.withdrawalInput(customerId, beneficiaryId);
    tampered.amountMinor = '1500001';

    const refusals: [string, () => Promise<Reply>, number, string][] = [
      ['validation', () => post(s, customerId, s.withdrawalInput(customerId, beneficiaryId, { amountMinor: '01' })), 400, 'VALIDATION_FAILED'],
      ['currency', () => post(s, customerId, s.withdrawalInput(customerId, beneficiaryId, { currency: 'USDC' })), 400, 'VALIDATION_FAILED'],
      ['amount', () => post(s, customerId, s.withdrawalInput(customerId, beneficiaryId, { amountMinor: '99' })), 400, 'AMOUNT_OUT_OF_RANGE'],
      ['no beneficiary', () => post(s, customerId, s.withdrawalInput(customerId, randomUUID())), 404, 'WALLET_BENEFICIARY_NOT_FOUND'],
      ['foreign beneficiary', () => post(s, customerId, s.withdrawalInput(customerId, otherBeneficiary)), 403, 'FORBIDDEN'],
      ['no customer', () => post(s, unknownCustomer, s.withdrawalInput(unknownCustomer, beneficiaryId)), 404, 'CUSTOMER_NOT_FOUND'],
      [
        'foreign customer',
        () => server.request(other.client, 'POST', `/partner/v1/customers/${customerId}/crypto-withdrawals`, { body: s.withdrawalInput(customerId, beneficiaryId) }),
        403,
        'FORBIDDEN',
      ],
      ['route', () => post(s, customerId, s.withdrawalInput(customerId, beneficiaryId, { routeCode: other.routeCode })), 403, 'ROUTE_NOT_PERMITTED'],
      ['type', () => post(s, customerId, typeMismatch), 403, 'OPERATION_TYPE_MISMATCH'],
      ['hash', () => post(s, customerId, tampered), 403, 'OPERATION_HASH_MISMATCH'],
      [
        'expired',
        () => post(s, customerId, s.withdrawalInput(customerId, beneficiaryId, {}, { authorizedAt: new Date(Date.now() - 901_000) })),
        403,
        'AUTHORIZATION_EXPIRED',
      ],
      ['blocked', () => post(s, customerId, s.withdrawalInput(customerId, blocked)), 409, 'BENEFICIARY_NOT_ACTIVE'],
      ['route mismatch', () => post(s, customerId, s.withdrawalInput(customerId, tronBeneficiary)), 409, 'ROUTE_MISMATCH'],
      ['duplicate ref', () => post(s, customerId, s.withdrawalInput(customerId, beneficiaryId, { clientReference })), 409, 'DUPLICATE_CLIENT_REFERENCE'],
      ['evidence reuse', () => post(s, customerId, used), 409, 'AUTHORIZATION_ALREADY_USED'],
    ];
    for (const [name, send, status, code] of refusals) {
      const r = await send();
      expect({ name, status: r.status, code: r.body?.code }, r.text).toEqual({ name, status, code });
    }
    expect({ w: await count('crypto_withdrawals'), e: await count('authorization_evidence') }).toEqual(before);

    // And a success after them writes exactly one of each.
    const ok = await post(s, customerId, s.withdrawalInput(customerId, beneficiaryId));
    expect(ok.status, ok.text).toBe(200);
    expect({ w: await count('crypto_withdrawals'), e: await count('authorization_evidence') }).toEqual({ w: before.w + 1, e: before.e + 1 });
  });

  it('a refused request stores no idempotency result: the same key is evaluated afresh (§3)', async () => {
    const { s, customerId, beneficiaryId } = await setup();
    const key = randomUUID();
    const bad = s.withdrawalInput(customerId, beneficiaryId, { routeCode: `NOPE-${randomBytes(4).toString('hex')}` });
    expectRestProblem(await post(s, customerId, bad, { idempotencyKey: key }), 403, 'ROUTE_NOT_PERMITTED');
    const good = s.withdrawalInput(customerId, beneficiaryId);
    const r = await post(s, customerId, good, { idempotencyKey: key });
    expect(r.status, r.text).toBe(200);
    expect(r.headers.get('idempotent-replayed')).toBeNull();
  });
});
