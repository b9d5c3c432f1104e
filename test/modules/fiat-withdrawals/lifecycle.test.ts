// §14.7, §14.9 the course of a fiat withdrawal in sandbox mode, one worker step at a time: submission
// (HOLD) → compliance review → SENT_TO_BANK (FIAT_WITHDRAWAL, then FIAT_WITHDRAWAL_FEE) → COMPLETED; the
// captured outcomes (REJECTED with RELEASE, NEEDS_ADDITIONAL_INFORMATION answered or timed out, RETURNED
// with FIAT_WITHDRAWAL_RETURN, then FIAT_WITHDRAWAL_FEE_REFUND, even while the customer is SUSPENDED); the
// events of each transition (E1, E6), the exact ledger rows in order and the balances after each step.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suspendCustomer } from '../../../src/modules/customers/operators.js';
import { sandboxFiatReturn } from '../../../src/modules/fiat-withdrawals/operators.js';
import { startTestServer, type TestServer } from '../../helpers/harness.js';
import { FiatWd, IBAN, ROUTING, ACCOUNT_NUMBER } from '../../helpers/fiat-withdrawals.js';
import { partnerctlHereJson } from '../../helpers/partnerctl-here.js';
import { expectGraphQLProblem, expectRestProblem } from '../../helpers/problems.js';
import { allFieldsOf } from '../../helpers/sdl-fields.js';
import { checkLedgerInvariants, rebuildFromFeed } from '../../helpers/ledger-checks.js';
import { balanceOf, eventsOf, ledgerOf } from '../../helpers/withdrawals.js';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

/** One sandbox step delay later, every step then due. */
async function step(): Promise<void> {
  server.clock.advance(server.config.sandboxStepDelayMs);
  await server.service.worker.drain();
}

/** `partnerctl sandbox fiat-withdrawal-outcome` for an identifier (the command's own code, in this process). */
const outcome = (identifier: string, ...args: string[]) =>
  partnerctlHereJson(server.databaseUrl, ['sandbox', 'fiat-withdrawal-outcome', '--account-identifier', identifier, ...args]);

/** Each party's bank accounts are its own, but the identifiers are shared: every test clears what it set. */
const clear = (identifier: string) => outcome(identifier, '--clear');

/** A transaction row as the feed's `transaction.posted` data shows it: type, deltas, the balance after. */
async function rowsOf(resourceId: string) {
  const rows = await server.db.all<{ type: string; amount_minor: string; available_delta_minor: string; held_delta_minor: string; available_after_minor: string; held_after_minor: string; resource_type: string }>(
    'SELECT type, amount_minor, available_delta_minor, held_delta_minor, available_after_minor, held_after_minor, resource_type FROM ledger_transactions WHERE resource_id = ? ORDER BY sequence',
    resourceId,
  );
  return rows.map((r) => [r.type, r.amount_minor, r.available_delta_minor, r.held_delta_minor, r.available_after_minor, r.held_after_minor, r.resource_type]);
}

const types = async (id: string) => (await eventsOf(server, id)).map((e) => e.type);

