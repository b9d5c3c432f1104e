// §14.3 the additional-information loop on withdrawal capabilities: NEEDS_ADDITIONAL_INFORMATION → answer
// → PENDING → ACTIVE; the answer's order of checks on both surfaces (B → D the customer, then the rail's
// record, then the files → H FILE_NOT_READY → INVALID_STATE → INFORMATION_MISMATCH; no gate); the timeout →
// REJECTED "Additional information not provided", then a re-activation.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { suspendCustomer } from '../../../src/modules/customers/operators.js';
import { sandboxFiatReviewOutcome } from '../../../src/modules/information/operators.js';
import type { FiatRail } from '../../../src/modules/fiat-rails/index.js';
import { startTestServer, type TestServer } from '../../helpers/harness.js';
import { FiatParty } from '../../helpers/fiat-accounts.js';
import {
  activateRest,
  activationInput,
  activationReviewOutcome,
  answerCapabilityGql,
  answerCapabilityRest,
  withdrawalCapability,
} from '../../helpers/fiat-capabilities.js';
import { createFile, fileBytes, linkedFile, uploadInput } from '../../helpers/files.js';
import { expectGraphQLProblem, expectRestProblem } from '../../helpers/problems.js';
import { eventsOf } from '../../helpers/withdrawals.js';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const TIMEOUT_S = 86_400;
const COMPUTED = ['railEnabled', 'feeAmountMinor', 'minAmountMinor', 'maxAmountMinor'];
const withoutComputed = (item: Record<string, unknown>) => Object.fromEntries(Object.entries(item).filter(([k]) => !COMPUTED.includes(k)));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ FIAT_INFORMATION_TIMEOUT_SECONDS: String(TIMEOUT_S) });
});
afterAll(() => server.stop());

/** A capability whose activation's first review asked for `keys`: NEEDS_ADDITIONAL_INFORMATION. */
async function asked(f: FiatParty, rail: FiatRail = 'SEPA', keys?: string[]) {
  await f.account(rail === 'SEPA' ? 'EUR' : 'USD');
  await activationReviewOutcome(f, 'NEEDS_ADDITIONAL_INFORMATION', keys);
  const r = await activateRest(f, rail, activationInput());
  expect(r.status, r.text).toBe(200);
  // One step, not until idle: other tests' rounds on this server time out on the way.
  await server.advanceWorker(1);
  const now = await withdrawalCapability(f, rail);
  expect(now.status).toBe('NEEDS_ADDITIONAL_INFORMATION');
  return now;
}

