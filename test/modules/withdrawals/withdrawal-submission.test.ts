// §10.6 submitCryptoWithdrawal: the effect (SUBMITTED, HOLD, event), §5 evidence with the submit vector,
// and the 12 checks in their order on both surfaces; a refused submission changes nothing.
import fs from 'node:fs';
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRouteState } from '../../../src/cli/operators.js';
import { CRYPTO_WITHDRAWAL_REST_FIELDS } from '../../../src/modules/withdrawals/rules.js';
import { Scenario, startTestServer, WITHDRAWAL_FIELDS, type Reply, type TestServer } from '../../helpers/harness.js';
import { expectGraphQLProblem, expectRestProblem } from '../../helpers/problems.js';
import { balanceOf, eventsOf, fund, ledgerOf, Wd } from '../../helpers/withdrawals.js';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SANDBOX_STEP_DELAY_MS: '600000' });
});
afterAll(() => server.stop());

const setup = async () => Wd.create(await Scenario.create(server));

const setBeneficiaryStatus = (wd: Wd, status: string) =>
  server.db.run('UPDATE wallet_beneficiaries SET beneficiary_status = ? WHERE wallet_beneficiary_id = ?', status, wd.beneficiaryId);

/** Both surfaces refuse alike: the REST problem and the GraphQL one, each with a fresh key. */
async function expectBoth(wd: Wd, withdrawalId: string, input: () => unknown, status: number, code: string, pointer?: string) {
  expectRestProblem(await wd.submitRest(withdrawalId, input()), status, code, pointer);
  expectGraphQLProblem(await wd.submitGql(withdrawalId, input()), status, code, pointer);
}

/** Everything a submission could change, to compare before and after a refusal. */
async function snapshot(wd: Wd, withdrawalId: string) {
  return {
    row: await server.db.get('SELECT * FROM crypto_withdrawals WHERE withdrawal_id = ?', withdrawalId),
    balance: await balanceOf(server, wd.customerId),
    events: await server.db.count('SELECT count(*) AS n FROM events WHERE customer_id = ?', wd.customerId),
    ledger: await server.db.count('SELECT count(*) AS n FROM ledger_transactions WHERE customer_id = ?', wd.customerId),
    evidence: await server.db.count('SELECT count(*) AS n FROM authorization_evidence WHERE target_id = ?', withdrawalId),
  };
}

