// §14.3–§14.4 a model of the application's state machine with the additional-information loop, against the
// running server (fast-check, the injected clock stopped and moved only by the test): random first-review
// outcomes and keys, worker steps, answers (right and wrong keys), and clock moves around the deadline.
// After every action the application is where the model says: status, statusInfo, informationDueAt,
// the rounds' requests, and the events so far.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/harness.js';
import { problemCodeOf } from '../../helpers/problems.js';
import { eventsOf } from '../../helpers/withdrawals.js';
import { FiatParty } from '../../helpers/fiat-accounts.js';

const DELAY_MS = 60_000;
const TIMEOUT_MS = 3_600_000;
const APPLICATION_KEYS = ['SOURCE_OF_FUNDS', 'EXPECTED_MONTHLY_VOLUME', 'BUSINESS_DESCRIPTION'] as const;

type Outcome = 'APPROVED' | 'REJECTED' | 'NEEDS_ADDITIONAL_INFORMATION';
type Action = { kind: 'advance'; ms: number } | { kind: 'answer'; right: boolean };

type Model = {
  status: string;
  statusInfo: string;
  reviewDue: number | null;
  /** The captured first-review outcome until the first review consumed it. */
  outcome: Outcome | null;
  keys: string[];
  informationDue: number | null;
  rounds: { keys: string[]; answered: boolean }[];
  events: string[];
};

const INFO: Record<string, string> = {
  SUBMITTED: 'Submitted',
  IN_REVIEW: 'Under review',
  NEEDS_ADDITIONAL_INFORMATION: 'Additional information requested',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};

function move(m: Model, to: string, info = INFO[to]!) {
  m.status = to;
  m.statusInfo = info;
  m.events.push(`fiat_account_application.${to.toLowerCase()}`);
}

/** One worker drain at `now`: each record takes at most the step due now (the next is due later). */
function drain(m: Model, now: number) {
  if (m.status === 'NEEDS_ADDITIONAL_INFORMATION' && m.informationDue !== null && m.informationDue <= now) {
    m.informationDue = null;
    move(m, 'REJECTED', 'Additional information not provided');
    return;
  }
  if (m.reviewDue === null || m.reviewDue > now) return;
  if (m.status === 'SUBMITTED') {
    m.reviewDue = now + DELAY_MS;
    move(m, 'IN_REVIEW');
  } else if (m.status === 'IN_REVIEW') {
    const outcome = m.outcome ?? 'APPROVED';
    m.outcome = null;
    m.reviewDue = null;
    if (outcome === 'NEEDS_ADDITIONAL_INFORMATION') {
      m.rounds.push({ keys: m.keys, answered: false });
      m.informationDue = now + TIMEOUT_MS;
    }
    move(m, outcome);
  }
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SANDBOX_STEP_DELAY_MS: String(DELAY_MS), FIAT_INFORMATION_TIMEOUT_SECONDS: String(TIMEOUT_MS / 1000) });
  server.clock.freeze();
});
afterAll(() => server.stop());

const actions = fc.array(
  fc.oneof(
    fc.constantFrom(DELAY_MS, TIMEOUT_MS - 1, TIMEOUT_MS, 1, DELAY_MS * 3).map((ms): Action => ({ kind: 'advance', ms })),
    fc.boolean().map((right): Action => ({ kind: 'answer', right })),
  ),
  { minLength: 1, maxLength: 8 },
);

describe('the application state machine with the loop, against its model', () => {
  it('random outcomes, steps, answers and deadlines', async () => {
    const f = await FiatParty.create(server);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Outcome | null>(null, 'APPROVED', 'REJECTED', 'NEEDS_ADDITIONAL_INFORMATION'),
        fc.subarray([...APPLICATION_KEYS], { minLength: 1 }),
        actions,
        async (outcome, keys, plan) => {
          const g = new FiatParty(f.s, await f.s.verifiedCustomer());
          if (outcome) await g.reviewOutcome(outcome, outcome === 'NEEDS_ADDITIONAL_INFORMATION' ? keys : undefined);
          const app = await g.apply();
          const m: Model = {
            status: 'SUBMITTED',
            statusInfo: 'Submitted',
            reviewDue: server.clock.now().getTime() + DELAY_MS,
            outcome: outcome,
            keys: outcome === 'NEEDS_ADDITIONAL_INFORMATION' ? keys : [],
            informationDue: null,
            rounds: [],
            events: ['fiat_account_application.submitted'],
          };
          for (const a of plan) {
            const now = server.clock.now().getTime();
            if (a.kind === 'advance') {
              server.clock.advance(a.ms);
              await server.service.worker.drain();
              drain(m, now + a.ms);
            } else {
              const asked = m.rounds.at(-1)?.keys ?? ['SOURCE_OF_FUNDS'];
              const items = (a.right ? asked : [...asked.slice(1), 'BUSINESS_DESCRIPTION'].filter((k, i, all) => all.indexOf(k) === i)).map((key) => ({ key, text: 'An answer' }));
              const wrongKeys = !a.right && items.map((i) => i.key).sort().join() !== [...asked].sort().join();
              const r = await g.answerRest(app.applicationId, items);
              const open = m.status === 'NEEDS_ADDITIONAL_INFORMATION' && m.informationDue !== null && now < m.informationDue;
              if (!open) expect([r.status, problemCodeOf(r)], r.text).toEqual([409, 'INVALID_STATE']);
              else if (wrongKeys) expect([r.status, problemCodeOf(r)], r.text).toEqual([409, 'INFORMATION_MISMATCH']);
              else {
                expect(r.status, r.text).toBe(200);
                m.rounds.at(-1)!.answered = true;
                m.informationDue = null;
                m.reviewDue = now + DELAY_MS;
                move(m, 'IN_REVIEW');
              }
            }
            const seen = await g.application(app.applicationId);
            expect({ status: seen.status, statusInfo: seen.statusInfo, informationDueAt: seen.informationDueAt }).toEqual({
              status: m.status,
              statusInfo: m.statusInfo,
              informationDueAt: m.informationDue === null ? null : new Date(m.informationDue).toISOString(),
            });
            const requests = seen.informationRequests as { key: string; answeredAt: string | null }[];
            expect(requests.map((q) => [q.key, q.answeredAt !== null])).toEqual(m.rounds.flatMap((round) => round.keys.map((k) => [k, round.answered])));
            expect(seen.fiatAccountId !== null).toBe(m.status === 'APPROVED');
            expect((await eventsOf(server, app.applicationId)).map((e) => e.type)).toEqual(m.events);
          }
        },
      ),
      { numRuns: 15 },
    );
  }, 240_000);
});