describe('the loop', () => {
  it('asks, is answered (REST), back to PENDING, then ACTIVE; answers never echoed', async () => {
    const f = await FiatParty.create(server);
    const cap = await asked(f, 'SEPA', ['SOURCE_OF_FUNDS', 'PROOF_OF_ADDRESS_FILE']);
    const requestedAt = (cap.informationRequests as { requestedAt: string }[])[0]!.requestedAt;
    expect(requestedAt).toMatch(ISO);
    expect(cap).toMatchObject({
      statusInfo: 'Additional information requested',
      informationRequests: [
        { key: 'SOURCE_OF_FUNDS', kind: 'TEXT', description: 'Describe the source of the funds.', requestedAt, answeredAt: null },
        { key: 'PROOF_OF_ADDRESS_FILE', kind: 'FILE', description: 'Provide a proof of address.', requestedAt, answeredAt: null },
      ],
      informationDueAt: new Date(Date.parse(requestedAt) + TIMEOUT_S * 1000).toISOString(),
      activatedAt: null,
    });
    const fileId = await linkedFile(server, f.s.client, f.customerId);
    const secret = `Sale of a house ${randomUUID()}`;
    const r = await answerCapabilityRest(f, 'SEPA', [
      { key: 'PROOF_OF_ADDRESS_FILE', fileIds: [fileId] },
      { key: 'SOURCE_OF_FUNDS', text: secret },
    ]);
    expect(r.status, r.text).toBe(200);
    expect(r.text).not.toContain(secret);
    expect(r.body).toEqual({
      ...cap,
      status: 'PENDING',
      statusInfo: 'Under review',
      informationDueAt: null,
      informationRequests: [
        { key: 'SOURCE_OF_FUNDS', kind: 'TEXT', description: 'Describe the source of the funds.', requestedAt, answeredAt: r.body.updatedAt },
        { key: 'PROOF_OF_ADDRESS_FILE', kind: 'FILE', description: 'Provide a proof of address.', requestedAt, answeredAt: r.body.updatedAt },
      ],
      updatedAt: expect.stringMatching(ISO),
    });
    expect(await withdrawalCapability(f, 'SEPA')).toEqual(r.body);
    // The review after an answer passes, whatever the entry says.
    await server.advanceWorker(1);
    const active = await withdrawalCapability(f, 'SEPA');
    expect(active).toMatchObject({ status: 'ACTIVE', statusInfo: 'Active', activatedAt: expect.stringMatching(ISO), informationDueAt: null });
    const events = await eventsOf(server, cap.capabilityId);
    expect(events.map((e) => [e.type, e.sequence])).toEqual([
      ['fiat_withdrawal_capability.pending', 1],
      ['fiat_withdrawal_capability.needs_additional_information', 2],
      ['fiat_withdrawal_capability.pending', 3],
      ['fiat_withdrawal_capability.active', 4],
    ]);
    expect(JSON.stringify(events)).not.toContain(secret);
    expect(events[1]!.data).toEqual(withoutComputed(cap));
    expect(events[2]!.data).toEqual(withoutComputed(r.body));
    expect(events.at(-1)!.data).toEqual(withoutComputed(active));
  });

  it('GraphQL answers the same; the default key is SOURCE_OF_FUNDS; a replay answers the stored result, a new answer INVALID_STATE', async () => {
    const f = await FiatParty.create(server);
    const cap = await asked(f, 'ACH');
    expect((cap.informationRequests as { key: string }[]).map((q) => q.key)).toEqual(['SOURCE_OF_FUNDS']);
    const key = randomUUID();
    const g = await answerCapabilityGql(f, 'ACH', [{ key: 'SOURCE_OF_FUNDS', text: 'Salary' }], { idempotencyKey: key });
    expect(g.status, g.text).toBe(200);
    const item = g.body.data.submitFiatWithdrawalCapabilityActivationAdditionalInformation;
    expect(item).toMatchObject({ capabilityId: cap.capabilityId, rail: 'ACH', status: 'PENDING', informationDueAt: null });
    const replay = await answerCapabilityGql(f, 'ACH', [{ key: 'SOURCE_OF_FUNDS', text: 'Salary' }], { idempotencyKey: key });
    expect(replay.body.data.submitFiatWithdrawalCapabilityActivationAdditionalInformation).toEqual(item);
    expectGraphQLProblem(await answerCapabilityGql(f, 'ACH', [{ key: 'SOURCE_OF_FUNDS', text: 'Salary' }]), 409, 'INVALID_STATE');
  });

  it('partnerctl: keys not asked of activations are refused; --keys with activation keys are asked', async () => {
    const f = await FiatParty.create(server);
    await expect(server.operator((db) => sandboxFiatReviewOutcome(db, f.customerId, 'ACTIVATION', { outcome: 'NEEDS_ADDITIONAL_INFORMATION', keys: ['PAYMENT_PURPOSE_DETAIL'], clear: false }))).rejects.toThrow(
      /PAYMENT_PURPOSE_DETAIL cannot be asked of ACTIVATION/,
    );
    const cap = await asked(f, 'WIRE', ['EXPECTED_MONTHLY_VOLUME', 'BUSINESS_DESCRIPTION', 'SOURCE_OF_FUNDS_FILE']);
    expect((cap.informationRequests as { key: string }[]).map((q) => q.key)).toEqual(['EXPECTED_MONTHLY_VOLUME', 'BUSINESS_DESCRIPTION', 'SOURCE_OF_FUNDS_FILE']);
  });
});

