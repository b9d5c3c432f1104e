// §12.3 submitCustomerVerificationEvidence (KYC / KYB): its order of checks (B → C → D files → G → H), the
// review step in sandbox and outside it, re-verification, operator decisions, the sandbox outcome, and the
// evidence kept out of every answer, event, log line, audit entry and idempotency record.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxVerificationOutcome, suspendCustomer, verificationDecide } from '../../../src/modules/customers/operators.js';
import { eighteenthBirthday } from '../../../src/modules/customers/verification.js';
import { startService } from '../../../src/service.js';
import { CUSTOMER_FIELDS, Scenario, TestServer, type Client } from '../../helpers/harness.js';
import { createFile, fileBytes, linkInput, uploadInput } from '../../helpers/files.js';
import { eventTrail } from '../../helpers/lifecycle.js';
import { expectProblem, expectRestProblem, pointersOf } from '../../helpers/problems.js';

/** A test server whose log lines are kept (every level), to look for evidence in them. */
class LoggedServer extends TestServer {
  readonly lines: string[] = [];
  override async start(): Promise<this> {
    await super.start();
    await this.service.stop();
    const logger = pino({ level: 'trace' }, { write: (line: string) => void this.lines.push(line) });
    this.service = await startService(this.config, { logger, clock: this.clock.now });
    return this;
  }
}

const iso = (d: Date) => d.toISOString();
const SUBJECT_NAME = `Ada Evidence-${randomUUID()}`;
const PROVIDER_REF = `idv-ref-${randomUUID()}`;
const USER_REF = `officer-${randomUUID()}`;

function kyc(now: Date, o: Record<string, unknown> = {}, checks?: Record<string, unknown>[]) {
  return {
    subject: { legalName: SUBJECT_NAME, country: 'GB', dateOfBirth: '1985-12-10' },
    checks: checks ?? [
      { type: 'IDENTITY_DOCUMENT', result: 'PASSED', completedAt: iso(now), providerName: 'IDV Inc.', providerReference: PROVIDER_REF },
      { type: 'SANCTIONS_SCREENING', result: 'PASSED', completedAt: iso(now) },
      { type: 'PEP_SCREENING', result: 'PASSED', completedAt: iso(now) },
    ],
    attestedAt: iso(now),
    attestedByPartnerUserRef: USER_REF,
    attestedByPartnerPolicyRef: 'kyc-policy-v3',
    ...o,
  };
}

function kyb(now: Date, o: Record<string, unknown> = {}) {
  return {
    subject: { legalName: 'Acme Holdings Ltd', country: 'DE', registrationNumber: 'HRB 12345' },
    checks: ['COMPANY_REGISTRY', 'BENEFICIAL_OWNERS', 'SANCTIONS_SCREENING', 'PEP_SCREENING', 'DIRECTORS'].map((type) => ({ type, result: 'PASSED', completedAt: iso(now) })),
    attestedAt: iso(now),
    attestedByPartnerUserRef: 'officer-2',
    ...o,
  };
}

const check = (type: string, result: string, now: Date, o: Record<string, unknown> = {}) => ({ type, result, completedAt: iso(now), ...o });

function suite(name: string, env: Record<string, string>, body: (get: () => { server: LoggedServer; s: Scenario }) => void) {
  describe(name, () => {
    let server: LoggedServer;
    let s: Scenario;
    beforeAll(async () => {
      server = await new LoggedServer(env).start();
      s = await Scenario.create(server);
    });
    afterAll(() => server?.stop());
    body(() => ({ server, s }));
  });
}

async function newCustomer(server: TestServer, client: Client, type = 'INDIVIDUAL'): Promise<string> {
  const r = await server.request(client, 'POST', '/partner/v1/customers', { body: { externalRef: `ext-${randomUUID()}`, type }, timestamp: server.clock.now().toISOString() });
  expect(r.status, r.text).toBe(200);
  return r.body.customerId;
}

