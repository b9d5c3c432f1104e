// §10.8 refunds in the money lifecycle: drafts only on COMPLETED deposits, the refundable amount, submit's
// funds check after single use (HOLD of the amount), confirm entering the pipeline with its captured
// failure (§10.7), the events of every change (§11.1–§11.2), the REST paths of §9.4–§9.5, and the
// cryptoRefunds list (§9.3). Real signed HTTP, both surfaces.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRouteState } from '../../../src/cli/operators.js';
import { clearFailAddress, failAddress } from '../../../src/modules/routes/operators.js';
import { captureFailure } from '../../../src/modules/transfers/rules.js';
import { ETH_ADDRESS, ETH_ADDRESS_2, REFUND_FIELDS, Scenario, evidenceFor, startTestServer, type Reply, type RequestOptions, type TestServer } from '../../helpers/harness.js';
import { balanceOf, customerEvents, eventTrail, eventsOf, holdFunds, transactionsOf } from '../../helpers/lifecycle.js';
import { expectGraphQLProblem, expectRestProblem } from '../../helpers/problems.js';

const DATETIME_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const STEP_DELAY_MS = 600_000;

const SUBMIT = `mutation($refundId: UUID!, $input: SubmitCryptoRefundInput!) { submitCryptoRefund(refundId: $refundId, input: $input) { ${REFUND_FIELDS} } }`;
const CONFIRM = `mutation($refundId: UUID!, $input: ConfirmCryptoRefundInput!) { confirmCryptoRefund(refundId: $refundId, input: $input) { ${REFUND_FIELDS} } }`;
const REFUND_QUERY = `query($id: UUID!) { cryptoRefund(refundId: $id) { ${REFUND_FIELDS} } }`;
const LIST = `query($customerId: UUID!, $first: Int, $after: String, $statuses: [PartnerCryptoRefundStatus!], $depositId: UUID, $createdFrom: DateTime, $createdBefore: DateTime) {
  cryptoRefunds(customerId: $customerId, first: $first, after: $after, statuses: $statuses, depositId: $depositId, createdFrom: $createdFrom, createdBefore: $createdBefore) {
    items { ${REFUND_FIELDS} }
    pageInfo { hasNextPage endCursor }
  }
}`;

let server: TestServer;
beforeAll(async () => {
  // Nothing moves past CONFIRMED unless a test says so.
  server = await startTestServer({ SANDBOX_STEP_DELAY_MS: String(STEP_DELAY_MS) });
});
afterAll(() => server.stop());

type Evidence = ReturnType<typeof evidenceFor>;

/** §5 submit/confirm evidence: the payload is {"operationType","refundId"}, already in JCS order. */
function stepEvidence(operationType: string, refundId: string, authorizedAt = new Date()): Evidence {
  const payload = `{"operationType":${JSON.stringify(operationType)},"refundId":${JSON.stringify(refundId)}}`;
  return {
    operationType,
    operationHash: createHash('sha256').update(payload, 'utf8').digest('hex'),
    authorizedAt: authorizedAt.toISOString(),
    authorizedByPartnerUserRef: 'user-42',
    authorizationMethod: 'PASSKEY',
    mfaEvidenceRef: `mfa-${randomUUID()}`,
  };
}

const submitGql = (s: Scenario, refundId: string, ev = stepEvidence('CRYPTO_REFUND_SUBMIT', refundId), o: RequestOptions = {}) =>
  server.gql(s.client, SUBMIT, { refundId, input: { operationAuthorization: ev } }, o);
const submitRest = (s: Scenario, refundId: string, ev = stepEvidence('CRYPTO_REFUND_SUBMIT', refundId), o: RequestOptions = {}) =>
  server.request(s.client, 'POST', `/partner/v1/crypto/refunds/${refundId}/submission`, { body: { operationAuthorization: ev }, ...o });
const confirmGql = (s: Scenario, refundId: string, ev = stepEvidence('CRYPTO_REFUND_CONFIRM', refundId)) =>
  server.gql(s.client, CONFIRM, { refundId, input: { operationAuthorization: ev } });