describe('the answer’s checks', () => {
  it('B: the items’ shape, every fault at once; {rail} not a rail → /rail', async () => {
    const f = await FiatParty.create(server);
    const customerId = randomUUID();
    expectRestProblem(await answerCapabilityRest(f, 'SEPA', [], { customerId }), 400, 'VALIDATION_FAILED', { pointer: '/items' });
    expectGraphQLProblem(await answerCapabilityGql(f, 'SEPA', [], { customerId }), 400, 'VALIDATION_FAILED', { pointer: '/items' });
    const bad = await answerCapabilityRest(f, 'SEPA', [{ key: 'SOURCE_OF_FUNDS' }, { key: 'PROOF_OF_ADDRESS_FILE', text: 'x' }], { customerId });
    expect(expectRestProblem(bad, 400, 'VALIDATION_FAILED').errors!.map((e) => e.pointer)).toEqual(['/items/0/text', '/items/1/fileIds', '/items/1/text']);
    expectGraphQLProblem(await answerCapabilityGql(f, 'SEPA', [{ key: 'SOURCE_OF_FUNDS', text: '' }], { customerId }), 400, 'VALIDATION_FAILED', { pointer: '/items/0/text' });
    expectRestProblem(await answerCapabilityRest(f, 'EUR', [{ key: 'SOURCE_OF_FUNDS', text: 'x' }], { customerId }), 400, 'VALIDATION_FAILED', { pointer: '/rail' });
    expectGraphQLProblem(await answerCapabilityGql(f, 'EUR', [{ key: 'SOURCE_OF_FUNDS', text: 'x' }], { customerId }), 400, 'VALIDATION_FAILED', { pointer: '/rail' });
  });

  it('D → H in order: customer, the rail’s record, the files, FILE_NOT_READY, INVALID_STATE, INFORMATION_MISMATCH; no gate', async () => {
    const f = await FiatParty.create(server);
    const other = await FiatParty.create(server);
    const text = [{ key: 'SOURCE_OF_FUNDS', text: 'Salary' }];
    const both = async (rail: string, items: unknown, status: number, code: string, customerId?: string) => {
      expectRestProblem(await answerCapabilityRest(f, rail, items, { customerId }), status, code);
      expectGraphQLProblem(await answerCapabilityGql(f, rail, items, { customerId }), status, code);
    };
    await both('SEPA', text, 404, 'CUSTOMER_NOT_FOUND', randomUUID());
    await asked(other, 'SEPA');
    await both('SEPA', text, 403, 'FORBIDDEN', other.customerId);
    // No record for the rail (never activated): NOT_FOUND, before the files.
    await both('SEPA', [{ key: 'PROOF_OF_ADDRESS_FILE', fileIds: [randomUUID()] }], 404, 'NOT_FOUND');
    // A PENDING capability: the files first (404, 403), then FILE_NOT_READY, then INVALID_STATE.
    await f.account('EUR');
    expect((await activateRest(f, 'SEPA', activationInput())).status).toBe(200);
    const pending = (await createFile(server, f.s.client, f.customerId, uploadInput(fileBytes()))).body.fileId as string;
    const othersFile = await linkedFile(server, other.s.client, other.customerId);
    const withFiles = (ids: string[]) => [{ key: 'SOURCE_OF_FUNDS', text: 'Salary' }, { key: 'PROOF_OF_ADDRESS_FILE', fileIds: ids }];
    await both('SEPA', withFiles([randomUUID()]), 404, 'FILE_NOT_FOUND');
    await both('SEPA', withFiles([othersFile]), 403, 'FORBIDDEN');
    await both('SEPA', withFiles([pending]), 409, 'FILE_NOT_READY');
    await both('SEPA', text, 409, 'INVALID_STATE');
    // NEEDS_ADDITIONAL_INFORMATION: the keys must be exactly the open requests'.
    const g = await FiatParty.create(server);
    await asked(g, 'SEPA', ['SOURCE_OF_FUNDS', 'BUSINESS_DESCRIPTION']);
    const mismatch = await answerCapabilityRest(g, 'SEPA', [{ key: 'SOURCE_OF_FUNDS', text: 'Salary' }, { key: 'EXPECTED_MONTHLY_VOLUME', text: '5000 EUR' }]);
    const doc = expectRestProblem(mismatch, 409, 'INFORMATION_MISMATCH');
    expect(doc.detail).toContain('Missing keys: BUSINESS_DESCRIPTION.');
    expect(doc.detail).toContain('Unexpected keys: EXPECTED_MONTHLY_VOLUME.');
    expectGraphQLProblem(await answerCapabilityGql(g, 'SEPA', [{ key: 'SOURCE_OF_FUNDS', text: 'Salary' }]), 409, 'INFORMATION_MISMATCH');
    // FILE_NOT_READY before INFORMATION_MISMATCH.
    const gPending = (await createFile(server, g.s.client, g.customerId, uploadInput(fileBytes()))).body.fileId as string;
    expectRestProblem(await answerCapabilityRest(g, 'SEPA', [{ key: 'PROOF_OF_ADDRESS_FILE', fileIds: [gPending] }]), 409, 'FILE_NOT_READY');
    expect((await withdrawalCapability(g, 'SEPA')).status).toBe('NEEDS_ADDITIONAL_INFORMATION');
    // No gate (§12.4: information answers are allowed), and no rail check: a SUSPENDED customer whose
    // rail was disabled answers.
    await server.operator((db) => suspendCustomer(db, g.customerId, true));
    await g.setRails([]);
    const ok = await answerCapabilityRest(g, 'SEPA', [{ key: 'SOURCE_OF_FUNDS', text: 'Salary' }, { key: 'BUSINESS_DESCRIPTION', text: 'Bakery' }]);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ status: 'PENDING', railEnabled: false });
  });
});