describe('success', () => {
  it('REST: 200 with exactly the document’s fields, SUBMITTED; amount + fee held; events approved, submitted, then the HOLD', async () => {
    const wd = await setup();
    const w = await wd.draft({ amountMinor: '1000000' });
    await fund(wd.s, wd.customerId, '1500000');
    const r = await wd.submitRest(w.withdrawalId);
    expect(r.status, r.text).toBe(200);
    expect(Object.keys(r.body)).toEqual([...CRYPTO_WITHDRAWAL_REST_FIELDS]);
    expect(r.body).toEqual({ ...w, status: 'SUBMITTED', statusInfo: 'Submitted for processing', kytResult: 'PENDING', txHash: null, updatedAt: expect.stringMatching(ISO) });

    const view = await wd.view(w.withdrawalId);
    expect(view).toMatchObject({ status: 'SUBMITTED', submittedAt: r.body.updatedAt, completedAt: null, quoteId: null });
    expect(await ledgerOf(server, w.withdrawalId)).toEqual([['HOLD', '1002500']]);
    expect(await balanceOf(server, wd.customerId)).toEqual({ available: '497500', held: '1002500' });

    const events = await server.db.all<{ type: string; resource_id: string; sequence: number | string }>(
      'SELECT type, resource_id, sequence FROM events WHERE customer_id = ? AND position > (SELECT max(position) FROM events WHERE resource_id = ? AND sequence = 1) ORDER BY position',
      wd.customerId,
      w.withdrawalId,
    );
    // E6: after the draft's event (and the deposit's), the submission's event, then its ledger row's.
    const tail = events.slice(-2).map((e) => [e.type, e.resource_id === w.withdrawalId ? 'W' : 'T', Number(e.sequence)]);
    expect(tail).toEqual([['crypto_withdrawal.submitted', 'W', 2], ['transaction.posted', 'T', 1]]);
    expect((await eventsOf(server, w.withdrawalId)).map((e) => e.type)).toEqual(['crypto_withdrawal.approved', 'crypto_withdrawal.submitted']);
    expect((await eventsOf(server, w.withdrawalId))[1]!.data).toEqual(view);

    const evidence = await server.db.all<{ operation_type: string; target_type: string }>(
      'SELECT operation_type, target_type FROM authorization_evidence WHERE target_id = ? ORDER BY id',
      w.withdrawalId,
    );
    expect(evidence.map((e) => [e.operation_type, e.target_type])).toEqual([
      ['CRYPTO_WITHDRAWAL_CREATE', 'CRYPTO_WITHDRAWAL'],
      ['CRYPTO_WITHDRAWAL_SUBMIT', 'CRYPTO_WITHDRAWAL'],
    ]);
  });

  it('GraphQL: the same; cryptoWithdrawal returns what the submission answered', async () => {
    const wd = await setup();
    const w = await wd.draft({ amountMinor: '1000' });
    await fund(wd.s, wd.customerId, '3500');
    const r = await wd.submitGql(w.withdrawalId);
    expect(r.status, r.text).toBe(200);
    expect(r.body.errors).toBeUndefined();
    const submitted = r.body.data.submitCryptoWithdrawal;
    expect(submitted).toMatchObject({ status: 'SUBMITTED', submittedAt: expect.stringMatching(ISO), completedAt: null });
    expect(await wd.view(w.withdrawalId)).toEqual(submitted);
    expect(await balanceOf(server, wd.customerId)).toEqual({ available: '0', held: '3500' });
  });

  it('an idempotent replay answers the same snapshot, holds nothing more, writes no event', async () => {
    const wd = await setup();
    const w = await wd.draft({ amountMinor: '1000' });
    await fund(wd.s, wd.customerId, '10000');
    const key = randomUUID();
    const input = wd.submitInput(w.withdrawalId);
    const first = await wd.submitRest(w.withdrawalId, input, { idempotencyKey: key });
    expect(first.status).toBe(200);
    const before = await snapshot(wd, w.withdrawalId);
    const replay = await wd.submitGql(w.withdrawalId, input, { idempotencyKey: key });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await snapshot(wd, w.withdrawalId)).toEqual(before);
    expectRestProblem(await wd.submitRest(w.withdrawalId, wd.submitInput(w.withdrawalId), { idempotencyKey: key }), 409, 'IDEMPOTENCY_KEY_REUSED');
  });

  it('evidence hashed as the contract’s submit vector describes: {"operationType","withdrawalId"} in JCS', async () => {
    const file = JSON.parse(fs.readFileSync(new URL('../../vectors/operation-hash.json', import.meta.url), 'utf8')) as {
      vectors: { operationType: string; pathId: Record<string, string>; payloadJcs: string; operationHash: string }[];
    };
    const v = file.vectors.find((x) => x.operationType === 'CRYPTO_WITHDRAWAL_SUBMIT')!;
    expect(v.pathId).toEqual({ withdrawalId: '0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9' });
    expect(createHash('sha256').update(v.payloadJcs, 'utf8').digest('hex')).toBe('53cfa6b80bf3740ee63ca7b7e1a18383cba20efd59c07dfe6c7efdfe9fedb090');

    const wd = await setup();
    const w = await wd.draft({ amountMinor: '1000' });
    await fund(wd.s, wd.customerId, '3500');
    const payload = `{"operationType":"CRYPTO_WITHDRAWAL_SUBMIT","withdrawalId":"${w.withdrawalId}"}`;
    const hash = createHash('sha256').update(payload, 'utf8').digest('hex');
    const r = await wd.submitRest(w.withdrawalId, wd.submitInput(w.withdrawalId, { operationHash: hash }));
    expect(r.status, r.text).toBe(200);
  });

  it('exactly enough funds is enough', async () => {
    const wd = await setup();
    const w = await wd.draft({ amountMinor: '100' });
    await fund(wd.s, wd.customerId, '2600');
    expect((await wd.submitRest(w.withdrawalId)).status).toBe(200);
    expect(await balanceOf(server, wd.customerId)).toEqual({ available: '0', held: '2600' });
  });
});

