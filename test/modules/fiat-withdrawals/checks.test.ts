// §14.6, §14.7 the order of checks of createFiatWithdrawalQuote, createFiatWithdrawalApprovalDraft and
// submitFiatWithdrawal, on both surfaces: each stage's refusal while every later one would also refuse
// (a staircase: everything wrong, then one thing fixed at a time), B and G reporting all their faults,
// the reference length per rail, the quote's figures, and a refused submission changing nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setBankAccountEnabled } from '../../../src/modules/bank-accounts/operators.js';
import { suspendCustomer, verificationDecide } from '../../../src/modules/customers/operators.js';
import { disableRail } from '../../../src/modules/fiat-rails/operators.js';
import { startTestServer, type Reply, type TestServer } from '../../helpers/harness.js';
import { FiatWd } from '../../helpers/fiat-withdrawals.js';
import { expectGraphQLProblem, expectRestProblem, pointersOf } from '../../helpers/problems.js';
import { balanceOf, eventsOf, ledgerOf } from '../../helpers/withdrawals.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

type Json = Record<string, any>;

/** Both surfaces answer the same problem (fresh evidence each); the REST problem's body. */
function both(w: FiatWd, send: (surface: 'rest' | 'gql') => Promise<Reply>) {
  return async (status: number, code: string, pointers?: string[]) => {
    const r = expectRestProblem(await send('rest'), status, code);
    if (pointers) expect(pointersOf(r)).toEqual(pointers);
    expectGraphQLProblem(await send('gql'), status, code);
    return r;
  };
}

const disableBank = (w: FiatWd, id: string, enabled = false) => server.operator((db) => setBankAccountEnabled(db, id, enabled));
const suspend = (w: FiatWd, suspended = true) => server.operator((db) => suspendCustomer(db, w.customerId, suspended));

