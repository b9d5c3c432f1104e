// test: slow — fast-check: random lifecycles against a model
// A model-based property test of the money lifecycle (§10, §12.4, §13, §15): random sequences of deposits,
// Travel Rule submissions, beneficiaries (create, remove, sync), quotes, withdrawal drafts and
// submissions, refund drafts, submissions and confirmations, deny-list and sandbox-failure changes,
// worker steps, an operator's suspensions and verification decisions, conversion quotes and drafts
// (coin → EUR and back), collection wallets (create, expiry update, deactivation, expiry by the worker),
// checkouts (create, close), payments into either (on time and late, confirmed, frozen or dropped) and
// refunds of those payments run against the real server and a small in-memory model. After every step the
// answer, every record's status, every customer's state and every balance (per currency) agree with the
// model, and after every step that posts the ledger holds L1–L5; at the end every resource's events are
// gapless and one per change, and replaying the feed rebuilds every record (E8).
//
// Checkouts: their state machine is test/modules/checkouts/state-machine.test.ts's; here a checkout is a
// payment target whose counters must equal the sums of its payments (§15.3: paid + late = its COMPLETED
// payments, pending = its on-time DETECTED ones), with the money through the ledger and the refunds.
//
// Conversion figures: the model computes them itself from §13.1's table (exact integers, its own code:
// the module's arithmetic is the system under test), checks every quote's figures against its own, and
// moves its balances by its own figures, which the API's balances and the ledger rows must then match.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suspendCustomer, verificationDecide } from '../../../src/modules/customers/operators.js';
import { createPair, setRate } from '../../../src/modules/conversion/operators.js';
import { DRAFT_MUTATION, newCoin, QUOTE_MUTATION } from '../../helpers/conversion.js';
import { evidenceFor, Scenario, startTestServer, type Reply, type TestServer } from '../../helpers/harness.js';
import { checkLedgerInvariants, rebuildFromFeed } from '../../helpers/ledger-checks.js';

const FEE = 2500n;
const THRESHOLD = 5_000_000n;
// Lower-case ETH addresses: their comparison form is themselves.
const ADDRESSES = ['0x1111111111111111111111111111111111111111', '0x2222222222222222222222222222222222222222', '0x3333333333333333333333333333333333333333'];
const PROCESSING = ['SUBMITTED', 'CONFIRMED', 'SCREENING', 'BROADCASTING', 'CONFIRMING'];
// A step moves the clock SANDBOX_STEP_DELAY_MS: a payment confirms at the first step after its detection;
// an unconfirmed one is dropped at the third (COLLECTION_CONFIRMATION_TIMEOUT_SECONDS between 2 and 3 steps);
// a wallet's expiresAt falls between the first and the second step after it is set.
const STEP_MS = 600_000;
const CONFIRMATION_TIMEOUT_S = 1500;
const WALLET_TTL_MS = 900_000;
const CHECKOUT_TTL_S = 900;

type Deposit = { id: string; customer: number; amount: bigint; status: string; from: string };
type Beneficiary = { id: string; customer: number; address: string; status: string };
type Withdrawal = { id: string; customer: number; beneficiary: number; amount: bigint; status: string; failAt: string | null; address: string };
/** A refund of a deposit, or of a collection payment (§15.7: `deposit` -1, `payment` its index). */
type Refund = { id: string; customer: number; deposit: number; payment?: number; amount: bigint; status: string; failAt: string | null; address: string };
type Wallet = { id: string; customer: number; address: string; status: 'ACTIVE' | 'EXPIRED' | 'DEACTIVATED'; expiresAt: number | null; received: bigint };
type Checkout = { id: string; customer: number; address: string; amount: bigint };
/** A collection payment into a wallet or a checkout (the other index -1). */
type Payment = { id: string; customer: number; wallet: number; checkout: number; amount: bigint; from: string; confirm: boolean; detectedAt: number; late: boolean; status: string };
type Quote = { id: string; customer: number; source: string; target: string; sourceAmount: bigint; targetAmount: bigint; used: boolean; atStep: number };

/** A run's conversion terms: the one rate set (coin/EUR or EUR/coin) and each direction's spread. */
type FxTerms = { base: 'COIN' | 'EUR'; rate: string; toEurBps: number; fromEurBps: number };

const E18 = 10n ** 18n;
const pow10 = (n: number) => 10n ** BigInt(n);
const scaleOf = (currency: string) => (currency === 'EUR' ? 2 : 6);
/** ρ(r) = r × 10^18, read digit by digit. */
function fixed18(rate: string): bigint {
  const [whole, fraction = ''] = rate.split('.');
  return BigInt(whole!) * E18 + BigInt(fraction.padEnd(18, '0'));
}
/** M / 10^18 as a plain decimal. */
function plain(x: bigint): string {
  const fraction = (x % E18).toString().padStart(18, '0').replace(/0+$/, '');
  return fraction === '' ? `${x / E18}` : `${x / E18}.${fraction}`;
}
type Figures = { sourceAmountMinor: string; targetAmountMinor: string; midRate: string; rate: string; spreadBps: number; spreadAmountMinor: string };
/** §13.1, computed by the model: the figures of a quote, or undefined when out of range (400 AMOUNT_OUT_OF_RANGE). */
function modelFigures(terms: FxTerms, coin: string, source: string, target: string, side: 'SOURCE' | 'TARGET', amount: bigint): Figures | undefined {
  const direct = (terms.base === 'COIN' ? coin : 'EUR') === source;
  const mid = direct ? fixed18(terms.rate) : E18 ** 2n / fixed18(terms.rate);
  const spreadBps = source === 'EUR' ? terms.fromEurBps : terms.toEurBps;
  const rate = (mid * BigInt(10000 - spreadBps)) / 10000n;
  const [s, t] = [scaleOf(source), scaleOf(target)];
  const denominator = pow10(18 + s);
  const sourceAmount = side === 'SOURCE' ? amount : (amount * denominator + rate * pow10(t) - 1n) / (rate * pow10(t));
  const targetAmount = side === 'SOURCE' ? (amount * rate * pow10(t)) / denominator : amount;
  if (sourceAmount < 1n || targetAmount < 1n) return undefined;
  return {
    sourceAmountMinor: sourceAmount.toString(),
    targetAmountMinor: targetAmount.toString(),
    midRate: plain(mid),
    rate: plain(rate),
    spreadBps,
    spreadAmountMinor: ((sourceAmount * mid * pow10(t)) / denominator - targetAmount).toString(),
  };
}

class Model {
  constructor(readonly coin: string) {}
  /** Per customer, per currency. */
  available: Record<string, bigint>[] = [{}, {}];
  held: Record<string, bigint>[] = [{}, {}];
  suspended = [false, false];
  verification = ['UNVERIFIED', 'UNVERIFIED'];
  quotes: Quote[] = [];
  /** Worker steps so far: the clock moves a step delay (> CONVERSION_QUOTE_TTL_SECONDS) each. */
  steps = 0;
  deposits: Deposit[] = [];
  beneficiaries: Beneficiary[] = [];
  withdrawals: Withdrawal[] = [];
  refunds: Refund[] = [];
  wallets: Wallet[] = [];
  checkouts: Checkout[] = [];
  payments: Payment[] = [];
  denied = new Set<string>();
  failAt = new Map<string, string>();
  /** Events each resource should have: one per change. */
  events = new Map<string, number>();
  ledgerRows = 0;