const draftRest = (s: Scenario, depositId: string, o: Record<string, unknown> = {}, ro: RequestOptions = {}) =>
  server.request(s.client, 'POST', `/partner/v1/crypto/deposits/${depositId}/refunds`, { body: s.refundDraftInput(depositId, o), ...ro });

async function refundOf(s: Scenario, refundId: string) {
  const r = await server.gql(s.client, REFUND_QUERY, { id: refundId });
  expect(r.status, r.text).toBe(200);
  expect(r.body.errors).toBeUndefined();
  return r.body.data.cryptoRefund;
}

async function refundableOf(s: Scenario, depositId: string): Promise<string> {
  const r = await server.gql(s.client, `query($id: UUID!) { cryptoDeposit(depositId: $id) { refundableAmountMinor } }`, { id: depositId });
  expect(r.status, r.text).toBe(200);
  return r.body.data.cryptoDeposit.refundableAmountMinor;
}

async function draft(s: Scenario, depositId: string, amountMinor: string, o: Record<string, unknown> = {}): Promise<string> {
  const r = await s.refundDraft(depositId, { amountMinor, ...o });
  expect(r.status, r.text).toBe(200);
  return r.body.data.createCryptoRefundApprovalDraft.refundId;
}

/** A customer funded by one deposit, and a scenario. */
async function funded(depositAmount = '1000000', fromAddress = ETH_ADDRESS_2) {
  const s = await Scenario.create(server);
  const customerId = await s.customer();
  const depositId = await s.deposit(customerId, depositAmount, fromAddress);
  return { s, customerId, depositId };
}

const ok = (r: Reply, field: string) => {
  expect(r.status, r.text).toBe(200);
  expect(r.body.errors, r.text).toBeUndefined();
  return r.body.data[field];
};

// ---------------------------------------------------------------------------------------------------

describe('draft (§10.8)', () => {
  it('writes crypto_refund.approved (sequence 1) whose data is the refund as cryptoRefund renders it', async () => {
    const { s, depositId } = await funded();
    const refundId = await draft(s, depositId, '250000');
    const refund = await refundOf(s, refundId);
    expect(refund).toMatchObject({ status: 'APPROVED', statusInfo: 'Awaiting submission', kytResult: 'PENDING', txHash: null, submittedAt: null, completedAt: null });
    const events = await eventsOf(server, s.client, refundId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'crypto_refund.approved', resourceType: 'CRYPTO_REFUND', resourceId: refundId, customerId: refund.customerId, sequence: 1, createdAt: refund.updatedAt });
    expect(events[0]!.data).toEqual(refund);
  });

  it.each([['PENDING_TRAVEL_RULE'], ['FROZEN']])('on a %s deposit → 409 INVALID_STATE, before REFUND_EXCEEDS_DEPOSIT; nothing written', async (status) => {
    const { s, customerId, depositId } = await funded();
    await server.db.run(`UPDATE crypto_deposits SET status = ? WHERE deposit_id = ?`, status, depositId);
    expectGraphQLProblem(await s.refundDraft(depositId, { amountMinor: '1000' }), 409, 'INVALID_STATE');
    expectRestProblem(await draftRest(s, depositId, { amountMinor: '1000' }), 409, 'INVALID_STATE');
    // An amount over the deposit still answers INVALID_STATE: the state comes first.
    expectGraphQLProblem(await s.refundDraft(depositId, { amountMinor: '99000000' }), 409, 'INVALID_STATE');
    // Route-dependent validation (400) comes before state (409).
    expectGraphQLProblem(await s.refundDraft(depositId, { refundAddress: 'not-an-address' }), 400, 'INVALID_WALLET_ADDRESS', '/refundAddress');
    const list = ok(await server.gql(s.client, LIST, { customerId }), 'cryptoRefunds');
    expect(list.items).toEqual([]);
  });

  it('refunds that are REJECTED or FAILED no longer count against the deposit; all others do', async () => {
    const { s, depositId } = await funded('1000000');
    const a = await draft(s, depositId, '300000');
    const b = await draft(s, depositId, '200000');
    const c = await draft(s, depositId, '100000');
    expect(await refundableOf(s, depositId)).toBe('400000');
    // The worker moves refunds to these states; set here directly to isolate the rule.
    await server.db.run(`UPDATE crypto_refunds SET status = 'REJECTED' WHERE refund_id = ?`, a);
    await server.db.run(`UPDATE crypto_refunds SET status = 'FAILED' WHERE refund_id = ?`, b);
    await server.db.run(`UPDATE crypto_refunds SET status = 'COMPLETED' WHERE refund_id = ?`, c);
    expect(await refundableOf(s, depositId)).toBe('900000');
    expectGraphQLProblem(await s.refundDraft(depositId, { amountMinor: '900001' }), 409, 'REFUND_EXCEEDS_DEPOSIT');
    await draft(s, depositId, '900000');
    expect(await refundableOf(s, depositId)).toBe('0');
  });

  it('REST POST /partner/v1/crypto/deposits/{depositId}/refunds creates the draft with every field; GET renders it the same', async () => {
    const { s, customerId, depositId } = await funded();
    const r = await draftRest(s, depositId, { amountMinor: '120000', reason: 'Duplicate payment' });
    expect(r.status, r.text).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Object.keys(r.body)).toEqual(REFUND_FIELDS.split(' '));
    expect(r.body).toMatchObject({
      depositId,
      customerId,
      amountMinor: '120000',
      reason: 'Duplicate payment',
      refundAddress: ETH_ADDRESS_2,
      status: 'APPROVED',
      statusInfo: 'Awaiting submission',
      kytResult: 'PENDING',
      txHash: null,
      submittedAt: null,
      confirmedAt: null,
      completedAt: null,
    });
    const get = await server.request(s.client, 'GET', `/partner/v1/crypto/refunds/${r.body.refundId}`);
    expect(get.status, get.text).toBe(200);
    expect(get.body).toEqual(r.body);
    expect(await refundOf(s, r.body.refundId)).toEqual(r.body);
  });
});