/** Stores a use of the evidence, as if another request had used it (AUTHORIZATION_ALREADY_USED). */
async function useEvidence(w: FiatWd, ev: Json, targetType: string) {
  await server.db.run(
    `INSERT INTO authorization_evidence (client_id, operation_type, operation_hash, authorized_at, authorized_by_partner_user_ref,
       authorization_method, mfa_evidence_ref, target_type, target_id, idempotency_key, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    w.s.client.clientId, ev.operationType, ev.operationHash, ev.authorizedAt, 'user-42', 'PASSKEY', ev.mfaEvidenceRef, targetType, randomUUID(), 'k', new Date().toISOString(),
  );
}

describe('createFiatWithdrawalQuote (§14.6)', () => {
  it('the figures: the rail’s fee now, total, estimatedArrivalAt per rail, expiresAt; nothing held, no event', async () => {
    const w = await FiatWd.create(server, { fee: '125' });
    const now = server.clock.now().getTime();
    for (const [rail, bank, currency, days] of [['SEPA', w.iban, 'EUR', 1], ['ACH', w.us, 'USD', 3], ['WIRE', w.us, 'USD', 1]] as const) {
      const r = await w.quoteRest(w.quoteInput({ rail, bankAccountId: bank, currency, amountMinor: '5000' }));
      expect(r.status, r.text).toBe(200);
      const q = r.body;
      const created = Date.parse(q.createdAt);
      expect(created).toBeGreaterThanOrEqual(now);
      expect(q).toEqual({
        quoteId: expect.stringMatching(/^[0-9a-f-]{36}$/), customerId: w.customerId, rail, bankAccountId: bank, amountMinor: '5000', currency, currencyScale: 2,
        feeAmountMinor: '125', feeCurrency: currency, totalAmountMinor: '5125',
        estimatedArrivalAt: new Date(created + days * 86_400_000).toISOString(),
        expiresAt: new Date(created + server.config.fiatWithdrawalQuoteTtlSeconds * 1000).toISOString(), createdAt: q.createdAt,
      });
      expect(await eventsOf(server, q.quoteId)).toEqual([]);
    }
    expect(await balanceOf(server, w.customerId, 'EUR')).toEqual({ available: '0', held: '0' });
  });

  it('the order: B → D customer, bank account → E rail → G → H gate → FIAT_ACCOUNT_NOT_ACTIVE → WITHDRAWAL_CAPABILITY_NOT_ACTIVE → BANK_ACCOUNT_NOT_ACTIVE', async () => {
    // No capability yet: it is activated where the staircase reaches WITHDRAWAL_CAPABILITY_NOT_ACTIVE.
    const w = await FiatWd.create(server, { minMinor: '100', maxMinor: '100000', capabilities: false });
    const other = await FiatWd.create(server);
    const send = (input: Json, customerId = w.customerId) => both(w, (s) => (s === 'rest' ? w.quoteRest(input, { customerId }) : w.quoteGql(input, { customerId })));
    // B: amount 0.
    await send(w.quoteInput({ amountMinor: '0' }))(400, 'VALIDATION_FAILED', ['/amountMinor']);
    // D: the customer (unknown, another partner's), then the bank account (unknown, another partner's, another customer's).
    await send(w.quoteInput({ bankAccountId: randomUUID() }), randomUUID())(404, 'CUSTOMER_NOT_FOUND');
    await send(w.quoteInput({ bankAccountId: randomUUID() }), other.customerId)(403, 'FORBIDDEN');
    await send(w.quoteInput({ bankAccountId: randomUUID(), currency: 'USD' }))(404, 'BANK_ACCOUNT_NOT_FOUND');
    await send(w.quoteInput({ bankAccountId: other.iban }))(403, 'FORBIDDEN');
    const sibling = await w.s.verifiedCustomer();
    const siblingBank = (await w.bankAccount(w.ibanInput(), sibling)).bankAccountId;
    await send(w.quoteInput({ bankAccountId: siblingBank }))(403, 'FORBIDDEN');
    // E before G: the rail disabled, the currency wrong too.
    await server.operator((db) => disableRail(db, w.s.client.clientId, 'SEPA'));
    await send(w.quoteInput({ currency: 'USD' }))(403, 'RAIL_NOT_PERMITTED');
    await w.rails({}, ['SEPA']);
    // G: every fault at once; one code alone keeps it.
    await send(w.quoteInput({ currency: 'USD', currencyScale: 3, amountMinor: '99' }))(400, 'VALIDATION_FAILED', ['/currency', '/currencyScale', '/amountMinor']);
    await send(w.quoteInput({ amountMinor: '100001' }))(400, 'AMOUNT_OUT_OF_RANGE', ['/amountMinor']);
    await send(w.quoteInput({ rail: 'ACH', currency: 'USD' }))(400, 'VALIDATION_FAILED', ['/bankAccountId']);
    const bare = (await w.bankAccount(w.usInput({ holderAddress: null, accountNumber: '55554444' }))).bankAccountId;
    await send(w.quoteInput({ rail: 'WIRE', currency: 'USD', bankAccountId: bare }))(400, 'VALIDATION_FAILED', ['/bankAccountId']);
    // H, everything wrong at once, then fixed one at a time; G wrong too answers 400 first.
    await suspend(w);
    await w.f.suspend(w.eurAccount);
    await disableBank(w, w.iban);
    await send(w.quoteInput({ amountMinor: '99' }))(400, 'AMOUNT_OUT_OF_RANGE');
    await send(w.quoteInput())(409, 'CUSTOMER_SUSPENDED');
    await suspend(w, false);
    await server.operator((db) => verificationDecide(db, w.customerId, 'REJECTED', 'test'));
    await send(w.quoteInput())(409, 'CUSTOMER_NOT_VERIFIED');
    await server.operator((db) => verificationDecide(db, w.customerId, 'VERIFIED', undefined));
    await send(w.quoteInput())(409, 'FIAT_ACCOUNT_NOT_ACTIVE');
    await w.f.suspend(w.eurAccount, false);
    await send(w.quoteInput())(409, 'WITHDRAWAL_CAPABILITY_NOT_ACTIVE');
    await w.activate('SEPA');
    await send(w.quoteInput())(409, 'BANK_ACCOUNT_NOT_ACTIVE');
    await disableBank(w, w.iban, true);
    expect((await w.quoteRest(w.quoteInput())).status).toBe(200);
    expect((await w.quoteGql(w.quoteInput())).body.data.createFiatWithdrawalQuote.feeAmountMinor).toBe('0');
  });
});

describe('createFiatWithdrawalApprovalDraft (§14.7)', () => {
  const send = (w: FiatWd, o: Json = {}, customerId = w.customerId, ev: Json = {}) =>
    both(w, (s) => {
      const input = w.draftInput(o, customerId, ev);
      return s === 'rest' ? w.draftRest(input, { customerId }) : w.draftGql(input, { customerId });
    });

  it('B: paymentReference characters and its length per rail (SEPA, WIRE 140; ACH 80), clientReference, purposeOfPayment 99 → otherPurpose; all at once', async () => {
    const w = await FiatWd.create(server);
    await send(w, { paymentReference: 'é' })(400, 'VALIDATION_FAILED', ['/paymentReference']);
    await send(w, { paymentReference: '   ' })(400, 'VALIDATION_FAILED', ['/paymentReference']);
    await send(w, { paymentReference: '' })(400, 'VALIDATION_FAILED', ['/paymentReference']);
    await send(w, { paymentReference: 'x'.repeat(141) })(400, 'VALIDATION_FAILED', ['/paymentReference']);
    await send(w, { rail: 'WIRE', bankAccountId: w.us, currency: 'USD', paymentReference: 'x'.repeat(141) })(400, 'VALIDATION_FAILED', ['/paymentReference']);
    await send(w, { rail: 'ACH', bankAccountId: w.us, currency: 'USD', paymentReference: 'x'.repeat(81) })(400, 'VALIDATION_FAILED', ['/paymentReference']);
    await send(w, { amountMinor: '0', clientReference: '', purposeOfPayment: 99 })(400, 'VALIDATION_FAILED', ['/amountMinor', '/clientReference', '/otherPurpose']);
    // At the bound each rail accepts (no funds needed for a draft).
    for (const [rail, bank, currency, n] of [['SEPA', w.iban, 'EUR', 140], ['WIRE', w.us, 'USD', 140], ['ACH', w.us, 'USD', 80]] as const) {
      const r = await w.draftRest(w.draftInput({ rail, bankAccountId: bank, currency, paymentReference: `A/?:().,'+ -${'9'.repeat(n - 12)}` }));
      expect(r.status, r.text).toBe(200);
      expect([...r.body.paymentReference].length).toBe(n);
    }
  });

  it('the order: D customer, bank account, quote → E rail → F evidence → G → H gate → … → AUTHORIZATION_ALREADY_USED', async () => {
    const w = await FiatWd.create(server, { minMinor: '100' });
    const other = await FiatWd.create(server);
    const q = await w.quote({ amountMinor: '20000' });
    const otherQuote = await other.quote();
    // D
    await send(w, { bankAccountId: randomUUID() }, randomUUID())(404, 'CUSTOMER_NOT_FOUND');
    await send(w, { bankAccountId: randomUUID(), quoteId: randomUUID() })(404, 'BANK_ACCOUNT_NOT_FOUND');
    await send(w, { bankAccountId: other.iban, quoteId: randomUUID() })(403, 'FORBIDDEN');
    await send(w, { quoteId: randomUUID() })(404, 'QUOTE_NOT_FOUND');
    await send(w, { quoteId: otherQuote.quoteId })(403, 'FORBIDDEN');
    // E before F: the rail disabled, the evidence wrong too.
    await server.operator((db) => disableRail(db, w.s.client.clientId, 'SEPA'));
    await send(w, {}, w.customerId, { operationHash: 'f'.repeat(64) })(403, 'RAIL_NOT_PERMITTED');
    await w.rails({ minMinor: '100' }, ['SEPA']);
    // F before G.
    await send(w, { currency: 'USD' }, w.customerId, { operationHash: 'f'.repeat(64) })(403, 'OPERATION_HASH_MISMATCH');
    // G before H (the customer suspended).
    await suspend(w);
    await send(w, { currency: 'USD', amountMinor: '99' })(400, 'VALIDATION_FAILED', ['/currency', '/amountMinor']);
    // H, everything wrong, fixed one at a time.
    await w.f.suspend(w.eurAccount);
    await w.capabilityStatus('SEPA', 'REJECTED');
    await disableBank(w, w.iban);
    const dup = { clientReference: 'taken', quoteId: q.quoteId };
    await send(w, dup)(409, 'CUSTOMER_SUSPENDED');
    await suspend(w, false);
    await send(w, dup)(409, 'FIAT_ACCOUNT_NOT_ACTIVE');
    await w.f.suspend(w.eurAccount, false);
    await send(w, dup)(409, 'WITHDRAWAL_CAPABILITY_NOT_ACTIVE');
    await w.capabilityStatus('SEPA', 'ACTIVE');
    await send(w, dup)(409, 'BANK_ACCOUNT_NOT_ACTIVE');
    await disableBank(w, w.iban, true);
    const q2 = await w.quote({ amountMinor: '20000' });
    await w.draft({ clientReference: 'taken', amountMinor: '20000', quoteId: q2.quoteId });
    await send(w, dup)(409, 'DUPLICATE_CLIENT_REFERENCE');
    // QUOTE_MISMATCH names every term that differs; another customer's quote of the partner too (§16.9).
    const mismatch = await send(w, { quoteId: q.quoteId, amountMinor: '10000' })(409, 'QUOTE_MISMATCH');
    expect(mismatch.detail).toContain('amountMinor');
    await send(w, { quoteId: q2.quoteId, amountMinor: '20000' })(409, 'QUOTE_ALREADY_USED');
    server.clock.advance(server.config.fiatWithdrawalQuoteTtlSeconds * 1000);
    await send(w, { quoteId: q.quoteId, amountMinor: '20000' })(409, 'QUOTE_EXPIRED');
    // AUTHORIZATION_ALREADY_USED: the evidence stored as used by another request.
    const input = w.draftInput({ amountMinor: '300' });
    await useEvidence(w, input.operationAuthorization, 'FIAT_WITHDRAWAL');
    expectRestProblem(await w.draftRest(input), 409, 'AUTHORIZATION_ALREADY_USED');
    expectGraphQLProblem(await w.draftGql(input), 409, 'AUTHORIZATION_ALREADY_USED');
  });

  it('a quote: its fee binds (the rail’s changed since), consumed; the draft with no quote takes the rail’s fee now; nothing held; one event', async () => {
    const w = await FiatWd.create(server, { fee: '100' });
    const q = await w.quote({ amountMinor: '5000' });
    await w.rails({ withdrawalFeeMinor: '300' });
    const d = await w.draft({ amountMinor: '5000', quoteId: q.quoteId });
    expect(d).toMatchObject({ quoteId: q.quoteId, feeAmountMinor: '100', status: 'APPROVED' });
    const plain = await w.draft({ amountMinor: '5000' });
    expect(plain).toMatchObject({ quoteId: null, feeAmountMinor: '300' });
    expect(await ledgerOf(server, d.fiatWithdrawalId)).toEqual([]);
    expect((await eventsOf(server, d.fiatWithdrawalId)).map((e) => [e.type, e.data])).toEqual([['fiat_withdrawal.approved', d]]);
  });

  it('another customer’s quote of the same partner: 409 QUOTE_MISMATCH in H (§16.9)', async () => {
    const w = await FiatWd.create(server);
    const sibling = await FiatWd.forCustomer(w.s, await w.s.customer());
    const q = await sibling.quote();
    await send(w, { quoteId: q.quoteId })(409, 'QUOTE_MISMATCH');
  });
});

