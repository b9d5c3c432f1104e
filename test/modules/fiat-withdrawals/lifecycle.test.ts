// §14.7, §14.9 the whole course of a fiat withdrawal in sandbox mode: submission (HOLD) → compliance
// review → SENT_TO_BANK (FIAT_WITHDRAWAL, FIAT_WITHDRAWAL_FEE) → COMPLETED; the events of each
// transition (E1, E6), the exact ledger rows in order and the balances after each step.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/harness.js';
import { allFieldsOf } from '../../helpers/sdl-fields.js';
import { FiatWd } from '../../helpers/fiat-withdrawals.js';
import { balanceOf, eventsOf, ledgerOf } from '../../helpers/withdrawals.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('a fiat withdrawal from draft to COMPLETED (sandbox)', () => {
  it('SEPA with a fee: HOLD at submission, the review, SENT_TO_BANK settles amount then fee, COMPLETED writes no row', async () => {
    const w = await FiatWd.create(server, { fee: '150' });
    await w.fund('100000');
    const d = await w.draft({ amountMinor: '25000', clientReference: 'fw-1' });
    expect(Object.keys(d)).toEqual(allFieldsOf('PartnerFiatWithdrawal'));
    expect(d).toMatchObject({ status: 'APPROVED', statusInfo: 'Awaiting submission', feeAmountMinor: '150', feeCurrency: 'EUR', bankAccountLast4: '3000' });
    expect(await balanceOf(server, w.customerId, 'EUR')).toEqual({ available: '100000', held: '0' });
    const r = await w.submitRest(d.fiatWithdrawalId);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ status: 'SUBMITTED', statusInfo: 'Submitted for processing', submittedAt: r.body.updatedAt });
    expect(await balanceOf(server, w.customerId, 'EUR')).toEqual({ available: '74850', held: '25150' });
    await server.advanceWorker();
    const done = await w.get(d.fiatWithdrawalId);
    expect(done).toMatchObject({ status: 'COMPLETED', statusInfo: 'Completed', bankReference: expect.stringMatching(/^SBX[0-9A-F]{16}$/), returnReason: null });
    expect(await ledgerOf(server, d.fiatWithdrawalId)).toEqual([['HOLD', '25150'], ['FIAT_WITHDRAWAL', '25000'], ['FIAT_WITHDRAWAL_FEE', '150']]);
    expect(await balanceOf(server, w.customerId, 'EUR')).toEqual({ available: '74850', held: '0' });
    const types = (await eventsOf(server, d.fiatWithdrawalId)).map((e) => e.type);
    expect(types).toEqual([
      'fiat_withdrawal.approved',
      'fiat_withdrawal.submitted',
      'fiat_withdrawal.compliance_review',
      'fiat_withdrawal.sent_to_bank',
      'fiat_withdrawal.completed',
    ]);
  });
});
