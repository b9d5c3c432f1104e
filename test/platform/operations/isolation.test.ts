// Isolation matrix. Partner A owns a customer, a beneficiary, a withdrawal, a deposit
// and refunds in each state. Partner B (its own client, with either its own route code or A's route code
// mapped to B as well) tries every query and every operation on A's records. Contract §4: a record of
// another partner → FORBIDDEN (403), an unknown id → null (queries) / 404 (operations), a route not
// mapped to the caller → 403 ROUTE_NOT_PERMITTED. Nothing of A's data may appear in any answer to B,
// and none of B's refused attempts may change anything of A's. Every operation of the registry is tried
// (helpers/operation-cases.ts: its example request from the API reference's scenario, walked by a second
// partner A′ and by B), so an operation added to the registry is in the matrix with no edit here.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BENEFICIARY_FIELDS,
  CUSTOMER_FIELDS,
  DEPOSIT_FIELDS,
  REFUND_FIELDS,
  randomEthAddress,
  Scenario,
  WITHDRAWAL_FIELDS,
  startTestServer,
  type Client,
  type Reply,
  type TestServer,
} from '../../helpers/harness.js';
import {
  inputRecordMembers,
  operationNames,
  recordArguments,
  returnsNullable,
  tableCounts,
  World,
  type OperationCase,
} from '../../helpers/operation-cases.js';
import { expectGraphQLProblem, expectRestProblem, problemCodeOf } from '../../helpers/problems.js';

const Q = {
  customer: `query($id: UUID!) { customer(customerId: $id) { ${CUSTOMER_FIELDS} } }`,
  cryptoWalletBeneficiary: `query($id: UUID!) { cryptoWalletBeneficiary(walletBeneficiaryId: $id) { ${BENEFICIARY_FIELDS} } }`,
  cryptoWithdrawal: `query($id: UUID!) { cryptoWithdrawal(withdrawalId: $id) { ${WITHDRAWAL_FIELDS} } }`,
  cryptoRefund: `query($id: UUID!) { cryptoRefund(refundId: $id) { ${REFUND_FIELDS} } }`,
  cryptoDeposit: `query($id: UUID!) { cryptoDeposit(depositId: $id) { ${DEPOSIT_FIELDS} } }`,
} as const;

const M = {
  createCustomer: `mutation($input: CreateCustomerInput!) { createCustomer(input: $input) { ${CUSTOMER_FIELDS} } }`,
  createCryptoWalletBeneficiary: `mutation($customerId: UUID!, $input: CreateCryptoWalletBeneficiaryInput!) { createCryptoWalletBeneficiary(customerId: $customerId, input: $input) { ${BENEFICIARY_FIELDS} } }`,
  createCryptoWithdrawalApprovalDraft: `mutation($customerId: UUID!, $input: CreateCryptoWithdrawalApprovalDraftInput!) { createCryptoWithdrawalApprovalDraft(customerId: $customerId, input: $input) { ${WITHDRAWAL_FIELDS} } }`,
  createCryptoRefundApprovalDraft: `mutation($depositId: UUID!, $input: CreateCryptoRefundApprovalDraftInput!) { createCryptoRefundApprovalDraft(depositId: $depositId, input: $input) { ${REFUND_FIELDS} } }`,
  submitCryptoRefund: `mutation($refundId: UUID!, $input: SubmitCryptoRefundInput!) { submitCryptoRefund(refundId: $refundId, input: $input) { ${REFUND_FIELDS} } }`,
  confirmCryptoRefund: `mutation($refundId: UUID!, $input: ConfirmCryptoRefundInput!) { confirmCryptoRefund(refundId: $refundId, input: $input) { ${REFUND_FIELDS} } }`,
  simulateCryptoDeposit: `mutation($customerId: UUID!, $input: SimulateCryptoDepositInput!) { simulateCryptoDeposit(customerId: $customerId, input: $input) { ${DEPOSIT_FIELDS} } }`,
} as const;

const rand = () => randomBytes(5).toString('hex');

let server: TestServer;

// ---------------------------------------------------------------------------------------------------
// Partner A's world, made through the API, with values distinctive enough to be searched for.

type AWorld = {
  s: Scenario;
  customerId: string;
  beneficiaryId: string;
  withdrawalId: string;
  depositId: string;
  /** APPROVED, AWAITING_CONFIRMATION, CONFIRMED */
  refunds: [string, string, string];
  /** Every value of A's that B must never see: name → value. */
  secrets: Record<string, string>;
};

