// Concurrency: 50 requests in flight at once against the real HTTP service.
// §3 (one key → one effect), §4.5 (state transitions and the deposit's refundable amount), §4.4
// (clientReference unique per customer), §5 (one piece of evidence, one stored row).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BENEFICIARY_FIELDS,
  CUSTOMER_FIELDS,
  DEPOSIT_FIELDS,
  REFUND_FIELDS,
  Scenario,
  WITHDRAWAL_FIELDS,
  evidenceFor,
  startTestServer,
  until,
  type Reply,
  type TestServer,
} from '../../helpers/harness.js';
import { TEST_ENGINE } from '../../helpers/pg.js';
import Database from 'better-sqlite3';
import { expectProblem, problemCodeOf } from '../../helpers/problems.js';

const N = 50;
const REPLAYED = 'idempotent-replayed';

const CREATE_CUSTOMER = `mutation($input: CreateCustomerInput!) { createCustomer(input: $input) { ${CUSTOMER_FIELDS} } }`;
const CREATE_BENEFICIARY = `mutation($customerId: UUID!, $input: CreateCryptoWalletBeneficiaryInput!) { createCryptoWalletBeneficiary(customerId: $customerId, input: $input) { ${BENEFICIARY_FIELDS} } }`;
const CREATE_WITHDRAWAL = `mutation($customerId: UUID!, $input: CreateCryptoWithdrawalApprovalDraftInput!) { createCryptoWithdrawalApprovalDraft(customerId: $customerId, input: $input) { ${WITHDRAWAL_FIELDS} } }`;
const DRAFT = `mutation($depositId: UUID!, $input: CreateCryptoRefundApprovalDraftInput!) { createCryptoRefundApprovalDraft(depositId: $depositId, input: $input) { ${REFUND_FIELDS} } }`;
const CONFIRM = `mutation($refundId: UUID!, $input: ConfirmCryptoRefundInput!) { confirmCryptoRefund(refundId: $refundId, input: $input) { ${REFUND_FIELDS} } }`;
const REFUND_QUERY = `query($id: UUID!) { cryptoRefund(refundId: $id) { ${REFUND_FIELDS} } }`;
const DEPOSIT_QUERY = `query($id: UUID!) { cryptoDeposit(depositId: $id) { ${DEPOSIT_FIELDS} } }`;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

// ---------------------------------------------------------------------------------------------------
// helpers

/** COUNT(*) on a connection of our own (server.db). */
function count(sql: string, ...params: unknown[]): Promise<number> {
  return server.db.count(sql, ...params);
}

const summary = (replies: Reply[]) => {
  const by = new Map<string, number>();
  for (const r of replies) {
    const k = `${r.status}${problemCodeOf(r) ? ` ${String(problemCodeOf(r))}` : ''}`;
    by.set(k, (by.get(k) ?? 0) + 1);
  }
  return [...by].map(([k, n]) => `${n}× ${k}`).join(', ');
};

/** §5 evidence for submit/confirm: the payload is just {"operationType", "refundId"} (already in JCS order). */
function stepEvidence(operationType: string, refundId: string, authorizedAt: Date, mfaEvidenceRef: string) {
  const payload = `{"operationType":${JSON.stringify(operationType)},"refundId":${JSON.stringify(refundId)}}`;
  return {
    operationType,
    operationHash: createHash('sha256').update(payload, 'utf8').digest('hex'),
    authorizedAt: authorizedAt.toISOString(),
    authorizedByPartnerUserRef: 'user-42',
    authorizationMethod: 'PASSKEY',
    mfaEvidenceRef,
  };
}

/**
 * For a one-key race: every answer is a 200 or 409 IDEMPOTENCY_REQUEST_IN_PROGRESS; the 200s carry one and
 * the same resource; at most one of them is not a replay, and every replay is marked as one.
 */
function expectOneEffect<T>(replies: Reply[], resource: (r: Reply) => T): T {
  for (const r of replies) {
    if (r.status === 200) continue;
    expectProblem(r, 409, 'IDEMPOTENCY_REQUEST_IN_PROGRESS');
  }
  const ok = replies.filter((r) => r.status === 200);
  expect(ok.length, summary(replies)).toBeGreaterThan(0);
  const first = resource(ok[0]!);
  for (const r of ok) expect(resource(r)).toEqual(first);
  for (const r of ok) if (r.headers.get(REPLAYED) !== null) expect(r.headers.get(REPLAYED)).toBe('true');
  expect(ok.filter((r) => r.headers.get(REPLAYED) !== 'true').length, 'answers that are not marked as replays').toBeLessThanOrEqual(1);
  return first;
}