describe('the checks of §10.6, in order', () => {
  it('2: a path id not a UUID → 400 VALIDATION_FAILED', async () => {
    const wd = await setup();
    expectRestProblem(await wd.submitRest('not-a-uuid', wd.submitInput('not-a-uuid')), 400, 'VALIDATION_FAILED');
  });

  it('2: evidence members missing → 400 at their pointers (before the record)', async () => {
    const wd = await setup();
    const id = randomUUID();
    const bad = () => {
      const input = wd.submitInput(id);
      delete (input.operationAuthorization as Record<string, unknown>).mfaEvidenceRef;
      return input;
    };
    await expectBoth(wd, id, bad, 400, 'VALIDATION_FAILED', '/operationAuthorization/mfaEvidenceRef');
    expectRestProblem(await wd.submitRest(id, {}), 400, 'VALIDATION_FAILED', '/operationAuthorization');
    expectRestProblem(await wd.submitRest(id, { ...wd.submitInput(id), extra: 1 }), 400, 'VALIDATION_FAILED', '/extra');
  });

  it('4: unknown → 404 NOT_FOUND; another partner’s → 403 FORBIDDEN', async () => {
    const wd = await setup();
    const id = randomUUID();
    await expectBoth(wd, id, () => wd.submitInput(id), 404, 'NOT_FOUND');
    const other = await setup();
    const w = await other.draft();
    await expectBoth(wd, w.withdrawalId, () => wd.submitInput(w.withdrawalId), 403, 'FORBIDDEN');
  });

  it('5: route disabled → 403 ROUTE_NOT_PERMITTED, before the evidence', async () => {
    const wd = await setup();
    const w = await wd.draft();
    await server.operator((db) => setRouteState(db, wd.s.routeCode, false));
    await expectBoth(wd, w.withdrawalId, () => wd.submitInput(w.withdrawalId, { operationType: 'CRYPTO_WITHDRAWAL_CREATE' }), 403, 'ROUTE_NOT_PERMITTED');
    await server.operator((db) => setRouteState(db, wd.s.routeCode, true));
  });

  it('6: evidence type, hash, age → 403, before the state', async () => {
    const wd = await setup();
    const w = await wd.submitted('1000');
    const id = w.withdrawalId;
    await expectBoth(wd, id, () => wd.submitInput(id, { operationType: 'CRYPTO_WITHDRAWAL_CREATE' }), 403, 'OPERATION_TYPE_MISMATCH');
    await expectBoth(wd, id, () => ({ operationAuthorization: { ...wd.submitInput(randomUUID()).operationAuthorization } }), 403, 'OPERATION_HASH_MISMATCH');
    await expectBoth(wd, id, () => wd.submitInput(id, { authorizedAt: new Date(server.clock.now().getTime() - 901_000) }), 403, 'AUTHORIZATION_EXPIRED');
    await expectBoth(wd, id, () => wd.submitInput(id, { authorizedAt: new Date(server.clock.now().getTime() + 301_000) }), 403, 'AUTHORIZATION_EXPIRED');
  });

  it('7: not APPROVED → 409 INVALID_STATE, before the beneficiary and the funds; the same evidence again too', async () => {
    const wd = await setup();
    const w = await wd.draft({ amountMinor: '1000' });
    await fund(wd.s, wd.customerId, '3500');
    const input = wd.submitInput(w.withdrawalId);
    expect((await wd.submitRest(w.withdrawalId, input)).status).toBe(200);
    await setBeneficiaryStatus(wd, 'REMOVED');
    expectRestProblem(await wd.submitRest(w.withdrawalId, input), 409, 'INVALID_STATE');
    expectGraphQLProblem(await wd.submitGql(w.withdrawalId, input), 409, 'INVALID_STATE');
  });

  it('8: beneficiary REMOVED → 409 BENEFICIARY_REMOVED, before BENEFICIARY_NOT_ACTIVE and the funds', async () => {
    const wd = await setup();
    const w = await wd.draft();
    await setBeneficiaryStatus(wd, 'REMOVED');
    await expectBoth(wd, w.withdrawalId, () => wd.submitInput(w.withdrawalId), 409, 'BENEFICIARY_REMOVED');
  });

  it('9: beneficiary BLOCKED → 409 BENEFICIARY_NOT_ACTIVE, before the funds', async () => {
    const wd = await setup();
    const w = await wd.draft();
    await setBeneficiaryStatus(wd, 'BLOCKED');
    await expectBoth(wd, w.withdrawalId, () => wd.submitInput(w.withdrawalId), 409, 'BENEFICIARY_NOT_ACTIVE');
  });

  it('10: evidence already used → 409 AUTHORIZATION_ALREADY_USED, before the funds', async () => {
    const wd = await setup();
    const w = await wd.draft();
    const input = wd.submitInput(w.withdrawalId);
    const ev = input.operationAuthorization;
    // Check 7 answers first in practice (the evidence is bound to this withdrawal); a stored use shows the order.
    await server.db.run(
      `INSERT INTO authorization_evidence (client_id, operation_type, operation_hash, authorized_at, authorized_by_partner_user_ref,
         authorization_method, mfa_evidence_ref, target_type, target_id, idempotency_key, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      wd.s.client.clientId, ev.operationType, ev.operationHash, ev.authorizedAt, 'user-42', 'PASSKEY', ev.mfaEvidenceRef, 'CRYPTO_WITHDRAWAL', randomUUID(), 'k', new Date().toISOString(),
    );
    expectRestProblem(await wd.submitRest(w.withdrawalId, input), 409, 'AUTHORIZATION_ALREADY_USED');
    expectGraphQLProblem(await wd.submitGql(w.withdrawalId, input), 409, 'AUTHORIZATION_ALREADY_USED');
  });

  it('11: availableMinor < amount + fee → 409 INSUFFICIENT_FUNDS naming both, in minor units', async () => {
    const wd = await setup();
    const w = await wd.draft({ amountMinor: '1000000' });
    const none = expectRestProblem(await wd.submitRest(w.withdrawalId), 409, 'INSUFFICIENT_FUNDS');
    expect(none.detail).toBe('availableMinor 0 is less than the required 1002500 (amountMinor + feeAmountMinor) in USDT.');
    await fund(wd.s, wd.customerId, '1002499');
    const short = expectGraphQLProblem(await wd.submitGql(w.withdrawalId), 409, 'INSUFFICIENT_FUNDS');
    expect(short).toMatchObject({ code: 'INSUFFICIENT_FUNDS', status: 409 });
    const rest = expectRestProblem(await wd.submitRest(w.withdrawalId), 409, 'INSUFFICIENT_FUNDS');
    expect(rest.detail).toBe('availableMinor 1002499 is less than the required 1002500 (amountMinor + feeAmountMinor) in USDT.');
  });

  it('a refused submission changes no record, balance, event, ledger row or evidence; the same evidence works once funds arrive', async () => {
    const wd = await setup();
    const w = await wd.draft({ amountMinor: '1000000' });
    await fund(wd.s, wd.customerId, '500000');
    const input = wd.submitInput(w.withdrawalId);
    const before = await snapshot(wd, w.withdrawalId);
    const refusals: Reply[] = [await wd.submitRest(w.withdrawalId, input), await wd.submitGql(w.withdrawalId, input)];
    for (const r of refusals) expect(r.status).toBe(409);
    expect(await snapshot(wd, w.withdrawalId)).toEqual(before);
    expect((before.row as { status: string }).status).toBe('APPROVED');
    await fund(wd.s, wd.customerId, '502500');
    const ok = await wd.submitRest(w.withdrawalId, input);
    expect(ok.status, ok.text).toBe(200);
    expect(await balanceOf(server, wd.customerId)).toEqual({ available: '0', held: '1002500' });
  });

  it('refusals are audited (with their problem code), like every refusal', async () => {
    const wd = await setup();
    const w = await wd.draft();
    const r = await wd.submitRest(w.withdrawalId);
    expectRestProblem(r, 409, 'INSUFFICIENT_FUNDS');
    const audit = await server.db.all<{ operation: string; status: number | string; problem_code: string }>(
      'SELECT operation, status, problem_code FROM audit_events WHERE target_id = ? ORDER BY id',
      w.withdrawalId,
    );
    expect(audit.map((a) => [a.operation, Number(a.status), a.problem_code])).toContainEqual(['submitCryptoWithdrawal', 409, 'INSUFFICIENT_FUNDS']);
  });
});

describe('REST rendering', () => {
  it('GET of a submitted withdrawal keeps the document’s fields', async () => {
    const wd = await setup();
    const w = await wd.submitted('1000');
    const r = await wd.rest('GET', `/partner/v1/crypto/withdrawals/${w.withdrawalId}`);
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(WITHDRAWAL_FIELDS.split(' ').sort());
    expect(r.body).toEqual(w);
  });
});
