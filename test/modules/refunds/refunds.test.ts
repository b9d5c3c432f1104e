// Contract §4.5 and §10.8 (refunds and deposits), §5 (authorization evidence), §6 (REST confirmation) and §8
// (sandbox deposit simulation), exercised over real signed HTTP.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRouteState } from '../../../src/cli/operators.js';
import {
  DEPOSIT_FIELDS,
  ETH_ADDRESS,
  ETH_ADDRESS_2,
  REFUND_FIELDS,
  Scenario,
  evidenceFor,
  startTestServer,
  type Reply,
  type RequestOptions,
  type TestServer,
} from '../../helpers/harness.js';
import { expectGraphQLProblem, expectRestProblem } from '../../helpers/problems.js';

const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const BTC_ADDRESS = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
/** ETH_ADDRESS with the case of its last letter flipped: the EIP-55 checksum fails. */
const ETH_BAD_CHECKSUM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD';
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATETIME_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const SIMULATE = `mutation($customerId: UUID!, $input: SimulateCryptoDepositInput!) { simulateCryptoDeposit(customerId: $customerId, input: $input) { ${DEPOSIT_FIELDS} } }`;
const DRAFT = `mutation($depositId: UUID!, $input: CreateCryptoRefundApprovalDraftInput!) { createCryptoRefundApprovalDraft(depositId: $depositId, input: $input) { ${REFUND_FIELDS} } }`;
const SUBMIT = `mutation($refundId: UUID!, $input: SubmitCryptoRefundInput!) { submitCryptoRefund(refundId: $refundId, input: $input) { ${REFUND_FIELDS} } }`;
const CONFIRM = `mutation($refundId: UUID!, $input: ConfirmCryptoRefundInput!) { confirmCryptoRefund(refundId: $refundId, input: $input) { ${REFUND_FIELDS} } }`;
const REFUND_QUERY = `query($id: UUID!) { cryptoRefund(refundId: $id) { ${REFUND_FIELDS} } }`;
const DEPOSIT_QUERY = `query($id: UUID!) { cryptoDeposit(depositId: $id) { ${DEPOSIT_FIELDS} } }`;

type Evidence = ReturnType<typeof evidenceFor>;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

// ---------------------------------------------------------------------------------------------------
// helpers

/**
 * §5 evidence for submit/confirm, hashed independently of src: the payload is just
 * {"operationType", "refundId"} — already in JCS key order.
 */
function stepEvidence(
  operationType: string,
  refundId: string,
  o: { authorizedAt?: Date; mfaEvidenceRef?: string; hashRefundId?: string } = {},
): Evidence {
  const payload = `{"operationType":${JSON.stringify(operationType)},"refundId":${JSON.stringify(o.hashRefundId ?? refundId)}}`;
  return {
    operationType,
    operationHash: createHash('sha256').update(payload, 'utf8').digest('hex'),
    authorizedAt: (o.authorizedAt ?? new Date()).toISOString(),
    authorizedByPartnerUserRef: 'user-42',
    authorizationMethod: 'PASSKEY',
    mfaEvidenceRef: o.mfaEvidenceRef ?? `mfa-${randomUUID()}`,
  };
}

function simulate(s: Scenario, customerId: string, input: Record<string, unknown> = {}, o: RequestOptions = {}): Promise<Reply> {
  return server.gql(
    s.client,
    SIMULATE,
    {
      customerId,
      input: { routeCode: s.routeCode, amountMinor: '1000000', fromAddress: ETH_ADDRESS_2, txHash: `0x${randomBytes(32).toString('hex')}`, ...input },
    },
    o,
  );
}

function draftRaw(s: Scenario, depositId: string, input: Record<string, unknown>, o: RequestOptions = {}): Promise<Reply> {
  return server.gql(s.client, DRAFT, { depositId, input }, o);
}

function submitWith(s: Scenario, refundId: string, evidence: Evidence, o: RequestOptions = {}): Promise<Reply> {
  return server.gql(s.client, SUBMIT, { refundId, input: { operationAuthorization: evidence } }, o);
}

function confirmGql(s: Scenario, refundId: string, evidence: Evidence, o: RequestOptions = {}): Promise<Reply> {
  return server.gql(s.client, CONFIRM, { refundId, input: { operationAuthorization: evidence } }, o);
}

function confirmRestWith(s: Scenario, refundId: string, body: unknown, o: RequestOptions = {}): Promise<Reply> {
  return server.request(s.client, 'POST', `/partner/v1/crypto/refunds/${refundId}/confirmation`, { body, ...o });
}

async function refundOf(s: Scenario, refundId: string) {
  const r = await server.gql(s.client, REFUND_QUERY, { id: refundId });
  expect(r.status).toBe(200);
  expect(r.body.errors).toBeUndefined();
  return r.body.data.cryptoRefund;
}

async function depositOf(s: Scenario, depositId: string) {
  const r = await server.gql(s.client, DEPOSIT_QUERY, { id: depositId });
  expect(r.status).toBe(200);
  expect(r.body.errors).toBeUndefined();
  return r.body.data.cryptoDeposit;
}

