// §4 DateTime input names a real instant: 30 February, 24:00, a 13th month or an offset of +24:00 are
// 400 VALIDATION_FAILED at their pointer, on both surfaces (variables, inline literals, query parameters
// and bodies), never rolled over to another date.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scenario, startTestServer, type TestServer } from '../../helpers/harness.js';
import { expectGraphQLProblem, expectRestProblem } from '../../helpers/problems.js';

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

const IMPOSSIBLE = [
  '2020-02-30T00:00:00Z',
  '2021-02-29T00:00:00Z',
  '2026-04-31T00:00:00.000Z',
  '2026-01-01T24:00:00Z',
  '2026-01-01T23:60:00Z',
  '2026-01-01T23:59:60Z',
  '2026-13-01T00:00:00Z',
  '2026-00-10T00:00:00Z',
  '2026-01-00T00:00:00Z',
  '2026-01-01T00:00:00+24:00',
  '2026-01-01T00:00:00+05:60',
];
const REAL = ['2024-02-29T00:00:00Z', '2000-02-29T12:00:00.5Z', '2026-12-31T23:59:59.999Z', '2026-01-01T00:00:00+05:30', '2026-06-30T10:00:00-11:59'];

const LIST = `query($customerId: UUID!, $createdFrom: DateTime) {
  cryptoDeposits(customerId: $customerId, createdFrom: $createdFrom) { items { depositId } } }`;
const list = (createdFrom: string) => server.gql(s.client, LIST, { customerId, createdFrom });
const inline = (createdFrom: string) =>
  server.gql(s.client, `{ cryptoDeposits(customerId: "${customerId}", createdFrom: "${createdFrom}") { items { depositId } } }`);
const rest = (createdFrom: string) =>
  server.request(s.client, 'GET', `/partner/v1/customers/${customerId}/crypto/deposits?createdFrom=${encodeURIComponent(createdFrom)}`);

describe('a list filter (createdFrom)', () => {
  it.each(IMPOSSIBLE)('%s → 400 at /createdFrom: GraphQL variable, GraphQL literal, REST parameter', async (value) => {
    expectGraphQLProblem(await list(value), 400, 'VALIDATION_FAILED', '/createdFrom');
    // Written inline, GraphQL's own validation refuses the literal (no pointer: it has no variable path).
    expectGraphQLProblem(await inline(value), 400, 'VALIDATION_FAILED', { message: 'inline' });
    expectRestProblem(await rest(value), 400, 'VALIDATION_FAILED', '/createdFrom');
  });

  it.each(REAL)('%s is a real instant: 200 on both surfaces', async (value) => {
    const g = await list(value);
    expect(g.status, g.text).toBe(200);
    const r = await rest(value);
    expect(r.status, r.text).toBe(200);
  });
});

describe('a body member (operationAuthorization.authorizedAt)', () => {
  it.each(['2020-02-30T00:00:00Z', '2026-01-01T24:00:00Z'])('%s → 400 at /operationAuthorization/authorizedAt on both surfaces', async (authorizedAt) => {
    const input = s.withdrawalInput(customerId, walletBeneficiaryId);
    input.operationAuthorization = { ...(input.operationAuthorization as object), authorizedAt };
    const r = await server.request(s.client, 'POST', `/partner/v1/customers/${customerId}/crypto-withdrawals`, { body: input });
    expectRestProblem(r, 400, 'VALIDATION_FAILED', '/operationAuthorization/authorizedAt');
    const g = await server.gql(
      s.client,
      `mutation($customerId: UUID!, $input: CreateCryptoWithdrawalApprovalDraftInput!) { createCryptoWithdrawalApprovalDraft(customerId: $customerId, input: $input) { withdrawalId } }`,
      { customerId, input },
    );
    expectGraphQLProblem(g, 400, 'VALIDATION_FAILED', '/operationAuthorization/authorizedAt');
  });
});
