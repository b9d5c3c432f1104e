// The typed client (src/client/) against the real server: it signs, keys every mutation, builds evidence
// the server accepts on both surfaces, and turns problems into PartnerApiError with the contract's code.
import fs from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEvidence, MONEY_OPERATIONS, PartnerApiError, PartnerClient, queryString, type OperationType } from '../../../src/client/index.js';
import { Scenario, startTestServer, type TestServer } from '../../helpers/harness.js';

type Vector = { name: string; operationType: OperationType; pathId: Record<string, string>; input: Record<string, unknown>; operationHash: string };
const vectors = (JSON.parse(fs.readFileSync(new URL('../../vectors/operation-hash.json', import.meta.url), 'utf8')) as { vectors: Vector[] }).vectors;

let server: TestServer;
let s: Scenario;
let client: PartnerClient;
const who = { authorizedByPartnerUserRef: 'ops-user-7', authorizationMethod: 'PASSKEY', mfaEvidenceRef: 'mfa-1' };

beforeAll(async () => {
  server = await startTestServer();
  s = await Scenario.create(server);
  client = new PartnerClient({ baseUrl: server.url, clientId: s.client.clientId, secret: s.client.secret, now: server.clock.now });
});
afterAll(() => server.stop());

describe('evidence (§5)', () => {
  it.each(vectors.map((v) => [v.name, v] as const))('buildEvidence matches the operation-hash vector: %s', (_name, v) => {
    // The type's own path id, or the one the vector names where the type serves several operations (§15.7).
    const [pathId, id] = Object.entries(v.pathId)[0] as [string, string];
    expect(id).toBeDefined();
    if (pathId === MONEY_OPERATIONS[v.operationType].pathId) expect(buildEvidence(v.operationType, id, v.input, { ...who, authorizedAt: '2026-01-01T00:00:00.000Z' }).operationHash).toBe(v.operationHash);
    const ev = buildEvidence(v.operationType, id, v.input, { ...who, authorizedAt: '2026-01-01T00:00:00.000Z' }, undefined, pathId);
    expect(ev).toEqual({ operationType: v.operationType, operationHash: v.operationHash, authorizedAt: '2026-01-01T00:00:00.000Z', ...who });
  });
});

describe('transport', () => {
  it('a mutation gets an Idempotency-Key: the same key replays the first answer (§3)', async () => {
    const input = { externalRef: 'client-replay', type: 'INDIVIDUAL' };
    const q = `mutation($input: CreateCustomerInput!) { createCustomer(input: $input) { customerId } }`;
    const a = await client.execute<{ createCustomer: { customerId: string } }>(q, { input }, { idempotencyKey: 'k-client-1' });
    const b = await client.execute<{ createCustomer: { customerId: string } }>(q, { input }, { idempotencyKey: 'k-client-1' });
    expect(b.createCustomer.customerId).toBe(a.createCustomer.customerId);
    // Without a key given, each call gets its own: the second create is a duplicate externalRef.
    const c = await client.graphql(q, { input: { externalRef: 'client-fresh', type: 'INDIVIDUAL' } });
    expect(c.status).toBe(200);
    expect(c.body.errors).toBeUndefined();
  });

  it('a problem becomes PartnerApiError with the status, code and problem (REST and GraphQL)', async () => {
    const err = await client.get('/partner/v1/crypto/withdrawals/8e1f4c52-4a1b-4c3d-9e8f-0a1b2c3d4e5f').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PartnerApiError);
    expect(err).toMatchObject({ status: 404, code: 'NOT_FOUND', problem: { type: '/problems/not-found', status: 404 } });
    const gqlErr = await client
      .execute(`mutation { createCustomer(input: { externalRef: "", type: "INDIVIDUAL" }) { customerId } }`)
      .catch((e: unknown) => e);
    expect(gqlErr).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
  });

  it('a wrong secret answers 401 AUTH_SIGNATURE_INVALID with the canonical string the server computed (§2)', async () => {
    const wrong = new PartnerClient({ baseUrl: server.url, clientId: s.client.clientId, secret: 'not-the-secret', now: server.clock.now });
    const err = (await wrong.get('/partner/v1/events', { limit: 1 }).catch((e: unknown) => e)) as PartnerApiError;
    expect(err).toMatchObject({ status: 401, code: 'AUTH_SIGNATURE_INVALID' });
    const lines = err.problem.canonicalString!.split('\n');
    expect(lines.slice(0, 2)).toEqual(['GET', '/partner/v1/events?limit=1']);
    expect(lines).toHaveLength(7);
  });
});

describe('money-moving operations on both surfaces', () => {
  it.each(['graphql', 'rest'] as const)('%s: withdrawal draft and submission, refund draft, submission and confirmation', async (surface) => {
    const customerId = await s.customer();
    const dep = await server.gql(s.client, `mutation($c: UUID!, $i: SimulateCryptoDepositInput!) { simulateCryptoDeposit(customerId: $c, input: $i) { depositId } }`, {
      c: customerId,
      i: { routeCode: s.routeCode, amountMinor: '50000000', fromAddress: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359' },
    });
    const depositId: string = dep.body.data.simulateCryptoDeposit.depositId;
    const ben = await s.beneficiary(customerId);
    expect(ben.status, ben.text).toBe(200);

    const draft = await client.createWithdrawalDraft(
      customerId,
      { routeCode: s.routeCode, walletBeneficiaryId: ben.body.walletBeneficiaryId, amountMinor: '1000000', currency: 'USDT', currencyScale: 6 },
      who,
      { surface },
    );
    expect(draft.status).toBe('APPROVED');
    expect((await client.submitWithdrawal(draft.withdrawalId, { ...who, mfaEvidenceRef: 'mfa-2' }, { surface })).status).toBe('SUBMITTED');

    const refund = await client.createRefundDraft(depositId, { amountMinor: '2000000' }, who, { surface });
    expect(refund.status).toBe('APPROVED');
    expect((await client.submitRefund(refund.refundId, who, { surface })).status).toBe('AWAITING_CONFIRMATION');
    expect((await client.confirmRefund(refund.refundId, who, { surface })).status).toBe('CONFIRMED');

    // Evidence over other input than sent is refused (403), so the client's hash is what made these pass.
    const tampered = client.authorize('CRYPTO_REFUND_CREATE', depositId, { amountMinor: '1000000' }, who);
    const r = await client.rest('POST', `/partner/v1/crypto/deposits/${depositId}/refunds`, { body: { ...tampered, amountMinor: '1000001' } });
    expect(r).toMatchObject({ status: 403, body: { code: 'OPERATION_HASH_MISMATCH' } });
  });
});

describe('queryString', () => {
  it('round-trips through URLSearchParams, lists comma-joined, absent values left out', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ minLength: 1 }), fc.oneof(fc.string(), fc.integer(), fc.constant(undefined))), (q) => {
        const parsed = new URLSearchParams(queryString(q).slice(1));
        for (const [k, v] of Object.entries(q)) expect(parsed.get(k)).toBe(v === undefined ? null : String(v));
      }),
    );
  });
});