const submit = (server: TestServer, client: Client, customerId: string, input: unknown, o: { idempotencyKey?: string } = {}) =>
  server.request(client, 'POST', `/partner/v1/customers/${customerId}/verification-evidence`, { body: input, timestamp: server.clock.now().toISOString(), ...o });

const read = async (server: TestServer, client: Client, customerId: string) =>
  (await server.gql(client, `query($id: UUID!) { customer(customerId: $id) { ${CUSTOMER_FIELDS} } }`, { id: customerId }, { timestamp: server.clock.now().toISOString() })).body.data.customer;

suite('§12.3 in sandbox mode', { PARTNER_SANDBOX: 'true' }, (get) => {
  it('KYC: PENDING_REVIEW (info "Evidence under review", event customer.pending_review), then the review step → VERIFIED (customer.verified)', async () => {
    const { server, s } = get();
    const c = await newCustomer(server, s.client);
    const r = await submit(server, s.client, c, kyc(server.clock.now()));
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ verificationKind: 'KYC', verificationStatus: 'PENDING_REVIEW', verificationStatusInfo: 'Evidence under review', verificationReviewPending: true, verifiedAt: null });
    expect(Object.keys(r.body).sort()).toEqual(CUSTOMER_FIELDS.split(' ').sort());
    await server.advanceWorker();
    const after = await read(server, s.client, c);
    expect(after).toMatchObject({ verificationStatus: 'VERIFIED', verificationStatusInfo: null, verificationReviewPending: false, verifiedAt: after.updatedAt });
    expect(await eventTrail(server, s.client, c)).toEqual([['customer.unverified', 1], ['customer.pending_review', 2], ['customer.verified', 3]]);
  });

  it('KYB: a CORPORATE customer with the KYB checks is VERIFIED', async () => {
    const { server, s } = get();
    const c = await newCustomer(server, s.client, 'CORPORATE');
    const r = await submit(server, s.client, c, kyb(server.clock.now()));
    expect(r.status, r.text).toBe(200);
    expect(r.body.verificationKind).toBe('KYB');
    await server.advanceWorker();
    expect((await read(server, s.client, c)).verificationStatus).toBe('VERIFIED');
  });

  it('a FAILED check rejects ("Check failed: <TYPE>", the first in input order), even over a captured VERIFIED outcome; REJECTED may submit again', async () => {
    const { server, s } = get();
    const c = await newCustomer(server, s.client);
    await server.operator((db) => sandboxVerificationOutcome(db, c, { outcome: 'VERIFIED', clear: false }));
    const now = server.clock.now();
    const checks = [check('IDENTITY_DOCUMENT', 'PASSED', now), check('PEP_SCREENING', 'FAILED', now), check('SANCTIONS_SCREENING', 'FAILED', now)];
    expect((await submit(server, s.client, c, kyc(now, {}, checks))).status).toBe(200);
    await server.advanceWorker();
    expect(await read(server, s.client, c)).toMatchObject({ verificationStatus: 'REJECTED', verificationStatusInfo: 'Check failed: PEP_SCREENING', verificationReviewPending: false, verifiedAt: null });
    const again = await submit(server, s.client, c, kyc(server.clock.now()));
    expect(again.body).toMatchObject({ verificationStatus: 'PENDING_REVIEW', verificationReviewPending: true });
    expect((await eventTrail(server, s.client, c)).map(([t]) => t)).toEqual(['customer.unverified', 'customer.pending_review', 'customer.rejected', 'customer.pending_review']);
  });

  it('the sandbox outcome is captured at submission: REJECTED with its text; one set after the submission does not apply to it; --clear restores VERIFIED', async () => {
    const { server, s } = get();
    const c = await newCustomer(server, s.client);
    await server.operator((db) => sandboxVerificationOutcome(db, c, { outcome: 'REJECTED', info: 'Sandbox: document expired', clear: false }));
    expect((await submit(server, s.client, c, kyc(server.clock.now()))).status).toBe(200);
    await server.operator((db) => sandboxVerificationOutcome(db, c, { outcome: 'VERIFIED', clear: false }));
    await server.advanceWorker();
    expect(await read(server, s.client, c)).toMatchObject({ verificationStatus: 'REJECTED', verificationStatusInfo: 'Sandbox: document expired' });
    await server.operator((db) => sandboxVerificationOutcome(db, c, { outcome: 'REJECTED', clear: false }));
    expect((await submit(server, s.client, c, kyc(server.clock.now()))).status).toBe(200);
    await server.advanceWorker();
    expect(await read(server, s.client, c)).toMatchObject({ verificationStatus: 'REJECTED', verificationStatusInfo: 'Rejected by review' });
    await server.operator((db) => sandboxVerificationOutcome(db, c, { clear: true }));
    expect((await submit(server, s.client, c, kyc(server.clock.now()))).status).toBe(200);
    await server.advanceWorker();
    expect((await read(server, s.client, c)).verificationStatus).toBe('VERIFIED');
  });

  it('re-verification: a VERIFIED customer stays VERIFIED while reviewed (customer.updated), verifiedAt refreshed (customer.updated); a second submission while pending → 409 INVALID_STATE', async () => {
    const { server, s } = get();
    const c = await newCustomer(server, s.client);
    await submit(server, s.client, c, kyc(server.clock.now()));
    await server.advanceWorker();
    const first = await read(server, s.client, c);
    const r = await submit(server, s.client, c, kyc(server.clock.now()));
    expect(r.body).toMatchObject({ verificationStatus: 'VERIFIED', verificationStatusInfo: 'Evidence under review', verificationReviewPending: true, verifiedAt: first.verifiedAt });
    expectRestProblem(await submit(server, s.client, c, kyc(server.clock.now())), 409, 'INVALID_STATE');
    await server.advanceWorker();
    const second = await read(server, s.client, c);
    expect(second).toMatchObject({ verificationStatus: 'VERIFIED', verificationStatusInfo: null, verificationReviewPending: false });
    expect(second.verifiedAt > first.verifiedAt).toBe(true);
    expect((await eventTrail(server, s.client, c)).map(([t]) => t)).toEqual(['customer.unverified', 'customer.pending_review', 'customer.verified', 'customer.updated', 'customer.updated']);
  });

  it('two submissions at once: one PENDING_REVIEW, the other 409 INVALID_STATE (one review at a time)', async () => {
    const { server, s } = get();
    const c = await newCustomer(server, s.client);
    const [a, b] = await Promise.all([submit(server, s.client, c, kyc(server.clock.now())), submit(server, s.client, c, kyc(server.clock.now()))]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((await eventTrail(server, s.client, c)).map(([t]) => t)).toEqual(['customer.unverified', 'customer.pending_review']);
  });

  it('an operator decision ends a pending review: its step then changes nothing', async () => {
    const { server, s } = get();
    const c = await newCustomer(server, s.client);
    await submit(server, s.client, c, kyc(server.clock.now()));
    await server.operator((db) => verificationDecide(db, c, 'REJECTED', 'Manual review: mismatch'));
    await server.advanceWorker();
    expect(await read(server, s.client, c)).toMatchObject({ verificationStatus: 'REJECTED', verificationStatusInfo: 'Manual review: mismatch', verificationReviewPending: false });
    expect((await eventTrail(server, s.client, c)).map(([t]) => t)).toEqual(['customer.unverified', 'customer.pending_review', 'customer.rejected']);
  });

  it('no gate: a SUSPENDED customer may submit; an idempotent replay answers the first answer (C before G)', async () => {
    const { server, s } = get();
    const c = await newCustomer(server, s.client);
    await server.operator((db) => suspendCustomer(db, c, true));
    const key = randomUUID();
    const input = kyc(server.clock.now());
    const first = await submit(server, s.client, c, input, { idempotencyKey: key });
    expect(first.status, first.text).toBe(200);
    server.clock.advance(3_600_000); // attestedAt is now too old for G, but a replay re-evaluates nothing
    const replay = await submit(server, s.client, c, input, { idempotencyKey: key });
    expect(replay.status, replay.text).toBe(200);
    expect(replay.body).toEqual(first.body);
  });

  it('stage B: shapes, every fault at once', async () => {
    const { server, s } = get();
    const c = await newCustomer(server, s.client);
    const now = server.clock.now();
    const r = await submit(server, s.client, c, kyc(now, {
      subject: { legalName: '', country: 'gb', dateOfBirth: '2001-02-29' },
      attestedByPartnerUserRef: '',
      attestedByPartnerPolicyRef: 'p'.repeat(129),
    }, [check('IDENTITY_DOCUMENT', 'PASSED', now, { providerName: 'n'.repeat(101), providerReference: 'r'.repeat(201), fileIds: Array.from({ length: 11 }, () => randomUUID()) }), check('IDENTITY_DOCUMENT', 'PASSED', now)]));
    expectRestProblem(r, 400, 'VALIDATION_FAILED');
    expect(pointersOf(r.body).sort()).toEqual(
      ['/subject/legalName', '/subject/country', '/subject/dateOfBirth', '/checks/0/providerName', '/checks/0/providerReference', '/checks/0/fileIds', '/checks/1/type', '/attestedByPartnerUserRef', '/attestedByPartnerPolicyRef'].sort(),
    );
    expectProblem(await submit(server, s.client, c, kyc(now, {}, [])), 400, 'VALIDATION_FAILED', '/checks');
    expectProblem(await submit(server, s.client, c, kyc(now, { subject: { legalName: 'A', country: 'GB', dateOfBirth: '1899-12-31' } })), 400, 'VALIDATION_FAILED', '/subject/dateOfBirth');
  });

  it('stage G: the KYC / KYB table, the age and the clock windows, all at once', async () => {
    const { server, s } = get();
    const c = await newCustomer(server, s.client);
    const now = server.clock.now();
    const old = new Date(now.getTime() - 91 * 86_400_000);
    const ahead = new Date(now.getTime() + 301_000);
    const r = await submit(server, s.client, c, kyc(now, {
      subject: { legalName: 'A', country: 'GB', registrationNumber: 'X1' },
      attestedAt: iso(new Date(now.getTime() - 901_000)),
    }, [check('COMPANY_REGISTRY', 'PASSED', now), check('SANCTIONS_SCREENING', 'PASSED', old), check('LIVENESS', 'PASSED', ahead)]));
    expectRestProblem(r, 400, 'VALIDATION_FAILED');
    expect(pointersOf(r.body).sort()).toEqual(['/attestedAt', '/checks', '/checks/0/type', '/checks/1/completedAt', '/checks/2/completedAt', '/subject/dateOfBirth', '/subject/registrationNumber'].sort());
    expect(r.body.errors.find((e: { pointer: string }) => e.pointer === '/checks').detail).toMatch(/IDENTITY_DOCUMENT, PEP_SCREENING/);
    // KYB refuses dateOfBirth and requires registrationNumber.
    const b = await newCustomer(server, s.client, 'CORPORATE');
    const k = await submit(server, s.client, b, kyb(now, { subject: { legalName: 'Acme', country: 'DE', dateOfBirth: '1990-01-01' } }));
    expect(pointersOf(k.body).sort()).toEqual(['/subject/dateOfBirth', '/subject/registrationNumber']);
    // Age: the 18th birthday at most today (UTC).
    const today = now.toISOString().slice(0, 10);
    const born = (years: number, dayShift: number) => {
      const d = new Date(`${today}T00:00:00Z`);
      d.setUTCFullYear(d.getUTCFullYear() - years);
      d.setUTCDate(d.getUTCDate() + dayShift);
      return d.toISOString().slice(0, 10);
    };
    const minor = await submit(server, s.client, c, kyc(now, { subject: { legalName: 'A', country: 'GB', dateOfBirth: born(18, 1) } }));
    expectProblem(minor, 400, 'VALIDATION_FAILED', '/subject/dateOfBirth');
    const adult = await submit(server, s.client, c, kyc(now, { subject: { legalName: 'A', country: 'GB', dateOfBirth: born(18, 0) } }, [
      // Near the window's edges (the request's clock reads a little later than the test's).
      check('IDENTITY_DOCUMENT', 'PASSED', new Date(now.getTime() - 90 * 86_400_000 + 60_000)),
      check('SANCTIONS_SCREENING', 'PASSED', new Date(now.getTime() + 290_000)),
      check('PEP_SCREENING', 'PASSED', now),
    ]));
    expect(adult.status, adult.text).toBe(200);
  });

  it('files: unknown → 404 FILE_NOT_FOUND, another customer\'s → 403 (D, before G); PENDING_UPLOAD → 409 FILE_NOT_READY (H, after G)', async () => {
    const { server, s } = get();
    const c = await newCustomer(server, s.client);
    const other = await newCustomer(server, s.client);
    const now = server.clock.now();
    const withFiles = (fileIds: string[], o: Record<string, unknown> = {}) =>
      kyc(now, o, [check('IDENTITY_DOCUMENT', 'PASSED', now, { fileIds }), check('SANCTIONS_SCREENING', 'PASSED', now), check('PEP_SCREENING', 'PASSED', now)]);
    const linked = (await createFile(server, s.client, c, linkInput())).body.fileId;
    const theirs = (await createFile(server, s.client, other, linkInput())).body.fileId;
    const waiting = (await createFile(server, s.client, c, uploadInput(fileBytes()))).body.fileId;
    expectRestProblem(await submit(server, s.client, c, withFiles([linked, randomUUID()], { attestedAt: '2000-01-01T00:00:00.000Z' })), 404, 'FILE_NOT_FOUND');
    expectRestProblem(await submit(server, s.client, c, withFiles([theirs])), 403, 'FORBIDDEN');
    expectProblem(await submit(server, s.client, c, withFiles([waiting], { attestedAt: '2000-01-01T00:00:00.000Z' })), 400, 'VALIDATION_FAILED', '/attestedAt');
    expectRestProblem(await submit(server, s.client, c, withFiles([waiting])), 409, 'FILE_NOT_READY');
    expect((await submit(server, s.client, c, withFiles([linked]))).status).toBe(200);
    expectRestProblem(await submit(server, s.client, randomUUID(), withFiles([linked])), 404, 'CUSTOMER_NOT_FOUND');
  });

  it('the evidence appears in no answer, event, idempotency record, audit entry or log line; it is stored sealed', async () => {
    const { server, s } = get();
    const c = await newCustomer(server, s.client);
    const r = await submit(server, s.client, c, kyc(server.clock.now()));
    expect(r.status).toBe(200);
    await server.advanceWorker();
    const refused = await submit(server, s.client, c, kyc(server.clock.now(), { attestedAt: '2000-01-01T00:00:00.000Z' }));
    expect(refused.status).toBe(400);
    // A mistyped value is not quoted back either (graphql-js's scalars would).
    const mistyped = await submit(server, s.client, c, kyc(server.clock.now(), { subject: { legalName: 987654321, country: 'GB', dateOfBirth: '1985-12-10' } }));
    expectProblem(mistyped, 400, 'VALIDATION_FAILED', '/subject/legalName');
    expect(mistyped.text).not.toContain('987654321');
    for (const secret of [SUBJECT_NAME, PROVIDER_REF, USER_REF, '1985-12-10']) {
      expect(r.text).not.toContain(secret);
      expect(refused.text).not.toContain(secret);
      for (const [table, column] of [['events', 'data'], ['idempotency_records', 'response_json'], ['audit_events', 'evidence_user_ref'], ['verification_submissions', 'evidence']])
        expect(await server.db.count(`SELECT COUNT(*) AS n FROM ${table} WHERE ${column} LIKE ?`, `%${secret}%`), `${table}.${column}`).toBe(0);
      expect(server.lines.filter((l) => l.includes(secret))).toEqual([]);
    }
    expect(server.lines.length).toBeGreaterThan(0);
    // Not even sealed: the idempotency record holds the customer as answered.
    expect(await server.db.count(`SELECT COUNT(*) AS n FROM idempotency_records WHERE response_json LIKE '%verificationEvidence%' OR response_json LIKE '%reviewChecks%'`)).toBe(0);
    const sealed = await server.db.get<{ evidence: string }>('SELECT evidence FROM verification_submissions WHERE customer_id = ?', c);
    expect(JSON.parse(server.config.secretBox.open(c, sealed!.evidence)).subject.legalName).toBe(SUBJECT_NAME);
  });
});

