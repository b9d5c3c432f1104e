// §12.4 the gates on the crypto operations of its second row: a SUSPENDED customer → 409 CUSTOMER_SUSPENDED,
// and, with CRYPTO_REQUIRES_VERIFIED_CUSTOMER=true, one not VERIFIED → 409 CUSTOMER_NOT_VERIFIED; stage H,
// first among the 409s (after records, permission, evidence and dependent validation). Inbound money is
// credited whatever the customer's state.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { suspendCustomer, verificationDecide } from '../../../src/modules/customers/operators.js';
import { randomEthAddress, Scenario, startTestServer, type Reply, type TestServer } from '../../helpers/harness.js';
import { expectProblem } from '../../helpers/problems.js';
import { atServer, fund, QUOTE_MUTATION, Wd } from '../../helpers/withdrawals.js';

type Fixture = { s: Scenario; wd: Wd; withdrawalId: string; depositId: string; approvedRefund: string; awaitingRefund: string };

/** A customer with a beneficiary, funds, an APPROVED withdrawal, and refunds APPROVED and AWAITING_CONFIRMATION. */
async function fixture(server: TestServer): Promise<Fixture> {
  const s = await Scenario.create(server);
  const wd = await Wd.create(s);
  const w = await wd.draft({ amountMinor: '1000000' });
  const depositId = await fund(s, wd.customerId, '5000000');
  const r1 = await s.refundDraft(depositId);
  expect(r1.status, r1.text).toBe(200);
  const r2 = await s.refundDraft(depositId);
  expect(r2.status, r2.text).toBe(200);
  const submitted = await s.submit(r2.body.data.createCryptoRefundApprovalDraft.refundId);
  expect(submitted.status, submitted.text).toBe(200);
  return {
    s,
    wd,
    withdrawalId: w.withdrawalId,
    depositId,
    approvedRefund: r1.body.data.createCryptoRefundApprovalDraft.refundId,
    awaitingRefund: r2.body.data.createCryptoRefundApprovalDraft.refundId,
  };
}

/** Each gated operation of §12.4's second row, as a partner calls it (REST where it has a path). */
function operations(f: Fixture): [string, () => Promise<Reply>][] {
  const { s, wd } = f;
  return [
    ['createCryptoWalletBeneficiary', () => wd.rest('POST', `/partner/v1/customers/${wd.customerId}/crypto/wallet-beneficiaries`, { body: s.beneficiaryInput({ walletAddress: randomEthAddress() }) })],
    ['syncCryptoWalletBeneficiary', () => wd.rest('POST', `/partner/v1/crypto/wallet-beneficiaries/${wd.beneficiaryId}/sync`)],
    ['createCryptoWithdrawalQuote', () => wd.gql(QUOTE_MUTATION, { customerId: wd.customerId, input: { routeCode: s.routeCode, amountMinor: '1000000', currency: 'USDT', currencyScale: 6 } })],
    ['createCryptoWithdrawalApprovalDraft', () => wd.rest('POST', `/partner/v1/customers/${wd.customerId}/crypto-withdrawals`, { body: wd.draftInput() })],
    ['submitCryptoWithdrawal', () => wd.submitRest(f.withdrawalId)],
    ['createCryptoRefundApprovalDraft', () => s.refundDraft(f.depositId)],
    ['submitCryptoRefund', () => s.submit(f.approvedRefund)],
    ['confirmCryptoRefund', () => s.confirmRest(f.awaitingRefund, atServer(s.server))],
  ];
}

const suspend = (server: TestServer, customerId: string, on = true) => server.operator((db) => suspendCustomer(db, customerId, on));

