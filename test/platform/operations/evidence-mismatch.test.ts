// §5 OPERATION_HASH_MISMATCH carries what the server hashed: its operationType and the JCS text of the
// payload, on both surfaces, so that a partner can tell a wrong field from a wrong path id by a diff.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jcs, sha256Hex } from '../../../src/core/canonical.js';
import { operationPayload } from '../../../src/core/operation-hash.js';
import { evidenceFor, Scenario, startTestServer, type TestServer } from '../../helpers/harness.js';
import { expectGraphQLProblem, expectRestProblem } from '../../helpers/problems.js';

const OP = 'CRYPTO_WITHDRAWAL_CREATE';
const DRAFT = `mutation($customerId: UUID!, $input: CreateCryptoWithdrawalApprovalDraftInput!) {
  createCryptoWithdrawalApprovalDraft(customerId: $customerId, input: $input) { withdrawalId } }`;

let server: TestServer;
let s: Scenario;
let customerId: string;
let walletBeneficiaryId: string;

beforeAll(async () => {
  server = await startTestServer();
  s = await Scenario.create(server);
  customerId = await s.customer();
  walletBeneficiaryId = (await s.beneficiary(customerId)).body.walletBeneficiaryId;
});
afterAll(() => server.stop());

/** The input a partner sends, with evidence hashed over `hashed` (their own idea of the payload). */
function inputHashedOver(pathId: Record<string, string>, change: Record<string, unknown> = {}) {
  const fields = { routeCode: s.routeCode, walletBeneficiaryId, amountMinor: '1500000', currency: 'USDT', currencyScale: 6 };
  const theirs = jcs(operationPayload(OP, pathId, { ...fields, ...change }));
  const operationAuthorization = evidenceFor(OP, pathId, fields, { operationHash: sha256Hex(theirs) });
  return { input: { ...fields, operationAuthorization }, theirs, served: jcs(operationPayload(OP, { customerId }, fields)) };
}

/** The members of the JCS texts that differ: what a diff of the two would show. */
function differing(a: string, b: string): string[] {
  const x = JSON.parse(a) as Record<string, unknown>;
  const y = JSON.parse(b) as Record<string, unknown>;
  return [...new Set([...Object.keys(x), ...Object.keys(y)])].filter((k) => JSON.stringify(x[k]) !== JSON.stringify(y[k])).sort();
}

describe('OPERATION_HASH_MISMATCH names what the server hashed (§5)', () => {
  it('REST, a wrong amount: operationPayload differs from the partner’s in amountMinor only', async () => {
    const { input, theirs, served } = inputHashedOver({ customerId }, { amountMinor: '1500001' });
    const r = await server.request(s.client, 'POST', `/partner/v1/customers/${customerId}/crypto-withdrawals`, { body: input });
    const p = expectRestProblem(r, 403, 'OPERATION_HASH_MISMATCH');
    expect(p).toMatchObject({ operationType: OP, operationPayload: served });
    expect(differing(p.operationPayload!, theirs)).toEqual(['amountMinor']);
    expect(sha256Hex(p.operationPayload!)).not.toBe(input.operationAuthorization.operationHash);
  });

  it('REST, an upper-case path id hashed as sent: operationPayload holds the id in lower case', async () => {
    const upper = customerId.toUpperCase();
    const { input, theirs, served } = inputHashedOver({ customerId: upper });
    const r = await server.request(s.client, 'POST', `/partner/v1/customers/${upper}/crypto-withdrawals`, { body: input });
    const p = expectRestProblem(r, 403, 'OPERATION_HASH_MISMATCH');
    expect(p).toMatchObject({ operationType: OP, operationPayload: served });
    expect(differing(p.operationPayload!, theirs)).toEqual(['customerId']);
    expect(JSON.parse(p.operationPayload!).customerId).toBe(customerId);
  });

  it('GraphQL: the same members in errors[0].extensions', async () => {
    const { input, theirs, served } = inputHashedOver({ customerId }, { currencyScale: 8 });
    const r = await server.gql(s.client, DRAFT, { customerId, input });
    const ext = expectGraphQLProblem(r, 403, 'OPERATION_HASH_MISMATCH') as Record<string, unknown>;
    expect(ext).toMatchObject({ operationType: OP, operationPayload: served });
    expect(differing(ext.operationPayload as string, theirs)).toEqual(['currencyScale']);
  });

  it('a refund step: the payload is just operationType and the path id', async () => {
    const depositId = await s.deposit(customerId, '5000000');
    const draft = await s.refundDraft(depositId);
    const refundId = draft.body.data.createCryptoRefundApprovalDraft.refundId;
    const wrong = { operationAuthorization: evidenceFor('CRYPTO_REFUND_CONFIRM', { refundId: depositId }, {}) };
    const r = await server.request(s.client, 'POST', `/partner/v1/crypto/refunds/${refundId}/confirmation`, { body: wrong });
    // Not yet submitted: the state is checked after the evidence (§4 order), so the hash answers first.
    const p = expectRestProblem(r, 403, 'OPERATION_HASH_MISMATCH');
    expect(p.operationPayload).toBe(`{"operationType":"CRYPTO_REFUND_CONFIRM","refundId":"${refundId}"}`);
  });

  it('other problems carry neither member', async () => {
    const { input } = inputHashedOver({ customerId });
    const r = await server.request(s.client, 'POST', `/partner/v1/customers/${customerId}/crypto-withdrawals`, {
      body: { ...input, operationAuthorization: { ...input.operationAuthorization, operationType: 'CRYPTO_REFUND_CREATE' } },
    });
    const p = expectRestProblem(r, 403, 'OPERATION_TYPE_MISMATCH');
    expect(p).not.toHaveProperty('operationPayload');
  });
});