type Stage = 'APPROVED' | 'AWAITING_CONFIRMATION' | 'CONFIRMED';

/** A scenario with a customer, a deposit and a refund brought to `stage` through the API. */
async function refundAt(stage: Stage, s?: Scenario, depositAmount = '1000000', refundAmount = '250000') {
  s ??= await Scenario.create(server);
  const customerId = await s.customer();
  const depositId = await s.deposit(customerId, depositAmount);
  const d = await s.refundDraft(depositId, { amountMinor: refundAmount });
  expect(d.status, d.text).toBe(200);
  const refundId: string = d.body.data.createCryptoRefundApprovalDraft.refundId;
  if (stage !== 'APPROVED') {
    const sub = await s.submit(refundId);
    expect(sub.status, sub.text).toBe(200);
  }
  if (stage === 'CONFIRMED') {
    const c = await s.confirmRest(refundId);
    expect(c.status, c.text).toBe(200);
  }
  return { s, customerId, depositId, refundId };
}

// ---------------------------------------------------------------------------------------------------

describe('simulateCryptoDeposit (§8 sandbox)', () => {
  it('creates a COMPLETED deposit with blockchain, currency and scale from the route', async () => {
    const s = await Scenario.create(server);
    const customerId = await s.customer();
    const txHash = `0x${randomBytes(32).toString('hex')}`;
    const r = await simulate(s, customerId, { amountMinor: '1234567', txHash });
    expect(r.status, r.text).toBe(200);
    expect(r.body.errors).toBeUndefined();
    const d = r.body.data.simulateCryptoDeposit;
    expect(Object.keys(d).sort()).toEqual(DEPOSIT_FIELDS.split(' ').sort());
    expect(d).toEqual({
      depositId: expect.stringMatching(UUID_RE),
      customerId,
      routeCode: s.routeCode,
      blockchain: 'ETH',
      amountMinor: '1234567',
      currency: 'USDT',
      currencyScale: 6,
      fromAddress: ETH_ADDRESS_2,
      toAddress: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      txHash,
      status: 'COMPLETED',
      statusInfo: 'Credited',
      travelRuleRequired: false,
      travelRuleSubmittedAt: null,
      refundableAmountMinor: '1234567',
      creditedAt: d.createdAt,
      blockNumber: null,
      finalizedAt: null,
      createdAt: expect.stringMatching(DATETIME_RE),
      updatedAt: d.createdAt,
    });
  });

  it('takes blockchain, currency and scale from a non-default route (TRON, USDC, 8)', async () => {
    const s = await Scenario.create(server, { blockchain: 'TRON', currency: 'USDC', scale: 8 });
    const customerId = await s.customer();
    const r = await simulate(s, customerId, { amountMinor: '500', fromAddress: TRON_ADDRESS, txHash: randomBytes(32).toString('hex') });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.simulateCryptoDeposit).toMatchObject({
      routeCode: s.routeCode,
      blockchain: 'TRON',
      currency: 'USDC',
      currencyScale: 8,
      fromAddress: TRON_ADDRESS,
      status: 'COMPLETED',
      amountMinor: '500',
      refundableAmountMinor: '500',
    });
    // An ETH address is not an address of the route's chain.
    expectGraphQLProblem(await simulate(s, customerId, { fromAddress: ETH_ADDRESS, txHash: undefined }), 400, 'INVALID_WALLET_ADDRESS', '/fromAddress');
  });

  it.each([
    ['a TRON address on an ETH route', TRON_ADDRESS],
    ['a BTC address on an ETH route', BTC_ADDRESS],
    ['a mixed-case ETH address with a wrong EIP-55 checksum', ETH_BAD_CHECKSUM],
    ['an ETH address one hex digit short', ETH_ADDRESS.slice(0, -1)],
    ['garbage', 'not-an-address'],
  ])('refuses %s as fromAddress → 400 INVALID_WALLET_ADDRESS', async (_name, fromAddress) => {
    const s = await Scenario.create(server);
    const customerId = await s.customer();
    expectGraphQLProblem(await simulate(s, customerId, { fromAddress }), 400, 'INVALID_WALLET_ADDRESS', '/fromAddress');
  });

  it.each(['0', '01', 'abc', '-5', '1.5', ''])('refuses amountMinor %j → 400 VALIDATION_FAILED', async (amountMinor) => {
    const s = await Scenario.create(server);
    const customerId = await s.customer();
    expectGraphQLProblem(await simulate(s, customerId, { amountMinor }), 400, 'VALIDATION_FAILED', '/amountMinor');
  });

  it('unknown customer → 404 CUSTOMER_NOT_FOUND', async () => {
    const s = await Scenario.create(server);
    expectGraphQLProblem(await simulate(s, randomUUID()), 404, 'CUSTOMER_NOT_FOUND');
  });

  it("another partner's customer → 403 FORBIDDEN", async () => {
    const a = await Scenario.create(server);
    const b = await Scenario.create(server);
    const customerOfA = await a.customer();
    expectGraphQLProblem(await simulate(b, customerOfA), 403, 'FORBIDDEN');
  });

  it('a route that is unknown, disabled or mapped to another partner → 403 ROUTE_NOT_PERMITTED', async () => {
    const a = await Scenario.create(server);
    const b = await Scenario.create(server);
    const customerId = await a.customer();
    expectGraphQLProblem(await simulate(a, customerId, { routeCode: b.routeCode }), 403, 'ROUTE_NOT_PERMITTED');
    expectGraphQLProblem(await simulate(a, customerId, { routeCode: `NOPE-${randomBytes(3).toString('hex')}` }), 403, 'ROUTE_NOT_PERMITTED');
    const disabled = await server.newRoute(a.client, { disabled: true });
    expectGraphQLProblem(await simulate(a, customerId, { routeCode: disabled }), 403, 'ROUTE_NOT_PERMITTED');
  });

  it('outside sandbox mode (PARTNER_SANDBOX=false) → 403 SANDBOX_ONLY', async () => {
    const prod = await startTestServer({ PARTNER_SANDBOX: 'false' });
    try {
      const s = await Scenario.create(prod);
      const customerId = await s.customer();
      const r = await prod.gql(s.client, SIMULATE, {
        customerId,
        input: { routeCode: s.routeCode, amountMinor: '1000000', fromAddress: ETH_ADDRESS_2 },
      });
      expectGraphQLProblem(r, 403, 'SANDBOX_ONLY');
      expect(r.body.data ?? null).toBeNull();
    } finally {
      await prod.stop();
    }
  });
});

