// test: PostgreSQL only — several processes on one PostgreSQL database
// §16.4 an operator's verification decision vs the review step (compare-and-set on the pending review),
// across processes on one PostgreSQL database: two servers whose workers run the review step, and
// `partnerctl customer verification-decide` run from the test's process (partnerctl's own code, on a
// connection of its own; no process start-up to guess) so that it lands around the step.
// §12.3: the decision applies at once in any state and ends the pending review; a review step that finds
// the review ended changes nothing. Runs with `npm run test:pg`.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../src/cli/operators.js';
import { SecretBox } from '../../../src/core/secret-box.js';
import { openEngine } from '../../../src/db/engine.js';
import { createPgSchema, type PgSchema } from '../../helpers/pg.js';
import { PgTestDb } from '../../helpers/pg-test-db.js';
import { partnerctlHere } from '../../helpers/partnerctl-here.js';
import { processKit, type Run, type Spawned, signedSend } from '../../helpers/processes.js';

const kit = processKit({ tempPrefix: 'partner-verification-xproc-' });
const CUSTOMERS = 16;
/** Races run this many at a time. */
const AT_ONCE = 2;
/**
 * Each decision is aimed at its review's due time + an offset spread over [-SPREAD_MS/2, SPREAD_MS/2):
 * partnerctl is started that far ahead by its start-up (a database connection), estimated from the
 * decisions so far, so the decisions land on either side of the step.
 */
const SPREAD_MS = 800;
/** SANDBOX_STEP_DELAY_MS: room for partnerctl's start-up, twice what a probe measured. */
let stepDelayMs = 0;
/** partnerctl's start-up to its decision, as last seen (exponential average). */
let startUpMs = 0;
const INFO = 'Operator says no';

let schema: PgSchema;
let db: PgTestDb;
let servers: Spawned[] = [];
let client: { clientId: string; secret: string };

beforeAll(async () => {
  schema = await createPgSchema('vxproc');
  db = new PgTestDb(schema.url, schema.schema);
  const engine = await openEngine({ kind: 'pg', url: schema.url }, { poolSize: 1 });
  try {
    client = await createClient(engine, SecretBox.development(), { name: 'Two processes' });
  } finally {
    await engine.close();
  }
  // partnerctl's start-up here (a database connection), two at once as the races run them.
  const t0 = Date.now();
  const probes = await Promise.all([0, 1].map(() => partnerctlHere(schema.url, ['customer', 'verification-decide', '--customer-id', randomUUID(), '--outcome', 'VERIFIED'])));
  for (const p of probes) expect(p.code).toBe(1); // NOT_FOUND: it reached the database
  startUpMs = Date.now() - t0;
  stepDelayMs = 2 * startUpMs + SPREAD_MS / 2;
  const env = {
    DATABASE_URL: schema.url,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_RPS: '100000',
    RATE_LIMIT_BURST: '100000',
    SANDBOX_STEP_DELAY_MS: String(stepDelayMs),
    WORKER_POLL_INTERVAL_MS: '10',
  };
  servers = await Promise.all([kit.startMain(env), kit.startMain(env)]);
}, 60_000);

afterAll(async () => {
  for (const s of servers) await kit.stopMain(s);
  await db?.close();
  await schema?.drop();
});

