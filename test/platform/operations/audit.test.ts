// test: slow — partnerctl audit
// The audit trail. Every authenticated mutation attempt is recorded in audit_events —
// request id, client, operation, target id, outcome (status + problem code, or result id), the evidence's
// user / policy / MFA references — on both surfaces; unauthenticated attempts and queries are not. A
// refusal writes nothing else. `partnerctl audit --client ID [--since T]` prints JSON lines, never a
// secret or a signature. The first part holds for every operation of the registry, each with its example
// request (helpers/operation-cases.ts), so a new operation is covered with no edit here.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ETH_ADDRESS,
  randomEthAddress,
  REFUND_FIELDS,
  Scenario,
  sleep,
  startTestServer,
  WITHDRAWAL_FIELDS,
  type Reply,
  type RequestOptions,
  type TestServer,
} from '../../helpers/harness.js';
import { PARTNERCTL_VARS, processKit, stderrResult } from '../../helpers/processes.js';
import { mutationNames, noCase, OperationCase, queryNames, rowsPerTable, tableCounts as countsOutsideAudit, World } from '../../helpers/operation-cases.js';
import { problemCodeOf } from '../../helpers/problems.js';

type AuditRow = {
  id: number;
  at: string;
  request_id: string;
  client_id: string;
  operation: string;
  target_id: string | null;
  idempotency_key: string | null;
  status: number;
  problem_code: string | null;
  result_id: string | null;
  replayed: number;
  evidence_user_ref: string | null;
  evidence_policy_ref: string | null;
  evidence_mfa_ref: string | null;
};

/** The tables a refused request must leave alone (audit_events and nonces are written by design). */
const EXCLUDED_TABLES = new Set(['audit_events', 'nonces', '__drizzle_migrations']);

/** The real partnerctl on the server's file; no PARTNER_SECRET_KEY: the development key, as the server's. */
const { partnerctl } = processKit({
  unset: PARTNERCTL_VARS,
  maxBuffer: 8 * 1024 * 1024,
});

const newRequestId = () => `req-${randomUUID()}`;

let server: TestServer;

/** Every column of audit_events, `replayed` as 0/1 on every engine. */
const AUDIT_COLUMNS =
  'id, at, request_id, client_id, operation, target_id, idempotency_key, status, problem_code, result_id, ' +
  'CASE WHEN replayed THEN 1 ELSE 0 END AS replayed, evidence_user_ref, evidence_policy_ref, evidence_mfa_ref';

function auditRows(clientId: string): Promise<AuditRow[]> {
  return server.db.all<AuditRow>(`select ${AUDIT_COLUMNS} from audit_events where client_id = ? order by id`, clientId);
}

function auditByRequest(requestId: string): Promise<AuditRow[]> {
  return server.db.all<AuditRow>(`select ${AUDIT_COLUMNS} from audit_events where request_id = ? order by id`, requestId);
}

/** The row(s) of one request; a refusal's own transaction may commit just after the reply, so poll briefly. */
async function auditOf(requestId: string, expected = 1): Promise<AuditRow[]> {
  const deadline = Date.now() + 2_000;
  let rows = await auditByRequest(requestId);
  while (rows.length < expected && Date.now() < deadline) {
    await sleep(25);
    rows = await auditByRequest(requestId);
  }
  return rows;
}

async function tableCounts(): Promise<Record<string, number>> {
  return server.db.reading(async (db) => rowsPerTable(db, (await db.tables()).filter((n) => !EXCLUDED_TABLES.has(n))));
}

/** A request with a known X-Request-Id; the reply echoes it. */
function withRequestId(o: RequestOptions = {}): { requestId: string; o: RequestOptions } {
  const requestId = newRequestId();
  return { requestId, o: { ...o, headers: { ...(o.headers ?? {}), 'x-request-id': requestId } } };
}

const CREATE_CUSTOMER = `mutation($input: CreateCustomerInput!) { createCustomer(input: $input) { customerId } }`;
const CREATE_BENEFICIARY = `mutation($customerId: UUID!, $input: CreateCryptoWalletBeneficiaryInput!) { createCryptoWalletBeneficiary(customerId: $customerId, input: $input) { walletBeneficiaryId } }`;
const CREATE_WITHDRAWAL = `mutation($customerId: UUID!, $input: CreateCryptoWithdrawalApprovalDraftInput!) { createCryptoWithdrawalApprovalDraft(customerId: $customerId, input: $input) { ${WITHDRAWAL_FIELDS} } }`;
const CONFIRM_REFUND = `mutation($refundId: UUID!, $input: ConfirmCryptoRefundInput!) { confirmCryptoRefund(refundId: $refundId, input: $input) { ${REFUND_FIELDS} } }`;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