describe('cryptoDeposit query', () => {
  it('returns the own deposit; refundableAmountMinor decreases with each draft (drafts included)', async () => {
    const s = await Scenario.create(server);
    const customerId = await s.customer();
    const created = await simulate(s, customerId, { amountMinor: '1000000' });
    expect(created.status, created.text).toBe(200);
    const deposit = created.body.data.simulateCryptoDeposit;
    const depositId: string = deposit.depositId;

    expect(await depositOf(s, depositId)).toEqual(deposit);

    const d1 = await s.refundDraft(depositId, { amountMinor: '250000' });
    expect(d1.status, d1.text).toBe(200);
    expect((await depositOf(s, depositId)).refundableAmountMinor).toBe('750000');

    const d2 = await s.refundDraft(depositId, { amountMinor: '100000' });
    expect(d2.status, d2.text).toBe(200);
    const after = await depositOf(s, depositId);
    expect(after).toEqual({ ...deposit, refundableAmountMinor: '650000' });

    // Submitting and confirming the first refund does not count it twice.
    const refundId = d1.body.data.createCryptoRefundApprovalDraft.refundId;
    expect((await s.submit(refundId)).status).toBe(200);
    expect((await s.confirmRest(refundId)).status).toBe(200);
    expect((await depositOf(s, depositId)).refundableAmountMinor).toBe('650000');
  });

  it('unknown depositId → null', async () => {
    const s = await Scenario.create(server);
    const r = await server.gql(s.client, DEPOSIT_QUERY, { id: randomUUID() });
    expect(r.status, r.text).toBe(200);
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data).toEqual({ cryptoDeposit: null });
  });

  it("another partner's deposit → FORBIDDEN (403)", async () => {
    const a = await Scenario.create(server);
    const b = await Scenario.create(server);
    const depositId = await a.deposit(await a.customer());
    const r = await server.gql(b.client, DEPOSIT_QUERY, { id: depositId });
    expectGraphQLProblem(r, 403, 'FORBIDDEN', { data: 'null-fields' });
    expect(r.body.data?.cryptoDeposit ?? null).toBeNull();
  });
});