describe('submitFiatWithdrawal (§14.7)', () => {
  const send = (w: FiatWd, id: string, ev: Json = {}) =>
    both(w, (s) => (s === 'rest' ? w.submitRest(id, w.submitInput(id, ev)) : w.submitGql(id, w.submitInput(id, ev))));

  it('the order: D → E its rail → F → H gate → INVALID_STATE → FIAT_ACCOUNT_NOT_ACTIVE → WITHDRAWAL_CAPABILITY_NOT_ACTIVE → BANK_ACCOUNT_NOT_ACTIVE → AUTHORIZATION_ALREADY_USED → INSUFFICIENT_FUNDS', async () => {
    const w = await FiatWd.create(server, { fee: '40' });
    const other = await FiatWd.create(server);
    const d = await w.draft({ amountMinor: '1000' });
    const foreign = await other.draft();
    await send(w, randomUUID())(404, 'NOT_FOUND');
    await send(w, foreign.fiatWithdrawalId)(403, 'FORBIDDEN');
    await server.operator((db) => disableRail(db, w.s.client.clientId, 'SEPA'));
    await send(w, d.fiatWithdrawalId, { operationHash: 'f'.repeat(64) })(403, 'RAIL_NOT_PERMITTED');
    await w.rails({ withdrawalFeeMinor: '999' }, ['SEPA']);
    await suspend(w);
    await send(w, d.fiatWithdrawalId, { operationHash: 'f'.repeat(64) })(403, 'OPERATION_HASH_MISMATCH');
    await w.f.suspend(w.eurAccount);
    await w.capabilityStatus('SEPA', 'REJECTED');
    await disableBank(w, w.iban);
    await send(w, d.fiatWithdrawalId)(409, 'CUSTOMER_SUSPENDED');
    await suspend(w, false);
    await send(w, d.fiatWithdrawalId)(409, 'FIAT_ACCOUNT_NOT_ACTIVE');
    await w.f.suspend(w.eurAccount, false);
    await send(w, d.fiatWithdrawalId)(409, 'WITHDRAWAL_CAPABILITY_NOT_ACTIVE');
    await w.capabilityStatus('SEPA', 'ACTIVE');
    await send(w, d.fiatWithdrawalId)(409, 'BANK_ACCOUNT_NOT_ACTIVE');
    await disableBank(w, w.iban, true);
    const input = w.submitInput(d.fiatWithdrawalId);
    await useEvidence(w, input.operationAuthorization, 'FIAT_WITHDRAWAL');
    expectRestProblem(await w.submitRest(d.fiatWithdrawalId, input), 409, 'AUTHORIZATION_ALREADY_USED');
    // INSUFFICIENT_FUNDS: amount + the draft's fee (40, not the rail's 999 now), detail naming both.
    await w.fund('1039');
    const poor = await send(w, d.fiatWithdrawalId)(409, 'INSUFFICIENT_FUNDS');
    expect(poor.detail).toMatch(/availableMinor 1039 .*required 1040/);
    // A refused submission changes nothing.
    expect(await w.get(d.fiatWithdrawalId)).toEqual(d);
    expect(await balanceOf(server, w.customerId, 'EUR')).toEqual({ available: '1039', held: '0' });
    await w.fund('1');
    const ok = await w.submitGql(d.fiatWithdrawalId);
    expect(ok.body.data.submitFiatWithdrawal).toMatchObject({ status: 'SUBMITTED', feeAmountMinor: '40' });
    expect(await balanceOf(server, w.customerId, 'EUR')).toEqual({ available: '0', held: '1040' });
    // INVALID_STATE once SUBMITTED, after the gate.
    await suspend(w);
    await send(w, d.fiatWithdrawalId)(409, 'CUSTOMER_SUSPENDED');
    await suspend(w, false);
    await send(w, d.fiatWithdrawalId)(409, 'INVALID_STATE');
  });
});