// ---------------------------------------------------------------------------------------------------

describe('successes', () => {
  it('GraphQL createCustomer: status 200, result id = the customer, no target, the request id and key sent', async () => {
    const sc = await Scenario.create(server);
    const key = randomUUID();
    const { requestId, o } = withRequestId({ idempotencyKey: key });
    const r = await server.gql(sc.client, CREATE_CUSTOMER, { input: { externalRef: `ext-${randomUUID()}`, type: 'INDIVIDUAL' } }, o);
    expect(r.status, r.text).toBe(200);
    expect(r.headers.get('x-request-id')).toBe(requestId);
    const customerId = r.body.data.createCustomer.customerId;
    expect(await auditRows(sc.client.clientId)).toEqual([
      {
        id: expect.any(Number),
        at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        request_id: requestId,
        client_id: sc.client.clientId,
        operation: 'createCustomer',
        target_id: null,
        idempotency_key: key,
        status: 200,
        problem_code: null,
        result_id: customerId,
        replayed: 0,
        evidence_user_ref: null,
        evidence_policy_ref: null,
        evidence_mfa_ref: null,
      },
    ]);
  });

  it('REST beneficiary: target id = the path customer id, result id = the beneficiary', async () => {
    const sc = await Scenario.create(server);
    const customerId = await sc.customer();
    const { requestId, o } = withRequestId({ body: sc.beneficiaryInput({ walletAddress: randomEthAddress() }) });
    const r = await server.request(sc.client, 'POST', `/partner/v1/customers/${customerId}/crypto/wallet-beneficiaries`, o);
    expect(r.status, r.text).toBe(200);
    const [row, ...rest] = await auditOf(requestId);
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      client_id: sc.client.clientId,
      operation: 'createCryptoWalletBeneficiary',
      target_id: customerId,
      status: 200,
      problem_code: null,
      result_id: r.body.walletBeneficiaryId,
      replayed: 0,
    });
  });

  it('withdrawal draft (REST and GraphQL): the evidence user, policy and MFA references, target and result ids', async () => {
    const sc = await Scenario.create(server);
    const customerId = await sc.customer();
    const ben = await sc.beneficiary(customerId, { walletAddress: randomEthAddress() });
    expect(ben.status, ben.text).toBe(200);
    for (const surface of ['REST', 'GraphQL'] as const) {
      const input = sc.withdrawalInput(customerId, ben.body.walletBeneficiaryId);
      const ev = input.operationAuthorization as Record<string, unknown>;
      ev.authorizedByPartnerPolicyRef = `policy-${randomUUID()}`; // not part of the operation hash
      const { requestId, o } = withRequestId();
      const r =
        surface === 'REST'
          ? await server.request(sc.client, 'POST', `/partner/v1/customers/${customerId}/crypto-withdrawals`, { ...o, body: input })
          : await server.gql(sc.client, CREATE_WITHDRAWAL, { customerId, input }, o);
      expect(r.status, r.text).toBe(200);
      const withdrawalId = surface === 'REST' ? r.body.withdrawalId : r.body.data.createCryptoWithdrawalApprovalDraft.withdrawalId;
      const rows = await auditOf(requestId);
      expect(rows, surface).toHaveLength(1);
      expect(rows[0], surface).toMatchObject({
        operation: 'createCryptoWithdrawalApprovalDraft',
        target_id: customerId,
        status: 200,
        problem_code: null,
        result_id: withdrawalId,
        replayed: 0,
        evidence_user_ref: 'user-42',
        evidence_policy_ref: ev.authorizedByPartnerPolicyRef,
        evidence_mfa_ref: ev.mfaEvidenceRef,
      });
    }
  });

  it('the refund steps: draft (target = deposit), submit and REST confirm (target = refund), all with their result ids', async () => {
    const sc = await Scenario.create(server);
    const customerId = await sc.customer();
    const depositId = await sc.deposit(customerId);
    const draft = await sc.refundDraft(depositId);
    expect(draft.status, draft.text).toBe(200);
    const refundId = draft.body.data.createCryptoRefundApprovalDraft.refundId;
    expect((await sc.submit(refundId)).status).toBe(200);
    const { requestId, o } = withRequestId();
    const confirm = await sc.confirmRest(refundId, o);
    expect(confirm.status, confirm.text).toBe(200);
    const rows = (await auditRows(sc.client.clientId)).map((r) => [r.operation, r.target_id, r.status, r.result_id]);
    expect(rows).toEqual([
      ['createCustomer', null, 200, customerId],
      ['simulateCryptoDeposit', customerId, 200, depositId],
      ['createCryptoRefundApprovalDraft', depositId, 200, refundId],
      ['submitCryptoRefund', refundId, 200, refundId],
      ['confirmCryptoRefund', refundId, 200, refundId],
    ]);
    expect(await auditByRequest(requestId)).toHaveLength(1);
  });

  it('an idempotent replay is recorded too, as replayed = 1 with the original result id', async () => {
    const sc = await Scenario.create(server);
    const customerId = await sc.customer();
    const key = randomUUID();
    const body = sc.beneficiaryInput({ walletAddress: randomEthAddress() });
    const path = `/partner/v1/customers/${customerId}/crypto/wallet-beneficiaries`;
    const first = withRequestId({ body, idempotencyKey: key });
    const a = await server.request(sc.client, 'POST', path, first.o);
    expect(a.status, a.text).toBe(200);
    const before = await tableCounts();
    const second = withRequestId({ body, idempotencyKey: key });
    const b = await server.request(sc.client, 'POST', path, second.o);
    expect(b.status, b.text).toBe(200);
    expect(b.headers.get('idempotent-replayed')).toBe('true');
    expect(await tableCounts()).toEqual(before);
    const [orig] = await auditOf(first.requestId);
    const [replay] = await auditOf(second.requestId);
    expect(orig).toMatchObject({ replayed: 0, status: 200, result_id: a.body.walletBeneficiaryId, idempotency_key: key });
    expect(replay).toMatchObject({
      replayed: 1,
      status: 200,
      problem_code: null,
      result_id: a.body.walletBeneficiaryId,
      target_id: customerId,
      idempotency_key: key,
      operation: 'createCryptoWalletBeneficiary',
    });
  });
});