describe('submit (§10.8)', () => {
  it('APPROVED → AWAITING_CONFIRMATION: submittedAt, txHash null, the event then the HOLD row (E6), the balance held', async () => {
    const { s, customerId, depositId } = await funded('1000000');
    const refundId = await draft(s, depositId, '300000');
    const before = await refundOf(s, refundId);
    const r = await submitRest(s, refundId);
    expect(r.status, r.text).toBe(200);
    expect(Object.keys(r.body)).toEqual(REFUND_FIELDS.split(' '));
    expect(r.body).toEqual({
      ...before,
      status: 'AWAITING_CONFIRMATION',
      statusInfo: 'Awaiting confirmation',
      kytResult: 'PENDING',
      txHash: null,
      updatedAt: expect.stringMatching(DATETIME_RE),
      submittedAt: r.body.updatedAt,
    });
    expect(await refundOf(s, refundId)).toEqual(r.body);

    expect(await balanceOf(server, s.client, customerId)).toEqual({ availableMinor: '700000', heldMinor: '300000' });
    const rows = await transactionsOf(server, s.client, customerId, refundId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: 'HOLD',
      currency: 'USDT',
      currencyScale: 6,
      amountMinor: '300000',
      availableDeltaMinor: '-300000',
      heldDeltaMinor: '300000',
      balanceAfter: { availableMinor: '700000', heldMinor: '300000', totalMinor: '1000000' },
      resourceType: 'CRYPTO_REFUND',
      resourceId: refundId,
      createdAt: r.body.updatedAt,
    });

    expect(await eventTrail(server, s.client, refundId)).toEqual([
      ['crypto_refund.approved', 1],
      ['crypto_refund.awaiting_confirmation', 2],
    ]);
    const feed = await customerEvents(server, s.client, customerId);
    const at = feed.findIndex((e) => e.resourceId === refundId && e.sequence === 2);
    expect(feed[at]!.data).toEqual(r.body);
    expect(feed[at]!.createdAt).toBe(r.body.updatedAt);
    // E6: the record's event first, then the row's transaction.posted, adjacent in the feed.
    expect(feed[at + 1]).toMatchObject({ type: 'transaction.posted', resourceType: 'TRANSACTION', resourceId: rows[0].transactionId, sequence: 1 });
    expect(feed[at + 1]!.data).toMatchObject({ type: 'HOLD', resourceId: refundId, amountMinor: '300000' });
  });

  it('available below the amount → 409 INSUFFICIENT_FUNDS; the refund stays APPROVED, no event, no row; a retry after funds arrive succeeds', async () => {
    const { s, customerId, depositId } = await funded('1000000');
    await holdFunds(server, s.client, customerId, 800_000n);
    const refundId = await draft(s, depositId, '300000');
    const before = await refundOf(s, refundId);

    expectGraphQLProblem(await submitGql(s, refundId), 409, 'INSUFFICIENT_FUNDS');
    expectRestProblem(await submitRest(s, refundId), 409, 'INSUFFICIENT_FUNDS');
    expect(await refundOf(s, refundId)).toEqual(before);
    expect(await eventTrail(server, s.client, refundId)).toEqual([['crypto_refund.approved', 1]]);
    expect(await transactionsOf(server, s.client, customerId, refundId)).toEqual([]);
    expect(await balanceOf(server, s.client, customerId)).toEqual({ availableMinor: '200000', heldMinor: '800000' });

    // Exactly enough: 200000 + 100000 = 300000.
    await s.deposit(customerId, '100000');
    const again = await submitGql(s, refundId);
    expect(ok(again, 'submitCryptoRefund').status).toBe('AWAITING_CONFIRMATION');
    expect(await balanceOf(server, s.client, customerId)).toEqual({ availableMinor: '0', heldMinor: '1100000' });
  });

  it('funds are per (customer, currency): another customer’s balance does not fund the refund', async () => {
    const { s, customerId, depositId } = await funded('1000000');
    const other = await s.customer();
    await s.deposit(other, '5000000');
    await holdFunds(server, s.client, customerId, 1_000_000n);
    const refundId = await draft(s, depositId, '1');
    expectGraphQLProblem(await submitGql(s, refundId), 409, 'INSUFFICIENT_FUNDS');
  });

  it('order of checks: INVALID_STATE → AUTHORIZATION_ALREADY_USED → INSUFFICIENT_FUNDS', async () => {
    const { s, customerId, depositId } = await funded('1000000');
    const refundId = await draft(s, depositId, '1000000');
    const used = stepEvidence('CRYPTO_REFUND_SUBMIT', refundId);
    expect(ok(await submitGql(s, refundId, used), 'submitCryptoRefund').status).toBe('AWAITING_CONFIRMATION');
    expect(await balanceOf(server, s.client, customerId)).toEqual({ availableMinor: '0', heldMinor: '1000000' });

    // Not APPROVED, funds short, evidence used: INVALID_STATE.
    expectGraphQLProblem(await submitGql(s, refundId, used), 409, 'INVALID_STATE');
    // Put back to APPROVED (its hold stays): used evidence → AUTHORIZATION_ALREADY_USED before the funds.
    await server.db.run(`UPDATE crypto_refunds SET status = 'APPROVED' WHERE refund_id = ?`, refundId);
    expectGraphQLProblem(await submitGql(s, refundId, used), 409, 'AUTHORIZATION_ALREADY_USED');
    expectRestProblem(await submitRest(s, refundId, used), 409, 'AUTHORIZATION_ALREADY_USED');
    // Fresh evidence: the funds decide.
    expectGraphQLProblem(await submitGql(s, refundId), 409, 'INSUFFICIENT_FUNDS');
    expect(await eventTrail(server, s.client, refundId)).toEqual([
      ['crypto_refund.approved', 1],
      ['crypto_refund.awaiting_confirmation', 2],
    ]);
  });

  it('403s come before the state rules: ROUTE_NOT_PERMITTED over INSUFFICIENT_FUNDS, evidence over INVALID_STATE', async () => {
    const { s, customerId, depositId } = await funded('1000000');
    await holdFunds(server, s.client, customerId, 1_000_000n);
    const refundId = await draft(s, depositId, '1000');
    expectGraphQLProblem(await submitGql(s, refundId, stepEvidence('CRYPTO_REFUND_CONFIRM', refundId)), 403, 'OPERATION_TYPE_MISMATCH');
    await server.operator((db) => setRouteState(db, s.routeCode, false));
    try {
      expectRestProblem(await submitRest(s, refundId), 403, 'ROUTE_NOT_PERMITTED');
    } finally {
      await server.operator((db) => setRouteState(db, s.routeCode, true));
    }
    expectGraphQLProblem(await submitGql(s, refundId), 409, 'INSUFFICIENT_FUNDS');
  });

  it('an idempotent replay (REST, then GraphQL with the same key) answers the snapshot and writes no second event or row', async () => {
    const { s, customerId, depositId } = await funded('1000000');
    const refundId = await draft(s, depositId, '250000');
    const ev = stepEvidence('CRYPTO_REFUND_SUBMIT', refundId);
    const key = randomUUID();
    const first = await submitRest(s, refundId, ev, { idempotencyKey: key });
    expect(first.status, first.text).toBe(200);
    const again = await submitRest(s, refundId, ev, { idempotencyKey: key });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const gql = await submitGql(s, refundId, ev, { idempotencyKey: key });
    expect(gql.headers.get('idempotent-replayed')).toBe('true');
    expect(ok(gql, 'submitCryptoRefund')).toEqual(first.body);
    expect(await eventTrail(server, s.client, refundId)).toEqual([
      ['crypto_refund.approved', 1],
      ['crypto_refund.awaiting_confirmation', 2],
    ]);
    expect(await transactionsOf(server, s.client, customerId, refundId)).toHaveLength(1);
  });

  it('REST submission: unknown refund → 404 NOT_FOUND; another partner’s → 403 FORBIDDEN; not a UUID → 400', async () => {
    const { s, depositId } = await funded();
    const refundId = await draft(s, depositId, '1000');
    const id = randomUUID();
    expectRestProblem(await submitRest(s, id), 404, 'NOT_FOUND');
    const b = await Scenario.create(server);
    expectRestProblem(await submitRest(b, refundId), 403, 'FORBIDDEN');
    expectRestProblem(await server.request(s.client, 'POST', `/partner/v1/crypto/refunds/not-a-uuid/submission`, { body: {} }), 400, 'VALIDATION_FAILED');
    expect((await refundOf(s, refundId)).status).toBe('APPROVED');
    expect(await eventTrail(server, s.client, refundId)).toEqual([['crypto_refund.approved', 1]]);
  });
});