  change(id: string): void {
    this.events.set(id, (this.events.get(id) ?? 0) + 1);
  }
  post(customer: number, available: bigint, held: bigint, currency = this.coin): void {
    this.available[customer]![currency] = this.availableOf(customer, currency) + available;
    this.held[customer]![currency] = (this.held[customer]![currency] ?? 0n) + held;
    this.ledgerRows += 1;
  }
  availableOf(customer: number, currency = this.coin): bigint {
    return this.available[customer]![currency] ?? 0n;
  }
  /** §12.4: the first of the gate's answers for the customer, if any. */
  gate(customer: number, needsVerified: boolean): string | undefined {
    if (this.suspended[customer]) return 'CUSTOMER_SUSPENDED';
    if (needsVerified && this.verification[customer] !== 'VERIFIED') return 'CUSTOMER_NOT_VERIFIED';
    return undefined;
  }
  refundable(d: number): bigint {
    const deposit = this.deposits[d]!;
    if (deposit.status !== 'COMPLETED') return 0n;
    const spent = this.refunds.filter((r) => r.deposit === d && r.status !== 'REJECTED' && r.status !== 'FAILED').reduce((s, r) => s + r.amount, 0n);
    return deposit.amount - spent;
  }
  /** §15.6 refundableAmountMinor: COMPLETED, its amount less its refunds not REJECTED or FAILED. */
  paymentRefundable(p: number): bigint {
    const payment = this.payments[p]!;
    if (payment.status !== 'COMPLETED') return 0n;
    const spent = this.refunds.filter((r) => r.payment === p && r.status !== 'REJECTED' && r.status !== 'FAILED').reduce((s, r) => s + r.amount, 0n);
    return payment.amount - spent;
  }
}

type Action =
  | { kind: 'deposit'; customer: number; amount: bigint; from: number }
  | { kind: 'travelRule'; deposit: number }
  | { kind: 'beneficiary'; customer: number; address: number }
  | { kind: 'remove'; beneficiary: number }
  | { kind: 'sync'; beneficiary: number }
  | { kind: 'draft'; beneficiary: number; amount: bigint; quote: boolean }
  | { kind: 'submit'; withdrawal: number }
  | { kind: 'refundDraft'; deposit: number; amount: bigint }
  | { kind: 'refundSubmit'; refund: number }
  | { kind: 'refundConfirm'; refund: number }
  | { kind: 'deny'; address: number }
  | { kind: 'allow'; address: number }
  | { kind: 'fail'; address: number; at: 'BROADCASTING' | 'CONFIRMING' }
  | { kind: 'clearFail'; address: number }
  | { kind: 'step' }
  | { kind: 'suspend'; customer: number; suspended: boolean }
  | { kind: 'decide'; customer: number; outcome: 'VERIFIED' | 'REJECTED' }
  | { kind: 'convQuote'; customer: number; toEur: boolean; side: 'SOURCE' | 'TARGET'; amount: number; draft: boolean }
  | { kind: 'convDraft'; customer: number; quote: number }
  | { kind: 'walletCreate'; customer: number; expires: boolean }
  | { kind: 'walletExpiry'; wallet: number; expires: boolean }
  | { kind: 'walletDeactivate'; wallet: number }
  | { kind: 'walletPay'; wallet: number; amount: bigint; from: number; confirm: boolean }
  | { kind: 'paymentRefundDraft'; payment: number; amount: bigint }
  | { kind: 'checkoutCreate'; customer: number; amount: bigint }
  | { kind: 'checkoutPay'; checkout: number; amount: bigint; from: number; confirm: boolean }
  | { kind: 'checkoutClose'; checkout: number };

const index = fc.nat({ max: 5 });
/** Conversion amounts of the fixed side, by its currency: a smallest one (a target of 0 is out of range), then some within and beyond the balances. */
const FIXED_AMOUNTS = { COIN: [1n, 10_000n, 700_000n, 2_000_000n], EUR: [1n, 40n, 250n, 5_000n] };
/** §15.2–§15.7: collection wallets and checkouts, payments into them, refunds of those payments. */
const collectionActions: fc.Arbitrary<Action> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('walletCreate' as const), customer: fc.nat({ max: 1 }), expires: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('walletExpiry' as const), wallet: fc.nat({ max: 2 }), expires: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('walletDeactivate' as const), wallet: fc.nat({ max: 2 }) }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('walletPay' as const),
      wallet: fc.nat({ max: 2 }),
      amount: fc.constantFrom(1_000_000n, 4_000_000n),
      from: fc.nat({ max: 2 }),
      confirm: fc.constantFrom(true, true, false),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('checkoutCreate' as const), customer: fc.nat({ max: 1 }), amount: fc.constantFrom(2_000_000n, 5_000_000n) }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('checkoutPay' as const),
      checkout: fc.nat({ max: 2 }),
      amount: fc.constantFrom(1_000_000n, 3_000_000n),
      from: fc.nat({ max: 2 }),
      confirm: fc.constantFrom(true, true, false),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('checkoutClose' as const), checkout: fc.nat({ max: 2 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('paymentRefundDraft' as const), payment: index, amount: fc.constantFrom(300_000n, 1_000_000n, 3_000_000n) }) },
);
const actionArb: fc.Arbitrary<Action> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('deposit' as const), customer: fc.nat({ max: 1 }), amount: fc.constantFrom(1_000_000n, 3_000_000n, 6_000_000n), from: fc.nat({ max: 2 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('travelRule' as const), deposit: index }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('beneficiary' as const), customer: fc.nat({ max: 1 }), address: fc.nat({ max: 2 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), beneficiary: index }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('sync' as const), beneficiary: index }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('draft' as const), beneficiary: index, amount: fc.constantFrom(500_000n, 2_000_000n, 4_000_000n), quote: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('submit' as const), withdrawal: index }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('refundDraft' as const), deposit: index, amount: fc.constantFrom(200_000n, 900_000n, 2_500_000n) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('refundSubmit' as const), refund: index }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('refundConfirm' as const), refund: index }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deny' as const), address: fc.nat({ max: 2 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('allow' as const), address: fc.nat({ max: 2 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('fail' as const), address: fc.nat({ max: 2 }), at: fc.constantFrom('BROADCASTING' as const, 'CONFIRMING' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('clearFail' as const), address: fc.nat({ max: 2 }) }) },
  { weight: 4, arbitrary: fc.constant({ kind: 'step' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('suspend' as const), customer: fc.nat({ max: 1 }), suspended: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('decide' as const), customer: fc.nat({ max: 1 }), outcome: fc.constantFrom('VERIFIED' as const, 'VERIFIED' as const, 'REJECTED' as const) }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('convQuote' as const),
      customer: fc.nat({ max: 1 }),
      toEur: fc.boolean(),
      side: fc.constantFrom('SOURCE' as const, 'TARGET' as const),
      amount: fc.nat({ max: 3 }),
      draft: fc.constantFrom(true, true, false),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('convDraft' as const), customer: fc.nat({ max: 1 }), quote: index }) },
  { weight: 18, arbitrary: collectionActions },
);
/** What moves §15's records on and what they meet: steps, screening, sandbox failures, the gate, refunds' submission and confirmation. */
const AROUND_COLLECTIONS = new Set<Action['kind']>(['refundSubmit', 'refundConfirm', 'step', 'deny', 'allow', 'fail', 'clearFail', 'suspend', 'decide']);
const collectionArb: fc.Arbitrary<Action> = fc.oneof(
  { weight: 3, arbitrary: collectionActions },
  { weight: 2, arbitrary: actionArb.filter((a) => AROUND_COLLECTIONS.has(a.kind)) },
);
const termsArb: fc.Arbitrary<FxTerms> = fc.record({
  base: fc.constantFrom('COIN' as const, 'EUR' as const),
  rate: fc.constantFrom('0.92', '1.0731', '3.3'),
  toEurBps: fc.constantFrom(0, 50, 1000),
  fromEurBps: fc.constantFrom(0, 50, 1000),
});