describe('the course to COMPLETED', () => {
  it('SEPA with a fee: HOLD, COMPLIANCE_REVIEW, SENT_TO_BANK settles amount then fee with bankReference, COMPLETED writes no row; events in order', async () => {
    const w = await FiatWd.create(server, { fee: '150' });
    await w.fund('100000');
    const d = await w.draft({ amountMinor: '25000', clientReference: 'fw-1' });
    expect(Object.keys(d)).toEqual(allFieldsOf('PartnerFiatWithdrawal'));
    expect(d).toEqual({
      fiatWithdrawalId: expect.stringMatching(/^[0-9a-f-]{36}$/), customerId: w.customerId, rail: 'SEPA', bankAccountId: w.iban,
      bankAccountLast4: '3000', amountMinor: '25000', currency: 'EUR', currencyScale: 2, feeAmountMinor: '150', feeCurrency: 'EUR',
      quoteId: null, paymentReference: 'Invoice 1', clientReference: 'fw-1', purposeOfPayment: null, otherPurpose: null,
      status: 'APPROVED', statusInfo: 'Awaiting submission', informationRequests: [], informationDueAt: null, bankReference: null,
      returnReason: null, createdAt: expect.stringMatching(ISO), updatedAt: d.createdAt, submittedAt: null, sentToBankAt: null,
      completedAt: null, returnedAt: null,
    });
    expect(await balanceOf(server, w.customerId, 'EUR')).toEqual({ available: '100000', held: '0' });
    const r = await w.submitRest(d.fiatWithdrawalId);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({ ...d, status: 'SUBMITTED', statusInfo: 'Submitted for processing', submittedAt: r.body.updatedAt, updatedAt: expect.stringMatching(ISO) });
    expect(await balanceOf(server, w.customerId, 'EUR')).toEqual({ available: '74850', held: '25150' });

    await step();
    expect(await w.get(d.fiatWithdrawalId)).toMatchObject({ status: 'COMPLIANCE_REVIEW', statusInfo: 'Compliance review' });
    await step();
    const sent = await w.get(d.fiatWithdrawalId);
    expect(sent).toMatchObject({ status: 'SENT_TO_BANK', statusInfo: 'Sent to bank', bankReference: expect.stringMatching(/^SBX[0-9A-F]{16}$/), sentToBankAt: sent.updatedAt });
    expect(await balanceOf(server, w.customerId, 'EUR')).toEqual({ available: '74850', held: '0' });
    await step();
    const done = await w.get(d.fiatWithdrawalId);
    expect(done).toMatchObject({ status: 'COMPLETED', statusInfo: 'Completed', completedAt: done.updatedAt, bankReference: sent.bankReference, sentToBankAt: sent.sentToBankAt, returnReason: null, returnedAt: null });
    expect(await rowsOf(d.fiatWithdrawalId)).toEqual([
      ['HOLD', '25150', '-25150', '25150', '74850', '25150', 'FIAT_WITHDRAWAL'],
      ['FIAT_WITHDRAWAL', '25000', '0', '-25000', '74850', '150', 'FIAT_WITHDRAWAL'],
      ['FIAT_WITHDRAWAL_FEE', '150', '0', '-150', '74850', '0', 'FIAT_WITHDRAWAL'],
    ]);
    const events = await eventsOf(server, d.fiatWithdrawalId);
    expect(events.map((e) => [e.type, e.sequence])).toEqual([
      ['fiat_withdrawal.approved', 1],
      ['fiat_withdrawal.submitted', 2],
      ['fiat_withdrawal.compliance_review', 3],
      ['fiat_withdrawal.sent_to_bank', 4],
      ['fiat_withdrawal.completed', 5],
    ]);
    // E8: the last event's data is the by-id view.
    expect(events.at(-1)!.data).toEqual(done);
    // E6: the withdrawal's event, then its rows' transaction.posted, in posting order.
    const feed = await server.db.all<{ type: string; resource_id: string }>(
      `SELECT type, resource_id FROM events WHERE customer_id = ? AND created_at = ? ORDER BY position`, w.customerId, sent.sentToBankAt);
    expect(feed.map((e) => e.type)).toEqual(['fiat_withdrawal.sent_to_bank', 'transaction.posted', 'transaction.posted']);
    // L1–L5 (L3: what is held is what the withdrawals in holding states hold), and E8 from the feed.
    await checkLedgerInvariants(server, w.customerId);
    expect(await rebuildFromFeed(server, w.s.client, [w.customerId])).toBeGreaterThan(0);
  });

  it('fee 0: no FIAT_WITHDRAWAL_FEE row; ACH and WIRE pay a US_ABA account (WIRE: one with holderAddress) in USD', async () => {
    const w = await FiatWd.create(server);
    await w.fund('50000', 'USD');
    for (const rail of ['ACH', 'WIRE'] as const) {
      const d = await w.submitted({ rail, bankAccountId: w.us, currency: 'USD', amountMinor: '1000' });
      expect(d).toMatchObject({ rail, currency: 'USD', feeAmountMinor: '0', bankAccountLast4: '6789' });
      await server.advanceWorker();
      expect((await w.get(d.fiatWithdrawalId)).status).toBe('COMPLETED');
      expect(await ledgerOf(server, d.fiatWithdrawalId)).toEqual([['HOLD', '1000'], ['FIAT_WITHDRAWAL', '1000']]);
    }
    expect(await balanceOf(server, w.customerId, 'USD')).toEqual({ available: '48000', held: '0' });
  });

  it('the vector: bankReference is "SBX" + the first 16 hex digits of SHA-256 of "fiat-withdrawal:v1:<id>"', async () => {
    const { sandboxBankReference } = await import('../../../src/modules/fiat-withdrawals/rules.js');
    const fiat = (await import('../../vectors/fiat.json', { with: { type: 'json' } })).default as { bankReferences: { fiatWithdrawalId: string; bankReference: string }[] };
    for (const v of fiat.bankReferences) expect(sandboxBankReference(v.fiatWithdrawalId)).toBe(v.bankReference);
    const w = await FiatWd.create(server);
    await w.fund('1000');
    const d = await w.submitted({ amountMinor: '1000' });
    await server.advanceWorker();
    expect((await w.get(d.fiatWithdrawalId)).bankReference).toBe(sandboxBankReference(d.fiatWithdrawalId));
  });
});