describe('refund lifecycle (§4.5)', () => {
  it('draft → submit → confirm over REST, each state readable through cryptoRefund', async () => {
    const s = await Scenario.create(server);
    const customerId = await s.customer();
    const depositId = await s.deposit(customerId, '1000000', ETH_ADDRESS_2);

    const draft = await s.refundDraft(depositId, { amountMinor: '300000', reason: 'Sent by mistake' });
    expect(draft.status, draft.text).toBe(200);
    expect(draft.body.errors).toBeUndefined();
    const r1 = draft.body.data.createCryptoRefundApprovalDraft;
    expect(r1).toMatchObject({
      refundId: expect.stringMatching(UUID_RE),
      depositId,
      customerId,
      routeCode: s.routeCode,
      amountMinor: '300000',
      currency: 'USDT',
      currencyScale: 6,
      refundAddress: ETH_ADDRESS_2, // defaults to the deposit's fromAddress
      reason: 'Sent by mistake',
      status: 'APPROVED',
      statusInfo: 'Awaiting submission',
      kytResult: 'PENDING',
      txHash: null,
      createdAt: expect.stringMatching(DATETIME_RE),
      updatedAt: expect.stringMatching(DATETIME_RE),
      submittedAt: null,
      confirmedAt: null,
      completedAt: null,
    });
    const refundId: string = r1.refundId;
    expect(await refundOf(s, refundId)).toEqual(r1);

    const sub = await submitWith(s, refundId, stepEvidence('CRYPTO_REFUND_SUBMIT', refundId));
    expect(sub.status, sub.text).toBe(200);
    const r2 = sub.body.data.submitCryptoRefund;
    expect(r2).toEqual({
      ...r1,
      status: 'AWAITING_CONFIRMATION',
      statusInfo: 'Awaiting confirmation',
      // §10.8: no hash until the transfer is broadcast.
      txHash: null,
      updatedAt: expect.stringMatching(DATETIME_RE),
      submittedAt: r2.updatedAt,
    });
    expect(r2.createdAt).toBe(r1.createdAt);
    expect(Date.parse(r2.updatedAt)).toBeGreaterThanOrEqual(Date.parse(r1.updatedAt));
    expect(await refundOf(s, refundId)).toEqual(r2);

    const conf = await confirmRestWith(s, refundId, { operationAuthorization: stepEvidence('CRYPTO_REFUND_CONFIRM', refundId) });
    expect(conf.status, conf.text).toBe(200);
    expect(conf.headers.get('content-type')).toMatch(/^application\/json/);
    expect(conf.headers.get('idempotent-replayed')).toBeNull();
    expect(Object.keys(conf.body).sort()).toEqual(REFUND_FIELDS.split(' ').sort());
    expect(conf.body).toMatchObject({
      refundId,
      depositId,
      customerId,
      routeCode: s.routeCode,
      amountMinor: '300000',
      currency: 'USDT',
      currencyScale: 6,
      refundAddress: ETH_ADDRESS_2,
      reason: 'Sent by mistake',
      status: 'CONFIRMED',
      statusInfo: 'Confirmed',
      kytResult: 'PENDING',
      txHash: null,
      createdAt: r1.createdAt,
      submittedAt: r2.submittedAt,
      confirmedAt: conf.body.updatedAt,
      completedAt: null,
    });
    expect(Date.parse(conf.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(r2.updatedAt));
    expect(await refundOf(s, refundId)).toEqual(conf.body);
  });

  it('an explicit refundAddress is used instead of the deposit fromAddress; reason is optional', async () => {
    const s = await Scenario.create(server);
    const depositId = await s.deposit(await s.customer(), '1000000', ETH_ADDRESS_2);
    const r = await draftRaw(s, depositId, s.refundDraftInput(depositId, { refundAddress: ETH_ADDRESS, reason: undefined }));
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.createCryptoRefundApprovalDraft).toMatchObject({ refundAddress: ETH_ADDRESS, reason: null, status: 'APPROVED' });
  });

  it('confirmCryptoRefund over GraphQL is the same mutation (second refund of the deposit)', async () => {
    const { s, depositId, refundId: first } = await refundAt('CONFIRMED');
    const d = await s.refundDraft(depositId, { amountMinor: '100000' });
    expect(d.status, d.text).toBe(200);
    const second: string = d.body.data.createCryptoRefundApprovalDraft.refundId;
    expect(second).not.toBe(first);
    expect((await s.submit(second)).status).toBe(200);

    const c = await confirmGql(s, second, stepEvidence('CRYPTO_REFUND_CONFIRM', second));
    expect(c.status, c.text).toBe(200);
    expect(c.body.errors).toBeUndefined();
    const confirmed = c.body.data.confirmCryptoRefund;
    expect(confirmed).toMatchObject({ refundId: second, depositId, amountMinor: '100000', status: 'CONFIRMED', confirmedAt: expect.stringMatching(DATETIME_RE) });
    expect(await refundOf(s, second)).toEqual(confirmed);
    expect((await refundOf(s, first)).status).toBe('CONFIRMED');
  });

  it('cryptoRefund: unknown → null; another partner’s → FORBIDDEN (403)', async () => {
    const { refundId } = await refundAt('APPROVED');
    const b = await Scenario.create(server);
    const unknown = await server.gql(b.client, REFUND_QUERY, { id: randomUUID() });
    expect(unknown.status, unknown.text).toBe(200);
    expect(unknown.body.errors).toBeUndefined();
    expect(unknown.body.data).toEqual({ cryptoRefund: null });
    const foreign = await server.gql(b.client, REFUND_QUERY, { id: refundId });
    expectGraphQLProblem(foreign, 403, 'FORBIDDEN', { data: 'null-fields' });
    expect(foreign.body.data?.cryptoRefund ?? null).toBeNull();
  });
});