describe('refusals: status + problem code, no result id, nothing else written', () => {
  let sc: Scenario;
  let customerId: string;
  let beneficiaryId: string;

  beforeAll(async () => {
    sc = await Scenario.create(server);
    customerId = await sc.customer(`ext-dup-${randomUUID()}`);
    const ben = await sc.beneficiary(customerId, { walletAddress: ETH_ADDRESS });
    expect(ben.status, ben.text).toBe(200);
    beneficiaryId = ben.body.walletBeneficiaryId;
  });

  type Case = {
    name: string;
    status: number;
    code: string;
    operation: string;
    target: () => string | null;
    send: (o: RequestOptions) => Promise<Reply>;
  };

  const restBeneficiary = (body: unknown, o: RequestOptions, id = customerId) =>
    server.request(sc.client, 'POST', `/partner/v1/customers/${id}/crypto/wallet-beneficiaries`, { ...o, body });

  const badHashWithdrawal = () => {
    const input = sc.withdrawalInput(customerId, beneficiaryId);
    (input.operationAuthorization as Record<string, unknown>).operationHash = 'ab'.repeat(32);
    return input;
  };

  const cases: Case[] = [
    // GraphQL
    {
      name: 'GraphQL 400 VALIDATION_FAILED (input shape: a required field missing)',
      status: 400,
      code: 'VALIDATION_FAILED',
      operation: 'createCustomer',
      target: () => null,
      send: (o) => server.gql(sc.client, CREATE_CUSTOMER, { input: { externalRef: `ext-${randomUUID()}` } }, o),
    },
    {
      name: 'GraphQL 400 VALIDATION_FAILED (input shape: an unknown field)',
      status: 400,
      code: 'VALIDATION_FAILED',
      operation: 'createCryptoWalletBeneficiary',
      target: () => customerId,
      send: (o) => server.gql(sc.client, CREATE_BENEFICIARY, { customerId, input: { ...sc.beneficiaryInput({ walletAddress: randomEthAddress() }), admin: true } }, o),
    },
    {
      name: 'GraphQL 400 IDEMPOTENCY_KEY_MISSING',
      status: 400,
      code: 'IDEMPOTENCY_KEY_MISSING',
      operation: 'createCustomer',
      target: () => null,
      send: (o) => server.gql(sc.client, CREATE_CUSTOMER, { input: { externalRef: `ext-${randomUUID()}`, type: 'INDIVIDUAL' } }, { ...o, idempotencyKey: null }),
    },
    {
      name: 'GraphQL 404 CUSTOMER_NOT_FOUND',
      status: 404,
      code: 'CUSTOMER_NOT_FOUND',
      operation: 'createCryptoWalletBeneficiary',
      target: () => unknownCustomer,
      send: (o) => server.gql(sc.client, CREATE_BENEFICIARY, { customerId: unknownCustomer, input: sc.beneficiaryInput({ walletAddress: randomEthAddress() }) }, o),
    },
    {
      name: 'GraphQL 403 OPERATION_HASH_MISMATCH',
      status: 403,
      code: 'OPERATION_HASH_MISMATCH',
      operation: 'createCryptoWithdrawalApprovalDraft',
      target: () => customerId,
      send: (o) => server.gql(sc.client, CREATE_WITHDRAWAL, { customerId, input: badHashWithdrawal() }, o),
    },
    {
      name: 'GraphQL 409 DUPLICATE_CUSTOMER',
      status: 409,
      code: 'DUPLICATE_CUSTOMER',
      operation: 'createCustomer',
      target: () => null,
      send: async (o) => {
        const ref = `ext-${randomUUID()}`;
        const first = await server.gql(sc.client, CREATE_CUSTOMER, { input: { externalRef: ref, type: 'INDIVIDUAL' } });
        expect(first.status).toBe(200);
        return server.gql(sc.client, CREATE_CUSTOMER, { input: { externalRef: ref, type: 'CORPORATE' } }, o);
      },
    },
    {
      name: 'GraphQL 409 IDEMPOTENCY_KEY_REUSED',
      status: 409,
      code: 'IDEMPOTENCY_KEY_REUSED',
      operation: 'createCustomer',
      target: () => null,
      send: async (o) => {
        const key = randomUUID();
        const first = await server.gql(sc.client, CREATE_CUSTOMER, { input: { externalRef: `ext-${randomUUID()}`, type: 'INDIVIDUAL' } }, { idempotencyKey: key });
        expect(first.status).toBe(200);
        return server.gql(sc.client, CREATE_CUSTOMER, { input: { externalRef: `ext-${randomUUID()}`, type: 'INDIVIDUAL' } }, { ...o, idempotencyKey: key });
      },
    },
    {
      name: 'GraphQL 409 INVALID_STATE (confirming a draft that was never submitted)',
      status: 409,
      code: 'INVALID_STATE',
      operation: 'confirmCryptoRefund',
      target: () => draftRefundId,
      send: (o) => server.gql(sc.client, CONFIRM_REFUND, { refundId: draftRefundId, input: sc.stepInput('CRYPTO_REFUND_CONFIRM', draftRefundId) }, o),
    },
    // REST
    {
      name: 'REST 400 VALIDATION_FAILED (a body field the input does not have)',
      status: 400,
      code: 'VALIDATION_FAILED',
      operation: 'createCryptoWalletBeneficiary',
      target: () => customerId,
      send: (o) => restBeneficiary({ ...sc.beneficiaryInput({ walletAddress: randomEthAddress() }), beneficiaryStatus: 'ACTIVE' }, o),
    },
    {
      name: 'REST 400 IDEMPOTENCY_KEY_MISSING',
      status: 400,
      code: 'IDEMPOTENCY_KEY_MISSING',
      operation: 'createCryptoWalletBeneficiary',
      target: () => customerId,
      send: (o) => restBeneficiary(sc.beneficiaryInput({ walletAddress: randomEthAddress() }), { ...o, idempotencyKey: null }),
    },
    {
      name: 'REST 400 INVALID_REQUEST (a body that is not JSON)',
      status: 400,
      code: 'INVALID_REQUEST',
      operation: 'createCryptoWalletBeneficiary',
      target: () => customerId,
      send: (o) =>
        server.request(sc.client, 'POST', `/partner/v1/customers/${customerId}/crypto/wallet-beneficiaries`, { ...o, rawBody: '{"routeCode": ' }),
    },
    {
      name: 'REST 415 UNSUPPORTED_MEDIA_TYPE',
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      operation: 'createCryptoWalletBeneficiary',
      target: () => customerId,
      send: (o) =>
        server.request(sc.client, 'POST', `/partner/v1/customers/${customerId}/crypto/wallet-beneficiaries`, {
          ...o,
          rawBody: JSON.stringify(sc.beneficiaryInput({ walletAddress: randomEthAddress() })),
          headers: { ...o.headers, 'content-type': 'text/plain' },
        }),
    },
    {
      name: 'REST 404 CUSTOMER_NOT_FOUND',
      status: 404,
      code: 'CUSTOMER_NOT_FOUND',
      operation: 'createCryptoWalletBeneficiary',
      target: () => unknownCustomer,
      send: (o) => restBeneficiary(sc.beneficiaryInput({ walletAddress: randomEthAddress() }), o, unknownCustomer),
    },
    {
      name: 'REST 403 OPERATION_HASH_MISMATCH',
      status: 403,
      code: 'OPERATION_HASH_MISMATCH',
      operation: 'createCryptoWithdrawalApprovalDraft',
      target: () => customerId,
      send: (o) => server.request(sc.client, 'POST', `/partner/v1/customers/${customerId}/crypto-withdrawals`, { ...o, body: badHashWithdrawal() }),
    },
    {
      name: 'REST 409 DUPLICATE_WALLET_BENEFICIARY',
      status: 409,
      code: 'DUPLICATE_WALLET_BENEFICIARY',
      operation: 'createCryptoWalletBeneficiary',
      target: () => customerId,
      send: (o) => restBeneficiary(sc.beneficiaryInput({ walletAddress: ETH_ADDRESS }), o),
    },
    {
      name: 'REST 409 INVALID_STATE (confirming a draft)',
      status: 409,
      code: 'INVALID_STATE',
      operation: 'confirmCryptoRefund',
      target: () => draftRefundId,
      send: (o) =>
        server.request(sc.client, 'POST', `/partner/v1/crypto/refunds/${draftRefundId}/confirmation`, {
          ...o,
          body: sc.stepInput('CRYPTO_REFUND_CONFIRM', draftRefundId),
        }),
    },
  ];

  let unknownCustomer = randomUUID();
  let draftRefundId = '';

  beforeAll(async () => {
    unknownCustomer = randomUUID();
    const depositId = await sc.deposit(customerId);
    const draft = await sc.refundDraft(depositId);
    expect(draft.status, draft.text).toBe(200);
    draftRefundId = draft.body.data.createCryptoRefundApprovalDraft.refundId;
  });

  it.each(cases)('$name', async (c) => {
    const { requestId, o } = withRequestId();
    // A case may first make a request of its own (a first customer, a first use of a key): the table
    // counts are taken right before the refused request itself, by wrapping the harness's request.
    let before: Record<string, number> | undefined;
    const realRequest = server.request.bind(server);
    server.request = async (client, method, p, ro = {}) => {
      if (ro.headers?.['x-request-id'] === requestId) before = await tableCounts();
      return realRequest(client, method, p, ro);
    };
    let reply: Reply;
    try {
      reply = await c.send(o);
    } finally {
      server.request = realRequest;
    }
    expect(before).toBeDefined();
    expect(reply.status, reply.text).toBe(c.status);
    expect(reply.headers.get('x-request-id')).toBe(requestId);
    const code = problemCodeOf(reply);
    expect(code, reply.text).toBe(c.code);
    const rows = await auditOf(requestId);
    expect(rows, 'exactly one audit event for the attempt').toHaveLength(1);
    expect(rows[0]).toMatchObject({
      request_id: requestId,
      client_id: sc.client.clientId,
      operation: c.operation,
      target_id: c.target(),
      status: c.status,
      problem_code: c.code,
      result_id: null,
      replayed: 0,
    });
    expect(await tableCounts(), 'a refused attempt writes no other row').toEqual(before);
  });

  it('a refusal with evidence still names its user / MFA references', async () => {
    const input = badHashWithdrawal();
    const ev = input.operationAuthorization as Record<string, unknown>;
    const { requestId, o } = withRequestId();
    const r = await server.gql(sc.client, CREATE_WITHDRAWAL, { customerId, input }, o);
    expect(r.status).toBe(403);
    const [row] = await auditOf(requestId);
    expect(row).toMatchObject({ evidence_user_ref: 'user-42', evidence_mfa_ref: ev.mfaEvidenceRef, evidence_policy_ref: null, result_id: null });
  });

  it('a refused attempt retried with the same key and fixed input succeeds: both attempts are in the trail', async () => {
    const key = randomUUID();
    const bad = withRequestId({ idempotencyKey: key });
    const r1 = await restBeneficiary({ ...sc.beneficiaryInput({ walletAddress: randomEthAddress() }), label: '' }, bad.o);
    expect(r1.status).toBe(400);
    const good = withRequestId({ idempotencyKey: key });
    const r2 = await restBeneficiary(sc.beneficiaryInput({ walletAddress: randomEthAddress() }), good.o);
    expect(r2.status, r2.text).toBe(200);
    expect((await auditOf(bad.requestId))[0]).toMatchObject({ status: 400, problem_code: 'VALIDATION_FAILED', idempotency_key: key, result_id: null });
    expect((await auditOf(good.requestId))[0]).toMatchObject({ status: 200, problem_code: null, idempotency_key: key, result_id: r2.body.walletBeneficiaryId });
  });
});

