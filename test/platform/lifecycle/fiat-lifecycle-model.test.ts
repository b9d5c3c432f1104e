// test: slow — fast-check: random fiat lifecycles against a model
// A model-based property test of the fiat areas (§14.3, §14.4, §14.7, §14.8, §16.2–§16.3): random sequences of
// account applications (each customer's sandbox review outcome set or cleared: APPROVED, REJECTED,
// NEEDS_ADDITIONAL_INFORMATION with its keys), answers (right or wrong keys, either surface, before or
// after the deadline), the answer racing the timeout step at the deadline (exactly one wins), partners'
// rails disabled and enabled, simulated deposits (either surface) on the accounts issued, accounts
// suspended and reactivated, their deposit instructions read, senders put on and taken off the bank deny
// list, fiat withdrawals (a quote or none, the draft and its submission on either surface, random amounts
// against the funds; each bank account's sandbox outcome set or cleared: NEEDS_ADDITIONAL_INFORMATION
// answered or timed out, REJECTED, RETURNED, none; `sandbox fiat-return` from SENT_TO_BANK, from COMPLETED
// within the return window and at its end; customers suspended while their withdrawals move), and worker
// rounds with the clock moved, run against the real server and a small in-memory model. After every step
// each application's status, statusInfo, deadline and rounds, each account's, deposit's and withdrawal's
// status, each customer's account capabilities and its EUR and USD available and held balances agree with
// the model, and after every step that posts the ledger holds L1–L5; at the end every record's events are
// gapless and one per change, and replaying the feed rebuilds every record (E8).
//
// Withdrawal capabilities (§14.6) only as two activations at the start (SEPA of customer 0, ACH of
// customer 1, both ACTIVE after one step), whose records the event checks and the feed's rebuild cover;
// their review's other outcomes are not modelled here.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowBank, denyBank } from '../../../src/modules/bank-accounts/operators.js';
import { suspendCustomer } from '../../../src/modules/customers/operators.js';
import { enableRail } from '../../../src/modules/fiat-rails/operators.js';
import { sandboxFiatReturn, sandboxFiatWithdrawalOutcome } from '../../../src/modules/fiat-withdrawals/operators.js';
import { sandboxFiatReviewOutcome } from '../../../src/modules/information/operators.js';
import { timeoutStep } from '../../../src/modules/information/loop.js';
import { FiatParty, INSTRUCTIONS_QUERY } from '../../helpers/fiat-accounts.js';
import { fiatDepositInput, simulateFiatDepositGql, simulateFiatDepositRest } from '../../helpers/fiat-deposits.js';
import { activateRest, activationInput } from '../../helpers/fiat-capabilities.js';
import { FiatWd } from '../../helpers/fiat-withdrawals.js';
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
/** §14.7: a return after COMPLETED is possible for FIAT_RETURN_WINDOW_DAYS days (partnerctl's own value). */
const WINDOW_MS = 86_400_000;
const PARTNERCTL_ENV = { PARTNER_SANDBOX: 'true', FIAT_RETURN_WINDOW_DAYS: String(WINDOW_MS / 86_400_000) };
/** The rails' withdrawal fees (§14.6), set once per run; disabling and enabling a rail keeps them. */
const FEES = { SEPA: 25n, ACH: 40n };
/** The keys a withdrawal's review asks when its bank account's outcome is NEEDS_ADDITIONAL_INFORMATION. */
const WITHDRAWAL_KEYS = ['PAYMENT_PURPOSE_DETAIL', 'RELATIONSHIP_TO_BENEFICIARY'];
type WdOutcome = 'NEEDS_ADDITIONAL_INFORMATION' | 'REJECTED' | 'RETURNED';
const WD_INFO: Record<string, string> = {
  APPROVED: 'Awaiting submission',
  SUBMITTED: 'Submitted for processing',
  COMPLIANCE_REVIEW: 'Compliance review',
  NEEDS_ADDITIONAL_INFORMATION: 'Additional information requested',
  SENT_TO_BANK: 'Sent to bank',
  COMPLETED: 'Completed',
  REJECTED: 'Rejected by compliance review',
  RETURNED: 'Returned by beneficiary bank',
};
/** Statuses whose amount + fee is held (§16.3 L3). */
const HELD = ['SUBMITTED', 'COMPLIANCE_REVIEW', 'NEEDS_ADDITIONAL_INFORMATION'];

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
/** A bank account (§14.5) of a customer with an ACTIVE withdrawal capability for its rail; its sandbox outcome (§14.3). */
type Bank = { id: string; customer: number; identifier: string; rail: 'SEPA' | 'ACH'; currency: Currency; outcome: WdOutcome | null };
type Withdrawal = {
  id: string;
  bank: Bank;
  amount: bigint;
  fee: bigint;
  status: string;
  statusInfo: string;
  /** The next worker step's instant (review or bank), null when none is due. */
  due: number | null;
  /** Captured at submission (§14.3): the first review's outcome, and whether the sandbox bank returns it. */
  review: 'NEEDS_ADDITIONAL_INFORMATION' | 'REJECTED' | null;
  returns: boolean;
  informationDue: number | null;
  completedAt: number | null;
  returnReason: string | null;
  events: string[];
};