const idempotencyRows = (clientId: string, key: string) =>
  count('SELECT COUNT(*) AS n FROM idempotency_records WHERE client_id = ? AND idempotency_key = ?', clientId, key);

// ---------------------------------------------------------------------------------------------------

describe(`§3 ${N} parallel identical requests with one Idempotency-Key`, () => {
  it('REST createCryptoWalletBeneficiary → one beneficiary, one idempotency row, identical bodies', async () => {
    const s = await Scenario.create(server);
    const customerId = await s.customer();
    const key = randomUUID();
    const body = s.beneficiaryInput({ walletAddress: `0x${randomBytes(20).toString('hex')}`, description: 'race' });
    const replies = await Promise.all(
      Array.from({ length: N }, () =>
        server.request(s.client, 'POST', `/partner/v1/customers/${customerId}/crypto/wallet-beneficiaries`, { body, idempotencyKey: key }),
      ),
    );
    const resource = expectOneEffect(replies, (r) => r.body);
    // Identical bytes, not just equal JSON: the replay is the stored first answer.
    for (const r of replies.filter((x) => x.status === 200)) expect(r.text).toBe(replies.find((x) => x.status === 200)!.text);
    expect(resource).toMatchObject({ walletAddress: body.walletAddress, beneficiaryStatus: 'ACTIVE' });
    expect(await count('SELECT COUNT(*) AS n FROM wallet_beneficiaries WHERE customer_id = ?', customerId)).toBe(1);
    expect(await idempotencyRows(s.client.clientId, key)).toBe(1);
  });

  it('GraphQL createCustomer → one customer, one idempotency row, identical bodies', async () => {
    const s = await Scenario.create(server);
    const key = randomUUID();
    const input = { externalRef: `race-${randomUUID()}`, type: 'CORPORATE', displayName: 'Race Ltd' };
    const replies = await Promise.all(Array.from({ length: N }, () => server.gql(s.client, CREATE_CUSTOMER, { input }, { idempotencyKey: key })));
    const resource = expectOneEffect(replies, (r) => {
      expect(r.body.errors, r.text).toBeUndefined();
      return r.body.data.createCustomer;
    });
    expect(resource).toMatchObject({ externalRef: input.externalRef, type: 'CORPORATE', status: 'ACTIVE' });
    expect(await count('SELECT COUNT(*) AS n FROM customers WHERE client_id = ?', s.client.clientId)).toBe(1);
    expect(await idempotencyRows(s.client.clientId, key)).toBe(1);
  });

  it('the same beneficiary create on both surfaces at once (25 REST + 25 GraphQL, one key) → one beneficiary', async () => {
    const s = await Scenario.create(server);
    const customerId = await s.customer();
    const key = randomUUID();
    const input = s.beneficiaryInput({ walletAddress: `0x${randomBytes(20).toString('hex')}` });
    const replies = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        i % 2 === 0
          ? server.request(s.client, 'POST', `/partner/v1/customers/${customerId}/crypto/wallet-beneficiaries`, { body: input, idempotencyKey: key })
          : server.gql(s.client, CREATE_BENEFICIARY, { customerId, input }, { idempotencyKey: key }),
      ),
    );
    const resource = expectOneEffect(replies, (r) => (r.body?.data ? r.body.data.createCryptoWalletBeneficiary : r.body)) as { walletBeneficiaryId: string };
    expect(resource.walletBeneficiaryId).toBeTruthy();
    expect(await count('SELECT COUNT(*) AS n FROM wallet_beneficiaries WHERE customer_id = ?', customerId)).toBe(1);
    expect(await idempotencyRows(s.client.clientId, key)).toBe(1);
  });
});