describe('§12.4 gates, CRYPTO_REQUIRES_VERIFIED_CUSTOMER=false (default)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  it('an UNVERIFIED, ACTIVE customer passes every crypto operation', async () => {
    const f = await fixture(server);
    expect((await server.gql(f.s.client, `query($id: UUID!) { customer(customerId: $id) { verificationStatus } }`, { id: f.wd.customerId })).body.data.customer.verificationStatus).toBe('UNVERIFIED');
    for (const [name, call] of operations(f)) {
      const r = await call();
      expect([name, r.status, r.body?.errors], r.text).toEqual([name, 200, undefined]);
    }
  });

  it('a SUSPENDED customer: every gated operation → 409 CUSTOMER_SUSPENDED, nothing written; inbound money and reads still work; reactivated, they pass', async () => {
    const f = await fixture(server);
    await suspend(server, f.wd.customerId);
    const events = () => server.db.count('SELECT COUNT(*) AS n FROM events WHERE customer_id = ?', f.wd.customerId);
    const before = await events();
    for (const [name, call] of operations(f)) expectProblem(await call(), 409, 'CUSTOMER_SUSPENDED', { message: name });
    expect(await events()).toBe(before);
    // Inbound money is credited (§12.4's last row); reads answer.
    await fund(f.s, f.wd.customerId, '1000');
    const read = await f.wd.rest('GET', `/partner/v1/customers/${f.wd.customerId}`);
    expect(read.body).toMatchObject({ status: 'SUSPENDED' });
    await suspend(server, f.wd.customerId, false);
    for (const [name, call] of operations(f)) {
      const r = await call();
      expect([name, r.status], r.text).toEqual([name, 200]);
    }
  });

  it('the gate comes after D, E, F and G, and before every other 409', async () => {
    const f = await fixture(server);
    const { s, wd } = f;
    await suspend(server, wd.customerId);
    // D: an unknown record answers 404 first.
    expectProblem(await wd.submitRest(randomUUID()), 404, 'NOT_FOUND');
    expectProblem(await s.refundDraft(randomUUID()), 404, 'NOT_FOUND');
    // E: a route not permitted answers 403 first.
    expectProblem(await wd.gql(QUOTE_MUTATION, { customerId: wd.customerId, input: { routeCode: 'NO-SUCH-ROUTE', amountMinor: '1000000', currency: 'USDT', currencyScale: 6 } }), 403, 'ROUTE_NOT_PERMITTED');
    // F: evidence for another operation answers 403 first.
    expect((await wd.submitRest(f.withdrawalId, wd.submitInput(f.withdrawalId, { operationType: 'CRYPTO_REFUND_SUBMIT' }))).status).toBe(403);
    // G: the route's bounds and the refund address answer 400 first.
    expectProblem(await wd.gql(QUOTE_MUTATION, { customerId: wd.customerId, input: { routeCode: s.routeCode, amountMinor: '1', currency: 'USDT', currencyScale: 6 } }), 400, 'AMOUNT_OUT_OF_RANGE');
    expectProblem(await s.refundDraft(f.depositId, { refundAddress: 'not-an-address' }), 400, 'INVALID_WALLET_ADDRESS');
    // H: the gate before the operation's own 409s.
    expectProblem(await wd.rest('POST', `/partner/v1/customers/${wd.customerId}/crypto/wallet-beneficiaries`, { body: s.beneficiaryInput({ walletAddress: (await wd.rest('GET', `/partner/v1/crypto/wallet-beneficiaries/${wd.beneficiaryId}`)).body.walletAddress }) }), 409, 'CUSTOMER_SUSPENDED');
    expectProblem(await s.refundDraft(f.depositId, { amountMinor: '999999999' }), 409, 'CUSTOMER_SUSPENDED');
    expectProblem(await s.submit(f.awaitingRefund), 409, 'CUSTOMER_SUSPENDED');
    expectProblem(await s.confirmRest(f.approvedRefund, atServer(server)), 409, 'CUSTOMER_SUSPENDED');
    // The draft: the route's bounds (G) first; then the gate before the beneficiary's state and the client reference.
    expectProblem(await wd.rest('POST', `/partner/v1/customers/${wd.customerId}/crypto-withdrawals`, { body: wd.draftInput({ amountMinor: '1' }) }), 400, 'AMOUNT_OUT_OF_RANGE');
    const used = (await wd.view(f.withdrawalId)).clientReference as string;
    expectProblem(await wd.rest('POST', `/partner/v1/customers/${wd.customerId}/crypto-withdrawals`, { body: wd.draftInput({ clientReference: used }) }), 409, 'CUSTOMER_SUSPENDED');
    // Removal is not gated; sync then answers the gate before the REMOVED beneficiary's INVALID_STATE.
    const removed = await wd.rest('POST', `/partner/v1/crypto/wallet-beneficiaries/${wd.beneficiaryId}/removal`);
    expect(removed.status, removed.text).toBe(200);
    expectProblem(await wd.rest('POST', `/partner/v1/crypto/wallet-beneficiaries/${wd.beneficiaryId}/sync`), 409, 'CUSTOMER_SUSPENDED');
    expectProblem(await wd.rest('POST', `/partner/v1/customers/${wd.customerId}/crypto-withdrawals`, { body: wd.draftInput() }), 409, 'CUSTOMER_SUSPENDED');
  });
});