describe('§10 the money lifecycle against a model (property)', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Nothing moves unless the test moves the clock (§10.7 steps wait SANDBOX_STEP_DELAY_MS).
    server = await startTestServer({
      SANDBOX_STEP_DELAY_MS: String(STEP_MS),
      WORKER_POLL_INTERVAL_MS: '10000',
      COLLECTION_CONFIRMATION_TIMEOUT_SECONDS: String(CONFIRMATION_TIMEOUT_S),
    });
  });
  afterAll(() => server.stop());

  /** One run: a fresh partner with two customers, the run's conversion terms, then the actions, each compared. */
  async function lifecycle(terms: FxTerms, actions: Action[]): Promise<void> {
    // The deny list and the failure list are the server's, not a partner's: each run starts with none.
    await server.db.run(`DELETE FROM screening_denylist`);
    await server.db.run(`DELETE FROM sandbox_failures`);
    // Rates are global: each run's route is in a currency of its own.
    const coin = newCoin();
    const s = await Scenario.create(server, { currency: coin, scale: 6, travelRuleThresholdMinor: THRESHOLD.toString(), feeMinor: FEE.toString(), minMinor: '100', maxMinor: '100000000000' });
    const customers = [await s.customer(), await s.customer()];
    const [base, quote] = terms.base === 'COIN' ? [coin, 'EUR'] : ['EUR', coin];
    // One operator connection for the run's pairs, rate and first customer's verification.
    await server.operator(async (db) => {
      const clientId = s.client.clientId;
      await createPair(db, { clientId, source: coin, target: 'EUR', spreadBps: String(terms.toEurBps) });
      await createPair(db, { clientId, source: 'EUR', target: coin, spreadBps: String(terms.fromEurBps) });
      await setRate(db, { base, quote, rate: terms.rate }, server.clock.now());
      await verificationDecide(db, customers[0]!, 'VERIFIED', undefined);
    });
    const m = new Model(coin);
    // customer.unverified (§12.5); the first customer starts VERIFIED (customer.verified).
    for (const id of customers) m.change(id);
    m.change(customers[0]!);
    m.verification[0] = 'VERIFIED';
    const run = new Runner(server, s, customers, m, terms);
    // The verified customer starts with funds, so that conversions get past INSUFFICIENT_FUNDS, and with
    // a collection wallet and a checkout (§15.2, §15.5), so that payments have somewhere to go.
    const start: Action[] = [
      { kind: 'deposit', customer: 0, amount: 3_000_000n, from: 0 },
      { kind: 'walletCreate', customer: 0, expires: false },
      { kind: 'checkoutCreate', customer: 0, amount: 5_000_000n },
    ];
    for (const action of [...start, ...actions]) {
      await run.apply(action);
      await run.compare(action);
    }
    for (const id of customers) await checkLedgerInvariants(server, id);
    await run.compareEvents();
    await rebuildFromFeed(server, s.client, customers);
  }

  it('answers, statuses, balances, ledger rows and events agree with the model after every step', async () => {
    await fc.assert(fc.asyncProperty(termsArb, fc.array(actionArb, { minLength: 5, maxLength: 30 }), lifecycle), {
      numRuns: Number(process.env.MODEL_RUNS ?? 40),
      endOnFailure: true,
    });
  }, 180_000);

  it('§15 collections: wallets, checkouts, payments into them and their refunds, among steps, screening and the gate, agree with the model', async () => {
    await fc.assert(fc.asyncProperty(termsArb, fc.array(collectionArb, { minLength: 10, maxLength: 30 }), lifecycle), {
      numRuns: Number(process.env.MODEL_RUNS ?? 25),
      endOnFailure: true,
    });
  }, 180_000);
});

class Runner {
  constructor(
    readonly server: TestServer,
    readonly s: Scenario,
    readonly customers: string[],
    readonly m: Model,
    readonly terms: FxTerms,
  ) {}

  /** §15.5 each customer's buyer, created with its first wallet (the gate of §12.4 allowing). */
  private readonly buyers: (string | undefined)[] = [];

  /** The model's ledger rows when the invariants last held. */
  private checkedRows = 0;

  private gql(query: string, variables: Record<string, unknown>): Promise<Reply> {
    return this.server.gql(this.s.client, query, variables);
  }

  private evidence(type: string, path: Record<string, string>, input: Record<string, unknown>) {
    return evidenceFor(type, path, input, { authorizedAt: this.server.clock.now() });
  }

  private expectOk(r: Reply, field: string): Record<string, unknown> {
    if (r.status !== 200 || !r.body?.data?.[field]) throw new Error(`${field}: expected 200, got ${r.status} ${r.text}`);
    return r.body.data[field];
  }

  private expectCode(r: Reply, code: string): void {
    const got = r.body?.errors?.[0]?.extensions?.code;
    if (got !== code) throw new Error(`expected ${code}, got ${r.status} ${r.text}`);
  }

  private async setDenied(address: string, denied: boolean): Promise<void> {
    if (denied) await this.server.db.run(`INSERT INTO screening_denylist (blockchain, address_key, created_at) VALUES ('ETH', ?, ?) ON CONFLICT DO NOTHING`, address, new Date().toISOString());
    else await this.server.db.run(`DELETE FROM screening_denylist WHERE blockchain = 'ETH' AND address_key = ?`, address);
  }