describe('INVALID_STATE (409)', () => {
  it('submitting twice: the second submit (fresh evidence and key) → 409 INVALID_STATE', async () => {
    const { s, refundId } = await refundAt('AWAITING_CONFIRMATION');
    const r = await submitWith(s, refundId, stepEvidence('CRYPTO_REFUND_SUBMIT', refundId));
    expectGraphQLProblem(r, 409, 'INVALID_STATE');
    expect((await refundOf(s, refundId)).status).toBe('AWAITING_CONFIRMATION');
  });

  it('confirming a draft that was not submitted → 409 INVALID_STATE (REST and GraphQL)', async () => {
    const { s, refundId } = await refundAt('APPROVED');
    expectRestProblem(
      await confirmRestWith(s, refundId, { operationAuthorization: stepEvidence('CRYPTO_REFUND_CONFIRM', refundId) }),
      409,
      'INVALID_STATE',
    );
    expectGraphQLProblem(await confirmGql(s, refundId, stepEvidence('CRYPTO_REFUND_CONFIRM', refundId)), 409, 'INVALID_STATE');
    const now = await refundOf(s, refundId);
    expect(now).toMatchObject({ status: 'APPROVED', confirmedAt: null });
  });

  it('confirming twice → 409 INVALID_STATE; submitting a confirmed refund → 409', async () => {
    const { s, refundId } = await refundAt('CONFIRMED');
    const before = await refundOf(s, refundId);
    expectRestProblem(
      await confirmRestWith(s, refundId, { operationAuthorization: stepEvidence('CRYPTO_REFUND_CONFIRM', refundId) }),
      409,
      'INVALID_STATE',
    );
    expectGraphQLProblem(await submitWith(s, refundId, stepEvidence('CRYPTO_REFUND_SUBMIT', refundId)), 409, 'INVALID_STATE');
    expect(await refundOf(s, refundId)).toEqual(before);
  });
});

describe('REFUND_EXCEEDS_DEPOSIT (409)', () => {
  it('a draft over the deposit amount is refused', async () => {
    const s = await Scenario.create(server);
    const depositId = await s.deposit(await s.customer(), '1000000');
    expectGraphQLProblem(await s.refundDraft(depositId, { amountMinor: '1000001' }), 409, 'REFUND_EXCEEDS_DEPOSIT');
    expect((await depositOf(s, depositId)).refundableAmountMinor).toBe('1000000');
  });

  it('two drafts summing over the deposit: the second is refused', async () => {
    const s = await Scenario.create(server);
    const depositId = await s.deposit(await s.customer(), '1000000');
    expect((await s.refundDraft(depositId, { amountMinor: '600000' })).status).toBe(200);
    expectGraphQLProblem(await s.refundDraft(depositId, { amountMinor: '400001' }), 409, 'REFUND_EXCEEDS_DEPOSIT');
    expect((await depositOf(s, depositId)).refundableAmountMinor).toBe('400000');
  });

  it('a draft of exactly the remaining amount is accepted; then nothing is left', async () => {
    const s = await Scenario.create(server);
    const depositId = await s.deposit(await s.customer(), '1000000');
    expect((await s.refundDraft(depositId, { amountMinor: '600000' })).status).toBe(200);
    const exact = await s.refundDraft(depositId, { amountMinor: '400000' });
    expect(exact.status, exact.text).toBe(200);
    expect(exact.body.data.createCryptoRefundApprovalDraft).toMatchObject({ amountMinor: '400000', status: 'APPROVED' });
    expect((await depositOf(s, depositId)).refundableAmountMinor).toBe('0');
    expectGraphQLProblem(await s.refundDraft(depositId, { amountMinor: '1' }), 409, 'REFUND_EXCEEDS_DEPOSIT');
  });

  it('a single draft of the whole deposit is accepted', async () => {
    const s = await Scenario.create(server);
    const depositId = await s.deposit(await s.customer(), '1000000');
    const r = await s.refundDraft(depositId, { amountMinor: '1000000' });
    expect(r.status, r.text).toBe(200);
    expect((await depositOf(s, depositId)).refundableAmountMinor).toBe('0');
  });
});

describe('draft input validation (400)', () => {
  it.each([
    ['garbage', 'not-an-address'],
    ['a TRON address on an ETH route', TRON_ADDRESS],
    ['a wrong EIP-55 checksum', ETH_BAD_CHECKSUM],
  ])('refundAddress %s → 400 INVALID_WALLET_ADDRESS', async (_name, refundAddress) => {
    const s = await Scenario.create(server);
    const depositId = await s.deposit(await s.customer());
    expectGraphQLProblem(await s.refundDraft(depositId, { refundAddress }), 400, 'INVALID_WALLET_ADDRESS', '/refundAddress');
    expect((await depositOf(s, depositId)).refundableAmountMinor).toBe('1000000');
  });

  it('reason of 501 characters → 400 VALIDATION_FAILED; 500 characters are accepted', async () => {
    const s = await Scenario.create(server);
    const depositId = await s.deposit(await s.customer());
    expectGraphQLProblem(await s.refundDraft(depositId, { reason: 'r'.repeat(501) }), 400, 'VALIDATION_FAILED', '/reason');
    const ok = await s.refundDraft(depositId, { reason: 'r'.repeat(500) });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.data.createCryptoRefundApprovalDraft.reason).toBe('r'.repeat(500));
  });

  it.each(['abc', '01', '1.5', '-1', ''])('amountMinor %j → 400 VALIDATION_FAILED', async (amountMinor) => {
    const s = await Scenario.create(server);
    const depositId = await s.deposit(await s.customer());
    expectGraphQLProblem(await s.refundDraft(depositId, { amountMinor }), 400, 'VALIDATION_FAILED', '/amountMinor');
  });

  it('a missing required evidence member → 400 VALIDATION_FAILED', async () => {
    const s = await Scenario.create(server);
    const depositId = await s.deposit(await s.customer());
    const input = s.refundDraftInput(depositId);
    const { mfaEvidenceRef: _drop, ...ev } = input.operationAuthorization as Evidence;
    expectGraphQLProblem(await draftRaw(s, depositId, { ...input, operationAuthorization: ev }), 400, 'VALIDATION_FAILED', '/operationAuthorization/mfaEvidenceRef');
  });
});

