// §14.3 the additional-information loop on fiat account applications: NEEDS_ADDITIONAL_INFORMATION → answer →
// IN_REVIEW → APPROVED; the answer's order of checks on both surfaces (B → D the record, files → H
// FILE_NOT_READY → INVALID_STATE → INFORMATION_MISMATCH); answers stored sealed, never echoed; the timeout
// → REJECTED "Additional information not provided"; the answer-vs-timeout race decided by the database.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startTestServer, type Reply, type TestServer } from '../../helpers/harness.js';
import { createFile, fileBytes, linkedFile, uploadInput } from '../../helpers/files.js';
import { expectGraphQLProblem, expectProblem, expectRestProblem } from '../../helpers/problems.js';
import { eventsOf } from '../../helpers/withdrawals.js';
import { timeoutStep } from '../../../src/modules/information/loop.js';
import { APPLICATION_QUERY, applicationInput, FiatParty } from '../../helpers/fiat-accounts.js';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const TIMEOUT_S = 86_400;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ FIAT_INFORMATION_TIMEOUT_SECONDS: String(TIMEOUT_S) });
});
afterAll(() => server.stop());

/** An application whose first review asked for `keys`: NEEDS_ADDITIONAL_INFORMATION. */
async function asked(f: FiatParty, keys?: string[]) {
  await f.reviewOutcome('NEEDS_ADDITIONAL_INFORMATION', keys);
  const app = await f.apply();
  // Two steps (SUBMITTED → IN_REVIEW → NEEDS_ADDITIONAL_INFORMATION), not until idle: other tests' rounds
  // on this server time out on the way.
  await server.advanceWorker(2);
  const now = await f.application(app.applicationId);
  expect(now.status).toBe('NEEDS_ADDITIONAL_INFORMATION');
  return now as Record<string, unknown> & { applicationId: string; informationDueAt: string };
}