describe('what is not recorded', () => {
  it('unauthenticated mutation attempts (401) on both surfaces', async () => {
    const sc = await Scenario.create(server);
    const customerId = await sc.customer();
    const countBefore = (await auditRows(sc.client.clientId)).length;
    const wrong = { clientId: sc.client.clientId, secret: 'wrong-secret' };
    const attempts = [
      withRequestId({ client: wrong }),
      withRequestId({ client: wrong }),
      withRequestId({ sign: false }),
      withRequestId({ timestamp: new Date(Date.now() - 3_600_000).toISOString() }),
    ];
    for (const [i, a] of attempts.entries()) {
      const r =
        i % 2 === 0
          ? await server.request(sc.client, 'POST', `/partner/v1/customers/${customerId}/crypto/wallet-beneficiaries`, {
              ...a.o,
              body: sc.beneficiaryInput({ walletAddress: randomEthAddress() }),
            })
          : await server.gql(sc.client, CREATE_CUSTOMER, { input: { externalRef: `ext-${randomUUID()}`, type: 'INDIVIDUAL' } }, a.o);
      expect(r.status, r.text).toBe(401);
    }
    await sleep(200);
    for (const a of attempts) expect(await auditByRequest(a.requestId)).toEqual([]);
    expect(await auditRows(sc.client.clientId)).toHaveLength(countBefore);
  });

  it('queries, on any record, found or not', async () => {
    const sc = await Scenario.create(server);
    const customerId = await sc.customer();
    const countBefore = (await auditRows(sc.client.clientId)).length;
    const ids: string[] = [];
    for (const q of [
      `{ customer(customerId: "${customerId}") { customerId } }`,
      `{ customer(customerId: "${randomUUID()}") { customerId } }`,
      `query { cryptoWithdrawal(withdrawalId: "${randomUUID()}") { withdrawalId } }`,
      `{ customr(customerId: "${customerId}") { customerId } }`,
    ]) {
      const { requestId, o } = withRequestId();
      ids.push(requestId);
      const r = await server.gql(sc.client, q, undefined, o);
      expect(r.status).toBeLessThan(500);
    }
    await sleep(200);
    for (const id of ids) expect(await auditByRequest(id)).toEqual([]);
    expect(await auditRows(sc.client.clientId)).toHaveLength(countBefore);
  });
});