describe('captured outcomes (§14.3): the bank account\'s identifier, normalised', () => {
  it('REJECTED at the review: RELEASE of amount + fee, statusInfo "Rejected by compliance review"', async () => {
    const w = await FiatWd.create(server, { fee: '100' });
    await w.fund('10000');
    await outcome('de89 3704 0044 0532 0130 00', '--outcome', 'REJECTED');
    try {
      const d = await w.submitted({ amountMinor: '5000' });
      await step();
      await step();
      const r = await w.get(d.fiatWithdrawalId);
      expect(r).toMatchObject({ status: 'REJECTED', statusInfo: 'Rejected by compliance review', bankReference: null, sentToBankAt: null });
      expect(await rowsOf(d.fiatWithdrawalId)).toEqual([
        ['HOLD', '5100', '-5100', '5100', '4900', '5100', 'FIAT_WITHDRAWAL'],
        ['RELEASE', '5100', '5100', '-5100', '10000', '0', 'FIAT_WITHDRAWAL'],
      ]);
      expect(await types(d.fiatWithdrawalId)).toEqual(['fiat_withdrawal.approved', 'fiat_withdrawal.submitted', 'fiat_withdrawal.compliance_review', 'fiat_withdrawal.rejected']);
      expect(await server.advanceWorker()).toBe(0);
    } finally {
      await clear(IBAN);
    }
  });

  it('RETURNED: passes the review, SENT_TO_BANK, then the step out of it returns: FIAT_WITHDRAWAL_RETURN then FIAT_WITHDRAWAL_FEE_REFUND, credited while the customer is SUSPENDED', async () => {
    const w = await FiatWd.create(server, { fee: '250' });
    await w.fund('20000', 'USD');
    const entry = await outcome(`${ROUTING}:${ACCOUNT_NUMBER}`, '--outcome', 'RETURNED', '--return-reason', 'NAME_MISMATCH');
    expect(entry).toEqual({ fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/), outcome: 'RETURNED', keys: null, returnReason: 'NAME_MISMATCH' });
    try {
      const d = await w.submitted({ rail: 'ACH', bankAccountId: w.us, currency: 'USD', amountMinor: '7000' });
      await step();
      await step();
      expect((await w.get(d.fiatWithdrawalId)).status).toBe('SENT_TO_BANK');
      await server.operator((db) => suspendCustomer(db, w.customerId, true));
      await step();
      const r = await w.get(d.fiatWithdrawalId);
      expect(r).toMatchObject({ status: 'RETURNED', statusInfo: 'Returned by beneficiary bank', returnReason: 'NAME_MISMATCH', returnedAt: r.updatedAt, completedAt: null });
      expect(await rowsOf(d.fiatWithdrawalId)).toEqual([
        ['HOLD', '7250', '-7250', '7250', '12750', '7250', 'FIAT_WITHDRAWAL'],
        ['FIAT_WITHDRAWAL', '7000', '0', '-7000', '12750', '250', 'FIAT_WITHDRAWAL'],
        ['FIAT_WITHDRAWAL_FEE', '250', '0', '-250', '12750', '0', 'FIAT_WITHDRAWAL'],
        ['FIAT_WITHDRAWAL_RETURN', '7000', '7000', '0', '19750', '0', 'FIAT_WITHDRAWAL'],
        ['FIAT_WITHDRAWAL_FEE_REFUND', '250', '250', '0', '20000', '0', 'FIAT_WITHDRAWAL'],
      ]);
      expect(await types(d.fiatWithdrawalId)).toEqual([
        'fiat_withdrawal.approved', 'fiat_withdrawal.submitted', 'fiat_withdrawal.compliance_review', 'fiat_withdrawal.sent_to_bank', 'fiat_withdrawal.returned',
      ]);
      await checkLedgerInvariants(server, w.customerId);
      expect(await rebuildFromFeed(server, w.s.client, [w.customerId])).toBeGreaterThan(0);
    } finally {
      await clear(`${ROUTING}:${ACCOUNT_NUMBER}`);
    }
  });

  it('NEEDS_ADDITIONAL_INFORMATION: the round asked, answered on each surface, back to COMPLIANCE_REVIEW; the next review passes', async () => {
    const w = await FiatWd.create(server);
    await w.fund('10000');
    await outcome(IBAN, '--outcome', 'NEEDS_ADDITIONAL_INFORMATION', '--keys', 'PAYMENT_PURPOSE_DETAIL,RELATIONSHIP_TO_BENEFICIARY');
    try {
      for (const surface of ['rest', 'gql'] as const) {
        const d = await w.submitted({ amountMinor: '1000' });
        await step();
        await step();
        const asked = await w.get(d.fiatWithdrawalId);
        expect(asked).toMatchObject({ status: 'NEEDS_ADDITIONAL_INFORMATION', statusInfo: 'Additional information requested' });
        const dueAt = new Date(Date.parse(asked.updatedAt) + server.config.fiatInformationTimeoutSeconds * 1000).toISOString();
        expect(asked.informationDueAt).toBe(dueAt);
        expect(asked.informationRequests).toEqual([
          { key: 'PAYMENT_PURPOSE_DETAIL', kind: 'TEXT', description: 'Describe the purpose of the payment.', requestedAt: asked.updatedAt, answeredAt: null },
          { key: 'RELATIONSHIP_TO_BENEFICIARY', kind: 'TEXT', description: 'Describe the relationship to the beneficiary.', requestedAt: asked.updatedAt, answeredAt: null },
        ]);
        // Held while it waits.
        expect((await balanceOf(server, w.customerId, 'EUR')).held).toBe('1000');
        await checkLedgerInvariants(server, w.customerId);
        // The answer's checks (§14.3): B, D the record (404 NOT_FOUND / 403), then the state's.
        const partial = [{ key: 'PAYMENT_PURPOSE_DETAIL', text: 'Rent' }];
        expectRestProblem(await w.answerRest(d.fiatWithdrawalId, [{ key: 'PAYMENT_PURPOSE_DETAIL', fileIds: [randomUUID()] }]), 400, 'VALIDATION_FAILED');
        expectRestProblem(await w.answerRest(randomUUID(), partial), 404, 'NOT_FOUND');
        const stranger = await FiatWd.create(server, { capabilities: false });
        expectGraphQLProblem(await stranger.answerGql(d.fiatWithdrawalId, partial), 403, 'FORBIDDEN');
        // INFORMATION_MISMATCH: a key missing.
        expectRestProblem(await w.answerRest(d.fiatWithdrawalId, partial), 409, 'INFORMATION_MISMATCH');
        const items = [...partial, { key: 'RELATIONSHIP_TO_BENEFICIARY', text: 'Landlord' }];
        const a = surface === 'rest' ? await w.answerRest(d.fiatWithdrawalId, items) : await w.answerGql(d.fiatWithdrawalId, items);
        expect(a.status, a.text).toBe(200);
        const answered = surface === 'rest' ? a.body : a.body.data.submitFiatWithdrawalAdditionalInformation;
        expect(answered).toMatchObject({ status: 'COMPLIANCE_REVIEW', statusInfo: 'Compliance review', informationDueAt: null });
        expect(answered.informationRequests.map((q: { answeredAt: string }) => q.answeredAt)).toEqual([answered.updatedAt, answered.updatedAt]);
        expect(JSON.stringify(answered)).not.toContain('Landlord');
        // A second answer: no longer NEEDS_ADDITIONAL_INFORMATION.
        expectGraphQLProblem(await w.answerGql(d.fiatWithdrawalId, items), 409, 'INVALID_STATE');
        await step();
        expect((await w.get(d.fiatWithdrawalId)).status).toBe('SENT_TO_BANK');
        await step();
        expect((await w.get(d.fiatWithdrawalId)).status).toBe('COMPLETED');
        expect(await types(d.fiatWithdrawalId)).toEqual([
          'fiat_withdrawal.approved', 'fiat_withdrawal.submitted', 'fiat_withdrawal.compliance_review', 'fiat_withdrawal.needs_additional_information',
          'fiat_withdrawal.compliance_review', 'fiat_withdrawal.sent_to_bank', 'fiat_withdrawal.completed',
        ]);
        expect(await ledgerOf(server, d.fiatWithdrawalId)).toEqual([['HOLD', '1000'], ['FIAT_WITHDRAWAL', '1000']]);
      }
    } finally {
      await clear(IBAN);
    }
  });

  it('NEEDS_ADDITIONAL_INFORMATION not answered by informationDueAt: REJECTED "Additional information not provided", RELEASE; a late answer is INVALID_STATE', async () => {
    const w = await FiatWd.create(server, { fee: '10' });
    await w.fund('10000');
    await outcome(IBAN, '--outcome', 'NEEDS_ADDITIONAL_INFORMATION');
    try {
      const d = await w.submitted({ amountMinor: '1000' });
      await step();
      await step();
      const asked = await w.get(d.fiatWithdrawalId);
      expect(asked.informationRequests.map((q: { key: string }) => q.key)).toEqual(['PAYMENT_PURPOSE_DETAIL']);
      server.clock.advance(server.config.fiatInformationTimeoutSeconds * 1000);
      expectRestProblem(await w.answerRest(d.fiatWithdrawalId, [{ key: 'PAYMENT_PURPOSE_DETAIL', text: 'Rent' }]), 409, 'INVALID_STATE');
      await server.service.worker.drain();
      const r = await w.get(d.fiatWithdrawalId);
      expect(r).toMatchObject({ status: 'REJECTED', statusInfo: 'Additional information not provided', informationDueAt: null });
      expect(await ledgerOf(server, d.fiatWithdrawalId)).toEqual([['HOLD', '1010'], ['RELEASE', '1010']]);
      expect(await balanceOf(server, w.customerId, 'EUR')).toEqual({ available: '10000', held: '0' });
      expect((await types(d.fiatWithdrawalId)).at(-1)).toBe('fiat_withdrawal.rejected');
    } finally {
      await clear(IBAN);
    }
  });
});