  async apply(a: Action): Promise<void> {
    const m = this.m;
    switch (a.kind) {
      case 'deposit': {
        const from = ADDRESSES[a.from]!;
        const r = await this.gql(
          `mutation($c: UUID!, $i: SimulateCryptoDepositInput!) { simulateCryptoDeposit(customerId: $c, input: $i) { depositId status } }`,
          { c: this.customers[a.customer], i: { routeCode: this.s.routeCode, amountMinor: a.amount.toString(), fromAddress: from } },
        );
        const d = this.expectOk(r, 'simulateCryptoDeposit');
        const status = m.denied.has(from) ? 'FROZEN' : a.amount >= THRESHOLD ? 'PENDING_TRAVEL_RULE' : 'COMPLETED';
        expect(d.status).toBe(status);
        m.deposits.push({ id: d.depositId as string, customer: a.customer, amount: a.amount, status, from });
        m.change(d.depositId as string);
        if (status === 'COMPLETED') m.post(a.customer, a.amount, 0n);
        return;
      }
      case 'travelRule': {
        const d = m.deposits[a.deposit];
        if (!d) return;
        const r = await this.gql(
          `mutation($d: UUID!, $i: SubmitCryptoDepositTravelRuleInformationInput!) { submitCryptoDepositTravelRuleInformation(depositId: $d, input: $i) { status } }`,
          { d: d.id, i: { originator: { name: 'Grace Hopper', type: 'INDIVIDUAL', country: 'US', walletType: 'PRIVATE_WALLET' } } },
        );
        if (d.status !== 'PENDING_TRAVEL_RULE') return this.expectCode(r, 'INVALID_STATE');
        d.status = m.denied.has(d.from) ? 'FROZEN' : 'COMPLETED';
        expect(this.expectOk(r, 'submitCryptoDepositTravelRuleInformation').status).toBe(d.status);
        m.change(d.id);
        if (d.status === 'COMPLETED') m.post(d.customer, d.amount, 0n);
        return;
      }
      case 'beneficiary': {
        const address = ADDRESSES[a.address]!;
        const r = await this.gql(
          `mutation($c: UUID!, $i: CreateCryptoWalletBeneficiaryInput!) { createCryptoWalletBeneficiary(customerId: $c, input: $i) { walletBeneficiaryId beneficiaryStatus } }`,
          { c: this.customers[a.customer], i: this.s.beneficiaryInput({ walletAddress: address, label: `b-${randomUUID().slice(0, 8)}` }) },
        );
        const gated = m.gate(a.customer, false);
        if (gated) return this.expectCode(r, gated);
        if (m.beneficiaries.some((b) => b.customer === a.customer && b.address === address && b.status === 'ACTIVE'))
          return this.expectCode(r, 'DUPLICATE_WALLET_BENEFICIARY');
        const b = this.expectOk(r, 'createCryptoWalletBeneficiary');
        const status = m.denied.has(address) ? 'BLOCKED' : 'ACTIVE';
        expect(b.beneficiaryStatus).toBe(status);
        m.beneficiaries.push({ id: b.walletBeneficiaryId as string, customer: a.customer, address, status });
        m.change(b.walletBeneficiaryId as string);
        return;
      }
      case 'remove': {
        const b = m.beneficiaries[a.beneficiary];
        if (!b) return;
        const r = await this.gql(`mutation($b: UUID!) { removeCryptoWalletBeneficiary(walletBeneficiaryId: $b) { beneficiaryStatus } }`, { b: b.id });
        expect(this.expectOk(r, 'removeCryptoWalletBeneficiary').beneficiaryStatus).toBe('REMOVED');
        if (b.status !== 'REMOVED') m.change(b.id);
        b.status = 'REMOVED';
        return;
      }
      case 'sync': {
        const b = m.beneficiaries[a.beneficiary];
        if (!b) return;
        const next = m.denied.has(b.address) ? 'BLOCKED' : 'ACTIVE';
        // Re-activating beside another ACTIVE beneficiary of the same address is its own rule; not modelled.
        if (b.status === 'BLOCKED' && next === 'ACTIVE' && m.beneficiaries.some((o) => o !== b && o.customer === b.customer && o.address === b.address && o.status === 'ACTIVE')) return;
        const r = await this.gql(`mutation($b: UUID!) { syncCryptoWalletBeneficiary(walletBeneficiaryId: $b) { beneficiaryStatus } }`, { b: b.id });
        const gated = m.gate(b.customer, false);
        if (gated) return this.expectCode(r, gated);
        if (b.status === 'REMOVED') return this.expectCode(r, 'INVALID_STATE');
        expect(this.expectOk(r, 'syncCryptoWalletBeneficiary').beneficiaryStatus).toBe(next);
        b.status = next;
        m.change(b.id);
        return;
      }
      case 'draft': {
        const b = m.beneficiaries[a.beneficiary];
        if (!b) return;
        const customerId = this.customers[b.customer]!;
        const gated = m.gate(b.customer, false);
        const input: Record<string, unknown> = { routeCode: this.s.routeCode, walletBeneficiaryId: b.id, amountMinor: a.amount.toString(), currency: m.coin, currencyScale: 6 };
        if (a.quote) {
          const q = await this.gql(
            `mutation($c: UUID!, $i: CreateCryptoWithdrawalQuoteInput!) { createCryptoWithdrawalQuote(customerId: $c, input: $i) { quoteId feeAmountMinor } }`,
            { c: customerId, i: { routeCode: this.s.routeCode, amountMinor: a.amount.toString(), currency: m.coin, currencyScale: 6 } },
          );
          if (gated) return this.expectCode(q, gated);
          const quote = this.expectOk(q, 'createCryptoWithdrawalQuote');
          expect(quote.feeAmountMinor).toBe(FEE.toString());
          input.quoteId = quote.quoteId;
        }
        input.operationAuthorization = this.evidence('CRYPTO_WITHDRAWAL_CREATE', { customerId }, input);
        const r = await this.gql(
          `mutation($c: UUID!, $i: CreateCryptoWithdrawalApprovalDraftInput!) { createCryptoWithdrawalApprovalDraft(customerId: $c, input: $i) { withdrawalId status feeAmountMinor } }`,
          { c: customerId, i: input },
        );
        if (gated) return this.expectCode(r, gated);
        if (b.status === 'REMOVED') return this.expectCode(r, 'BENEFICIARY_REMOVED');
        if (b.status !== 'ACTIVE') return this.expectCode(r, 'BENEFICIARY_NOT_ACTIVE');
        const w = this.expectOk(r, 'createCryptoWithdrawalApprovalDraft');
        expect(w.status).toBe('APPROVED');
        m.withdrawals.push({ id: w.withdrawalId as string, customer: b.customer, beneficiary: a.beneficiary, amount: a.amount, status: 'APPROVED', failAt: null, address: b.address });
        m.change(w.withdrawalId as string);
        return;
      }
      case 'submit': {
        const w = m.withdrawals[a.withdrawal];
        if (!w) return;
        const input = { operationAuthorization: this.evidence('CRYPTO_WITHDRAWAL_SUBMIT', { withdrawalId: w.id }, {}) };
        const r = await this.gql(`mutation($w: UUID!, $i: SubmitCryptoWithdrawalInput!) { submitCryptoWithdrawal(withdrawalId: $w, input: $i) { status } }`, { w: w.id, i: input });
        const b = m.beneficiaries[w.beneficiary]!;
        const gated = m.gate(w.customer, false);
        if (gated) return this.expectCode(r, gated);
        if (w.status !== 'APPROVED') return this.expectCode(r, 'INVALID_STATE');
        if (b.status === 'REMOVED') return this.expectCode(r, 'BENEFICIARY_REMOVED');
        if (b.status !== 'ACTIVE') return this.expectCode(r, 'BENEFICIARY_NOT_ACTIVE');
        if (m.availableOf(w.customer) < w.amount + FEE) return this.expectCode(r, 'INSUFFICIENT_FUNDS');
        expect(this.expectOk(r, 'submitCryptoWithdrawal').status).toBe('SUBMITTED');
        w.status = 'SUBMITTED';
        w.failAt = m.failAt.get(w.address) ?? null;
        m.change(w.id);
        m.post(w.customer, -(w.amount + FEE), w.amount + FEE);
        return;
      }
      case 'refundDraft': {
        const d = m.deposits[a.deposit];
        if (!d) return;
        const input: Record<string, unknown> = { amountMinor: a.amount.toString() };
        input.operationAuthorization = this.evidence('CRYPTO_REFUND_CREATE', { depositId: d.id }, input);
        const r = await this.gql(
          `mutation($d: UUID!, $i: CreateCryptoRefundApprovalDraftInput!) { createCryptoRefundApprovalDraft(depositId: $d, input: $i) { refundId status } }`,
          { d: d.id, i: input },
        );
        const gated = m.gate(d.customer, false);
        if (gated) return this.expectCode(r, gated);
        if (d.status !== 'COMPLETED') return this.expectCode(r, 'INVALID_STATE');
        if (a.amount > m.refundable(a.deposit)) return this.expectCode(r, 'REFUND_EXCEEDS_DEPOSIT');
        const f = this.expectOk(r, 'createCryptoRefundApprovalDraft');
        m.refunds.push({ id: f.refundId as string, customer: d.customer, deposit: a.deposit, amount: a.amount, status: 'APPROVED', failAt: null, address: d.from });
        m.change(f.refundId as string);
        return;
      }
      case 'refundSubmit':
      case 'refundConfirm': {
        const f = m.refunds[a.refund];
        if (!f) return;
        const submit = a.kind === 'refundSubmit';
        const field = submit ? 'submitCryptoRefund' : 'confirmCryptoRefund';
        const type = submit ? 'CRYPTO_REFUND_SUBMIT' : 'CRYPTO_REFUND_CONFIRM';
        const inputType = submit ? 'SubmitCryptoRefundInput' : 'ConfirmCryptoRefundInput';
        const r = await this.gql(`mutation($f: UUID!, $i: ${inputType}!) { ${field}(refundId: $f, input: $i) { status } }`, {
          f: f.id,
          i: { operationAuthorization: this.evidence(type, { refundId: f.id }, {}) },
        });
        const gated = m.gate(f.customer, false);
        if (gated) return this.expectCode(r, gated);
        if (f.status !== (submit ? 'APPROVED' : 'AWAITING_CONFIRMATION')) return this.expectCode(r, 'INVALID_STATE');
        if (submit && m.availableOf(f.customer) < f.amount) return this.expectCode(r, 'INSUFFICIENT_FUNDS');
        f.status = submit ? 'AWAITING_CONFIRMATION' : 'CONFIRMED';
        expect(this.expectOk(r, field).status).toBe(f.status);
        m.change(f.id);
        if (submit) m.post(f.customer, -f.amount, f.amount);
        else f.failAt = m.failAt.get(f.address) ?? null;
        return;
      }
      case 'deny':
      case 'allow': {
        const address = ADDRESSES[a.address]!;
        await this.setDenied(address, a.kind === 'deny');
        if (a.kind === 'deny') m.denied.add(address);
        else m.denied.delete(address);
        return;
      }
      case 'fail': {
        const address = ADDRESSES[a.address]!;
        await this.server.db.run(`DELETE FROM sandbox_failures WHERE blockchain = 'ETH' AND address_key = ?`, address);
        await this.server.db.run(`INSERT INTO sandbox_failures (blockchain, address_key, fail_at, created_at) VALUES ('ETH', ?, ?, ?)`, address, a.at, new Date().toISOString());
        m.failAt.set(address, a.at);
        return;
      }
      case 'clearFail': {
        const address = ADDRESSES[a.address]!;
        await this.server.db.run(`DELETE FROM sandbox_failures WHERE blockchain = 'ETH' AND address_key = ?`, address);
        m.failAt.delete(address);
        return;
      }
      case 'step': {
        // Every record in a processing state takes exactly one step (§10.7: the next is due a step delay later).
        // Steps run for a suspended customer too (§12.4): records already submitted move on.
        for (const r of [...m.withdrawals, ...m.refunds]) if (PROCESSING.includes(r.status)) this.stepModel(r);
        await this.server.advanceWorker(1);
        m.steps += 1;
        this.settleCollections(this.server.clock.now().getTime());
        return;
      }
      case 'suspend': {
        const id = this.customers[a.customer]!;
        const c = await this.server.operator((db) => suspendCustomer(db, id, a.suspended));
        expect(c.status).toBe(a.suspended ? 'SUSPENDED' : 'ACTIVE');
        // §12.4: repeating answers the customer unchanged and writes no event.
        if (m.suspended[a.customer] !== a.suspended) m.change(id);
        m.suspended[a.customer] = a.suspended;
        return;
      }
      case 'decide': {
        const id = this.customers[a.customer]!;
        const c = await this.server.operator((db) => verificationDecide(db, id, a.outcome, undefined));
        expect(c.verificationStatus).toBe(a.outcome);
        // §12.3, §12.5: every decision is a change (.verified / .rejected, or .updated when the status stays).
        m.change(id);
        m.verification[a.customer] = a.outcome;
        return;
      }
      case 'convQuote': {
        const [source, target] = a.toEur ? [m.coin, 'EUR'] : ['EUR', m.coin];
        const amount = FIXED_AMOUNTS[(a.side === 'SOURCE' ? source : target) === 'EUR' ? 'EUR' : 'COIN'][a.amount]!;
        const input = { sourceCurrency: source, targetCurrency: target, [a.side === 'SOURCE' ? 'sourceAmountMinor' : 'targetAmountMinor']: amount.toString() };
        const r = await this.gql(QUOTE_MUTATION, { customerId: this.customers[a.customer], input });
        // §13.2: E pair → H gate → RATE_UNAVAILABLE → AMOUNT_OUT_OF_RANGE.
        const gated = m.gate(a.customer, true);
        if (gated) return this.expectCode(r, gated);
        const figures = modelFigures(this.terms, m.coin, source, target, a.side, amount);
        if (!figures) return this.expectCode(r, 'AMOUNT_OUT_OF_RANGE');
        const q = this.expectOk(r, 'createConversionQuote');
        expect(q).toMatchObject({ ...figures, sourceCurrency: source, targetCurrency: target, fixedSide: a.side, status: 'OPEN' });
        m.quotes.push({
          id: q.quoteId as string,
          customer: a.customer,
          source,
          target,
          sourceAmount: BigInt(figures.sourceAmountMinor),
          targetAmount: BigInt(figures.targetAmountMinor),
          used: false,
          atStep: m.steps,
        });
        if (a.draft) await this.conversionDraft(a.customer, m.quotes.length - 1);
        return;
      }
      case 'convDraft':
        if (m.quotes[a.quote]) await this.conversionDraft(a.customer, a.quote);
        return;
      case 'walletCreate': {
        // §15.5, §12.4: buyers and wallets need the customer ACTIVE and VERIFIED.
        const gated = m.gate(a.customer, true);
        if (!this.buyers[a.customer]) {
          const b = await this.gql(`mutation($c: UUID!, $i: CreateCollectionBuyerInput!) { createCollectionBuyer(customerId: $c, input: $i) { buyerId status } }`, {
            c: this.customers[a.customer],
            i: { externalRef: `buyer-${randomUUID()}`, type: 'INDIVIDUAL', name: 'Grace Hopper' },
          });
          if (gated) return this.expectCode(b, gated);
          const buyer = this.expectOk(b, 'createCollectionBuyer');
          expect(buyer.status).toBe('ACTIVE');
          this.buyers[a.customer] = buyer.buyerId as string;
          m.change(buyer.buyerId as string);
        }
        const now = this.server.clock.now().getTime();
        const expiresAt = a.expires ? now + WALLET_TTL_MS : null;
        const input = { buyerId: this.buyers[a.customer], routeCode: this.s.routeCode, ...(expiresAt === null ? {} : { expiresAt: new Date(expiresAt).toISOString() }) };
        const r = await this.gql(
          `mutation($c: UUID!, $i: CreateCollectionWalletInput!) { createCollectionWallet(customerId: $c, input: $i) { collectionWalletId address status expiresAt } }`,
          { c: this.customers[a.customer], i: input },
        );
        // §15.5: H gate → DUPLICATE_COLLECTION_WALLET (one ACTIVE per buyer and route).
        if (gated) return this.expectCode(r, gated);
        if (m.wallets.some((w) => w.customer === a.customer && w.status === 'ACTIVE')) return this.expectCode(r, 'DUPLICATE_COLLECTION_WALLET');
        const w = this.expectOk(r, 'createCollectionWallet');
        expect(w.status).toBe('ACTIVE');
        m.wallets.push({ id: w.collectionWalletId as string, customer: a.customer, address: w.address as string, status: 'ACTIVE', expiresAt, received: 0n });
        m.change(w.collectionWalletId as string);
        return;
      }
      case 'walletExpiry': {
        const w = m.wallets[a.wallet];
        if (!w) return;
        const expiresAt = a.expires ? this.server.clock.now().getTime() + WALLET_TTL_MS : null;
        const r = await this.gql(
          `mutation($w: UUID!, $i: UpdateCollectionWalletExpiryInput!) { updateCollectionWalletExpiry(collectionWalletId: $w, input: $i) { status expiresAt } }`,
          { w: w.id, i: { expiresAt: expiresAt === null ? null : new Date(expiresAt).toISOString() } },
        );
        // §15.5: no gate; INVALID_STATE (DEACTIVATED) → DUPLICATE_COLLECTION_WALLET (an EXPIRED one made ACTIVE beside another).
        if (w.status === 'DEACTIVATED') return this.expectCode(r, 'INVALID_STATE');
        if (w.status === 'EXPIRED' && m.wallets.some((o) => o !== w && o.customer === w.customer && o.status === 'ACTIVE'))
          return this.expectCode(r, 'DUPLICATE_COLLECTION_WALLET');
        expect(this.expectOk(r, 'updateCollectionWalletExpiry').status).toBe('ACTIVE');
        // The same expiresAt as now: 200 unchanged, no event (E2).
        if (w.status === 'ACTIVE' && w.expiresAt === expiresAt) return;
        w.status = 'ACTIVE';
        w.expiresAt = expiresAt;
        m.change(w.id);
        return;
      }
      case 'walletDeactivate': {
        const w = m.wallets[a.wallet];
        if (!w) return;
        const r = await this.gql(`mutation($w: UUID!) { deactivateCollectionWallet(collectionWalletId: $w) { status } }`, { w: w.id });
        expect(this.expectOk(r, 'deactivateCollectionWallet').status).toBe('DEACTIVATED');
        if (w.status !== 'DEACTIVATED') m.change(w.id);
        w.status = 'DEACTIVATED';
        return;
      }
      case 'walletPay': {
        const w = m.wallets[a.wallet];
        if (!w) return;
        const from = ADDRESSES[a.from]!;
        const r = await this.gql(`mutation($i: SimulateCollectionPaymentInput!) { simulateCollectionPayment(input: $i) { collectionPaymentId status late detectedAt } }`, {
          i: { routeCode: this.s.routeCode, toAddress: w.address, amountMinor: a.amount.toString(), fromAddress: from, confirm: a.confirm },
        });
        // §15.6: no gate (money arrives anyway, R13); late iff the wallet is not ACTIVE or its expiresAt has passed.
        const p = this.expectOk(r, 'simulateCollectionPayment');
        const detectedAt = Date.parse(p.detectedAt as string);
        const late = w.status !== 'ACTIVE' || (w.expiresAt !== null && detectedAt >= w.expiresAt);
        expect([p.status, p.late]).toEqual(['DETECTED', late]);
        m.payments.push({ id: p.collectionPaymentId as string, customer: w.customer, wallet: a.wallet, checkout: -1, amount: a.amount, from, confirm: a.confirm, detectedAt, late, status: 'DETECTED' });
        m.change(p.collectionPaymentId as string);
        return;
      }
      case 'checkoutCreate': {
        const input = { routeCode: this.s.routeCode, amountMinor: a.amount.toString(), currency: m.coin, currencyScale: 6, expiresInSeconds: CHECKOUT_TTL_S };
        const r = await this.gql(`mutation($c: UUID!, $i: CreateCryptoCheckoutInput!) { createCryptoCheckout(customerId: $c, input: $i) { checkoutId address status } }`, {
          c: this.customers[a.customer],
          i: input,
        });
        // §15.2, §12.4: checkouts need the customer ACTIVE and VERIFIED.
        const gated = m.gate(a.customer, true);
        if (gated) return this.expectCode(r, gated);
        const c = this.expectOk(r, 'createCryptoCheckout');
        expect(c.status).toBe('OPEN');
        m.checkouts.push({ id: c.checkoutId as string, customer: a.customer, address: c.address as string, amount: a.amount });
        return;
      }
      case 'checkoutPay': {
        const c = m.checkouts[a.checkout];
        if (!c) return;
        const from = ADDRESSES[a.from]!;
        const r = await this.gql(`mutation($i: SimulateCollectionPaymentInput!) { simulateCollectionPayment(input: $i) { collectionPaymentId status late detectedAt checkoutId } }`, {
          i: { routeCode: this.s.routeCode, toAddress: c.address, amountMinor: a.amount.toString(), fromAddress: from, confirm: a.confirm },
        });
        // `late` is the checkout state machine's (its own test); here it decides only which counter the payment feeds.
        const p = this.expectOk(r, 'simulateCollectionPayment');
        expect([p.status, p.checkoutId]).toEqual(['DETECTED', c.id]);
        const detectedAt = Date.parse(p.detectedAt as string);
        m.payments.push({ id: p.collectionPaymentId as string, customer: c.customer, wallet: -1, checkout: a.checkout, amount: a.amount, from, confirm: a.confirm, detectedAt, late: p.late as boolean, status: 'DETECTED' });
        m.change(p.collectionPaymentId as string);
        return;
      }
      case 'checkoutClose': {
        const c = m.checkouts[a.checkout];
        if (!c) return;
        // §15.3: no gate; CLOSED, or INVALID_STATE (paid, expired or a payment pending) — which one is the state machine's.
        const r = await this.gql(`mutation($c: UUID!) { closeCryptoCheckout(checkoutId: $c) { status } }`, { c: c.id });
        if (r.body?.errors) return this.expectCode(r, 'INVALID_STATE');
        expect(this.expectOk(r, 'closeCryptoCheckout').status).toBe('CLOSED');
        return;
      }
      case 'paymentRefundDraft': {
        const p = m.payments[a.payment];
        if (!p) return;
        const input: Record<string, unknown> = { amountMinor: a.amount.toString(), reason: 'Overpaid' };
        input.operationAuthorization = this.evidence('CRYPTO_REFUND_CREATE', { collectionPaymentId: p.id }, input);
        const r = await this.gql(
          `mutation($p: UUID!, $i: CreateCryptoRefundApprovalDraftInput!) { createCollectionPaymentRefundApprovalDraft(collectionPaymentId: $p, input: $i) { refundId status refundAddress } }`,
          { p: p.id, i: input },
        );
        // §15.7: H gate → INVALID_STATE (not COMPLETED) → REFUND_EXCEEDS_DEPOSIT.
        const gated = m.gate(p.customer, false);
        if (gated) return this.expectCode(r, gated);
        if (p.status !== 'COMPLETED') return this.expectCode(r, 'INVALID_STATE');
        if (a.amount > m.paymentRefundable(a.payment)) return this.expectCode(r, 'REFUND_EXCEEDS_DEPOSIT');
        const f = this.expectOk(r, 'createCollectionPaymentRefundApprovalDraft');
        expect([f.status, f.refundAddress]).toEqual(['APPROVED', p.from]);
        m.refunds.push({ id: f.refundId as string, customer: p.customer, deposit: -1, payment: a.payment, amount: a.amount, status: 'APPROVED', failAt: null, address: p.from });
        m.change(f.refundId as string);
        return;
      }
    }
  }