// ---------------------------------------------------------------------------------------------------

describe('every operation of the registry (its example request at its scenario step)', () => {
  type Sent = { requestId: string; reply: Reply; surface: 'GraphQL' | 'REST' };
  type MutationSeen = {
    case: OperationCase;
    clientId: string;
    key: string;
    refusals: Sent[];
    refusalsWrote: boolean;
    success: Sent;
    replays: Sent[];
  };
  const mutations = new Map<string, MutationSeen>();
  const queries = new Map<string, Sent[]>();

  beforeAll(async () => {
    await World.walk(server, {
      name: 'Audit partner',
      hook: async (v) => {
        if (!v.first) return;
        const c = v.case;
        const send = async (surface: Sent['surface'], o: RequestOptions): Promise<Sent> => {
          const { requestId, o: ro } = withRequestId(o);
          const reply = surface === 'REST' ? await c.restRequest(server, v.client, ro) : await c.graphql(server, v.client, ro);
          return { requestId, reply, surface };
        };
        const surfaces: Sent['surface'][] = c.rest ? ['GraphQL', 'REST'] : ['GraphQL'];
        if (!c.isMutation) {
          const sent: Sent[] = [];
          for (const surface of surfaces) sent.push(await send(surface, {}));
          queries.set(c.op, sent);
          return;
        }
        // A refusal on each surface (no Idempotency-Key, §3), then the success and its replays.
        const before = await countsOutsideAudit(server);
        const refusals: Sent[] = [];
        for (const surface of surfaces) refusals.push(await send(surface, { idempotencyKey: null }));
        const refusalsWrote = JSON.stringify(await countsOutsideAudit(server)) !== JSON.stringify(before);
        const key = randomUUID();
        const success = await send('GraphQL', { idempotencyKey: key });
        const replays: Sent[] = [];
        for (const surface of surfaces) replays.push(await send(surface, { idempotencyKey: key }));
        mutations.set(c.op, { case: c, clientId: v.client.clientId, key, refusals, refusalsWrote, success, replays });
        return success.reply;
      },
    });
  }, 120_000);

  const seen = (op: string) => mutations.get(op) ?? (() => { throw noCase(op, 'audit'); })();

  /** The evidence columns of a mutation's rows: its §5 references, or none. */
  function evidenceColumns(c: OperationCase) {
    const ev = (c.args.input as { operationAuthorization?: Record<string, string> } | undefined)?.operationAuthorization;
    const d = c.descriptor;
    if (d.kind !== 'mutation' || !d.evidence || !ev) return { evidence_user_ref: null, evidence_policy_ref: null, evidence_mfa_ref: null };
    return { evidence_user_ref: ev.authorizedByPartnerUserRef, evidence_policy_ref: ev.authorizedByPartnerPolicyRef ?? null, evidence_mfa_ref: ev.mfaEvidenceRef };
  }

  const targetOf = (c: OperationCase) => {
    const d = c.descriptor;
    return d.kind === 'mutation' && d.target ? String(c.args[d.target]) : null;
  };

  it.each(mutationNames())('%s: its success — target, result id, key, evidence references; replays (both surfaces) as replayed = 1', async (op) => {
    const m = seen(op);
    const d = m.case.descriptor;
    expect(m.success.reply.status, m.success.reply.text).toBe(200);
    expect(m.success.reply.headers.get('x-request-id')).toBe(m.success.requestId);
    const resultId = d.kind === 'mutation' ? (d.resultId as (r: unknown) => string)(OperationCase.dataOf(op, m.success.reply)) : null;
    expect(resultId, op).toMatch(/^[0-9a-f-]{36}$/);
    const common = { client_id: m.clientId, operation: op, target_id: targetOf(m.case), idempotency_key: m.key, status: 200, problem_code: null, result_id: resultId, ...evidenceColumns(m.case) };
    const rows = await auditOf(m.success.requestId);
    expect(rows, 'exactly one audit event for the success').toHaveLength(1);
    expect(rows[0]).toEqual({ id: expect.any(Number), at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/), request_id: m.success.requestId, replayed: 0, ...common });
    for (const r of m.replays) {
      expect(r.reply.status, `${r.surface}: ${r.reply.text}`).toBe(200);
      expect(r.reply.headers.get('idempotent-replayed'), r.surface).toBe('true');
      const [row, ...more] = await auditOf(r.requestId);
      expect(more, r.surface).toEqual([]);
      expect(row, r.surface).toMatchObject({ request_id: r.requestId, replayed: 1, ...common });
    }
  });

  it.each(mutationNames())('%s: a refusal on each surface — status, problem code, target, no result id; nothing else written', async (op) => {
    const m = seen(op);
    expect(m.refusals.length).toBeGreaterThanOrEqual(1);
    for (const r of m.refusals) {
      expect(r.reply.status, `${r.surface}: ${r.reply.text}`).toBe(400);
      expect(problemCodeOf(r.reply), r.surface).toBe('IDEMPOTENCY_KEY_MISSING');
      const rows = await auditOf(r.requestId);
      expect(rows, `${r.surface}: exactly one audit event for the attempt`).toHaveLength(1);
      expect(rows[0], r.surface).toMatchObject({
        request_id: r.requestId,
        client_id: m.clientId,
        operation: op,
        target_id: targetOf(m.case),
        idempotency_key: null,
        status: 400,
        problem_code: 'IDEMPOTENCY_KEY_MISSING',
        result_id: null,
        replayed: 0,
        // A refusal with evidence still names its user / MFA references.
        ...evidenceColumns(m.case),
      });
    }
    expect(m.refusalsWrote, `${op}: a refused attempt writes no other row`).toBe(false);
  });

  it.each(queryNames())('%s: a query is not recorded, on either surface', async (op) => {
    const sent = queries.get(op);
    if (!sent) throw noCase(op, 'audit');
    await sleep(50);
    for (const s of sent) {
      expect(s.reply.status, `${s.surface}: ${s.reply.text}`).toBe(200);
      expect(await auditByRequest(s.requestId), s.surface).toEqual([]);
    }
  });
});