describe('records and ownership (404, 403)', () => {
  it('draft on an unknown depositId → 404 NOT_FOUND (§7: the contract names no code of its own)', async () => {
    const s = await Scenario.create(server);
    expectGraphQLProblem(await s.refundDraft(randomUUID()), 404, 'NOT_FOUND');
  });

  it('unknown refundId → 404 NOT_FOUND on submit, on REST confirm and on GraphQL confirm', async () => {
    const s = await Scenario.create(server);
    const id = randomUUID();
    expectGraphQLProblem(await submitWith(s, id, stepEvidence('CRYPTO_REFUND_SUBMIT', id)), 404, 'NOT_FOUND');
    const rest = await confirmRestWith(s, id, { operationAuthorization: stepEvidence('CRYPTO_REFUND_CONFIRM', id) });
    expectRestProblem(rest, 404, 'NOT_FOUND');
    expect(rest.body.detail).toBe(`Refund ${id} does not exist.`);
    expectGraphQLProblem(await confirmGql(s, id, stepEvidence('CRYPTO_REFUND_CONFIRM', id)), 404, 'NOT_FOUND');
  });

  it("another partner's deposit and refunds → 403 FORBIDDEN, nothing changes", async () => {
    const { s: a, depositId, refundId: draftId } = await refundAt('APPROVED');
    const awaiting = await a.refundDraft(depositId, { amountMinor: '100000' });
    const awaitingId: string = awaiting.body.data.createCryptoRefundApprovalDraft.refundId;
    expect((await a.submit(awaitingId)).status).toBe(200);
    const b = await Scenario.create(server);

    // B's requests carry evidence correctly hashed for the target, so ownership is what refuses them.
    expectGraphQLProblem(await b.refundDraft(depositId), 403, 'FORBIDDEN');
    expectGraphQLProblem(await submitWith(b, draftId, stepEvidence('CRYPTO_REFUND_SUBMIT', draftId)), 403, 'FORBIDDEN');
    expectRestProblem(
      await confirmRestWith(b, awaitingId, { operationAuthorization: stepEvidence('CRYPTO_REFUND_CONFIRM', awaitingId) }),
      403,
      'FORBIDDEN',
    );
    expectGraphQLProblem(await confirmGql(b, awaitingId, stepEvidence('CRYPTO_REFUND_CONFIRM', awaitingId)), 403, 'FORBIDDEN');

    expect((await refundOf(a, draftId)).status).toBe('APPROVED');
    expect((await refundOf(a, awaitingId)).status).toBe('AWAITING_CONFIRMATION');
    expect((await depositOf(a, depositId)).refundableAmountMinor).toBe('650000');
  });
});

describe('route disabled after the deposit → 403 ROUTE_NOT_PERMITTED', () => {
  it('refuses draft, submit and confirm, and leaves the refunds as they were', async () => {
    const { s, depositId, refundId: draftId } = await refundAt('APPROVED');
    const second = await s.refundDraft(depositId, { amountMinor: '100000' });
    const awaitingId: string = second.body.data.createCryptoRefundApprovalDraft.refundId;
    expect((await s.submit(awaitingId)).status).toBe(200);
    const draftBefore = await refundOf(s, draftId);
    const awaitingBefore = await refundOf(s, awaitingId);

    await server.operator((db) => setRouteState(db, s.routeCode, false));

    expectGraphQLProblem(await s.refundDraft(depositId, { amountMinor: '1000' }), 403, 'ROUTE_NOT_PERMITTED');
    expectGraphQLProblem(await submitWith(s, draftId, stepEvidence('CRYPTO_REFUND_SUBMIT', draftId)), 403, 'ROUTE_NOT_PERMITTED');
    expectRestProblem(
      await confirmRestWith(s, awaitingId, { operationAuthorization: stepEvidence('CRYPTO_REFUND_CONFIRM', awaitingId) }),
      403,
      'ROUTE_NOT_PERMITTED',
    );
    expectGraphQLProblem(await confirmGql(s, awaitingId, stepEvidence('CRYPTO_REFUND_CONFIRM', awaitingId)), 403, 'ROUTE_NOT_PERMITTED');

    expect(await refundOf(s, draftId)).toEqual(draftBefore);
    expect(await refundOf(s, awaitingId)).toEqual(awaitingBefore);
    expect((await depositOf(s, depositId)).refundableAmountMinor).toBe('650000');

    // Re-enabled, the same steps go through.
    await server.operator((db) => setRouteState(db, s.routeCode, true));
    const c = await confirmRestWith(s, awaitingId, { operationAuthorization: stepEvidence('CRYPTO_REFUND_CONFIRM', awaitingId) });
    expect(c.status, c.text).toBe(200);
    expect(c.body.status).toBe('CONFIRMED');
  });
});