type Reply = { status: number; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

const send = (server: Spawned, method: string, path: string, body?: unknown): Promise<Reply> => signedSend(server, client, method, path, body);

/** KYC evidence whose checks all PASSED: the review step's outcome is VERIFIED (§12.3 rules 2 and 4). */
function kyc() {
  const now = new Date().toISOString();
  return {
    subject: { legalName: 'Ada Lovelace', country: 'GB', dateOfBirth: '1985-12-10' },
    checks: ['IDENTITY_DOCUMENT', 'SANCTIONS_SCREENING', 'PEP_SCREENING'].map((type) => ({ type, result: 'PASSED', completedAt: now })),
    attestedAt: now,
    attestedByPartnerUserRef: 'officer-1',
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Raced = { customerId: string; dueAt: number; decided: Run };

/** A customer with a pending review, then the operator's REJECTED started `offset` ms after the submission. */
async function race(i: number): Promise<Raced> {
  const created = await send(servers[i % 2]!, 'POST', '/partner/v1/customers', { externalRef: `x-${randomUUID()}`, type: 'INDIVIDUAL' });
  expect(created.status).toBe(200);
  const customerId = created.body.customerId as string;
  const submitted = await send(servers[(i + 1) % 2]!, 'POST', `/partner/v1/customers/${customerId}/verification-evidence`, kyc());
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  expect(submitted.body).toMatchObject({ verificationStatus: 'PENDING_REVIEW', verificationReviewPending: true });
  const dueAt = Date.parse(submitted.body.updatedAt) + stepDelayMs;
  const offset = ((i * 7) % CUSTOMERS) * (SPREAD_MS / CUSTOMERS) - SPREAD_MS / 2;
  await sleep(Math.max(0, dueAt + offset - startUpMs - Date.now()));
  const launched = Date.now();
  const decided = await partnerctlHere(schema.url, ['customer', 'verification-decide', '--customer-id', customerId, '--outcome', 'REJECTED', '--info', INFO]);
  if (decided.code === 0) startUpMs = Math.round((startUpMs + Date.parse(JSON.parse(decided.stdout).updatedAt) - launched) / 2);
  return { customerId, dueAt, decided };
}

describe('§16.4 verification decision vs review step across processes', () => {
  it('each customer ends with the operator’s outcome, review no longer pending; the step applies before the decision or not at all; never a 5xx', async () => {
    const raced: Raced[] = [];
    for (let i = 0; i < CUSTOMERS; i += AT_ONCE) raced.push(...(await Promise.all(Array.from({ length: AT_ONCE }, (_, k) => race(i + k)))));

    // Past every review's due time (and a few worker rounds more): a step that could still apply would have.
    await sleep(Math.max(0, Math.max(...raced.map((r) => r.dueAt)) + 500 - Date.now()));

    let reviewFirst = 0;
    let decisionFirst = 0;
    for (const { customerId, decided } of raced) {
      expect(decided.code, decided.stderr).toBe(0);
      const printed = JSON.parse(decided.stdout);
      expect(printed).toMatchObject({ customerId, verificationStatus: 'REJECTED', verificationStatusInfo: INFO, verificationReviewPending: false, verifiedAt: null });

      const row = await db.get<Record<string, unknown>>(
        'SELECT verification_status, verification_status_info, verification_review_pending, verified_at, review_id, review_due_at, review_checks FROM customers WHERE customer_id = ?',
        customerId,
      );
      expect(row).toEqual({
        verification_status: 'REJECTED',
        verification_status_info: INFO,
        verification_review_pending: false,
        verified_at: null,
        review_id: null,
        review_due_at: null,
        review_checks: null,
      });
      const read = await send(servers[0]!, 'GET', `/partner/v1/customers/${customerId}`);
      expect(read.status).toBe(200);
      expect(read.body).toEqual(printed);

      // One outcome event per review: the step's (customer.verified) only when it came first, then the
      // operator's on the state it found; never the step's after the decision.
      const events = (await db.all<{ type: string; sequence: number }>('SELECT type, sequence FROM events WHERE resource_id = ? ORDER BY sequence', customerId)).map((e) => [e.type, e.sequence]);
      if (events.length === 4) {
        reviewFirst += 1;
        expect(events).toEqual([['customer.unverified', 1], ['customer.pending_review', 2], ['customer.verified', 3], ['customer.rejected', 4]]);
      } else {
        decisionFirst += 1;
        expect(events).toEqual([['customer.unverified', 1], ['customer.pending_review', 2], ['customer.rejected', 3]]);
      }
    }
    expect(reviewFirst + decisionFirst).toBe(CUSTOMERS);
    // The decisions straddle the steps: both orders must occur, or the test raced nothing.
    expect(reviewFirst).toBeGreaterThan(0);
    expect(decisionFirst).toBeGreaterThan(0);
    console.info(`§16.4 decision vs review (step delay ${stepDelayMs} ms): the step first ${reviewFirst}, the decision first ${decisionFirst}`);
    for (const s of servers) expect(s.output()).not.toMatch(/"level":(50|60)/);
  }, 180_000);
});