describe('the loop', () => {
  it('asks, is answered (REST), resumes, approves; every round kept, answers never echoed', async () => {
    const f = await FiatParty.create(server);
    const app = await asked(f, ['SOURCE_OF_FUNDS', 'PROOF_OF_ADDRESS_FILE']);
    const requestedAt = (app.informationRequests as { requestedAt: string }[])[0]!.requestedAt;
    expect(app).toMatchObject({
      statusInfo: 'Additional information requested',
      informationRequests: [
        { key: 'SOURCE_OF_FUNDS', kind: 'TEXT', description: 'Describe the source of the funds.', requestedAt, answeredAt: null },
        { key: 'PROOF_OF_ADDRESS_FILE', kind: 'FILE', description: 'Provide a proof of address.', requestedAt, answeredAt: null },
      ],
      informationDueAt: new Date(Date.parse(requestedAt) + TIMEOUT_S * 1000).toISOString(),
      decidedAt: null,
    });
    expect(requestedAt).toMatch(ISO);
    expect((await f.capabilities())[0]).toMatchObject({ status: 'NEEDS_ADDITIONAL_INFORMATION', statusInfo: 'Additional information requested', applicationId: app.applicationId });
    const fileId = await linkedFile(server, f.s.client, f.customerId);
    const secret = `Inheritance from an aunt ${randomUUID()}`;
    const r = await f.answerRest(app.applicationId, [
      { key: 'PROOF_OF_ADDRESS_FILE', fileIds: [fileId] },
      { key: 'SOURCE_OF_FUNDS', text: secret },
    ]);
    expect(r.status, r.text).toBe(200);
    expect(r.text).not.toContain(secret);
    expect(r.body).toMatchObject({
      status: 'IN_REVIEW',
      statusInfo: 'Under review',
      informationDueAt: null,
      informationRequests: [
        { key: 'SOURCE_OF_FUNDS', answeredAt: expect.stringMatching(ISO) },
        { key: 'PROOF_OF_ADDRESS_FILE', answeredAt: r.body.updatedAt },
      ],
    });
    // Stored sealed: not in any row or event as written.
    const rounds = await server.db.all<{ answers: string; state: string }>('SELECT answers, state FROM information_rounds WHERE owner_id = ?', app.applicationId);
    expect(rounds.map((x) => x.state)).toEqual(['ANSWERED']);
    expect(rounds[0]!.answers).not.toContain(secret);
    expect(rounds[0]!.answers).toMatch(/^v1\./);
    const events = await eventsOf(server, app.applicationId);
    expect(JSON.stringify(events)).not.toContain(secret);
    // The review after an answer passes, whatever the entry says.
    await server.advanceWorker();
    const done = await f.application(app.applicationId);
    expect(done).toMatchObject({ status: 'APPROVED', fiatAccountId: expect.any(String), informationDueAt: null });
    expect(events.length + 1).toBe((await eventsOf(server, app.applicationId)).length);
    expect((await eventsOf(server, app.applicationId)).map((e) => e.type)).toEqual([
      'fiat_account_application.submitted',
      'fiat_account_application.in_review',
      'fiat_account_application.needs_additional_information',
      'fiat_account_application.in_review',
      'fiat_account_application.approved',
    ]);
    expect((await eventsOf(server, app.applicationId)).at(-1)!.data).toEqual(done);
  });

  it('GraphQL answers the same; the default key is SOURCE_OF_FUNDS', async () => {
    const f = await FiatParty.create(server);
    const app = await asked(f);
    expect((app.informationRequests as { key: string }[]).map((q) => q.key)).toEqual(['SOURCE_OF_FUNDS']);
    const g = await f.answerGql(app.applicationId, [{ key: 'SOURCE_OF_FUNDS', text: 'Salary' }]);
    expect(g.status, g.text).toBe(200);
    expect(g.body.data.submitFiatAccountApplicationAdditionalInformation).toMatchObject({ status: 'IN_REVIEW', informationDueAt: null });
    // A replay answers the stored result (§3), a second answer with a new key is INVALID_STATE.
    expectGraphQLProblem(await f.answerGql(app.applicationId, [{ key: 'SOURCE_OF_FUNDS', text: 'Salary' }]), 409, 'INVALID_STATE');
  });

  it('B: the items’ shape, every fault at once', async () => {
    const f = await FiatParty.create(server);
    const id = randomUUID();
    expectRestProblem(await f.answerRest(id, []), 400, 'VALIDATION_FAILED', { pointer: '/items' });
    const many = Array.from({ length: 21 }, () => ({ key: 'SOURCE_OF_FUNDS', text: 'x' }));
    expectRestProblem(await f.answerRest(id, many), 400, 'VALIDATION_FAILED', { pointer: '/items' });
    const bad = await f.answerRest(id, [
      { key: 'SOURCE_OF_FUNDS' },
      { key: 'SOURCE_OF_FUNDS', text: 'x', fileIds: [randomUUID()] },
      { key: 'PROOF_OF_ADDRESS_FILE', text: 'x' },
      { key: 'BUSINESS_DESCRIPTION', text: 'x'.repeat(2001) },
      { key: 'INVOICE_FILE', fileIds: Array.from({ length: 11 }, () => randomUUID()) },
      { key: 'SOURCE_OF_FUNDS_FILE', fileIds: [] },
    ]);
    const doc = expectRestProblem(bad, 400, 'VALIDATION_FAILED');
    expect(doc.errors!.map((e) => e.pointer)).toEqual([
      '/items/0/text',
      '/items/1/key',
      '/items/1/fileIds',
      '/items/2/fileIds',
      '/items/2/text',
      '/items/3/text',
      '/items/4/fileIds',
      '/items/5/fileIds',
    ]);
    expectGraphQLProblem(await f.answerGql(id, [{ key: 'SOURCE_OF_FUNDS', text: '' }]), 400, 'VALIDATION_FAILED', { pointer: '/items/0/text' });
  });

  it('D → H in order: the record, the files, FILE_NOT_READY, INVALID_STATE, INFORMATION_MISMATCH', async () => {
    const f = await FiatParty.create(server);
    const other = await FiatParty.create(server);
    const text = [{ key: 'SOURCE_OF_FUNDS', text: 'Salary' }];
    const both = async (id: string, items: unknown, status: number, code: string) => {
      expectRestProblem(await f.answerRest(id, items), status, code);
      expectGraphQLProblem(await f.answerGql(id, items), status, code);
    };
    await both(randomUUID(), text, 404, 'NOT_FOUND');
    const theirs = await asked(other);
    await both(theirs.applicationId, text, 403, 'FORBIDDEN');
    // A SUBMITTED application: the files first (404, 403), then FILE_NOT_READY, then INVALID_STATE.
    const submitted = await f.apply();
    const pending = (await createFile(server, f.s.client, f.customerId, uploadInput(fileBytes()))).body.fileId as string;
    const othersFile = await linkedFile(server, other.s.client, other.customerId);
    const withFiles = (ids: string[]) => [{ key: 'SOURCE_OF_FUNDS', text: 'Salary' }, { key: 'PROOF_OF_ADDRESS_FILE', fileIds: ids }];
    await both(submitted.applicationId, withFiles([randomUUID()]), 404, 'FILE_NOT_FOUND');
    await both(submitted.applicationId, withFiles([othersFile]), 403, 'FORBIDDEN');
    await both(submitted.applicationId, withFiles([pending]), 409, 'FILE_NOT_READY');
    await both(submitted.applicationId, text, 409, 'INVALID_STATE');
    // NEEDS_ADDITIONAL_INFORMATION: the keys must be exactly the open requests'.
    await server.advanceWorker();
    const g = await FiatParty.create(server);
    const app = await asked(g, ['SOURCE_OF_FUNDS', 'BUSINESS_DESCRIPTION']);
    const mismatch = await g.answerRest(app.applicationId, [{ key: 'SOURCE_OF_FUNDS', text: 'Salary' }, { key: 'EXPECTED_MONTHLY_VOLUME', text: '5000 EUR' }]);
    const doc = expectRestProblem(mismatch, 409, 'INFORMATION_MISMATCH');
    expect(doc.detail).toContain('Missing keys: BUSINESS_DESCRIPTION.');
    expect(doc.detail).toContain('Unexpected keys: EXPECTED_MONTHLY_VOLUME.');
    expectGraphQLProblem(await g.answerGql(app.applicationId, [{ key: 'SOURCE_OF_FUNDS', text: 'Salary' }]), 409, 'INFORMATION_MISMATCH');
    // FILE_NOT_READY before INFORMATION_MISMATCH.
    const gPending = (await createFile(server, g.s.client, g.customerId, uploadInput(fileBytes()))).body.fileId as string;
    expectRestProblem(await g.answerRest(app.applicationId, [{ key: 'INVOICE_FILE', fileIds: [gPending] }]), 409, 'FILE_NOT_READY');
    // Nothing answered by the refusals.
    expect((await g.application(app.applicationId)).status).toBe('NEEDS_ADDITIONAL_INFORMATION');
  });
});