describe('authorization evidence (§5)', () => {
  it('submit with CRYPTO_REFUND_CONFIRM evidence → 403 OPERATION_TYPE_MISMATCH', async () => {
    const { s, refundId } = await refundAt('APPROVED');
    expectGraphQLProblem(await submitWith(s, refundId, stepEvidence('CRYPTO_REFUND_CONFIRM', refundId)), 403, 'OPERATION_TYPE_MISMATCH');
    expect((await refundOf(s, refundId)).status).toBe('APPROVED');
  });

  it('confirm with CRYPTO_REFUND_SUBMIT evidence → 403 OPERATION_TYPE_MISMATCH', async () => {
    const { s, refundId } = await refundAt('AWAITING_CONFIRMATION');
    expectRestProblem(
      await confirmRestWith(s, refundId, { operationAuthorization: stepEvidence('CRYPTO_REFUND_SUBMIT', refundId) }),
      403,
      'OPERATION_TYPE_MISMATCH',
    );
    expect((await refundOf(s, refundId)).status).toBe('AWAITING_CONFIRMATION');
  });

  it('draft with CRYPTO_WITHDRAWAL_CREATE evidence → 403 OPERATION_TYPE_MISMATCH', async () => {
    const s = await Scenario.create(server);
    const depositId = await s.deposit(await s.customer());
    const input: Record<string, unknown> = { amountMinor: '1000' };
    input.operationAuthorization = evidenceFor('CRYPTO_WITHDRAWAL_CREATE', { depositId }, input);
    expectGraphQLProblem(await draftRaw(s, depositId, input), 403, 'OPERATION_TYPE_MISMATCH');
  });

  it('confirm evidence hashed for another refundId → 403 OPERATION_HASH_MISMATCH', async () => {
    const { s, refundId } = await refundAt('AWAITING_CONFIRMATION');
    const ev = stepEvidence('CRYPTO_REFUND_CONFIRM', refundId, { hashRefundId: randomUUID() });
    expectRestProblem(await confirmRestWith(s, refundId, { operationAuthorization: ev }), 403, 'OPERATION_HASH_MISMATCH');
    expectGraphQLProblem(await confirmGql(s, refundId, stepEvidence('CRYPTO_REFUND_CONFIRM', refundId, { hashRefundId: randomUUID() })), 403, 'OPERATION_HASH_MISMATCH');
    expect((await refundOf(s, refundId)).status).toBe('AWAITING_CONFIRMATION');
  });

  it('draft evidence hashed over a different amount → 403 OPERATION_HASH_MISMATCH', async () => {
    const s = await Scenario.create(server);
    const depositId = await s.deposit(await s.customer());
    const input = s.refundDraftInput(depositId, { amountMinor: '1000' });
    expectGraphQLProblem(await draftRaw(s, depositId, { ...input, amountMinor: '2000' }), 403, 'OPERATION_HASH_MISMATCH');
    expect((await depositOf(s, depositId)).refundableAmountMinor).toBe('1000000');
  });

  it('authorizedAt older than 900 s or more than 300 s ahead → 403 AUTHORIZATION_EXPIRED; 600 s old is fine', async () => {
    const { s, refundId } = await refundAt('APPROVED');
    const old = stepEvidence('CRYPTO_REFUND_SUBMIT', refundId, { authorizedAt: new Date(Date.now() - 960_000) });
    expectGraphQLProblem(await submitWith(s, refundId, old), 403, 'AUTHORIZATION_EXPIRED');
    const future = stepEvidence('CRYPTO_REFUND_SUBMIT', refundId, { authorizedAt: new Date(Date.now() + 400_000) });
    expectGraphQLProblem(await submitWith(s, refundId, future), 403, 'AUTHORIZATION_EXPIRED');
    expect((await refundOf(s, refundId)).status).toBe('APPROVED');

    const fine = stepEvidence('CRYPTO_REFUND_SUBMIT', refundId, { authorizedAt: new Date(Date.now() - 600_000) });
    const ok = await submitWith(s, refundId, fine);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.data.submitCryptoRefund.status).toBe('AWAITING_CONFIRMATION');

    const stale = stepEvidence('CRYPTO_REFUND_CONFIRM', refundId, { authorizedAt: new Date(Date.now() - 960_000) });
    expectRestProblem(await confirmRestWith(s, refundId, { operationAuthorization: stale }), 403, 'AUTHORIZATION_EXPIRED');
    expect((await refundOf(s, refundId)).status).toBe('AWAITING_CONFIRMATION');
  });

  it('the same draft input resent under a new key → 409 AUTHORIZATION_ALREADY_USED; under the same key → replay', async () => {
    const s = await Scenario.create(server);
    const depositId = await s.deposit(await s.customer());
    const input = s.refundDraftInput(depositId, { amountMinor: '100000' });
    const key = randomUUID();
    const first = await draftRaw(s, depositId, input, { idempotencyKey: key });
    expect(first.status, first.text).toBe(200);

    const replay = await draftRaw(s, depositId, input, { idempotencyKey: key });
    expect(replay.status, replay.text).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.data).toEqual(first.body.data);

    expectGraphQLProblem(await draftRaw(s, depositId, input), 409, 'AUTHORIZATION_ALREADY_USED');
    expect((await depositOf(s, depositId)).refundableAmountMinor).toBe('900000');
  });
});