let A: AWorld;
/** A second partner of A's side that walked the whole scenario: a record of every kind (helpers/operation-cases.ts). */
let WA: World;

function ok(r: Reply, what: string): Reply {
  if (r.status !== 200 || r.body?.errors) throw new Error(`${what} failed: ${r.status} ${r.text}`);
  return r;
}

async function buildA(): Promise<AWorld> {
  const s = await Scenario.create(server);
  const externalRef = `a-ext-${rand()}`;
  const displayName = `Alice Secretname ${rand()}`;
  const c = ok(await server.gql(s.client, M.createCustomer, { input: { externalRef, type: 'INDIVIDUAL', displayName } }), 'A customer');
  const customerId: string = c.body.data.createCustomer.customerId;

  const walletAddress = randomEthAddress();
  const label = `A-label-${rand()}`;
  const description = `A-description-${rand()}`;
  const b = ok(await s.beneficiary(customerId, { walletAddress, label, description }), 'A beneficiary');
  const beneficiaryId: string = b.body.walletBeneficiaryId;

  const clientReference = `a-ref-${rand()}`;
  const withdrawalAmount = '13572468';
  const w = ok(
    await server.request(s.client, 'POST', `/partner/v1/customers/${customerId}/crypto-withdrawals`, {
      body: s.withdrawalInput(customerId, beneficiaryId, { clientReference, amountMinor: withdrawalAmount }),
    }),
    'A withdrawal',
  );
  const withdrawalId: string = w.body.withdrawalId;

  const depositAmount = '98765431';
  const fromAddress = randomEthAddress();
  const txHash = `0x${randomBytes(32).toString('hex')}`;
  const d = ok(
    await server.gql(s.client, M.simulateCryptoDeposit, { customerId, input: { routeCode: s.routeCode, amountMinor: depositAmount, fromAddress, txHash } }),
    'A deposit',
  );
  const depositId: string = d.body.data.simulateCryptoDeposit.depositId;

  const refundAmounts = ['3141592', '2718281', '1618033'];
  const reasons = refundAmounts.map((_, i) => `A-reason-${i}-${rand()}`);
  const refundAddress = randomEthAddress();
  const refunds: string[] = [];
  for (let i = 0; i < 3; i++) {
    const r = ok(await s.refundDraft(depositId, { amountMinor: refundAmounts[i], reason: reasons[i], refundAddress }), `A refund ${i}`);
    refunds.push(r.body.data.createCryptoRefundApprovalDraft.refundId);
  }
  ok(await s.submit(refunds[1]!), 'A submit 1');
  ok(await s.submit(refunds[2]!), 'A submit 2');
  const conf = await s.confirmRest(refunds[2]!);
  if (conf.status !== 200) throw new Error(`A confirm failed: ${conf.text}`);
  const refundable = (BigInt(depositAmount) - refundAmounts.reduce((t, a) => t + BigInt(a), 0n)).toString();

  return {
    s,
    customerId,
    beneficiaryId,
    withdrawalId,
    depositId,
    refunds: refunds as [string, string, string],
    secrets: {
      clientId: s.client.clientId,
      routeCode: s.routeCode,
      customerId,
      externalRef,
      displayName,
      beneficiaryId,
      walletAddress,
      label,
      description,
      withdrawalId,
      clientReference,
      withdrawalAmount,
      depositId,
      depositAmount,
      fromAddress,
      txHash,
      refundable,
      refundAddress,
      ...Object.fromEntries(refunds.map((id, i) => [`refund${i}`, id])),
      ...Object.fromEntries(refundAmounts.map((a, i) => [`refundAmount${i}`, a])),
      ...Object.fromEntries(reasons.map((r, i) => [`reason${i}`, r])),
    },
  };
}

/** A's view of its own records, through A's queries. */
async function snapshotA(): Promise<unknown> {
  const q = async (query: string, id: string) => {
    const r = await server.gql(A.s.client, query, { id });
    expect(r.status, r.text).toBe(200);
    expect(r.body.errors, r.text).toBeUndefined();
    return r.body.data;
  };
  return {
    customer: await q(Q.customer, A.customerId),
    beneficiary: await q(Q.cryptoWalletBeneficiary, A.beneficiaryId),
    withdrawal: await q(Q.cryptoWithdrawal, A.withdrawalId),
    deposit: await q(Q.cryptoDeposit, A.depositId),
    refunds: await Promise.all(A.refunds.map((id) => q(Q.cryptoRefund, id))),
  };
}