describe('the timeout', () => {
  it('at informationDueAt: REJECTED "Additional information not provided"; an answer from then on is INVALID_STATE', async () => {
    const f = await FiatParty.create(server);
    const app = await asked(f);
    // Just before the deadline nothing is due (the clock stopped, so real time does not carry it over).
    server.clock.freeze();
    onTestFinished(() => server.clock.thaw());
    server.clock.advance(Date.parse(app.informationDueAt) - server.clock.now().getTime() - 1);
    await server.service.worker.drain();
    expect((await f.application(app.applicationId)).status).toBe('NEEDS_ADDITIONAL_INFORMATION');
    server.clock.advance(1);
    // At the deadline, before the step ran: the answer is refused (now ≥ informationDueAt).
    expectRestProblem(await f.answerRest(app.applicationId, [{ key: 'SOURCE_OF_FUNDS', text: 'late' }]), 409, 'INVALID_STATE');
    await server.service.worker.drain();
    const done = await f.application(app.applicationId);
    expect(done).toMatchObject({
      status: 'REJECTED',
      statusInfo: 'Additional information not provided',
      informationDueAt: null,
      decidedAt: expect.stringMatching(ISO),
      informationRequests: [{ key: 'SOURCE_OF_FUNDS', answeredAt: null }],
    });
    expect((await eventsOf(server, app.applicationId)).at(-1)).toMatchObject({ type: 'fiat_account_application.rejected', data: done });
    expect((await f.capabilities())[0]).toMatchObject({ status: 'REJECTED', statusInfo: 'Additional information not provided' });
    expectRestProblem(await f.answerRest(app.applicationId, [{ key: 'SOURCE_OF_FUNDS', text: 'late' }]), 409, 'INVALID_STATE');
    // A new application may follow.
    expect((await f.createRest(applicationInput())).status).toBe(200);
  });

  it('the answer and the timeout race: both eligible by the clock, exactly one wins every time (the round’s compare-and-set)', async () => {
    // The partner's clock one millisecond before the deadline, the timeout step's at it: only the database
    // tells them apart. The step is run as the worker runs it, concurrently with the answer.
    server.clock.freeze();
    onTestFinished(() => server.clock.thaw());
    const f = await FiatParty.create(server);
    const outcomes: number[] = [];
    for (let i = 0; i < 12; i++) {
      const g = new FiatParty(f.s, await f.s.verifiedCustomer());
      const app = await asked(g);
      server.clock.advance(Date.parse(app.informationDueAt) - server.clock.now().getTime() - 1);
      const [roundId] = (await server.db.all<{ round_id: string }>("SELECT round_id FROM information_rounds WHERE owner_id = ? AND state = 'OPEN'", app.applicationId)).map((x) => x.round_id);
      const due = new Date(app.informationDueAt);
      const runStep = () => server.service.engine.writer.run((tx) => timeoutStep(tx, roundId!, due));
      // Iterations 0 and 1 settle each winner for certain (one after the other); the rest start both
      // together, the step a few milliseconds later each time, so the two meet at different points.
      let answer: Promise<Reply>;
      let step: Promise<boolean>;
      if (i === 0) {
        step = runStep();
        await step;
        answer = g.answerRest(app.applicationId, [{ key: 'SOURCE_OF_FUNDS', text: `race ${i}` }]);
      } else if (i === 1) {
        answer = g.answerRest(app.applicationId, [{ key: 'SOURCE_OF_FUNDS', text: `race ${i}` }]);
        await answer;
        step = runStep();
      } else {
        answer = g.answerRest(app.applicationId, [{ key: 'SOURCE_OF_FUNDS', text: `race ${i}` }]);
        step = new Promise<boolean>((resolve, reject) => setTimeout(() => runStep().then(resolve, reject), (i - 2) * 4));
      }
      const [r, stepped] = await Promise.all([answer, step]);
      outcomes.push(r.status);
      const end = (await g.gql(APPLICATION_QUERY, { id: app.applicationId })).body.data.fiatAccountApplication;
      const states = (await server.db.all<{ state: string }>('SELECT state FROM information_rounds WHERE owner_id = ?', app.applicationId)).map((x) => x.state);
      const types = (await eventsOf(server, app.applicationId)).map((e) => e.type).slice(3);
      if (r.status === 200) {
        expect(stepped).toBe(false);
        expect(states).toEqual(['ANSWERED']);
        expect(end).toMatchObject({ status: 'IN_REVIEW', informationDueAt: null });
        expect(types).toEqual(['fiat_account_application.in_review']);
      } else {
        expectProblem(r, 409, 'INVALID_STATE');
        expect(stepped).toBe(true);
        expect(states).toEqual(['EXPIRED']);
        expect(end).toMatchObject({ status: 'REJECTED', statusInfo: 'Additional information not provided', informationDueAt: null });
        expect(types).toEqual(['fiat_account_application.rejected']);
      }
    }
    expect(outcomes.slice(0, 2)).toEqual([409, 200]);
  });
});