class Model {
  applications: Application[] = [];
  deposits: Deposit[] = [];
  banks: Bank[] = [];
  withdrawals: Withdrawal[] = [];
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

  /** §16.3 L3: amount + fee of the customer's withdrawals under way in that currency. */
  held(customer: number, currency: Currency): bigint {
    return this.withdrawals
      .filter((w) => w.bank.customer === customer && w.bank.currency === currency && HELD.includes(w.status))
      .reduce((n, w) => n + w.amount + w.fee, 0n);
  }

  moveWd(w: Withdrawal, to: string, info = WD_INFO[to]!): void {
    w.status = to;
    w.statusInfo = info;
    w.events.push(`fiat_withdrawal.${to.toLowerCase()}`);
  }

  /** §14.7, §14.9: to REJECTED, amount + fee released (one row). */
  rejectWd(w: Withdrawal, info?: string): void {
    w.due = null;
    w.informationDue = null;
    this.moveWd(w, 'REJECTED', info);
    this.available[w.bank.customer]![w.bank.currency] += w.amount + w.fee;
    this.ledgerRows += 1;
  }

  /** §14.7, §14.9: to RETURNED, amount and fee credited back (two rows: the fees are never 0 here). */
  returnWd(w: Withdrawal, reason: string): void {
    w.due = null;
    w.returnReason = reason;
    this.moveWd(w, 'RETURNED');
    this.available[w.bank.customer]![w.bank.currency] += w.amount + w.fee;
    this.ledgerRows += 2;
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
    // §14.7: the review steps, the information timeout, the bank's steps; nothing a partner does (a suspended
    // account or customer, a disabled rail) changes the course. A review that passes is sent in the same round.
    for (const w of this.withdrawals) {
      if (w.status === 'NEEDS_ADDITIONAL_INFORMATION' && w.informationDue !== null && w.informationDue <= now) {
        this.rejectWd(w, 'Additional information not provided');
        continue;
      }
      if (w.due === null || w.due > now) continue;
      if (w.status === 'SUBMITTED') {
        w.due = now + DELAY_MS;
        this.moveWd(w, 'COMPLIANCE_REVIEW');
      } else if (w.status === 'COMPLIANCE_REVIEW') {
        const review = w.review;
        w.review = null;
        if (review === 'REJECTED') this.rejectWd(w);
        else if (review === 'NEEDS_ADDITIONAL_INFORMATION') {
          w.due = null;
          w.informationDue = now + TIMEOUT_MS;
          this.moveWd(w, 'NEEDS_ADDITIONAL_INFORMATION');
        } else {
          // §14.9: the hold settles, FIAT_WITHDRAWAL then FIAT_WITHDRAWAL_FEE.
          w.due = now + DELAY_MS;
          this.moveWd(w, 'SENT_TO_BANK');
          this.ledgerRows += 2;
        }
      } else if (w.status === 'SENT_TO_BANK') {
        // The sandbox bank returns with the entry's reason, ACCOUNT_CLOSED when none was given.
        if (w.returns) this.returnWd(w, 'ACCOUNT_CLOSED');
        else {
          w.due = null;
          w.completedAt = now;
          this.moveWd(w, 'COMPLETED');
        }
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
  | { kind: 'setup' }
  | { kind: 'deny'; sender: number; denied: boolean }
  | { kind: 'bankOutcome'; bank: number; outcome: WdOutcome | null }
  | { kind: 'withdraw'; bank: number; amount: bigint; quote: boolean; submit: boolean; rest: boolean }
  | { kind: 'submit'; withdrawal: number; rest: boolean }
  | { kind: 'wdAnswer'; withdrawal: number; open: boolean; rest: boolean }
  | { kind: 'fiatReturn'; withdrawal: number; at: 'now' | 'beforeWindowEnd' | 'windowEnd' }
  | { kind: 'customerSuspended'; customer: number; then: 'step' | 'return'; withdrawal: number };

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
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('step' as const), ms: fc.constantFrom(DELAY_MS, DELAY_MS, DELAY_MS, DELAY_MS * 3, TIMEOUT_MS - 1, TIMEOUT_MS, WINDOW_MS) }) },
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
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('bankOutcome' as const),
      bank: pick,
      outcome: fc.constantFrom<WdOutcome | null>(null, 'NEEDS_ADDITIONAL_INFORMATION', 'NEEDS_ADDITIONAL_INFORMATION', 'REJECTED', 'RETURNED', 'RETURNED'),
    }),
  },
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('withdraw' as const),
      bank: pick,
      amount: fc.constantFrom(1n, 500n, 2_000n, 20_000n, 150_000n),
      quote: fc.boolean(),
      submit: fc.constantFrom(true, true, true, false),
      rest: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('submit' as const), withdrawal: pick, rest: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('wdAnswer' as const), withdrawal: pick, open: fc.constantFrom(true, true, false), rest: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('fiatReturn' as const), withdrawal: pick, at: fc.constantFrom('now' as const, 'now' as const, 'beforeWindowEnd' as const, 'windowEnd' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('customerSuspended' as const), customer: fc.nat({ max: 1 }), then: fc.constantFrom('step' as const, 'return' as const), withdrawal: pick }) },
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
    // The bank deny list and the sandbox's withdrawal outcomes are the server's, not a partner's: each run starts with none.
    await server.db.run(`DELETE FROM bank_deny_list`);
    await server.db.run(`DELETE FROM sandbox_fiat_withdrawal_outcomes`);
    const f = await FiatParty.create(server);
    const parties = [f, new FiatParty(f.s, await f.s.verifiedCustomer()), new FiatParty(f.s, await f.s.verifiedCustomer())];
    const run = new Runner(server, f.s, parties, new Model(), parties.map((p) => new FiatWd(p)));
    // Two accounts to start with, so that deposits and suspensions have somewhere to go, and an application
    // asked for information, so that answers, the race and the timeout have a round to meet; then the
    // withdrawal capabilities and bank accounts of customers 0 (EUR, SEPA) and 1 (USD, ACH), funds, a sandbox
    // outcome on two of the bank accounts, and a withdrawal of each customer under way.
    const start: Action[] = [
      { kind: 'apply', customer: 0, currency: 'EUR' },
      { kind: 'apply', customer: 1, currency: 'USD' },
      { kind: 'outcome', customer: 2, outcome: 'NEEDS_ADDITIONAL_INFORMATION', keys: ['SOURCE_OF_FUNDS', 'BUSINESS_DESCRIPTION'] },
      { kind: 'apply', customer: 2, currency: 'EUR' },
      { kind: 'step', ms: DELAY_MS },
      { kind: 'step', ms: DELAY_MS },
      { kind: 'setup' },
      { kind: 'deposit', account: 0, amount: 99_999n, sender: 0, rest: true },
      { kind: 'deposit', account: 1, amount: 99_999n, sender: 1, rest: false },
      { kind: 'step', ms: DELAY_MS },
      { kind: 'bankOutcome', bank: 1, outcome: 'NEEDS_ADDITIONAL_INFORMATION' },
      { kind: 'bankOutcome', bank: 3, outcome: 'REJECTED' },
      { kind: 'withdraw', bank: 0, amount: 2_000n, quote: true, submit: true, rest: true },
      { kind: 'withdraw', bank: 2, amount: 500n, quote: false, submit: true, rest: false },
    ];
    for (const action of [...start, ...actions]) {
      await run.apply(action);
      await run.compare(action);
    }
    for (const p of parties) await checkLedgerInvariants(server, p.customerId);
    await run.compareEvents();
    await rebuildFromFeed(server, f.s.client, parties.map((p) => p.customerId));
  }

  it('applications, answers, the timeout race, rails, deposits, suspensions, the deny list and withdrawals agree with the model after every step', async () => {
    await fc.assert(fc.asyncProperty(fc.array(actionArb, { minLength: 10, maxLength: 40 }), lifecycle), {
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
    /** Each customer's withdrawal helper (quotes, drafts with their evidence, submissions, answers). */
    readonly wd: FiatWd[],
  ) {}

  /** The model's ledger rows when the invariants last held. */
  private checkedRows = 0;
  /**
   * Drafts made: each its own paymentReference, so that two equal drafts at one instant carry different
   * evidence (the same operationHash and authorizedAt would be AUTHORIZATION_ALREADY_USED, §5).
   */
  private drafts = 0;

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
      case 'setup': {
        // §14.6: the rails' fees, then the SEPA capability of customer 0 and the ACH one of customer 1
        // (PENDING; the next step makes them ACTIVE), and two bank accounts each (§14.5).
        const clientId = this.s.client.clientId;
        for (const rail of ['SEPA', 'ACH'] as const) await this.server.operator((db) => enableRail(db, { clientId, rail, withdrawalFeeMinor: String(FEES[rail]) }));
        for (const [c, rail] of [[0, 'SEPA'], [1, 'ACH']] as const) {
          const r = await activateRest(this.parties[c]!, rail, activationInput());
          expect(this.expectOk(r).status).toBe('PENDING');
        }
        const banks: [number, 'SEPA' | 'ACH', string, Record<string, unknown>][] = [
          [0, 'SEPA', 'DE89370400440532013000', this.wd[0]!.ibanInput()],
          [0, 'SEPA', 'FR1420041010050500013M02606', this.wd[0]!.ibanInput({ iban: 'FR1420041010050500013M02606' })],
          [1, 'ACH', '021000021:123456789', this.wd[1]!.usInput()],
          [1, 'ACH', '021000021:987654321', this.wd[1]!.usInput({ accountNumber: '987654321' })],
        ];
        for (const [c, rail, identifier, input] of banks) {
          const { bankAccountId } = await this.wd[c]!.bankAccount(input);
          m.banks.push({ id: bankAccountId, customer: c, identifier, rail, currency: rail === 'SEPA' ? 'EUR' : 'USD', outcome: null });
        }
        return;
      }
      case 'bankOutcome': {
        // §14.3 `sandbox fiat-withdrawal-outcome`: kept per bank identifier until cleared, captured at submission.
        const bank = m.banks[action.bank % m.banks.length]!;
        const box = this.server.config.secretBox;
        const o = action.outcome;
        await this.server.operator((db) =>
          sandboxFiatWithdrawalOutcome(db, box, bank.identifier, o ? { outcome: o, keys: o === 'NEEDS_ADDITIONAL_INFORMATION' ? (WITHDRAWAL_KEYS as never) : undefined, clear: false } : { clear: true }),
        );
        bank.outcome = o;
        return;
      }
      case 'withdraw': {
        const bank = m.banks[action.bank % m.banks.length]!;
        const w = this.wd[bank.customer]!;
        const fields = { rail: bank.rail, bankAccountId: bank.id, amountMinor: action.amount.toString(), currency: bank.currency, currencyScale: 2 };
        // §14.6, §14.7: E rail → G (the amounts are within the bounds) → H gate → FIAT_ACCOUNT_NOT_ACTIVE; the
        // capability and the bank account stay ACTIVE. A quote holds nothing and checks no funds.
        const refusal: [number, string] | null = !m.rails[bank.currency]
          ? [403, 'RAIL_NOT_PERMITTED']
          : m.accountOf(bank.customer, bank.currency)!.status === 'SUSPENDED'
            ? [409, 'FIAT_ACCOUNT_NOT_ACTIVE']
            : null;
        let quoteId: string | undefined;
        if (action.quote) {
          const r = action.rest ? await w.quoteRest(fields) : await w.quoteGql(fields);
          if (refusal) return void expectProblem(r, ...refusal);
          const q = this.expectOk(r, action.rest ? undefined : 'createFiatWithdrawalQuote');
          expect([q.feeAmountMinor, q.totalAmountMinor]).toEqual([String(FEES[bank.rail]), String(action.amount + FEES[bank.rail])]);
          quoteId = q.quoteId as string;
        }
        const input = w.draftInput({ ...fields, paymentReference: `Rent ${++this.drafts}`, ...(quoteId ? { quoteId } : {}) });
        const r = action.rest ? await w.draftRest(input) : await w.draftGql(input);
        if (refusal) return void expectProblem(r, ...refusal);
        const d = this.expectOk(r, action.rest ? undefined : 'createFiatWithdrawalApprovalDraft');
        expect([d.status, d.statusInfo, d.feeAmountMinor, d.quoteId]).toEqual(['APPROVED', 'Awaiting submission', String(FEES[bank.rail]), quoteId ?? null]);
        const wd: Withdrawal = {
          id: d.fiatWithdrawalId as string,
          bank,
          amount: action.amount,
          fee: FEES[bank.rail],
          status: 'APPROVED',
          statusInfo: WD_INFO.APPROVED!,
          due: null,
          review: null,
          returns: false,
          informationDue: null,
          completedAt: null,
          returnReason: null,
          events: ['fiat_withdrawal.approved'],
        };
        m.withdrawals.push(wd);
        if (action.submit) await this.submit(wd, action.rest);
        return;
      }
      case 'submit': {
        const wd = m.withdrawals[action.withdrawal % m.withdrawals.length];
        if (wd) await this.submit(wd, action.rest);
        return;
      }
      case 'wdAnswer': {
        const open = m.withdrawals.filter((x) => x.status === 'NEEDS_ADDITIONAL_INFORMATION');
        const among = action.open && open.length > 0 ? open : m.withdrawals;
        const wd = among[action.withdrawal % among.length];
        if (!wd) return;
        const w = this.wd[wd.bank.customer]!;
        const items = WITHDRAWAL_KEYS.map((key) => ({ key, text: 'An answer' }));
        const r = action.rest ? await w.answerRest(wd.id, items) : await w.answerGql(wd.id, items);
        // §14.3: INVALID_STATE (not NEEDS_ADDITIONAL_INFORMATION, or now ≥ informationDueAt); no gate, no rail check.
        const now = this.now();
        if (wd.status !== 'NEEDS_ADDITIONAL_INFORMATION' || now >= wd.informationDue!) return void expectProblem(r, 409, 'INVALID_STATE');
        expect(this.expectOk(r, action.rest ? undefined : 'submitFiatWithdrawalAdditionalInformation').status).toBe('COMPLIANCE_REVIEW');
        // Back to COMPLIANCE_REVIEW, the next review a step delay later; it passes.
        wd.informationDue = null;
        wd.due = now + DELAY_MS;
        m.moveWd(wd, 'COMPLIANCE_REVIEW');
        return;
      }
      case 'fiatReturn': {
        if (action.at === 'now') return this.fiatReturn(m.withdrawals[action.withdrawal % m.withdrawals.length]);
        // A COMPLETED withdrawal at its window's end, or a millisecond before: the clock moved there first.
        const back = action.at === 'windowEnd' ? 0 : 1;
        const among = m.withdrawals.filter((x) => x.status === 'COMPLETED' && x.completedAt! + WINDOW_MS - back >= this.now());
        const wd = among[action.withdrawal % among.length];
        if (!wd) return;
        this.server.clock.advance(wd.completedAt! + WINDOW_MS - back - this.now());
        await this.fiatReturn(wd);
        await this.server.service.worker.drain();
        m.drain(this.now());
        return;
      }
      case 'customerSuspended': {
        // §14.9: while the customer is SUSPENDED its withdrawals go on; a RETURNED one credits `available`.
        const p = this.parties[action.customer]!;
        await this.server.operator((db) => suspendCustomer(db, p.customerId, true));
        if (action.then === 'return') {
          const own = m.withdrawals.filter((x) => x.bank.customer === action.customer);
          await this.fiatReturn(own[action.withdrawal % own.length]);
        } else {
          this.server.clock.advance(DELAY_MS);
          await this.server.service.worker.drain();
          m.drain(this.now());
        }
        await this.server.operator((db) => suspendCustomer(db, p.customerId, false));
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

  /** §14.7 submitFiatWithdrawal: E rail → H gate → INVALID_STATE → FIAT_ACCOUNT_NOT_ACTIVE → INSUFFICIENT_FUNDS. */
  private async submit(wd: Withdrawal, rest: boolean): Promise<void> {
    const m = this.m;
    const w = this.wd[wd.bank.customer]!;
    const r = rest ? await w.submitRest(wd.id) : await w.submitGql(wd.id);
    const { customer, currency } = wd.bank;
    if (!m.rails[currency]) return void expectProblem(r, 403, 'RAIL_NOT_PERMITTED');
    if (wd.status !== 'APPROVED') return void expectProblem(r, 409, 'INVALID_STATE');
    if (m.accountOf(customer, currency)!.status === 'SUSPENDED') return void expectProblem(r, 409, 'FIAT_ACCOUNT_NOT_ACTIVE');
    if (m.available[customer]![currency] < wd.amount + wd.fee) return void expectProblem(r, 409, 'INSUFFICIENT_FUNDS');
    const body = this.expectOk(r, rest ? undefined : 'submitFiatWithdrawal');
    expect([body.status, body.statusInfo]).toEqual(['SUBMITTED', WD_INFO.SUBMITTED]);
    // HOLD of amount + fee; the bank account's sandbox outcome captured now (§14.3).
    m.available[customer]![currency] -= wd.amount + wd.fee;
    m.ledgerRows += 1;
    wd.due = this.now() + DELAY_MS;
    wd.review = wd.bank.outcome === 'RETURNED' ? null : wd.bank.outcome;
    wd.returns = wd.bank.outcome === 'RETURNED';
    m.moveWd(wd, 'SUBMITTED');
  }

  /** §14.7 `sandbox fiat-return` at the clock: from SENT_TO_BANK, or COMPLETED before completedAt + the window; else INVALID_STATE. */
  private async fiatReturn(wd: Withdrawal | undefined): Promise<void> {
    if (!wd) return;
    const now = this.now();
    const returnable = wd.status === 'SENT_TO_BANK' || (wd.status === 'COMPLETED' && now < wd.completedAt! + WINDOW_MS);
    const done = this.server.operator((db) => sandboxFiatReturn(db, PARTNERCTL_ENV, wd.id, 'NAME_MISMATCH', new Date(now)));
    if (!returnable) return void (await expect(done).rejects.toMatchObject({ code: 'INVALID_STATE' }));
    expect(((await done) as { status: string }).status).toBe('RETURNED');
    this.m.returnWd(wd, 'NAME_MISMATCH');
  }

  /** Records, capabilities and balances as the API answers them, against the model. */
  async compare(after: Action): Promise<void> {
    const m = this.m;
    const queries: string[] = [];
    const requests = 'informationRequests { key answeredAt }';
    m.applications.forEach((a, i) => queries.push(`a${i}: fiatAccountApplication(applicationId: "${a.id}") { status statusInfo informationDueAt fiatAccountId decidedAt ${requests} }`));
    m.deposits.forEach((d, i) => queries.push(`d${i}: fiatDeposit(fiatDepositId: "${d.id}") { status statusInfo creditedAt }`));
    m.withdrawals.forEach((w, i) => queries.push(`w${i}: fiatWithdrawal(fiatWithdrawalId: "${w.id}") { status statusInfo informationDueAt completedAt returnReason amountMinor }`));
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
    m.withdrawals.forEach((w, i) => {
      const got = data[`w${i}`];
      expect([after.kind, w.id, got]).toEqual([
        after.kind,
        w.id,
        {
          status: w.status,
          statusInfo: w.statusInfo,
          informationDueAt: w.status === 'NEEDS_ADDITIONAL_INFORMATION' ? new Date(w.informationDue!).toISOString() : null,
          completedAt: w.completedAt === null ? null : new Date(w.completedAt).toISOString(),
          returnReason: w.returnReason,
          amountMinor: String(w.amount),
        },
      ]);
    });
    this.parties.forEach((_, c) => {
      const balances: Record<string, string> = { EUR: '0/0', USD: '0/0' };
      for (const b of data[`b${c}`].items) balances[b.currency] = `${b.availableMinor}/${b.heldMinor}`;
      const balance = (cur: Currency) => `${m.available[c]![cur]}/${m.held(c, cur)}`;
      expect({ after: after.kind, customer: c, balances }).toEqual({ after: after.kind, customer: c, balances: { EUR: balance('EUR'), USD: balance('USD') } });
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
      ...this.m.withdrawals.map((w) => ({ id: w.id, events: w.events })),
    ];
    for (const r of records) expect([r.id, seen.get(r.id)]).toEqual([r.id, r.events.map((type, i) => [type, i + 1])]);
    const fiat = rows.filter((r) => ['FIAT_ACCOUNT_APPLICATION', 'FIAT_ACCOUNT', 'FIAT_DEPOSIT', 'FIAT_WITHDRAWAL'].includes(r.t));
    expect(fiat.length).toBe(records.reduce((n, r) => n + r.events.length, 0));
    // The two activations' records: pending, then active at the first step (§16.2).
    const capabilities = [...new Set(rows.filter((r) => r.t === 'FIAT_WITHDRAWAL_CAPABILITY').map((r) => r.id))];
    expect(capabilities.map((id) => seen.get(id))).toEqual(
      [0, 1].map(() => [
        ['fiat_withdrawal_capability.pending', 1],
        ['fiat_withdrawal_capability.active', 2],
      ]),
    );
    const transactions = rows.filter((r) => r.t === 'TRANSACTION');
    expect(transactions.map((r) => [r.type, Number(r.s)])).toEqual(Array.from({ length: this.m.ledgerRows }, () => ['transaction.posted', 1]));
  }
}