suite('§12.3 outside sandbox mode (R21: the review runs in every mode)', { PARTNER_SANDBOX: 'false' }, (get) => {
  it('all PASSED → VERIFIED; a FAILED check → REJECTED; a captured sandbox outcome is ignored', async () => {
    const { server, s } = get();
    const c = await newCustomer(server, s.client);
    await server.operator((db) => sandboxVerificationOutcome(db, c, { outcome: 'REJECTED', clear: false }));
    await submit(server, s.client, c, kyc(server.clock.now()));
    await server.advanceWorker();
    expect((await read(server, s.client, c)).verificationStatus).toBe('VERIFIED');
    const d = await newCustomer(server, s.client);
    const now = server.clock.now();
    await submit(server, s.client, d, kyc(now, {}, [check('IDENTITY_DOCUMENT', 'FAILED', now), check('SANCTIONS_SCREENING', 'PASSED', now), check('PEP_SCREENING', 'REFERRED', now)]));
    await server.advanceWorker();
    expect(await read(server, s.client, d)).toMatchObject({ verificationStatus: 'REJECTED', verificationStatusInfo: 'Check failed: IDENTITY_DOCUMENT' });
  });

  it('a REFERRED check: the review waits for an operator (no change, no event), whose decision ends it', async () => {
    const { server, s } = get();
    const c = await newCustomer(server, s.client);
    const now = server.clock.now();
    await submit(server, s.client, c, kyc(now, {}, [check('IDENTITY_DOCUMENT', 'PASSED', now), check('SANCTIONS_SCREENING', 'REFERRED', now), check('PEP_SCREENING', 'PASSED', now)]));
    await server.advanceWorker();
    await server.advanceWorker();
    expect(await read(server, s.client, c)).toMatchObject({ verificationStatus: 'PENDING_REVIEW', verificationReviewPending: true, verificationStatusInfo: 'Evidence under review' });
    expect(await eventTrail(server, s.client, c)).toHaveLength(2);
    const decided = await server.operator((db) => verificationDecide(db, c, 'VERIFIED', undefined));
    expect(decided).toMatchObject({ verificationStatus: 'VERIFIED', verificationReviewPending: false, verificationStatusInfo: null });
    expect((await eventTrail(server, s.client, c)).map(([t]) => t)).toEqual(['customer.unverified', 'customer.pending_review', 'customer.verified']);
  });
});

describe('§12.3 the 18th birthday (property)', () => {
  it('18 years on, same month and day; 29 February → 1 March in a common year', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true }), (d) => {
        const dob = d.toISOString().slice(0, 10);
        const b = eighteenthBirthday(dob);
        const [y, m, day] = dob.split('-').map(Number) as [number, number, number];
        const leap = (yy: number) => (yy % 4 === 0 && yy % 100 !== 0) || yy % 400 === 0;
        const expected = m === 2 && day === 29 && !leap(y + 18) ? `${y + 18}-03-01` : `${y + 18}-${dob.slice(5)}`;
        expect(b).toBe(expected);
      }),
    );
    expect(eighteenthBirthday('2008-02-29')).toBe('2026-03-01');
    expect(eighteenthBirthday('2000-02-29')).toBe('2018-03-01');
    expect(eighteenthBirthday('1982-02-28')).toBe('2000-02-28');
  });
});
