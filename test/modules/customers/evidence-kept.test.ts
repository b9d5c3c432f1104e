// §12.3, §16.9 (amended 2026-12-07): every verification submission is kept sealed, none overwritten by a
// re-verification; `partnerctl customer evidence` lists them for operators (no personal data), newest
// first; a submission is purged VERIFICATION_EVIDENCE_RETENTION_DAYS after the customer's next decision
// replaced it, never earlier (the worker's step, on the injected clock).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type TestServer } from '../../helpers/harness.js';
import { partnerctlHere, partnerctlHereJson } from '../../helpers/partnerctl-here.js';

const DAY_MS = 86_400_000;
const RETENTION_DAYS = 365;
const iso = (d: Date) => d.toISOString();

describe('§16.9 verification evidence kept across re-verification, listed for operators, purged after its retention', () => {
  let server: TestServer;
  let client: Client;
  beforeAll(async () => {
    server = await startTestServer({ PARTNER_SANDBOX: 'true', VERIFICATION_EVIDENCE_RETENTION_DAYS: String(RETENTION_DAYS) });
    client = await server.newClient();
  });
  afterAll(() => server?.stop());

  const evidence = (customerId: string) => partnerctlHereJson(server.databaseUrl, ['customer', 'evidence', '--customer-id', customerId]);
  const newCustomer = async () => {
    const r = await server.request(client, 'POST', '/partner/v1/customers', { body: { externalRef: `ext-${randomUUID()}`, type: 'INDIVIDUAL' }, timestamp: iso(server.clock.now()) });
    expect(r.status, r.text).toBe(200);
    return r.body.customerId as string;
  };
  /** A KYC submission whose subject and provider reference are its own, and LIVENESS when `liveness`. */
  const submit = async (customerId: string, legalName: string, providerReference: string, liveness = false) => {
    const now = iso(server.clock.now());
    const checks = [
      { type: 'IDENTITY_DOCUMENT', result: 'PASSED', completedAt: now, providerName: 'IDV Inc.', providerReference },
      { type: 'SANCTIONS_SCREENING', result: 'PASSED', completedAt: now },
      { type: 'PEP_SCREENING', result: 'PASSED', completedAt: now },
      ...(liveness ? [{ type: 'LIVENESS', result: 'REFERRED', completedAt: now }] : []),
    ];
    const body = { subject: { legalName, country: 'GB', dateOfBirth: '1985-12-10' }, checks, attestedAt: now, attestedByPartnerUserRef: 'officer-7' };
    const r = await server.request(client, 'POST', `/partner/v1/customers/${customerId}/verification-evidence`, { body, timestamp: now });
    expect(r.status, r.text).toBe(200);
    return r.body;
  };
  const sealedNames = async (customerId: string) => {
    const rows = await server.db.all<{ evidence: string }>('SELECT evidence FROM verification_submissions WHERE customer_id = ? ORDER BY submitted_at', customerId);
    return rows.map((r) => JSON.parse(server.config.secretBox.open(customerId, r.evidence)).subject.legalName as string);
  };

  it('verify, re-verify: both submissions kept sealed and listed newest first with their outcomes; no personal data printed', async () => {
    const c = await newCustomer();
    const [first, second] = [`Ada First-${randomUUID()}`, `Ada Second-${randomUUID()}`];
    const [ref1, ref2] = [`ref-${randomUUID()}`, `ref-${randomUUID()}`];
    expect(await evidence(c)).toEqual([]);
    await submit(c, first, ref1);
    await server.advanceWorker();
    const afterFirst = await evidence(c);
    expect(afterFirst).toEqual([
      {
        submittedAt: expect.any(String),
        outcome: 'VERIFIED',
        decidedAt: expect.any(String),
        checks: [
          { type: 'IDENTITY_DOCUMENT', result: 'PASSED' },
          { type: 'SANCTIONS_SCREENING', result: 'PASSED' },
          { type: 'PEP_SCREENING', result: 'PASSED' },
        ],
      },
    ]);
    // Re-verification of a VERIFIED customer: the second submission is pending, the first still there.
    const pending = await submit(c, second, ref2, true);
    expect(pending).toMatchObject({ verificationStatus: 'VERIFIED', verificationReviewPending: true });
    const whilePending = await evidence(c);
    expect(whilePending).toHaveLength(2);
    expect(whilePending[0]).toMatchObject({ outcome: null, decidedAt: null, checks: expect.arrayContaining([{ type: 'LIVENESS', result: 'REFERRED' }]) });
    expect(whilePending[1]).toEqual(afterFirst[0]);
    await server.advanceWorker();
    const both = await evidence(c);
    expect(both.map((e: { outcome: string }) => e.outcome)).toEqual(['VERIFIED', 'VERIFIED']);
    expect(both[0].submittedAt > both[1].submittedAt).toBe(true);
    expect(both[0].decidedAt > both[1].decidedAt).toBe(true);
    expect(both[1]).toEqual(afterFirst[0]);
    // Each submission sealed as sent, neither overwritten.
    expect(await sealedNames(c)).toEqual([first, second]);
    const printed = (await partnerctlHere(server.databaseUrl, ['customer', 'evidence', '--customer-id', c])).stdout;
    for (const personal of [first, second, ref1, ref2, '1985-12-10', 'officer-7', 'IDV Inc.']) expect(printed).not.toContain(personal);
    for (const e of both) expect(Object.keys(e)).toEqual(['submittedAt', 'outcome', 'decidedAt', 'checks']);
  });

  it('an operator decision ends a pending review: it is that submission\'s outcome', async () => {
    const c = await newCustomer();
    await submit(c, `Bo ${randomUUID()}`, `ref-${randomUUID()}`);
    const decided = await partnerctlHereJson(server.databaseUrl, ['customer', 'verification-decide', '--customer-id', c, '--outcome', 'REJECTED']);
    expect(await evidence(c)).toEqual([expect.objectContaining({ outcome: 'REJECTED', decidedAt: decided.updatedAt })]);
  });

  it('a replaced submission is purged at its retention after the decision that replaced it, never earlier; the standing one is kept', async () => {
    const c = await newCustomer();
    await submit(c, `Cy One-${randomUUID()}`, `ref-${randomUUID()}`);
    await server.advanceWorker();
    const second = `Cy Two-${randomUUID()}`;
    await submit(c, second, `ref-${randomUUID()}`);
    await server.advanceWorker();
    const [standing, replaced] = await evidence(c);
    // Frozen: only advance() moves it, so the second before the bound stays before it.
    server.clock.freeze();
    // The first was replaced by the second's decision: its retention runs from then.
    const purgeAt = new Date(standing.decidedAt).getTime() + RETENTION_DAYS * DAY_MS;
    server.clock.advance(purgeAt - 1000 - server.clock.now().getTime());
    await server.service.worker.drain();
    expect(await evidence(c)).toEqual([standing, replaced]);
    server.clock.advance(1000);
    await server.service.worker.drain();
    expect(await evidence(c)).toEqual([standing]);
    expect(await sealedNames(c)).toEqual([second]);
    // The standing decision's submission stays however long nothing replaces it.
    server.clock.advance(10 * RETENTION_DAYS * DAY_MS);
    await server.service.worker.drain();
    expect(await evidence(c)).toEqual([standing]);
    server.clock.thaw();
  });

  it('an unknown customer → NOT_FOUND (exit 1); no --customer-id → usage error (exit 2)', async () => {
    const unknown = await partnerctlHere(server.databaseUrl, ['customer', 'evidence', '--customer-id', randomUUID()]);
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.stderr.trim().split('\n').pop()!)).toMatchObject({ code: 'NOT_FOUND' });
    expect((await partnerctlHere(server.databaseUrl, ['customer', 'evidence'])).code).toBe(2);
  });

  it('run with another PARTNER_SECRET_KEY than the server\'s: a refusal (exit 1 INVALID_STATE), nothing opened', async () => {
    const c = await newCustomer();
    await submit(c, `Di ${randomUUID()}`, `ref-${randomUUID()}`);
    const r = await partnerctlHere(server.databaseUrl, ['customer', 'evidence', '--customer-id', c], { PARTNER_SECRET_KEY: 'ab'.repeat(32) });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stderr.trim().split('\n').pop()!)).toEqual({ code: 'INVALID_STATE', detail: expect.stringContaining('PARTNER_SECRET_KEY') });
    expect(r.stdout).toBe('');
  });
});