describe(`§4.5/§5 ${N} parallel confirms of one refund, each with its own key and evidence`, () => {
  it('exactly one 200, the rest 409 INVALID_STATE; CONFIRMED once; one CRYPTO_REFUND_CONFIRM evidence row', async () => {
    const s = await Scenario.create(server);
    const customerId = await s.customer();
    const depositId = await s.deposit(customerId, '1000000');
    const draft = await s.refundDraft(depositId, { amountMinor: '400000' });
    expect(draft.status, draft.text).toBe(200);
    const refundId: string = draft.body.data.createCryptoRefundApprovalDraft.refundId;
    const sub = await s.submit(refundId);
    expect(sub.status, sub.text).toBe(200);
    expect(sub.body.data.submitCryptoRefund.status).toBe('AWAITING_CONFIRMATION');

    // Distinct evidence: a distinct authorizedAt (ms apart) and MFA reference per attempt, so that §5's
    // one-use rule is not what refuses them. Half over REST (§6), half over GraphQL.
    const base = Date.now();
    const keys = Array.from({ length: N }, () => randomUUID());
    const replies = await Promise.all(
      keys.map((key, i) => {
        const input = { operationAuthorization: stepEvidence('CRYPTO_REFUND_CONFIRM', refundId, new Date(base - i), `mfa-confirm-${i}`) };
        return i % 2 === 0
          ? server.request(s.client, 'POST', `/partner/v1/crypto/refunds/${refundId}/confirmation`, { body: input, idempotencyKey: key })
          : server.gql(s.client, CONFIRM, { refundId, input }, { idempotencyKey: key });
      }),
    );
    const ok = replies.filter((r) => r.status === 200);
    expect(ok.length, summary(replies)).toBe(1);
    for (const r of replies) if (r.status !== 200) expectProblem(r, 409, 'INVALID_STATE');
    const winner = ok[0]!;
    expect(winner.headers.get(REPLAYED)).toBeNull();
    const confirmed = winner.body?.data ? winner.body.data.confirmCryptoRefund : winner.body;
    expect(confirmed).toMatchObject({ refundId, status: 'CONFIRMED', confirmedAt: expect.any(String) });

    const now = await server.gql(s.client, REFUND_QUERY, { id: refundId });
    expect(now.body.data.cryptoRefund).toEqual(confirmed);

    expect(await count("SELECT COUNT(*) AS n FROM authorization_evidence WHERE client_id = ? AND operation_type = 'CRYPTO_REFUND_CONFIRM'", s.client.clientId)).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM authorization_evidence WHERE target_id = ? AND operation_type = 'CRYPTO_REFUND_CONFIRM'", refundId)).toBe(1);
    // Only the success is stored for replay (§3); the winner's key replays it.
    let stored = 0;
    for (const k of keys) stored += await idempotencyRows(s.client.clientId, k);
    expect(stored).toBe(1);
    expect(await count('SELECT COUNT(*) AS n FROM crypto_refunds WHERE deposit_id = ?', depositId)).toBe(1);
  });
});

describe(`§4.5 ${N} parallel refund drafts on one deposit, each for a tenth of it`, () => {
  it('exactly 10 succeed, the rest 409 REFUND_EXCEEDS_DEPOSIT; refundableAmountMinor ends at 0', async () => {
    const s = await Scenario.create(server);
    const customerId = await s.customer();
    const depositId = await s.deposit(customerId, '1000000');
    const base = Date.now();
    const replies = await Promise.all(
      Array.from({ length: N }, (_, i) => {
        // Distinct reasons → distinct operation hashes; distinct authorizedAt as well.
        const input: Record<string, unknown> = { amountMinor: '100000', reason: `Partial refund ${i}` };
        input.operationAuthorization = evidenceFor('CRYPTO_REFUND_CREATE', { depositId }, input, { authorizedAt: new Date(base - i) });
        return server.gql(s.client, DRAFT, { depositId, input }, { idempotencyKey: randomUUID() });
      }),
    );
    const ok = replies.filter((r) => r.status === 200);
    expect(ok.length, summary(replies)).toBe(10);
    for (const r of replies) if (r.status !== 200) expectProblem(r, 409, 'REFUND_EXCEEDS_DEPOSIT');
    for (const r of ok) expect(r.body.data.createCryptoRefundApprovalDraft).toMatchObject({ depositId, amountMinor: '100000', status: 'APPROVED' });
    expect(new Set(ok.map((r) => r.body.data.createCryptoRefundApprovalDraft.refundId)).size).toBe(10);

    const d = await server.gql(s.client, DEPOSIT_QUERY, { id: depositId });
    expect(d.status, d.text).toBe(200);
    expect(d.body.data.cryptoDeposit).toMatchObject({ amountMinor: '1000000', refundableAmountMinor: '0' });
    expect(await count('SELECT COUNT(*) AS n FROM crypto_refunds WHERE deposit_id = ?', depositId)).toBe(10);
    expect(await count("SELECT COUNT(*) AS n FROM authorization_evidence WHERE client_id = ? AND operation_type = 'CRYPTO_REFUND_CREATE'", s.client.clientId)).toBe(10);

    // Nothing is left: one more minor unit is refused.
    const one: Record<string, unknown> = { amountMinor: '1' };
    one.operationAuthorization = evidenceFor('CRYPTO_REFUND_CREATE', { depositId }, one);
    expectProblem(await server.gql(s.client, DRAFT, { depositId, input: one }), 409, 'REFUND_EXCEEDS_DEPOSIT');
  });
});