const COUNTED = ['customers', 'wallet_beneficiaries', 'crypto_withdrawals', 'crypto_deposits', 'crypto_refunds', 'authorization_evidence', 'idempotency_records'];

/** Rows per table that belong to a client (audit and nonces are expected to grow with any request); one statement. */
async function rowCounts(clientId: string): Promise<Record<string, number>> {
  const sql = COUNTED.map((t) => `SELECT '${t}' AS t, COUNT(*) AS n FROM ${t} WHERE client_id = ?`).join(' UNION ALL ');
  const rows = await server.db.all<{ t: string; n: unknown }>(sql, ...COUNTED.map(() => clientId));
  const counts = Object.fromEntries(rows.map((r) => [r.t, Number(r.n)]));
  expect(Object.keys(counts).sort()).toEqual([...COUNTED].sort());
  return counts;
}

// ---------------------------------------------------------------------------------------------------
// Attempts by B, and the leak checks applied to every answer.

type Attempt = { name: string; reply: Reply; sent: string };
/** Every refused attempt of B, for the strict echo check at the end of each variant. */
const refusedLog: { variant: string; attempt: Attempt }[] = [];

/** Names of A's values that occur in the answer (body and headers), case-insensitively. */
function aValuesIn(reply: Reply): { name: string; value: string }[] {
  const text = `${reply.text}\n${[...reply.headers].map(([k, v]) => `${k}: ${v}`).join('\n')}`.toLowerCase();
  return Object.entries(A.secrets)
    .filter(([, v]) => text.includes(v.toLowerCase()))
    .map(([name, value]) => ({ name, value }));
}

/** Nothing of A's that B did not itself send may appear in the answer. */
function expectNoLeak(a: Attempt): void {
  const sent = a.sent.toLowerCase();
  const leaked = aValuesIn(a.reply).filter(({ value }) => !sent.includes(value.toLowerCase()));
  expect(leaked.map((l) => l.name), `${a.name}: A's data in the answer to B: ${a.reply.text}`).toEqual([]);
}

async function rest(client: Client, name: string, path: string, body: unknown): Promise<Attempt> {
  const reply = await server.request(client, 'POST', path, { body });
  return { name: `REST ${name}`, reply, sent: `${path}\n${JSON.stringify(body)}` };
}

async function gql(client: Client, name: string, query: string, variables: Record<string, unknown>): Promise<Attempt> {
  const reply = await server.gql(client, query, variables);
  return { name: `GraphQL ${name}`, reply, sent: JSON.stringify(variables) };
}

function expectRefused(variant: string, a: Attempt, status: number, code: string): void {
  // GraphQL: no partial data, but a refused nullable query field is there as null.
  if (a.name.startsWith('REST')) expectRestProblem(a.reply, status, code, { message: a.name });
  else expectGraphQLProblem(a.reply, status, code, { message: a.name, data: 'null-fields' });
  expectNoLeak(a);
  refusedLog.push({ variant, attempt: a });
}

beforeAll(async () => {
  server = await startTestServer({ SANDBOX_STEP_DELAY_MS: '600000' }); // records stay where the test put them
  A = await buildA();
  WA = await World.walk(server, { name: 'Partner A′' });
}, 60_000);
afterAll(() => server.stop());

// ---------------------------------------------------------------------------------------------------

const VARIANTS = [
  { variant: 'B with its own route code', sharedRoute: false },
  { variant: "B with A's route code mapped to B too", sharedRoute: true },
] as const;