describe('confirm (§10.8, §10.7)', () => {
  async function awaiting(refundAddress?: string) {
    const { s, customerId, depositId } = await funded('1000000');
    const refundId = await draft(s, depositId, '400000', refundAddress ? { refundAddress } : {});
    expect(ok(await submitGql(s, refundId), 'submitCryptoRefund').status).toBe('AWAITING_CONFIRMATION');
    return { s, customerId, depositId, refundId };
  }

  const internals = (refundId: string) =>
    server.db.get<{ due_at: string | null; fail_at: string | null }>(`SELECT due_at, fail_at FROM crypto_refunds WHERE refund_id = ?`, refundId);

  it('AWAITING_CONFIRMATION → CONFIRMED: confirmedAt, "Confirmed", its event, no ledger row; due a step delay later, no failure captured', async () => {
    const { s, customerId, refundId } = await awaiting();
    const before = await refundOf(s, refundId);
    const c = await s.confirmRest(refundId);
    expect(c.status, c.text).toBe(200);
    expect(c.body).toEqual({ ...before, status: 'CONFIRMED', statusInfo: 'Confirmed', updatedAt: expect.stringMatching(DATETIME_RE), confirmedAt: c.body.updatedAt });
    expect(await internals(refundId)).toEqual({ due_at: new Date(Date.parse(c.body.confirmedAt) + STEP_DELAY_MS).toISOString(), fail_at: null });
    const events = await eventsOf(server, s.client, refundId);
    expect(events.map((e) => [e.type, e.sequence])).toEqual([
      ['crypto_refund.approved', 1],
      ['crypto_refund.awaiting_confirmation', 2],
      ['crypto_refund.confirmed', 3],
    ]);
    expect(events[2]!.data).toEqual(c.body);
    expect(events[2]!.createdAt).toBe(c.body.updatedAt);
    // Still held: only the HOLD row of the submission.
    expect((await transactionsOf(server, s.client, customerId, refundId)).map((t) => t.type)).toEqual(['HOLD']);
    expect(await balanceOf(server, s.client, customerId)).toEqual({ availableMinor: '600000', heldMinor: '400000' });
  });

  it.each([['BROADCASTING'], ['CONFIRMING']])('captures the failure entry (%s) of refundAddress, ETH compared case-insensitively; later list changes do not affect it', async (at) => {
    const address = `0x${randomBytes(20).toString('hex')}`;
    await server.operator((db) => failAddress(db, 'ETH', address.toUpperCase().replace('0X', '0x'), at));
    const { s, refundId } = await awaiting(address);
    const c = await confirmGql(s, refundId);
    expect(ok(c, 'confirmCryptoRefund').status).toBe('CONFIRMED');
    expect((await internals(refundId))?.fail_at).toBe(at);
    await server.operator((db) => clearFailAddress(db, 'ETH', address));
    expect((await internals(refundId))?.fail_at).toBe(at);
  });

  it('the entry is captured at confirmation, not at submission', async () => {
    const address = `0x${randomBytes(20).toString('hex')}`;
    const { s, refundId } = await awaiting(address);
    await server.operator((db) => failAddress(db, 'ETH', address, 'CONFIRMING'));
    expect((await s.confirmRest(refundId)).status).toBe(200);
    expect((await internals(refundId))?.fail_at).toBe('CONFIRMING');
  });

  it('captureFailure ignores the list outside sandbox mode', async () => {
    const address = `0x${randomBytes(20).toString('hex')}`;
    await server.operator((db) => failAddress(db, 'ETH', address, 'BROADCASTING'));
    const [inSandbox, outside, other] = await server.operator((db) =>
      db.writer.run(async (tx) => [
        await captureFailure(tx, 'ETH', address.toUpperCase().replace('0X', '0x'), true),
        await captureFailure(tx, 'ETH', address, false),
        await captureFailure(tx, 'ETH', ETH_ADDRESS, true),
      ]),
    );
    expect([inSandbox, outside, other]).toEqual(['BROADCASTING', null, null]);
  });

  it('confirming twice or a draft → 409 INVALID_STATE and no event', async () => {
    const { s, depositId, refundId } = await awaiting();
    expect((await s.confirmRest(refundId)).status).toBe(200);
    expectRestProblem(await s.confirmRest(refundId), 409, 'INVALID_STATE');
    const draftId = await draft(s, depositId, '1000');
    expectGraphQLProblem(await confirmGql(s, draftId), 409, 'INVALID_STATE');
    expect((await eventTrail(server, s.client, refundId)).map(([t]) => t)).toEqual(['crypto_refund.approved', 'crypto_refund.awaiting_confirmation', 'crypto_refund.confirmed']);
    expect(await eventTrail(server, s.client, draftId)).toEqual([['crypto_refund.approved', 1]]);
  });
});