  /**
   * §15.5, §15.6 what the clock's move to `now` makes the worker do: wallets whose expiresAt passed expire;
   * a payment confirms at its first step (FROZEN when its source is denied then), else is dropped at the
   * timeout. A completed one credits the customer and the wallet (payment, wallet, transaction.posted).
   */
  private settleCollections(now: number): void {
    const m = this.m;
    for (const w of m.wallets)
      if (w.status === 'ACTIVE' && w.expiresAt !== null && w.expiresAt <= now) {
        w.status = 'EXPIRED';
        m.change(w.id);
      }
    for (const p of m.payments) {
      if (p.status !== 'DETECTED') continue;
      if (p.confirm && p.detectedAt + STEP_MS <= now) p.status = m.denied.has(p.from) ? 'FROZEN' : 'COMPLETED';
      else if (p.detectedAt + CONFIRMATION_TIMEOUT_S * 1000 <= now) p.status = 'DROPPED';
      else continue;
      m.change(p.id);
      if (p.status !== 'COMPLETED') continue;
      const w = m.wallets[p.wallet];
      if (w) {
        w.received += p.amount;
        m.change(w.id);
      }
      m.post(p.customer, p.amount, 0n);
    }
  }

  /** §13.3: the draft of `customer` on quote `index`, its answer and effects against the model. */
  private async conversionDraft(customer: number, index: number): Promise<void> {
    const m = this.m;
    const q = m.quotes[index]!;
    const customerId = this.customers[customer]!;
    const input: Record<string, unknown> = { quoteId: q.id };
    input.operationAuthorization = this.evidence('CONVERSION_CREATE', { customerId }, input);
    const r = await this.gql(DRAFT_MUTATION, { customerId, input });
    const gated = m.gate(customer, true);
    if (gated) return this.expectCode(r, gated);
    if (q.customer !== customer) return this.expectCode(r, 'QUOTE_MISMATCH');
    if (q.used) return this.expectCode(r, 'QUOTE_ALREADY_USED');
    if (m.steps > q.atStep) return this.expectCode(r, 'QUOTE_EXPIRED');
    if (m.availableOf(customer, q.source) < q.sourceAmount) return this.expectCode(r, 'INSUFFICIENT_FUNDS');
    const c = this.expectOk(r, 'createConversionApprovalDraft');
    expect([c.status, c.sourceAmountMinor, c.targetAmountMinor]).toEqual(['COMPLETED', q.sourceAmount.toString(), q.targetAmount.toString()]);
    q.used = true;
    m.change(c.conversionId as string);
    // §13.4: CONVERSION_DEBIT of the source, then CONVERSION_CREDIT of the target.
    m.post(customer, -q.sourceAmount, 0n, q.source);
    m.post(customer, q.targetAmount, 0n, q.target);
  }