describe('partnerctl audit --client ID [--since T]', () => {
  it('prints one JSON object per line with the camelCase fields, matching the table; --since filters; no secret or signature', async () => {
    const sc = await Scenario.create(server);
    const signatures: string[] = [];
    const customerId = await sc.customer();
    const ben = await sc.beneficiary(customerId, { walletAddress: randomEthAddress() });
    expect(ben.status).toBe(200);
    const input = sc.withdrawalInput(customerId, ben.body.walletBeneficiaryId);
    (input.operationAuthorization as Record<string, unknown>).authorizedByPartnerPolicyRef = 'policy-ctl';
    const wd = withRequestId();
    const w = await server.request(sc.client, 'POST', `/partner/v1/customers/${customerId}/crypto-withdrawals`, { ...wd.o, body: input });
    expect(w.status, w.text).toBe(200);

    await sleep(20);
    const since = new Date().toISOString();
    await sleep(20);
    const late = withRequestId();
    const refused = await server.gql(sc.client, CREATE_CUSTOMER, { input: { externalRef: '' , type: 'INDIVIDUAL' } }, late.o);
    expect(refused.status).toBe(400);
    const replayKey = randomUUID();
    const body = sc.beneficiaryInput({ walletAddress: randomEthAddress() });
    const p = `/partner/v1/customers/${customerId}/crypto/wallet-beneficiaries`;
    // Capture the signatures the harness sends, to look for them in the output.
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (url: string | URL | Request, init?: RequestInit) => {
      const h = (init?.headers ?? {}) as Record<string, string>;
      if (h['x-partner-signature']) signatures.push(h['x-partner-signature']);
      return realFetch(url, init);
    }) as typeof fetch;
    try {
      expect((await server.request(sc.client, 'POST', p, { body, idempotencyKey: replayKey })).status).toBe(200);
      expect((await server.request(sc.client, 'POST', p, { body, idempotencyKey: replayKey })).status).toBe(200);
      expect((await server.request(sc.client, 'POST', `/partner/v1/customers/${randomUUID()}/crypto/wallet-beneficiaries`, { body })).status).toBe(404);
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(signatures.length).toBe(3);

    const all = await partnerctl(server.databaseUrl, ['audit', '--client', sc.client.clientId]);
    expect(all.code, all.stderr).toBe(0);
    const lines = all.stdout.trim().split('\n');
    const events = lines.map((l) => JSON.parse(l));
    const rows = await auditRows(sc.client.clientId);
    expect(events).toHaveLength(rows.length);
    expect(events.length).toBe(7); // customer, beneficiary, withdrawal, refused customer, beneficiary, replay, 404
    for (const e of events) {
      expect(Object.keys(e)).toEqual(
        expect.arrayContaining([
          'requestId',
          'clientId',
          'operation',
          'targetId',
          'status',
          'problemCode',
          'resultId',
          'evidenceUserRef',
          'evidencePolicyRef',
          'evidenceMfaRef',
        ]),
      );
      expect(Object.keys(e).some((k) => k.includes('_'))).toBe(false);
      expect(e.clientId).toBe(sc.client.clientId);
    }
    // Same content as the table, in order.
    expect(events.map((e) => [e.requestId, e.operation, e.targetId, e.status, e.problemCode, e.resultId])).toEqual(
      rows.map((r) => [r.request_id, r.operation, r.target_id, r.status, r.problem_code, r.result_id]),
    );
    const withdrawal = events.find((e) => e.requestId === wd.requestId);
    expect(withdrawal).toMatchObject({
      operation: 'createCryptoWithdrawalApprovalDraft',
      targetId: customerId,
      status: 200,
      problemCode: null,
      resultId: w.body.withdrawalId,
      evidenceUserRef: 'user-42',
      evidencePolicyRef: 'policy-ctl',
      evidenceMfaRef: (input.operationAuthorization as Record<string, unknown>).mfaEvidenceRef,
    });
    expect(events.find((e) => e.requestId === late.requestId)).toMatchObject({
      operation: 'createCustomer',
      status: 400,
      problemCode: 'VALIDATION_FAILED',
      resultId: null,
    });
    expect(events.filter((e) => e.replayed === true || e.replayed === 1)).toHaveLength(1);

    const filtered = await partnerctl(server.databaseUrl, ['audit', '--client', sc.client.clientId, '--since', since]);
    expect(filtered.code, filtered.stderr).toBe(0);
    const later = filtered.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(later).toHaveLength(4);
    expect(later[0].requestId).toBe(late.requestId);
    for (const e of later) expect(Date.parse(e.at)).toBeGreaterThanOrEqual(Date.parse(since));

    const future = await partnerctl(server.databaseUrl, ['audit', '--client', sc.client.clientId, '--since', new Date(Date.now() + 60_000).toISOString()]);
    expect(future.code).toBe(0);
    expect(future.stdout.trim()).toBe('');

    const other = await partnerctl(server.databaseUrl, ['audit', '--client', `nobody-${randomUUID()}`]);
    expect(other.code).toBe(0);
    expect(other.stdout.trim()).toBe('');

    for (const out of [all.stdout, filtered.stdout]) {
      expect(out).not.toContain(sc.client.secret);
      for (const sig of signatures) expect(out).not.toContain(sig);
      expect(out).not.toMatch(/signature/i);
    }
  });

  it('--since that is not a date, or a missing --client, exits non-zero with a JSON error', async () => {
    const sc = await Scenario.create(server);
    const bad = await partnerctl(server.databaseUrl, ['audit', '--client', sc.client.clientId, '--since', 'yesterday-ish']);
    expect(bad.code).not.toBe(0);
    expect(stderrResult(bad.stderr)).toHaveProperty('error');
    const missing = await partnerctl(server.databaseUrl, ['audit']);
    expect(missing.code).not.toBe(0);
  });
});
