// test: slow — fast-check: random fiat lifecycles against a model
// A model-based property test of the fiat areas (§14.3, §14.4, §14.8, §16.2–§16.3): random sequences of
// account applications (each customer's sandbox review outcome set or cleared: APPROVED, REJECTED,
// NEEDS_ADDITIONAL_INFORMATION with its keys), answers (right or wrong keys, either surface, before or
// after the deadline), the answer racing the timeout step at the deadline (exactly one wins), partners'
// rails disabled and enabled, simulated deposits (either surface) on the accounts issued, accounts
// suspended and reactivated, their deposit instructions read, senders put on and taken off the bank deny
// list, and worker rounds with the clock moved, run against the real server and a small in-memory model. After every step each
// application's status, statusInfo, deadline and rounds, each account's and deposit's status, each
// customer's account capabilities and its EUR and USD balances agree with the model, and after every step
// that posts the ledger holds L1–L5; at the end every record's events are gapless and one per change, and
// replaying the feed rebuilds every record (E8).
//
// Not here yet: fiat withdrawals (§14.7), not served yet. Withdrawal capabilities (§14.6) only as one
// activation at the start, whose record the feed's rebuild covers; their review is not modelled yet.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowBank, denyBank } from '../../../src/modules/bank-accounts/operators.js';
import { sandboxFiatReviewOutcome } from '../../../src/modules/information/operators.js';
import { timeoutStep } from '../../../src/modules/information/loop.js';
import { FiatParty, INSTRUCTIONS_QUERY } from '../../helpers/fiat-accounts.js';
import { fiatDepositInput, simulateFiatDepositGql, simulateFiatDepositRest } from '../../helpers/fiat-deposits.js';
import { Scenario, startTestServer, type Reply, type TestServer } from '../../helpers/harness.js';
import { checkLedgerInvariants, rebuildFromFeed } from '../../helpers/ledger-checks.js';
import { expectProblem } from '../../helpers/problems.js';

const DELAY_MS = 60_000;
const TIMEOUT_MS = 3_600_000;
const CURRENCIES = ['EUR', 'USD'] as const;
type Currency = (typeof CURRENCIES)[number];
/** §14.1: the rails of each currency. */
const RAILS: Record<Currency, ('SEPA' | 'ACH' | 'WIRE')[]> = { EUR: ['SEPA'], USD: ['ACH', 'WIRE'] };
/** Senders as a person types them; the deny list normalises them (§14.5). */
const SENDERS = ['GB82 WEST 1234 5698 7654 32', 'NL91 ABNA 0417 1643 00'];
const KEYS = ['SOURCE_OF_FUNDS', 'EXPECTED_MONTHLY_VOLUME', 'BUSINESS_DESCRIPTION'] as const;
type Outcome = 'APPROVED' | 'REJECTED' | 'NEEDS_ADDITIONAL_INFORMATION';

const INFO: Record<string, string> = {
  SUBMITTED: 'Submitted',
  IN_REVIEW: 'Under review',
  NEEDS_ADDITIONAL_INFORMATION: 'Additional information requested',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};

type Account = { id: string; customer: number; currency: Currency; status: 'ACTIVE' | 'SUSPENDED'; events: string[] };
type Application = {
  id: string;
  customer: number;
  currency: Currency;
  status: string;
  statusInfo: string;
  reviewDue: number | null;
  /** The captured first-review outcome, until the first review consumes it (§14.3). */
  outcome: Outcome | null;
  keys: string[];
  informationDue: number | null;
  rounds: { keys: string[]; answered: boolean }[];
  /** The account its approval created (its id read from the application). */
  account: Account | null;
  events: string[];
};
type Deposit = { id: string; account: Account; amount: bigint; sender: string; due: number; status: string; events: string[] };

class Model {
  applications: Application[] = [];
  deposits: Deposit[] = [];
  /** Per customer: the sandbox entry for APPLICATION, if any. */
  outcomes: ({ outcome: Outcome; keys: string[] } | null)[] = [null, null, null];
  rails: Record<Currency, boolean> = { EUR: true, USD: true };
  denied = new Set<string>();
  available: Record<Currency, bigint>[] = [0, 1, 2].map(() => ({ EUR: 0n, USD: 0n }));
  ledgerRows = 0;