describe('cryptoRefunds (§9.3)', () => {
  /**
   * A customer with refunds of two deposits in several states, created a second apart (newest last; the
   * server clock moves, within what request signatures tolerate).
   */
  async function history() {
    const s = await Scenario.create(server);
    const customerId = await s.customer();
    const d1 = await s.deposit(customerId, '1000000');
    const d2 = await s.deposit(customerId, '1000000');
    const ids: string[] = [];
    const times: string[] = [];
    for (const [deposit, stage] of [
      [d1, 'APPROVED'],
      [d1, 'AWAITING_CONFIRMATION'],
      [d2, 'CONFIRMED'],
      [d2, 'APPROVED'],
      [d1, 'AWAITING_CONFIRMATION'],
    ] as const) {
      server.clock.advance(1_000);
      const id = await draft(s, deposit, '100000');
      if (stage !== 'APPROVED') expect((await submitGql(s, id)).status).toBe(200);
      if (stage === 'CONFIRMED') expect((await confirmGql(s, id)).status).toBe(200);
      ids.push(id);
      times.push((await refundOf(s, id)).createdAt);
    }
    return { s, customerId, d1, d2, ids, times };
  }

  it('newest first, with every field; pages of 2 walk all items once; REST renders the same', async () => {
    const { s, customerId, ids } = await history();
    const all = ok(await server.gql(s.client, LIST, { customerId }), 'cryptoRefunds');
    expect(all.items.map((r: { refundId: string }) => r.refundId)).toEqual([...ids].reverse());
    expect(all.pageInfo.hasNextPage).toBe(false);
    for (const item of all.items) expect(item).toEqual(await refundOf(s, item.refundId));

    const seen: string[] = [];
    let after: string | null = null;
    for (let i = 0; i < 3; i++) {
      const page = ok(await server.gql(s.client, LIST, { customerId, first: 2, after }), 'cryptoRefunds');
      seen.push(...page.items.map((r: { refundId: string }) => r.refundId));
      expect(page.pageInfo.hasNextPage).toBe(i < 2);
      after = page.pageInfo.endCursor;
    }
    expect(seen).toEqual([...ids].reverse());

    const rest = await server.request(s.client, 'GET', `/partner/v1/customers/${customerId}/crypto/refunds?limit=2`);
    expect(rest.status, rest.text).toBe(200);
    expect(rest.body.items).toEqual(all.items.slice(0, 2));
    expect(Object.keys(rest.body.items[0])).toEqual(REFUND_FIELDS.split(' '));
    expect(rest.body.pageInfo.hasNextPage).toBe(true);
    const next = await server.request(s.client, 'GET', `/partner/v1/customers/${customerId}/crypto/refunds?limit=2&cursor=${rest.body.pageInfo.endCursor}`);
    expect(next.body.items).toEqual(all.items.slice(2, 4));
  });

  it('filters: statuses (any of), depositId, createdFrom (inclusive) / createdBefore (exclusive), combined with AND', async () => {
    const { s, customerId, d1, d2, ids, times } = await history();
    const idsOf = async (vars: Record<string, unknown>) =>
      ok(await server.gql(s.client, LIST, { customerId, ...vars }), 'cryptoRefunds').items.map((r: { refundId: string }) => r.refundId);
    expect(await idsOf({ statuses: ['APPROVED'] })).toEqual([ids[3], ids[0]]);
    expect(await idsOf({ statuses: ['AWAITING_CONFIRMATION', 'CONFIRMED'] })).toEqual([ids[4], ids[2], ids[1]]);
    expect(await idsOf({ statuses: ['COMPLETED'] })).toEqual([]);
    expect(await idsOf({ depositId: d2 })).toEqual([ids[3], ids[2]]);
    expect(await idsOf({ depositId: d1, statuses: ['AWAITING_CONFIRMATION'] })).toEqual([ids[4], ids[1]]);
    expect(await idsOf({ depositId: randomUUID() })).toEqual([]);
    expect(await idsOf({ createdFrom: times[1], createdBefore: times[3] })).toEqual([ids[2], ids[1]]);
    expect(await idsOf({ createdFrom: times[3], createdBefore: times[3] })).toEqual([]);

    const rest = await server.request(s.client, 'GET', `/partner/v1/customers/${customerId}/crypto/refunds?statuses=APPROVED,CONFIRMED&depositId=${d2}`);
    expect(rest.status, rest.text).toBe(200);
    expect(rest.body.items.map((r: { refundId: string }) => r.refundId)).toEqual([ids[3], ids[2]]);
  });

  it('refusals: an unknown status, [] or a foreign cursor → 400 at the argument; unknown customer → 404; another partner’s → 403', async () => {
    const { s, customerId } = await history();
    expectGraphQLProblem(await server.gql(s.client, LIST, { customerId, statuses: ['CANCELLED'] }), 400, 'VALIDATION_FAILED', '/statuses');
    expectRestProblem(await server.request(s.client, 'GET', `/partner/v1/customers/${customerId}/crypto/refunds?statuses=APPROVED,CANCELLED`), 400, 'VALIDATION_FAILED', '/statuses');
    expectGraphQLProblem(await server.gql(s.client, LIST, { customerId, statuses: [] }), 400, 'VALIDATION_FAILED', '/statuses');
    expectRestProblem(await server.request(s.client, 'GET', `/partner/v1/customers/${customerId}/crypto/refunds?limit=0`), 400, 'VALIDATION_FAILED', '/limit');
    const other = await s.customer();
    const page = ok(await server.gql(s.client, LIST, { customerId: other, first: 1 }), 'cryptoRefunds');
    expect(page).toEqual({ items: [], pageInfo: { hasNextPage: false, endCursor: null } });
    const mine = ok(await server.gql(s.client, LIST, { customerId, first: 1 }), 'cryptoRefunds');
    expectGraphQLProblem(await server.gql(s.client, LIST, { customerId: other, after: mine.pageInfo.endCursor }), 400, 'VALIDATION_FAILED', '/after');
    expectRestProblem(
      await server.request(s.client, 'GET', `/partner/v1/customers/${other}/crypto/refunds?cursor=${mine.pageInfo.endCursor}`),
      400,
      'VALIDATION_FAILED',
      '/cursor',
    );
    expectGraphQLProblem(await server.gql(s.client, LIST, { customerId: randomUUID() }), 404, 'CUSTOMER_NOT_FOUND');
    expectRestProblem(await server.request(s.client, 'GET', `/partner/v1/customers/${randomUUID()}/crypto/refunds`), 404, 'CUSTOMER_NOT_FOUND');
    const b = await Scenario.create(server);
    expectGraphQLProblem(await server.gql(b.client, LIST, { customerId }), 403, 'FORBIDDEN');
    expectRestProblem(await server.request(b.client, 'GET', `/partner/v1/customers/${customerId}/crypto/refunds`), 403, 'FORBIDDEN');
  });
});