describe('the timeout', () => {
  it('at informationDueAt: REJECTED "Additional information not provided"; an answer from then on is INVALID_STATE; a re-activation keeps the rounds', async () => {
    const f = await FiatParty.create(server);
    const cap = await asked(f, 'SEPA');
    server.clock.freeze();
    onTestFinished(() => server.clock.thaw());
    server.clock.advance(Date.parse(cap.informationDueAt!) - server.clock.now().getTime() - 1);
    await server.service.worker.drain();
    expect((await withdrawalCapability(f, 'SEPA')).status).toBe('NEEDS_ADDITIONAL_INFORMATION');
    server.clock.advance(1);
    // At the deadline, before the step ran: the answer is refused (now ≥ informationDueAt).
    expectRestProblem(await answerCapabilityRest(f, 'SEPA', [{ key: 'SOURCE_OF_FUNDS', text: 'late' }]), 409, 'INVALID_STATE');
    await server.service.worker.drain();
    const rejected = await withdrawalCapability(f, 'SEPA');
    expect(rejected).toEqual({
      ...cap,
      status: 'REJECTED',
      statusInfo: 'Additional information not provided',
      informationDueAt: null,
      updatedAt: cap.informationDueAt,
    });
    const events = await eventsOf(server, cap.capabilityId);
    expect(events.map((e) => e.type)).toEqual([
      'fiat_withdrawal_capability.pending',
      'fiat_withdrawal_capability.needs_additional_information',
      'fiat_withdrawal_capability.rejected',
    ]);
    expect(events.at(-1)!.data).toEqual(withoutComputed(rejected));
    expectGraphQLProblem(await answerCapabilityGql(f, 'SEPA', [{ key: 'SOURCE_OF_FUNDS', text: 'late' }]), 409, 'INVALID_STATE');
    // A re-activation: PENDING again, the earlier round still listed (every round, §14.3), none open.
    const again = await activateRest(f, 'SEPA', activationInput({ withdrawalPurpose: 'Refunds' }));
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({
      capabilityId: cap.capabilityId,
      status: 'PENDING',
      statusInfo: 'Under review',
      withdrawalPurpose: 'Refunds',
      informationRequests: cap.informationRequests,
      informationDueAt: null,
    });
  });
});