  accountOf(customer: number, currency: Currency): Account | undefined {
    return this.applications.find((a) => a.customer === customer && a.currency === currency && a.account)?.account ?? undefined;
  }
  accounts(): Account[] {
    return this.applications.flatMap((a) => (a.account ? [a.account] : []));
  }
  latestApplication(customer: number, currency: Currency): Application | undefined {
    return this.applications.filter((a) => a.customer === customer && a.currency === currency).at(-1);
  }

  move(a: Application, to: string, info = INFO[to]!): void {
    a.status = to;
    a.statusInfo = info;
    a.events.push(`fiat_account_application.${to.toLowerCase()}`);
  }

  /** One worker drain at `now` (§10.7): each record takes at most the step due now. */
  drain(now: number): void {
    for (const a of this.applications) {
      if (a.status === 'NEEDS_ADDITIONAL_INFORMATION' && a.informationDue !== null && a.informationDue <= now) {
        a.informationDue = null;
        this.move(a, 'REJECTED', 'Additional information not provided');
        continue;
      }
      if (a.reviewDue === null || a.reviewDue > now) continue;
      if (a.status === 'SUBMITTED') {
        a.reviewDue = now + DELAY_MS;
        this.move(a, 'IN_REVIEW');
      } else if (a.status === 'IN_REVIEW') {
        const outcome = a.outcome ?? 'APPROVED';
        a.outcome = null;
        a.reviewDue = null;
        if (outcome === 'NEEDS_ADDITIONAL_INFORMATION') {
          a.rounds.push({ keys: a.keys, answered: false });
          a.informationDue = now + TIMEOUT_MS;
        }
        this.move(a, outcome);
        // §14.4: the account is created ACTIVE in the same transaction; its event after the application's.
        if (outcome === 'APPROVED') a.account = { id: '', customer: a.customer, currency: a.currency, status: 'ACTIVE', events: ['fiat_account.active'] };
      }
    }
    // §14.8: the account's status and the deny list as they stand at the step decide.
    for (const d of this.deposits) {
      if (d.status !== 'PROCESSING' || d.due > now) continue;
      d.status = d.account.status === 'SUSPENDED' || this.denied.has(d.sender) ? 'RETURNED' : 'COMPLETED';
      d.events.push(`fiat_deposit.${d.status.toLowerCase()}`);
      if (d.status === 'COMPLETED') {
        this.available[d.account.customer]![d.account.currency] += d.amount;
        this.ledgerRows += 1;
      }
    }
  }

  /** §14.4's capability table, first match. */
  capability(customer: number, currency: Currency): { status: string; statusInfo: string | null } {
    const account = this.accountOf(customer, currency);
    if (account) return { status: account.status, statusInfo: account.status === 'SUSPENDED' ? 'Account suspended' : null };
    if (!this.rails[currency]) return { status: 'NOT_AVAILABLE', statusInfo: 'No rail enabled' };
    const latest = this.latestApplication(customer, currency);
    if (!latest || latest.status === 'APPROVED') return { status: 'AVAILABLE', statusInfo: null };
    const status = latest.status === 'SUBMITTED' || latest.status === 'IN_REVIEW' ? 'PENDING' : latest.status;
    return { status, statusInfo: latest.statusInfo };
  }
}

type Action =
  | { kind: 'outcome'; customer: number; outcome: Outcome | null; keys: string[] }
  | { kind: 'apply'; customer: number; currency: Currency }
  | { kind: 'answer'; application: number; right: boolean; rest: boolean }
  | { kind: 'race'; application: number; first: 'answer' | 'timeout' | null }
  | { kind: 'step'; ms: number }
  | { kind: 'rail'; currency: Currency; enabled: boolean }
  | { kind: 'deposit'; account: number; amount: bigint; sender: number; rest: boolean }
  | { kind: 'suspend'; account: number; suspended: boolean }
  | { kind: 'instructions'; account: number; rest: boolean }
  | { kind: 'activate' }
  | { kind: 'deny'; sender: number; denied: boolean };