describe('partnerctl sandbox fiat-return (§14.7), in this process', () => {
  const env = () => ({ PARTNER_SANDBOX: 'true' });

  it('from SENT_TO_BANK and from COMPLETED within FIAT_RETURN_WINDOW_DAYS: RETURNED with both credits; after the window, or twice: INVALID_STATE', async () => {
    const w = await FiatWd.create(server, { fee: '50' });
    await w.fund('10000');
    const a = await w.submitted({ amountMinor: '1000' });
    const b = await w.submitted({ amountMinor: '2000' });
    const c = await w.submitted({ amountMinor: '3000' });
    await step();
    await step();
    // a: returned while SENT_TO_BANK (the step out of it then finds it moved on).
    const ra = await server.operator((db) => sandboxFiatReturn(db, env(), a.fiatWithdrawalId, 'INVALID_ACCOUNT', server.clock.now()));
    expect(ra).toEqual(await w.get(a.fiatWithdrawalId));
    expect(ra).toMatchObject({ status: 'RETURNED', returnReason: 'INVALID_ACCOUNT', completedAt: null });
    await step();
    expect((await w.get(a.fiatWithdrawalId)).status).toBe('RETURNED');
    expect(await ledgerOf(server, a.fiatWithdrawalId)).toEqual([['HOLD', '1050'], ['FIAT_WITHDRAWAL', '1000'], ['FIAT_WITHDRAWAL_FEE', '50'], ['FIAT_WITHDRAWAL_RETURN', '1000'], ['FIAT_WITHDRAWAL_FEE_REFUND', '50']]);
    // b: COMPLETED, returned just before the window ends.
    const bDone = await w.get(b.fiatWithdrawalId);
    expect(bDone.status).toBe('COMPLETED');
    const windowEnds = Date.parse(bDone.completedAt) + server.config.fiatReturnWindowDays * 86_400_000;
    const rb = await server.operator((db) => sandboxFiatReturn(db, env(), b.fiatWithdrawalId, undefined, new Date(windowEnds - 1)));
    expect(rb).toMatchObject({ status: 'RETURNED', returnReason: 'ACCOUNT_CLOSED', completedAt: bDone.completedAt });
    await expect(server.operator((db) => sandboxFiatReturn(db, env(), b.fiatWithdrawalId, undefined, new Date(windowEnds - 1)))).rejects.toMatchObject({ code: 'INVALID_STATE' });
    // c: at the window's end, refused.
    await expect(server.operator((db) => sandboxFiatReturn(db, env(), c.fiatWithdrawalId, undefined, new Date(windowEnds)))).rejects.toMatchObject({ code: 'INVALID_STATE' });
    expect((await w.get(c.fiatWithdrawalId)).status).toBe('COMPLETED');
    expect(await balanceOf(server, w.customerId, 'EUR')).toEqual({ available: String(10000 - 3050), held: '0' });
    expect(await types(b.fiatWithdrawalId)).toEqual([
      'fiat_withdrawal.approved', 'fiat_withdrawal.submitted', 'fiat_withdrawal.compliance_review', 'fiat_withdrawal.sent_to_bank', 'fiat_withdrawal.completed', 'fiat_withdrawal.returned',
    ]);
  });
});