describe('REST confirmation (§6)', () => {
  it('an unknown body field → 400 VALIDATION_FAILED naming it (top level and inside the evidence)', async () => {
    const { s, refundId } = await refundAt('AWAITING_CONFIRMATION');
    const ev = stepEvidence('CRYPTO_REFUND_CONFIRM', refundId);
    expectRestProblem(await confirmRestWith(s, refundId, { operationAuthorization: ev, status: 'CONFIRMED' }), 400, 'VALIDATION_FAILED', '/status');
    expectRestProblem(
      await confirmRestWith(s, refundId, { operationAuthorization: { ...ev, approvedBy: 'me' } }),
      400,
      'VALIDATION_FAILED',
      '/operationAuthorization/approvedBy',
    );
    expect((await refundOf(s, refundId)).status).toBe('AWAITING_CONFIRMATION');
  });

  it('missing operationAuthorization → 400 VALIDATION_FAILED', async () => {
    const { s, refundId } = await refundAt('AWAITING_CONFIRMATION');
    expectRestProblem(await confirmRestWith(s, refundId, {}), 400, 'VALIDATION_FAILED', '/operationAuthorization');
  });

  it('no Idempotency-Key → 400 IDEMPOTENCY_KEY_MISSING', async () => {
    const { s, refundId } = await refundAt('AWAITING_CONFIRMATION');
    const r = await confirmRestWith(s, refundId, { operationAuthorization: stepEvidence('CRYPTO_REFUND_CONFIRM', refundId) }, { idempotencyKey: null });
    expectRestProblem(r, 400, 'IDEMPOTENCY_KEY_MISSING');
    expect((await refundOf(s, refundId)).status).toBe('AWAITING_CONFIRMATION');
  });

  /** A confirmed refund and the REST request (key and body) that confirmed it. */
  async function confirmedOverRest() {
    const { s, refundId } = await refundAt('AWAITING_CONFIRMATION');
    const key = randomUUID();
    const body = { operationAuthorization: stepEvidence('CRYPTO_REFUND_CONFIRM', refundId) };
    const first = await confirmRestWith(s, refundId, body, { idempotencyKey: key });
    expect(first.status, first.text).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    return { s, refundId, key, body, first };
  }

  it('a replay with the same key → 200 with the same body (not INVALID_STATE)', async () => {
    const { s, refundId, key, body, first } = await confirmedOverRest();
    const again = await confirmRestWith(s, refundId, body, { idempotencyKey: key });
    expect(again.status, again.text).toBe(200);
    expect(again.headers.get('content-type')).toMatch(/^application\/json/);
    expect(again.body).toEqual(first.body);
  });

  it('a REST replay carries the header Idempotent-Replayed: true', async () => {
    const { s, refundId, key, body } = await confirmedOverRest();
    const again = await confirmRestWith(s, refundId, body, { idempotencyKey: key });
    expect(again.status, again.text).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('the same key and input on GraphQL replays the REST confirm (§3 across surfaces); a different input → 409 IDEMPOTENCY_KEY_REUSED', async () => {
    const { s, refundId, key, body, first } = await confirmedOverRest();
    const gql = await confirmGql(s, refundId, body.operationAuthorization, { idempotencyKey: key });
    expect(gql.status, gql.text).toBe(200);
    expect(gql.headers.get('idempotent-replayed')).toBe('true');
    expect(gql.body.data.confirmCryptoRefund).toEqual(first.body);

    const other = await confirmRestWith(s, refundId, { operationAuthorization: stepEvidence('CRYPTO_REFUND_CONFIRM', refundId) }, { idempotencyKey: key });
    expectRestProblem(other, 409, 'IDEMPOTENCY_KEY_REUSED');
  });
});

describe('concurrency', () => {
  it('10 parallel confirms of one refund (different keys and evidence) → exactly one 200, the others 409 INVALID_STATE', async () => {
    const { s, refundId } = await refundAt('AWAITING_CONFIRMATION');
    const base = Date.now();
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        confirmRestWith(
          s,
          refundId,
          { operationAuthorization: stepEvidence('CRYPTO_REFUND_CONFIRM', refundId, { authorizedAt: new Date(base - i), mfaEvidenceRef: `mfa-par-${i}` }) },
          { idempotencyKey: randomUUID() },
        ),
      ),
    );
    const ok = replies.filter((r) => r.status === 200);
    const refused = replies.filter((r) => r.status !== 200);
    expect(ok, replies.map((r) => `${r.status} ${r.body?.code ?? ''}`).join(', ')).toHaveLength(1);
    expect(ok[0]!.body.status).toBe('CONFIRMED');
    expect(refused).toHaveLength(9);
    for (const r of refused) expectRestProblem(r, 409, 'INVALID_STATE');
    expect(await refundOf(s, refundId)).toEqual(ok[0]!.body);
  });
});