const customer = fc.nat({ max: 2 });
const currency = fc.constantFrom(...CURRENCIES);
/** Applications and accounts are picked among those that exist (the index modulo their number). */
const pick = fc.nat({ max: 11 });
const actionArb: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('outcome' as const),
      customer,
      outcome: fc.constantFrom<Outcome | null>(null, 'APPROVED', 'REJECTED', 'NEEDS_ADDITIONAL_INFORMATION', 'NEEDS_ADDITIONAL_INFORMATION'),
      keys: fc.subarray([...KEYS], { minLength: 1 }),
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('apply' as const), customer, currency }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('answer' as const), application: pick, right: fc.constantFrom(true, true, false), rest: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('race' as const), application: pick, first: fc.constantFrom('answer' as const, 'timeout' as const, null, null) }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('step' as const), ms: fc.constantFrom(DELAY_MS, DELAY_MS, DELAY_MS, DELAY_MS * 3, TIMEOUT_MS - 1, TIMEOUT_MS) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('rail' as const), currency, enabled: fc.boolean() }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('deposit' as const),
      account: pick,
      amount: fc.constantFrom(1n, 2_500n, 99_999n),
      sender: fc.nat({ max: 1 }),
      rest: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('suspend' as const), account: pick, suspended: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('instructions' as const), account: pick, rest: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('deny' as const), sender: fc.nat({ max: 1 }), denied: fc.boolean() }) },
);

describe('§14 fiat lifecycles against a model (property)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ SANDBOX_STEP_DELAY_MS: String(DELAY_MS), FIAT_INFORMATION_TIMEOUT_SECONDS: String(TIMEOUT_MS / 1000), WORKER_POLL_INTERVAL_MS: '10000' });
    // Nothing moves unless the test moves the clock; the model reads the same instants.
    server.clock.freeze();
  });
  afterAll(() => server.stop());

  /** One run: a fresh partner (every rail enabled) with three VERIFIED customers, then the actions, each compared. */
  async function lifecycle(actions: Action[]): Promise<void> {
    // The bank deny list is the server's, not a partner's: each run starts with none.
    await server.db.run(`DELETE FROM bank_deny_list`);
    const f = await FiatParty.create(server);
    const parties = [f, new FiatParty(f.s, await f.s.verifiedCustomer()), new FiatParty(f.s, await f.s.verifiedCustomer())];
    const run = new Runner(server, f.s, parties, new Model());
    // Two accounts to start with, so that deposits and suspensions have somewhere to go, and an application
    // asked for information, so that answers, the race and the timeout have a round to meet.
    const start: Action[] = [
      { kind: 'apply', customer: 0, currency: 'EUR' },
      { kind: 'apply', customer: 1, currency: 'USD' },
      { kind: 'outcome', customer: 2, outcome: 'NEEDS_ADDITIONAL_INFORMATION', keys: ['SOURCE_OF_FUNDS', 'BUSINESS_DESCRIPTION'] },
      { kind: 'apply', customer: 2, currency: 'EUR' },
      { kind: 'step', ms: DELAY_MS },
      { kind: 'step', ms: DELAY_MS },
      { kind: 'activate' },
    ];
    for (const action of [...start, ...actions]) {
      await run.apply(action);
      await run.compare(action);
    }
    for (const p of parties) await checkLedgerInvariants(server, p.customerId);
    await run.compareEvents();
    await rebuildFromFeed(server, f.s.client, parties.map((p) => p.customerId));
  }

  it('applications, answers, the timeout race, rails, deposits, suspensions and the deny list agree with the model after every step', async () => {
    await fc.assert(fc.asyncProperty(fc.array(actionArb, { minLength: 5, maxLength: 30 }), lifecycle), {
      numRuns: Number(process.env.MODEL_RUNS ?? 12),
      endOnFailure: true,
    });
  }, 240_000);
});

class Runner {
  constructor(
    readonly server: TestServer,
    readonly s: Scenario,
    readonly parties: FiatParty[],
    readonly m: Model,
  ) {}

  /** The model's ledger rows when the invariants last held. */
  private checkedRows = 0;

  private now(): number {
    return this.server.clock.now().getTime();
  }

  private gql(query: string, variables: Record<string, unknown>): Promise<Reply> {
    return this.server.gql(this.s.client, query, variables);
  }