  private stepModel(r: Withdrawal | Refund): void {
    const m = this.m;
    const isWithdrawal = 'beneficiary' in r;
    const hold = isWithdrawal ? r.amount + FEE : r.amount;
    const release = () => m.post(r.customer, hold, -hold);
    switch (r.status) {
      case 'SUBMITTED':
      case 'CONFIRMED':
        r.status = 'SCREENING';
        break;
      case 'SCREENING':
        r.status = m.denied.has(r.address) ? 'REJECTED' : 'BROADCASTING';
        m.change(r.id);
        if (r.status === 'REJECTED') release();
        return;
      case 'BROADCASTING':
        r.status = r.failAt === 'BROADCASTING' ? 'FAILED' : 'CONFIRMING';
        m.change(r.id);
        if (r.status === 'FAILED') release();
        return;
      case 'CONFIRMING':
        r.status = r.failAt === 'CONFIRMING' ? 'FAILED' : 'COMPLETED';
        m.change(r.id);
        if (r.status === 'FAILED') release();
        else if (isWithdrawal) {
          m.post(r.customer, 0n, -r.amount);
          m.post(r.customer, 0n, -FEE);
        } else m.post(r.customer, 0n, -r.amount);
        return;
    }
    m.change(r.id);
  }

  /** Statuses and balances as the API answers them, against the model. */
  async compare(after: Action): Promise<void> {
    const m = this.m;
    const [c0, c1] = this.customers;
    const balance = 'items { currency availableMinor heldMinor }';
    const customer = 'status verificationStatus';
    const records = await this.gql(
      `{ b0: customerBalances(customerId: "${c0}") { ${balance} } b1: customerBalances(customerId: "${c1}") { ${balance} } c0: customer(customerId: "${c0}") { ${customer} } c1: customer(customerId: "${c1}") { ${customer} } }`,
      {},
    );
    if (!records.body?.data) throw new Error(`balances: ${records.status} ${records.text}`);
    for (const c of [0, 1]) {
      // A currency's balance appears with its first ledger row; before that it is zero.
      const got: Record<string, string> = {};
      for (const b of records.body.data[`b${c}`].items) got[b.currency] = `${b.availableMinor}/${b.heldMinor}`;
      const want: Record<string, string> = {};
      for (const currency of [m.coin, 'EUR']) {
        want[currency] = `${m.availableOf(c, currency)}/${m.held[c]![currency] ?? 0n}`;
        got[currency] ??= '0/0';
      }
      expect({ after: after.kind, customer: c, balances: got, state: records.body.data[`c${c}`] }).toEqual({
        after: after.kind,
        customer: c,
        balances: want,
        state: { status: m.suspended[c] ? 'SUSPENDED' : 'ACTIVE', verificationStatus: m.verification[c] },
      });
    }
    // §10.1 L1–L5 across currencies, after every step that posted (the balances above cover the rest).
    if (m.ledgerRows !== this.checkedRows) for (const id of this.customers) await checkLedgerInvariants(this.server, id);
    this.checkedRows = m.ledgerRows;
    const queries: string[] = [];
    m.withdrawals.forEach((w, i) => queries.push(`w${i}: cryptoWithdrawal(withdrawalId: "${w.id}") { status }`));
    m.refunds.forEach((f, i) => queries.push(`f${i}: cryptoRefund(refundId: "${f.id}") { status }`));
    m.deposits.forEach((d, i) => queries.push(`d${i}: cryptoDeposit(depositId: "${d.id}") { status refundableAmountMinor }`));
    m.beneficiaries.forEach((b, i) => queries.push(`b${i}: cryptoWalletBeneficiary(walletBeneficiaryId: "${b.id}") { beneficiaryStatus }`));
    m.quotes.forEach((q, i) => queries.push(`q${i}: conversionQuote(quoteId: "${q.id}") { status }`));
    m.wallets.forEach((w, i) => queries.push(`cw${i}: collectionWallet(collectionWalletId: "${w.id}") { status amountReceivedMinor }`));
    m.payments.forEach((p, i) => queries.push(`cp${i}: collectionPayment(collectionPaymentId: "${p.id}") { status late refundableAmountMinor }`));
    m.checkouts.forEach((c, i) => queries.push(`co${i}: cryptoCheckout(checkoutId: "${c.id}") { amountPaidMinor amountPendingMinor lateAmountMinor overpaidMinor }`));
    // At most 5 aliases a request (the GraphQL limits).
    const data: Record<string, Record<string, unknown>> = {};
    for (let i = 0; i < queries.length; i += 5) {
      const r = await this.gql(`{ ${queries.slice(i, i + 5).join(' ')} }`, {});
      if (!r.body?.data) throw new Error(`records: ${r.status} ${r.text}`);
      Object.assign(data, r.body.data);
    }
    m.withdrawals.forEach((w, i) => expect([after.kind, w.id, data[`w${i}`].status]).toEqual([after.kind, w.id, w.status]));
    m.refunds.forEach((f, i) => expect([after.kind, f.id, data[`f${i}`].status]).toEqual([after.kind, f.id, f.status]));
    m.deposits.forEach((d, i) =>
      expect([after.kind, d.id, data[`d${i}`].status, data[`d${i}`].refundableAmountMinor]).toEqual([after.kind, d.id, d.status, m.refundable(i).toString()]),
    );
    m.beneficiaries.forEach((b, i) => expect([after.kind, b.id, data[`b${i}`].beneficiaryStatus]).toEqual([after.kind, b.id, b.status]));
    // §13.2: EXPIRED is computed — not USED and now ≥ expiresAt, which one step delay passes.
    m.quotes.forEach((q, i) => expect([after.kind, q.id, data[`q${i}`].status]).toEqual([after.kind, q.id, q.used ? 'USED' : m.steps > q.atStep ? 'EXPIRED' : 'OPEN']));
    m.wallets.forEach((w, i) => expect([after.kind, w.id, data[`cw${i}`]]).toEqual([after.kind, w.id, { status: w.status, amountReceivedMinor: w.received.toString() }]));
    m.payments.forEach((p, i) =>
      expect([after.kind, p.id, data[`cp${i}`]]).toEqual([after.kind, p.id, { status: p.status, late: p.late, refundableAmountMinor: m.paymentRefundable(i).toString() }]),
    );
    // §15.3: a checkout's counters are the sums of its payments; refunds change none of them.
    m.checkouts.forEach((c, i) => {
      const sum = (late: boolean, status: string) => m.payments.filter((p) => p.checkout === i && p.late === late && p.status === status).reduce((s, p) => s + p.amount, 0n);
      const paid = sum(false, 'COMPLETED');
      const want = { amountPaidMinor: paid, amountPendingMinor: sum(false, 'DETECTED'), lateAmountMinor: sum(true, 'COMPLETED'), overpaidMinor: paid > c.amount ? paid - c.amount : 0n };
      expect([after.kind, c.id, data[`co${i}`]]).toEqual([after.kind, c.id, Object.fromEntries(Object.entries(want).map(([k, v]) => [k, v.toString()]))]);
    });
  }

  /** E2/E3: one event per change, sequences 1..n; one transaction.posted per ledger row. */
  async compareEvents(): Promise<void> {
    const rows = (await this.server.db.all(
      `SELECT resource_id AS id, resource_type AS t, sequence AS s FROM events WHERE client_id = ? ORDER BY position`,
      this.s.client.clientId,
    )).filter((r) => (r as { t: string }).t !== 'CRYPTO_CHECKOUT') as { id: string; t: string; s: number }[];
    // A checkout's events are counted by its state machine's test; the feed's rebuild (E8) still covers them.
    const seen = new Map<string, number[]>();
    for (const row of rows) seen.set(row.id, [...(seen.get(row.id) ?? []), Number(row.s)]);
    for (const [id, count] of this.m.events) expect([id, seen.get(id)]).toEqual([id, Array.from({ length: count }, (_, i) => i + 1)]);
    const transactions = rows.filter((r) => r.t === 'TRANSACTION');
    expect(transactions.length).toBe(this.m.ledgerRows);
    expect(transactions.every((r) => Number(r.s) === 1)).toBe(true);
    expect(rows.length).toBe([...this.m.events.values()].reduce((a, b) => a + b, 0) + this.m.ledgerRows);
  }
}