describe.each(VARIANTS)('isolation matrix: $variant', ({ variant, sharedRoute }) => {
  let B: Scenario;
  let bCustomer: string;
  let bBeneficiary: string;
  let aBefore: unknown;
  let aCountsBefore: Record<string, number>;

  beforeAll(async () => {
    aBefore = await snapshotA();
    aCountsBefore = await rowCounts(A.s.client.clientId);
    const client = await server.newClient('Partner B');
    const routeCode = await server.newRoute(client, sharedRoute ? { code: A.s.routeCode } : {});
    B = new Scenario(server, client, routeCode);
    bCustomer = await B.customer();
    const b = await B.beneficiary(bCustomer, { walletAddress: randomEthAddress(), label: 'B wallet' });
    if (b.status !== 200) throw new Error(`B beneficiary: ${b.text}`);
    bBeneficiary = b.body.walletBeneficiaryId;
  });

  /** Runs B's refused attempts and checks that B wrote nothing (no record, evidence or idempotency row). */
  async function refusedOnly(run: () => Promise<void>): Promise<void> {
    const before = await rowCounts(B.client.clientId);
    await run();
    expect(await rowCounts(B.client.clientId), 'rows of B after refused attempts').toEqual(before);
    expect(await rowCounts(A.s.client.clientId), 'rows of A after B’s refused attempts').toEqual(aCountsBefore);
  }

  it('the by-id queries on A’s records, every refund state and GET /graphql → 403 FORBIDDEN with no data', async () => {
    const cases: [keyof typeof Q, string][] = [
      ['customer', A.customerId],
      ['cryptoWalletBeneficiary', A.beneficiaryId],
      ['cryptoWithdrawal', A.withdrawalId],
      ['cryptoDeposit', A.depositId],
      ...A.refunds.map((id) => ['cryptoRefund', id] as [keyof typeof Q, string]),
    ];
    for (const [field, id] of cases) expectRefused(variant, await gql(B.client, `query ${field}`, Q[field], { id }), 403, 'FORBIDDEN');
    // Also over GET /graphql (§1: queries may be sent with GET).
    const path = `/graphql?query=${encodeURIComponent(Q.customer)}&variables=${encodeURIComponent(JSON.stringify({ id: A.customerId }))}`;
    const reply = await server.request(B.client, 'GET', path, { headers: { 'apollo-require-preflight': 'true' } });
    expectRefused(variant, { name: 'GraphQL GET query customer', reply, sent: path }, 403, 'FORBIDDEN');
  });

  it('the by-id queries for unknown ids → 200 with null', async () => {
    for (const field of Object.keys(Q) as (keyof typeof Q)[]) {
      const r = await server.gql(B.client, Q[field], { id: randomUUID() });
      expect(r.status, r.text).toBe(200);
      expect(r.body.errors, r.text).toBeUndefined();
      expect(r.body.data).toEqual({ [field]: null });
    }
  });

  it('GraphQL mutations on A’s customer, deposit and refunds (A’s route, too much, every refund state) → 403 FORBIDDEN; nothing written', async () => {
    await refusedOnly(async () => {
      const f = (a: Attempt) => expectRefused(variant, a, 403, 'FORBIDDEN');
      const cid = A.customerId;
      // createCustomer has no target: B may reuse A's externalRef (per-partner uniqueness) — checked below.
      const bInput = B.beneficiaryInput({ walletAddress: randomEthAddress(), label: 'B label' });
      f(await gql(B.client, 'createCryptoWalletBeneficiary(A customer)', M.createCryptoWalletBeneficiary, { customerId: cid, input: bInput }));
      // With A's route code in the input as well: ownership is checked before the route (§4 order).
      f(await gql(B.client, 'createCryptoWalletBeneficiary(A customer, A route)', M.createCryptoWalletBeneficiary, {
        customerId: cid,
        input: { ...bInput, routeCode: A.s.routeCode },
      }));
      for (const [what, beneficiaryId] of [['A beneficiary', A.beneficiaryId], ['B beneficiary', bBeneficiary]] as const) {
        f(await gql(B.client, `createCryptoWithdrawalApprovalDraft(A customer, ${what})`, M.createCryptoWithdrawalApprovalDraft, {
          customerId: cid,
          input: B.withdrawalInput(cid, beneficiaryId),
        }));
      }
      f(await gql(B.client, 'createCryptoRefundApprovalDraft(A deposit)', M.createCryptoRefundApprovalDraft, {
        depositId: A.depositId,
        input: B.refundDraftInput(A.depositId, { amountMinor: '1000', reason: 'B tries' }),
      }));
      // More than is refundable: still FORBIDDEN, not REFUND_EXCEEDS_DEPOSIT (which would reveal the amount).
      f(await gql(B.client, 'createCryptoRefundApprovalDraft(A deposit, too much)', M.createCryptoRefundApprovalDraft, {
        depositId: A.depositId,
        input: B.refundDraftInput(A.depositId, { amountMinor: '999999999999', reason: 'B tries' }),
      }));
      // Every refund state: FORBIDDEN, never INVALID_STATE (which would reveal the state).
      for (const [i, refundId] of A.refunds.entries()) {
        f(await gql(B.client, `submitCryptoRefund(A refund ${i})`, M.submitCryptoRefund, { refundId, input: B.stepInput('CRYPTO_REFUND_SUBMIT', refundId) }));
        f(await gql(B.client, `confirmCryptoRefund(A refund ${i})`, M.confirmCryptoRefund, { refundId, input: B.stepInput('CRYPTO_REFUND_CONFIRM', refundId) }));
      }
      f(await gql(B.client, 'simulateCryptoDeposit(A customer)', M.simulateCryptoDeposit, {
        customerId: cid,
        input: { routeCode: B.routeCode, amountMinor: '5000', fromAddress: randomEthAddress(), txHash: `0x${randomBytes(32).toString('hex')}` },
      }));
    });
  });

  it('REST paths on A’s customer and refunds (every refund state) → 403 FORBIDDEN problem+json; nothing written', async () => {
    await refusedOnly(async () => {
      const f = (a: Attempt) => expectRefused(variant, a, 403, 'FORBIDDEN');
      const cid = A.customerId;
      f(await rest(B.client, 'wallet-beneficiaries(A customer)', `/partner/v1/customers/${cid}/crypto/wallet-beneficiaries`, B.beneficiaryInput({ walletAddress: randomEthAddress() })));
      for (const [what, beneficiaryId] of [['A beneficiary', A.beneficiaryId], ['B beneficiary', bBeneficiary]] as const)
        f(await rest(B.client, `crypto-withdrawals(A customer, ${what})`, `/partner/v1/customers/${cid}/crypto-withdrawals`, B.withdrawalInput(cid, beneficiaryId)));
      for (const [i, refundId] of A.refunds.entries())
        f(await rest(B.client, `confirmation(A refund ${i})`, `/partner/v1/crypto/refunds/${refundId}/confirmation`, B.stepInput('CRYPTO_REFUND_CONFIRM', refundId)));
    });
  });

  it('B’s own withdrawal with A’s walletBeneficiaryId → 403 FORBIDDEN (REST and GraphQL); nothing written', async () => {
    await refusedOnly(async () => {
      const input = B.withdrawalInput(bCustomer, A.beneficiaryId);
      expectRefused(variant, await rest(B.client, 'crypto-withdrawals(B customer, A beneficiary)', `/partner/v1/customers/${bCustomer}/crypto-withdrawals`, input), 403, 'FORBIDDEN');
      const input2 = B.withdrawalInput(bCustomer, A.beneficiaryId);
      expectRefused(variant, await gql(B.client, 'createCryptoWithdrawalApprovalDraft(B customer, A beneficiary)', M.createCryptoWithdrawalApprovalDraft, { customerId: bCustomer, input: input2 }), 403, 'FORBIDDEN');
    });
  });

  if (!sharedRoute) {
    it('B using A’s route code (not mapped to B) on its own customer → 403 ROUTE_NOT_PERMITTED; nothing written', async () => {
      await refusedOnly(async () => {
        const r = (a: Attempt) => expectRefused(variant, a, 403, 'ROUTE_NOT_PERMITTED');
        const code = A.s.routeCode;
        const input = B.beneficiaryInput({ routeCode: code, walletAddress: randomEthAddress() });
        r(await rest(B.client, 'wallet-beneficiaries(B customer, A route)', `/partner/v1/customers/${bCustomer}/crypto/wallet-beneficiaries`, input));
        r(await gql(B.client, 'createCryptoWalletBeneficiary(B customer, A route)', M.createCryptoWalletBeneficiary, { customerId: bCustomer, input }));
        r(await rest(B.client, 'crypto-withdrawals(B customer, A route)', `/partner/v1/customers/${bCustomer}/crypto-withdrawals`, B.withdrawalInput(bCustomer, bBeneficiary, { routeCode: code })));
        r(await gql(B.client, 'createCryptoWithdrawalApprovalDraft(B customer, A route)', M.createCryptoWithdrawalApprovalDraft, {
          customerId: bCustomer,
          input: B.withdrawalInput(bCustomer, bBeneficiary, { routeCode: code }),
        }));
        r(await gql(B.client, 'simulateCryptoDeposit(B customer, A route)', M.simulateCryptoDeposit, {
          customerId: bCustomer,
          input: { routeCode: code, amountMinor: '5000', fromAddress: randomEthAddress() },
        }));
        // §4.2: existence is not revealed — A's code is refused exactly like a code that does not exist.
        const unknownCode = `NOPE-${rand()}`;
        const viaA = await rest(B.client, 'wallet-beneficiaries(B customer, A route) again', `/partner/v1/customers/${bCustomer}/crypto/wallet-beneficiaries`, B.beneficiaryInput({ routeCode: code, walletAddress: randomEthAddress() }));
        const viaUnknown = await server.request(B.client, 'POST', `/partner/v1/customers/${bCustomer}/crypto/wallet-beneficiaries`, {
          body: B.beneficiaryInput({ routeCode: unknownCode, walletAddress: randomEthAddress() }),
        });
        r(viaA);
        const shape = (x: Reply, c: string) => ({ ...x.body, requestId: null, detail: String(x.body.detail).replaceAll(c, '<code>') });
        expect(shape(viaA.reply, code)).toEqual(shape(viaUnknown, unknownCode));
      });
    });
  } else {
    it('with A’s route code mapped to B too, B works on its own records under that code and sees only its own data', async () => {
      expect(B.routeCode).toBe(A.s.routeCode);
      const b = await rest(B.client, 'wallet-beneficiaries(B customer, shared route)', `/partner/v1/customers/${bCustomer}/crypto/wallet-beneficiaries`, B.beneficiaryInput({ walletAddress: randomEthAddress() }));
      expect(b.reply.status, b.reply.text).toBe(200);
      expect(b.reply.body).toMatchObject({ routeCode: A.s.routeCode });
      expectNoLeak(b);
      const d = await gql(B.client, 'simulateCryptoDeposit(B customer, shared route)', M.simulateCryptoDeposit, {
        customerId: bCustomer,
        input: { routeCode: B.routeCode, amountMinor: '5000', fromAddress: randomEthAddress() },
      });
      expect(d.reply.status, d.reply.text).toBe(200);
      expect(d.reply.body.data.simulateCryptoDeposit).toMatchObject({ customerId: bCustomer, amountMinor: '5000', refundableAmountMinor: '5000' });
      expectNoLeak(d);
      const w = await rest(B.client, 'crypto-withdrawals(B customer, shared route)', `/partner/v1/customers/${bCustomer}/crypto-withdrawals`, B.withdrawalInput(bCustomer, bBeneficiary));
      expect(w.reply.status, w.reply.text).toBe(200);
      expectNoLeak(w);
    });
  }

  it('existence is not revealed: B may reuse A’s externalRef, walletAddress and clientReference on its own customer', async () => {
    const c = await gql(B.client, 'createCustomer(A externalRef)', M.createCustomer, { input: { externalRef: A.secrets.externalRef!, type: 'CORPORATE' } });
    expect(c.reply.status, c.reply.text).toBe(200);
    expect(c.reply.body.data.createCustomer.customerId).not.toBe(A.customerId);
    expect(c.reply.body.data.createCustomer.displayName).toBeNull();
    expectNoLeak(c);

    const b = await rest(B.client, 'wallet-beneficiaries(B customer, A address)', `/partner/v1/customers/${bCustomer}/crypto/wallet-beneficiaries`, B.beneficiaryInput({ walletAddress: A.secrets.walletAddress }));
    expect(b.reply.status, b.reply.text).toBe(200);
    expect(b.reply.body).toMatchObject({ walletAddress: A.secrets.walletAddress, beneficiaryStatus: 'ACTIVE', screeningStatus: 'CLEARED' });
    expect(b.reply.body.walletBeneficiaryId).not.toBe(A.beneficiaryId);
    expectNoLeak(b);

    const w = await rest(B.client, 'crypto-withdrawals(B customer, A clientReference)', `/partner/v1/customers/${bCustomer}/crypto-withdrawals`, B.withdrawalInput(bCustomer, bBeneficiary, { clientReference: A.secrets.clientReference }));
    expect(w.reply.status, w.reply.text).toBe(200);
    expect(w.reply.body.withdrawalId).not.toBe(A.withdrawalId);
    expectNoLeak(w);
  });

  it('unknown ids in operations → 404 with the record’s code, like for any partner', async () => {
    const nf = (a: Attempt, code: string) => expectRefused(variant, a, 404, code);
    const u = randomUUID();
    nf(await rest(B.client, 'wallet-beneficiaries(unknown customer)', `/partner/v1/customers/${u}/crypto/wallet-beneficiaries`, B.beneficiaryInput({ walletAddress: randomEthAddress() })), 'CUSTOMER_NOT_FOUND');
    nf(await gql(B.client, 'createCryptoRefundApprovalDraft(unknown deposit)', M.createCryptoRefundApprovalDraft, { depositId: u, input: B.refundDraftInput(u) }), 'NOT_FOUND');
    nf(await gql(B.client, 'submitCryptoRefund(unknown refund)', M.submitCryptoRefund, { refundId: u, input: B.stepInput('CRYPTO_REFUND_SUBMIT', u) }), 'NOT_FOUND');
    nf(await rest(B.client, 'confirmation(unknown refund)', `/partner/v1/crypto/refunds/${u}/confirmation`, B.stepInput('CRYPTO_REFUND_CONFIRM', u)), 'NOT_FOUND');
    nf(await rest(B.client, 'crypto-withdrawals(B customer, unknown beneficiary)', `/partner/v1/customers/${bCustomer}/crypto-withdrawals`, B.withdrawalInput(bCustomer, u)), 'WALLET_BENEFICIARY_NOT_FOUND');
  });

  describe('every operation of the registry (its example request, helpers/operation-cases.ts)', () => {
    let WB: World;
    beforeAll(async () => {
      // B's own records of every kind, under its own route or under A′'s code mapped to B too.
      WB = await World.walk(server, { name: 'Partner B′', routeCode: sharedRoute ? WA.routeCode : undefined });
    }, 60_000);

    /** The case on each surface it has, as B. */
    async function asB(c: OperationCase): Promise<Attempt[]> {
      const out: Attempt[] = [{ name: `GraphQL ${c.op}`, reply: await c.graphql(server, WB.client), sent: JSON.stringify(c.variables) }];
      if (c.rest) out.push({ name: `REST ${c.op}`, reply: await c.restRequest(server, WB.client), sent: JSON.stringify(c.rest) });
      return out;
    }

    /** §4: another partner's record → 403 FORBIDDEN, no data, none of A′'s values (not even the ones B sent); nothing written. */
    async function expectForbidden(c: OperationCase, what: string): Promise<void> {
      const before = await tableCounts(server);
      for (const a of await asB(c)) {
        const message = `${a.name} (${what})`;
        if (a.name.startsWith('REST')) expectRestProblem(a.reply, 403, 'FORBIDDEN', { message });
        else expectGraphQLProblem(a.reply, 403, 'FORBIDDEN', { message, data: 'null-fields' });
        expect(WA.leaksIn(a.reply.text), `${message}: A′'s values in the refusal: ${a.reply.text}`).toEqual([]);
        refusedLog.push({ variant, attempt: { ...a, name: message } });
      }
      if (!c.isMutation) {
        // §1: a query may be sent with GET too.
        const path = `/graphql?query=${encodeURIComponent(c.document)}&variables=${encodeURIComponent(JSON.stringify(c.variables))}`;
        const reply = await server.request(WB.client, 'GET', path, { headers: { 'apollo-require-preflight': 'true' } });
        const message = `GraphQL GET ${c.op} (${what})`;
        expectGraphQLProblem(reply, 403, 'FORBIDDEN', { message, data: 'null-fields' });
        expect(WA.leaksIn(reply.text), `${message}: A′'s values in the refusal: ${reply.text}`).toEqual([]);
      }
      expect(await tableCounts(server), `${c.op} (${what}): rows written by refused attempts`).toEqual(before);
    }

    /** An answer that is not a refusal of A′'s record shows nothing of A′'s that B did not send itself. */
    async function expectNothingOfA(c: OperationCase, what: string): Promise<void> {
      for (const a of await asB(c)) {
        expect(a.reply.status, `${a.name} (${what}): ${a.reply.text}`).toBeLessThan(500);
        expect(WA.leaksIn(a.reply.text, a.sent), `${a.name} (${what}): A′'s values in the answer: ${a.reply.text}`).toEqual([]);
      }
    }

    it.each(operationNames())('%s with A′’s arguments → 403 FORBIDDEN where one names A′’s record, else nothing of A′’s', async (op) => {
      const c = WA.caseOf(op);
      if (recordArguments(op).required.length > 0) await expectForbidden(c, 'A′’s arguments');
      else await expectNothingOfA(c, 'A′’s arguments');
    });

    it.each(operationNames())('%s: each record id of A′’s in B’s own request → 403 FORBIDDEN (a filter: nothing of A′’s)', async (op) => {
      const mine = WB.caseOf(op);
      const theirs = WA.caseOf(op);
      const { required, optional } = recordArguments(op);
      for (const name of required) await expectForbidden(mine.changed({ [name]: theirs.args[name] }), `A′’s ${name}`);
      for (const name of optional) {
        const id = (theirs.args[name] as string | undefined) ?? WA.recordId(name);
        if (id !== undefined) await expectNothingOfA(mine.changed({ [name]: id }), `A′’s id as ${name}`);
      }
      const theirInput = (theirs.args.input ?? {}) as Record<string, unknown>;
      for (const member of inputRecordMembers(op))
        if (theirInput[member] !== undefined) await expectForbidden(mine.changed({ [`input.${member}`]: theirInput[member] }), `A′’s input.${member}`);
    });

    it.each(operationNames())('%s with unknown ids → null (a nullable query) or 404 with the record’s code, on both surfaces; nothing written', async (op) => {
      const { required, optional } = recordArguments(op);
      const mine = WB.caseOf(op);
      if (required.length === 0) return void (await expectNothingOfA(mine, 'its own arguments'));
      const c = mine.changed(Object.fromEntries([...required, ...optional.filter((n) => mine.args[n] !== undefined)].map((n) => [n, randomUUID()])));
      const before = await tableCounts(server);
      const g = await c.graphql(server, WB.client);
      const d = c.descriptor;
      if (d.kind === 'query' && returnsNullable(op)) {
        expect(g.status, g.text).toBe(200);
        expect(g.body.errors, g.text).toBeUndefined();
        expect(g.body.data).toEqual({ [op]: null });
        // §9.4: the GET of a record answers 404 with the record's own code, else NOT_FOUND.
        if (c.rest) expectRestProblem(await c.restRequest(server, WB.client), 404, d.rest?.notFound ?? 'NOT_FOUND', { message: `REST ${op}` });
      } else {
        const code = String(problemCodeOf(g));
        expect(code, `${op}: ${g.text}`).toMatch(/NOT_FOUND$/);
        expectGraphQLProblem(g, 404, code, { message: `GraphQL ${op}` });
        if (c.rest) expectRestProblem(await c.restRequest(server, WB.client), 404, code, { message: `REST ${op}` });
      }
      expect(await tableCounts(server), `${op}: rows written by refused attempts`).toEqual(before);
    });
  });

  it('refusals do not echo A’s identifiers even when B sent them (no A identifier anywhere in the body)', () => {
    const mine = refusedLog.filter((l) => l.variant === variant);
    expect(mine.length).toBeGreaterThan(20);
    // The route code is left out: it is configuration B names itself, and §4.2 only asks that its
    // refusal be the same as for an unknown code (checked above).
    const echoes = mine
      .map(({ attempt }) => ({ name: attempt.name, found: aValuesIn(attempt.reply).map((v) => v.name).filter((n) => n !== 'routeCode') }))
      .filter((e) => e.found.length > 0)
      .map((e) => `${e.name} → ${e.found.join(', ')}`);
    expect(echoes, `answers to B that contain A's values:\n${echoes.join('\n')}`).toEqual([]);
  });

  it('none of B’s attempts changed A’s data (A’s queries before/after)', async () => {
    expect(await snapshotA()).toEqual(aBefore);
    expect(await rowCounts(A.s.client.clientId)).toEqual(aCountsBefore);
    // A can still act on its records: the refused attempts left no trace in A's state machine.
    const sub = await A.s.submit(A.refunds[0]);
    expect(sub.status, sub.text).toBe(200);
    expect(sub.body.data.submitCryptoRefund.status).toBe('AWAITING_CONFIRMATION');
    const conf = await A.s.confirmRest(A.refunds[0]);
    expect(conf.status, conf.text).toBe(200);
    // Restore A's baseline for the next variant: a fresh APPROVED refund replaces the one just confirmed.
    const d = await A.s.refundDraft(A.depositId, { amountMinor: '1000', reason: A.secrets.reason0 });
    expect(d.status, d.text).toBe(200);
    A.refunds[0] = d.body.data.createCryptoRefundApprovalDraft.refundId;
    A.secrets.refund0 = A.refunds[0];
    A.secrets.refundable = (BigInt(A.secrets.refundable!) - 1000n).toString();
  });
});