  private expectOk(r: Reply, field?: string): Record<string, unknown> {
    const body = field ? r.body?.data?.[field] : r.body;
    if (r.status !== 200 || !body) throw new Error(`${field ?? 'REST'}: expected 200, got ${r.status} ${r.text}`);
    return body;
  }

  /** The answer's items: the open round's keys, or a wrong set (one left out, BUSINESS_DESCRIPTION added). */
  private items(a: Application, right: boolean): { items: { key: string; text: string }[]; wrong: boolean } {
    const asked = a.rounds.at(-1)?.keys ?? ['SOURCE_OF_FUNDS'];
    const keys = right ? asked : [...asked.slice(1), 'BUSINESS_DESCRIPTION'].filter((k, i, all) => all.indexOf(k) === i);
    return { items: keys.map((key) => ({ key, text: 'An answer' })), wrong: [...keys].sort().join() !== [...asked].sort().join() };
  }

  /** §14.3: an accepted answer — every open request answered, back to IN_REVIEW, the next review a step delay later. */
  private answered(a: Application, now: number): void {
    a.rounds.at(-1)!.answered = true;
    a.informationDue = null;
    a.reviewDue = now + DELAY_MS;
    this.m.move(a, 'IN_REVIEW');
  }

  async apply(action: Action): Promise<void> {
    const m = this.m;
    switch (action.kind) {
      case 'outcome': {
        const p = this.parties[action.customer]!;
        const o = action.outcome;
        await this.server.operator((db) =>
          sandboxFiatReviewOutcome(db, p.customerId, 'APPLICATION', o ? { outcome: o, keys: o === 'NEEDS_ADDITIONAL_INFORMATION' ? (action.keys as never) : undefined, clear: false } : { clear: true }),
        );
        m.outcomes[action.customer] = o ? { outcome: o, keys: o === 'NEEDS_ADDITIONAL_INFORMATION' ? action.keys : [] } : null;
        return;
      }
      case 'apply': {
        const p = this.parties[action.customer]!;
        const r = await p.createRest({ currency: action.currency, accountHolderName: 'Ada Lovelace', expectedMonthlyVolumeMinor: '500000', sourceOfFunds: 'Salary', accountPurpose: 'Savings' });
        // §14.4: E a rail of the currency enabled → H gate (the customers stay ACTIVE and VERIFIED) → FIAT_ACCOUNT_EXISTS.
        if (!m.rails[action.currency]) return void expectProblem(r, 403, 'RAIL_NOT_PERMITTED');
        const open = m.applications.some((a) => a.customer === action.customer && a.currency === action.currency && ['SUBMITTED', 'IN_REVIEW', 'NEEDS_ADDITIONAL_INFORMATION'].includes(a.status));
        if (m.accountOf(action.customer, action.currency) || open) return void expectProblem(r, 409, 'FIAT_ACCOUNT_EXISTS');
        const body = this.expectOk(r);
        expect([body.status, body.statusInfo]).toEqual(['SUBMITTED', 'Submitted']);
        const captured = m.outcomes[action.customer];
        m.applications.push({
          id: body.applicationId as string,
          customer: action.customer,
          currency: action.currency,
          status: 'SUBMITTED',
          statusInfo: 'Submitted',
          reviewDue: this.now() + DELAY_MS,
          outcome: captured?.outcome ?? null,
          keys: captured?.keys ?? [],
          informationDue: null,
          rounds: [],
          account: null,
          events: ['fiat_account_application.submitted'],
        });
        return;
      }
      case 'answer': {
        const a = m.applications[action.application % m.applications.length];
        if (!a) return;
        const p = this.parties[a.customer]!;
        const { items, wrong } = this.items(a, action.right);
        const r = action.rest ? await p.answerRest(a.id, items) : await p.answerGql(a.id, items);
        // §14.3: INVALID_STATE (not NEEDS_ADDITIONAL_INFORMATION, or now ≥ informationDueAt) → INFORMATION_MISMATCH.
        const now = this.now();
        if (a.status !== 'NEEDS_ADDITIONAL_INFORMATION' || now >= a.informationDue!) return void expectProblem(r, 409, 'INVALID_STATE');
        if (wrong) return void expectProblem(r, 409, 'INFORMATION_MISMATCH');
        expect(this.expectOk(r, action.rest ? undefined : 'submitFiatAccountApplicationAdditionalInformation').status).toBe('IN_REVIEW');
        this.answered(a, now);
        return;
      }
      case 'race': {
        // §14.3: the partner's clock a millisecond before the deadline, the timeout step run at it as the
        // worker runs it: one after the other (each winner for certain), or both at once: exactly one wins.
        const open = m.applications.filter((x) => x.status === 'NEEDS_ADDITIONAL_INFORMATION' && this.now() < x.informationDue!);
        const a = open[action.application % open.length];
        if (!a) return;
        const due = a.informationDue!;
        this.server.clock.advance(due - 1 - this.now());
        const [round] = await this.server.db.all<{ round_id: string }>(`SELECT round_id FROM information_rounds WHERE owner_id = ? AND state = 'OPEN'`, a.id);
        const { items } = this.items(a, true);
        const answer = () => this.parties[a.customer]!.answerRest(a.id, items);
        const step = () => this.server.service.engine.writer.run((tx) => timeoutStep(tx, round!.round_id, new Date(due)));
        let r: Reply;
        let stepped: boolean;
        if (action.first === 'answer') {
          r = await answer();
          stepped = await step();
        } else if (action.first === 'timeout') {
          stepped = await step();
          r = await answer();
        } else [r, stepped] = await Promise.all([answer(), step()]);
        if (action.first) expect(r.status === 200).toBe(action.first === 'answer');
        if (r.status === 200) {
          expect(stepped).toBe(false);
          this.answered(a, due - 1);
        } else {
          expectProblem(r, 409, 'INVALID_STATE');
          expect(stepped).toBe(true);
          a.informationDue = null;
          m.move(a, 'REJECTED', 'Additional information not provided');
        }
        // The clock moved: whatever else fell due meanwhile takes its step now (the worker's own timer may
        // already have taken it).
        await this.server.service.worker.drain();
        m.drain(this.now());
        return;
      }
      case 'step': {
        this.server.clock.advance(action.ms);
        await this.server.service.worker.drain();
        m.drain(this.now());
        return;
      }
      case 'rail': {
        m.rails[action.currency] = action.enabled;
        await this.parties[0]!.setRails(CURRENCIES.flatMap((c) => (m.rails[c] ? RAILS[c] : [])));
        return;
      }
      case 'deposit': {
        const account = m.accounts()[action.account % m.accounts().length];
        if (!account) return;
        const input = fiatDepositInput({ amountMinor: action.amount.toString(), senderAccountIdentifier: SENDERS[action.sender] });
        const r = action.rest
          ? await simulateFiatDepositRest(this.server, this.s.client, account.id, input)
          : await simulateFiatDepositGql(this.server, this.s.client, account.id, input);
        // §14.8: no rail-enabled check, no gate, no status check: PROCESSING, the step a delay later.
        const d = this.expectOk(r, action.rest ? undefined : 'simulateFiatDeposit');
        expect([d.status, d.statusInfo, d.rail]).toEqual(['PROCESSING', 'Processing', RAILS[account.currency][0]]);
        m.deposits.push({ id: d.fiatDepositId as string, account, amount: action.amount, sender: SENDERS[action.sender]!, due: this.now() + DELAY_MS, status: 'PROCESSING', events: ['fiat_deposit.processing'] });
        return;
      }
      case 'suspend': {
        const account = m.accounts()[action.account % m.accounts().length];
        if (!account) return;
        const view = await this.parties[account.customer]!.suspend(account.id, action.suspended);
        const status = action.suspended ? 'SUSPENDED' : 'ACTIVE';
        expect((view as { status: string }).status).toBe(status);
        // §14.4, §16.2 E2: repeating changes nothing and writes no event.
        if (account.status !== status) account.events.push(`fiat_account.${status.toLowerCase()}`);
        account.status = status;
        return;
      }
      case 'activate': {
        // §14.6: customer 0's SEPA withdrawal capability, activated once its EUR account is ACTIVE: PENDING.
        // Its review is not modelled here; the feed's rebuild (E8) covers its record.
        const r = await this.gql(
          `mutation($c: UUID!, $i: ActivateFiatWithdrawalCapabilityInput!) { activateFiatWithdrawalCapability(customerId: $c, rail: SEPA, input: $i) { status } }`,
          { c: this.parties[0]!.customerId, i: { expectedMonthlyVolumeMinor: '100000', withdrawalPurpose: 'Rent' } },
        );
        expect(this.expectOk(r, 'activateFiatWithdrawalCapability').status).toBe('PENDING');
        return;
      }
      case 'instructions': {
        // §14.4: an ACTIVE account's instructions, addressed to its holder; a SUSPENDED one's → 409 INVALID_STATE.
        const account = m.accounts()[action.account % m.accounts().length];
        if (!account) return;
        const p = this.parties[account.customer]!;
        const r = action.rest ? await p.rest('GET', `/partner/v1/fiat/accounts/${account.id}/deposit-instructions`) : await p.gql(INSTRUCTIONS_QUERY, { id: account.id });
        if (account.status === 'SUSPENDED') return void expectProblem(r, 409, 'INVALID_STATE', { data: 'null-fields' });
        const i = this.expectOk(r, action.rest ? undefined : 'fiatDepositInstructions');
        expect([i.fiatAccountId, i.currency, i.rails, i.beneficiaryName]).toEqual([account.id, account.currency, RAILS[account.currency], 'Ada Lovelace']);
        return;
      }
      case 'deny': {
        const sender = SENDERS[action.sender]!;
        const box = this.server.config.secretBox;
        // Normalised either way (§14.5): listed as typed, removed without spaces and in lower case.
        const changed = action.denied
          ? (await this.server.operator((db) => denyBank(db, box, sender))).added
          : (await this.server.operator((db) => allowBank(db, box, sender.replaceAll(' ', '').toLowerCase()))).removed;
        expect(changed).toBe(action.denied !== m.denied.has(sender));
        if (action.denied) m.denied.add(sender);
        else m.denied.delete(sender);
        return;
      }
    }
  }