describe('REST paths of refunds (§9.4, §9.5)', () => {
  it('draft, submission, confirmation and GET run end to end over REST', async () => {
    const { s, customerId, depositId } = await funded('500000', ETH_ADDRESS);
    const d = await draftRest(s, depositId, { amountMinor: '500000' });
    expect(d.status, d.text).toBe(200);
    const refundId = d.body.refundId;
    const sub = await submitRest(s, refundId);
    expect(sub.status, sub.text).toBe(200);
    expect(sub.body.status).toBe('AWAITING_CONFIRMATION');
    const c = await s.confirmRest(refundId);
    expect(c.status, c.text).toBe(200);
    expect(c.body).toMatchObject({ status: 'CONFIRMED', refundAddress: ETH_ADDRESS, submittedAt: sub.body.submittedAt });
    const get = await server.request(s.client, 'GET', `/partner/v1/crypto/refunds/${refundId}`);
    expect(get.body).toEqual(c.body);
    expect(await balanceOf(server, s.client, customerId)).toEqual({ availableMinor: '0', heldMinor: '500000' });
  });

  it('GET on the submission path → 405 with Allow: POST; a GET of an unknown refund → 404 NOT_FOUND', async () => {
    const s = await Scenario.create(server);
    const r = await server.request(s.client, 'GET', `/partner/v1/crypto/refunds/${randomUUID()}/submission`);
    expectRestProblem(r, 405, 'METHOD_NOT_ALLOWED');
    expect(r.headers.get('allow')).toBe('POST');
    expectRestProblem(await server.request(s.client, 'GET', `/partner/v1/crypto/refunds/${randomUUID()}`), 404, 'NOT_FOUND');
  });
});