describe('§12.4 gates, CRYPTO_REQUIRES_VERIFIED_CUSTOMER=true', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ CRYPTO_REQUIRES_VERIFIED_CUSTOMER: 'true' });
  });
  afterAll(() => server?.stop());

  it('a customer not VERIFIED → 409 CUSTOMER_NOT_VERIFIED on every gated operation; VERIFIED passes; SUSPENDED and not VERIFIED → CUSTOMER_SUSPENDED', async () => {
    const s = await Scenario.create(server);
    const customerId = await s.customer();
    const beneficiary = () => server.request(s.client, 'POST', `/partner/v1/customers/${customerId}/crypto/wallet-beneficiaries`, { body: s.beneficiaryInput({ walletAddress: randomEthAddress() }) });
    expectProblem(await beneficiary(), 409, 'CUSTOMER_NOT_VERIFIED');
    await server.operator((db) => verificationDecide(db, customerId, 'VERIFIED', undefined));
    const ok = await beneficiary();
    expect(ok.status, ok.text).toBe(200);
    await server.operator((db) => verificationDecide(db, customerId, 'REJECTED', undefined));
    expectProblem(await beneficiary(), 409, 'CUSTOMER_NOT_VERIFIED');
    expectProblem(await server.request(s.client, 'POST', `/partner/v1/crypto/wallet-beneficiaries/${ok.body.walletBeneficiaryId}/sync`), 409, 'CUSTOMER_NOT_VERIFIED');
    await suspend(server, customerId);
    expectProblem(await beneficiary(), 409, 'CUSTOMER_SUSPENDED');
  });

  it('the whole row: a VERIFIED customer passes, then REJECTED it is refused everywhere', async () => {
    const s = await Scenario.create(server);
    const customerId = await s.customer();
    await server.operator((db) => verificationDecide(db, customerId, 'VERIFIED', undefined));
    const b = await s.beneficiary(customerId, { walletAddress: randomEthAddress() });
    expect(b.status, b.text).toBe(200);
    const wd = new Wd(s, customerId, b.body.walletBeneficiaryId);
    const w = await wd.draft({ amountMinor: '1000000' });
    const depositId = await fund(s, wd.customerId, '5000000');
    const r1 = (await s.refundDraft(depositId)).body.data.createCryptoRefundApprovalDraft.refundId;
    const r2 = (await s.refundDraft(depositId)).body.data.createCryptoRefundApprovalDraft.refundId;
    expect((await s.submit(r2)).status).toBe(200);
    const f: Fixture = { s, wd, withdrawalId: w.withdrawalId, depositId, approvedRefund: r1, awaitingRefund: r2 };
    await server.operator((db) => verificationDecide(db, wd.customerId, 'REJECTED', 'Document expired'));
    // While VERIFIED every call of the row passed above (draft, refund drafts, submit); now each is refused.
    for (const [name, call] of operations(f)) expectProblem(await call(), 409, 'CUSTOMER_NOT_VERIFIED', { message: name });
  });
});

describe('§16.5 CRYPTO_REQUIRES_VERIFIED_CUSTOMER at start', () => {
  it('exactly true or false; anything else stops the server naming the variable', () => {
    expect(loadConfig({ CRYPTO_REQUIRES_VERIFIED_CUSTOMER: 'true' }).cryptoRequiresVerifiedCustomer).toBe(true);
    expect(loadConfig({ CRYPTO_REQUIRES_VERIFIED_CUSTOMER: 'false' }).cryptoRequiresVerifiedCustomer).toBe(false);
    expect(loadConfig({}).cryptoRequiresVerifiedCustomer).toBe(false);
    for (const bad of ['TRUE', 'yes', '1', ' true'])
      expect(() => loadConfig({ CRYPTO_REQUIRES_VERIFIED_CUSTOMER: bad })).toThrow(/CRYPTO_REQUIRES_VERIFIED_CUSTOMER/);
  });

  it('FILE_MAX_BYTES, FILE_UPLOAD_WINDOW_SECONDS, VERIFICATION_CHECK_MAX_AGE_DAYS, VERIFICATION_EVIDENCE_RETENTION_DAYS: integers in range, defaults', () => {
    expect(loadConfig({})).toMatchObject({ fileMaxBytes: 10_485_760, fileUploadWindowSeconds: 3600, verificationCheckMaxAgeDays: 90, verificationEvidenceRetentionDays: 1825 });
    expect(loadConfig({ VERIFICATION_EVIDENCE_RETENTION_DAYS: '365' }).verificationEvidenceRetentionDays).toBe(365);
    for (const [name, bad] of [['FILE_MAX_BYTES', '1023'], ['FILE_MAX_BYTES', '52428801'], ['FILE_UPLOAD_WINDOW_SECONDS', '0'], ['FILE_UPLOAD_WINDOW_SECONDS', '86401'], ['VERIFICATION_CHECK_MAX_AGE_DAYS', '731'], ['VERIFICATION_CHECK_MAX_AGE_DAYS', '1.5'], ['VERIFICATION_EVIDENCE_RETENTION_DAYS', '364'], ['VERIFICATION_EVIDENCE_RETENTION_DAYS', '3651']] as const)
      expect(() => loadConfig({ [name]: bad })).toThrow(new RegExp(name));
  });
});