  /** Records, capabilities and balances as the API answers them, against the model. */
  async compare(after: Action): Promise<void> {
    const m = this.m;
    const queries: string[] = [];
    const requests = 'informationRequests { key answeredAt }';
    m.applications.forEach((a, i) => queries.push(`a${i}: fiatAccountApplication(applicationId: "${a.id}") { status statusInfo informationDueAt fiatAccountId decidedAt ${requests} }`));
    m.deposits.forEach((d, i) => queries.push(`d${i}: fiatDeposit(fiatDepositId: "${d.id}") { status statusInfo creditedAt }`));
    this.parties.forEach((p, i) => {
      queries.push(`b${i}: customerBalances(customerId: "${p.customerId}") { items { currency availableMinor heldMinor } }`);
      queries.push(`c${i}: fiatAccountCapabilities(customerId: "${p.customerId}") { currency status statusInfo fiatAccountId }`);
    });
    // At most 5 aliases a request (the GraphQL limits).
    const data: Record<string, any> = {}; // eslint-disable-line @typescript-eslint/no-explicit-any
    for (let i = 0; i < queries.length; i += 5) {
      const r = await this.gql(`{ ${queries.slice(i, i + 5).join(' ')} }`, {});
      if (!r.body?.data) throw new Error(`records: ${r.status} ${r.text}`);
      Object.assign(data, r.body.data);
    }
    m.applications.forEach((a, i) => {
      const got = data[`a${i}`];
      // The approval's account: its id is the application's fiatAccountId.
      if (a.account && a.account.id === '') a.account.id = got.fiatAccountId;
      expect([after.kind, a.id, got]).toEqual([
        after.kind,
        a.id,
        {
          status: a.status,
          statusInfo: a.statusInfo,
          informationDueAt: a.informationDue === null ? null : new Date(a.informationDue).toISOString(),
          fiatAccountId: a.account?.id ?? null,
          decidedAt: a.status === 'APPROVED' || a.status === 'REJECTED' ? expect.any(String) : null,
          informationRequests: a.rounds.flatMap((round) => round.keys.map((key) => ({ key, answeredAt: round.answered ? expect.any(String) : null }))),
        },
      ]);
    });
    const accounts = m.accounts();
    for (let i = 0; i < accounts.length; i += 5) {
      const r = await this.gql(`{ ${accounts.slice(i, i + 5).map((acc, j) => `f${j}: fiatAccount(fiatAccountId: "${acc.id}") { status suspendedAt }`).join(' ')} }`, {});
      accounts.slice(i, i + 5).forEach((acc, j) => {
        const got = r.body.data[`f${j}`];
        expect([after.kind, acc.id, got.status, got.suspendedAt !== null]).toEqual([after.kind, acc.id, acc.status, acc.status === 'SUSPENDED']);
      });
    }
    m.deposits.forEach((d, i) => {
      const info = { PROCESSING: 'Processing', COMPLETED: 'Credited', RETURNED: 'Returned to sender' }[d.status];
      const got = data[`d${i}`];
      expect([after.kind, d.id, got.status, got.statusInfo, got.creditedAt !== null]).toEqual([after.kind, d.id, d.status, info, d.status === 'COMPLETED']);
    });
    this.parties.forEach((_, c) => {
      const balances: Record<string, string> = { EUR: '0/0', USD: '0/0' };
      for (const b of data[`b${c}`].items) balances[b.currency] = `${b.availableMinor}/${b.heldMinor}`;
      expect({ after: after.kind, customer: c, balances }).toEqual({ after: after.kind, customer: c, balances: { EUR: `${m.available[c]!.EUR}/0`, USD: `${m.available[c]!.USD}/0` } });
      const capabilities = Object.fromEntries((data[`c${c}`] as { currency: string }[]).map(({ currency, ...rest }) => [currency, rest]));
      const want = Object.fromEntries(
        CURRENCIES.map((cur) => [cur, { ...m.capability(c, cur), fiatAccountId: m.accountOf(c, cur)?.id ?? null }]),
      );
      expect({ after: after.kind, customer: c, capabilities }).toEqual({ after: after.kind, customer: c, capabilities: want });
    });
    // §10.1 L1–L5 (§16.3), after every step that posted.
    if (m.ledgerRows !== this.checkedRows) for (const p of this.parties) await checkLedgerInvariants(this.server, p.customerId);
    this.checkedRows = m.ledgerRows;
  }