describe(`§4.4 ${N} parallel withdrawal drafts with one clientReference, distinct keys and evidence`, () => {
  it('exactly one 200, the rest 409 DUPLICATE_CLIENT_REFERENCE; one withdrawal, one evidence row', async () => {
    const s = await Scenario.create(server);
    const customerId = await s.customer();
    const b = await s.beneficiary(customerId);
    expect(b.status, b.text).toBe(200);
    const beneficiaryId: string = b.body.walletBeneficiaryId;
    const clientReference = `wd-race-${randomUUID()}`;
    const base = Date.now();
    const replies = await Promise.all(
      Array.from({ length: N }, (_, i) => {
        // Same input, so the same operation hash: the evidence differs by authorizedAt (and MFA reference).
        const input = s.withdrawalInput(customerId, beneficiaryId, { clientReference }, { authorizedAt: new Date(base - i) });
        return i % 2 === 0
          ? server.request(s.client, 'POST', `/partner/v1/customers/${customerId}/crypto-withdrawals`, { body: input, idempotencyKey: randomUUID() })
          : server.gql(s.client, CREATE_WITHDRAWAL, { customerId, input }, { idempotencyKey: randomUUID() });
      }),
    );
    const ok = replies.filter((r) => r.status === 200);
    expect(ok.length, summary(replies)).toBe(1);
    for (const r of replies) if (r.status !== 200) expectProblem(r, 409, 'DUPLICATE_CLIENT_REFERENCE');
    const w = ok[0]!.body?.data ? ok[0]!.body.data.createCryptoWithdrawalApprovalDraft : ok[0]!.body;
    expect(w).toMatchObject({ walletBeneficiaryId: beneficiaryId, status: 'APPROVED' });

    expect(await count('SELECT COUNT(*) AS n FROM crypto_withdrawals WHERE customer_id = ? AND client_reference = ?', customerId, clientReference)).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM authorization_evidence WHERE client_id = ? AND operation_type = 'CRYPTO_WITHDRAWAL_CREATE'", s.client.clientId)).toBe(1);
    expect(await count('SELECT COUNT(*) AS n FROM authorization_evidence WHERE target_id = ?', w.withdrawalId)).toBe(1);
  });
});

// The same race on PostgreSQL, across real processes, is in cross-process.test.ts.
describe.skipIf(TEST_ENGINE !== 'sqlite')('§2 a nonce another process spends between this one\'s check and its commit', () => {
  // Two server processes on one database both find a replayed nonce unused; the one whose record
  // commits second must refuse, and leave nothing behind: not the effect, its idempotency record or an
  // audit row. The test's connection plays the other process: it holds the write lock while the server
  // checks the nonce and queues the request's writes, spends the nonce, then lets the server commit.
  it.each(['REST', 'GraphQL'] as const)('%s create: 401 AUTH_NONCE_REUSED, and none of the request\'s rows exist', async (surface) => {
    const s = await Scenario.create(server);
    const customerId = await s.customer();
    const clientId = s.client.clientId;
    const rows = async () => ({
      customers: await count('SELECT COUNT(*) AS n FROM customers WHERE client_id = ?', clientId),
      beneficiaries: await count('SELECT COUNT(*) AS n FROM wallet_beneficiaries WHERE customer_id = ?', customerId),
      idempotency: await count('SELECT COUNT(*) AS n FROM idempotency_records WHERE client_id = ?', clientId),
      audit: await count('SELECT COUNT(*) AS n FROM audit_events WHERE client_id = ?', clientId),
    });
    const before = await rows();
    const nonce = randomBytes(16).toString('hex');
    // SQLite-specific: holds SQLite's database write lock (BEGIN IMMEDIATE) so the server busy-retries.
    const other = new Database(server.file);
    let reply: Promise<Reply>;
    try {
      other.exec('BEGIN IMMEDIATE');
      const retries = server.service.stats().busyRetries;
      reply =
        surface === 'REST'
          ? server.request(s.client, 'POST', `/partner/v1/customers/${customerId}/crypto/wallet-beneficiaries`, { body: s.beneficiaryInput(), nonce })
          : server.gql(s.client, CREATE_CUSTOMER, { input: { externalRef: `ext-${randomUUID()}`, type: 'INDIVIDUAL', displayName: 'Ada' } }, { nonce });
      // ~20 retries of 1 ms: the request was checked and its writes (nonce record, then effect) wait.
      await until(() => server.service.stats().busyRetries >= retries + 20);
      other.prepare('INSERT INTO nonces (client_id, nonce, seen_at_ms) VALUES (?, ?, ?)').run(clientId, nonce, Date.now());
      other.exec('COMMIT');
    } finally {
      if (other.inTransaction) other.exec('ROLLBACK');
      other.close();
    }
    expectProblem(await reply, 401, 'AUTH_NONCE_REUSED');
    expect(await rows()).toEqual(before);
  });
});