  /** E2/E3: each record's events, one per change in the model's order, sequences 1..n; one transaction.posted per ledger row. */
  async compareEvents(): Promise<void> {
    const rows = await this.server.db.all<{ id: string; t: string; type: string; s: number | string }>(
      `SELECT resource_id AS id, resource_type AS t, type, sequence AS s FROM events WHERE client_id = ? ORDER BY position`,
      this.s.client.clientId,
    );
    const seen = new Map<string, [string, number][]>();
    for (const row of rows) seen.set(row.id, [...(seen.get(row.id) ?? []), [row.type, Number(row.s)]]);
    const records = [
      ...this.m.applications.map((a) => ({ id: a.id, events: a.events })),
      ...this.m.applications.flatMap((a) => (a.account ? [{ id: a.account.id, events: a.account.events }] : [])),
      ...this.m.deposits.map((d) => ({ id: d.id, events: d.events })),
    ];
    for (const r of records) expect([r.id, seen.get(r.id)]).toEqual([r.id, r.events.map((type, i) => [type, i + 1])]);
    const fiat = rows.filter((r) => ['FIAT_ACCOUNT_APPLICATION', 'FIAT_ACCOUNT', 'FIAT_DEPOSIT'].includes(r.t));
    expect(fiat.length).toBe(records.reduce((n, r) => n + r.events.length, 0));
    // The activation's record: its first event, pending (§16.2), gapless thereafter.
    const capability = rows.filter((r) => r.t === 'FIAT_WITHDRAWAL_CAPABILITY');
    expect([capability[0]?.type, capability.map((r) => Number(r.s))]).toEqual(['fiat_withdrawal_capability.pending', capability.map((_, i) => i + 1)]);
    const transactions = rows.filter((r) => r.t === 'TRANSACTION');
    expect(transactions.map((r) => [r.type, Number(r.s)])).toEqual(Array.from({ length: this.m.ledgerRows }, () => ['transaction.posted', 1]));
  }
}
