// §10.6 concurrency: submissions of one customer that together exceed availableMinor succeed exactly as
// far as funds go; the rest get INSUFFICIENT_FUNDS; L1 holds throughout (on PostgreSQL the balance row's
// write makes racers conflict and run again).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scenario, startTestServer, type TestServer } from '../../helpers/harness.js';
import { expectProblem } from '../../helpers/problems.js';
import { balanceOf, fund, ledgerOf, Wd } from '../../helpers/withdrawals.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SANDBOX_STEP_DELAY_MS: '600000' });
});
afterAll(() => server.stop());

describe('racing submissions of one customer', () => {
  it('10 submissions each needing 30% of the funds: exactly 3 succeed, 7 get 409 INSUFFICIENT_FUNDS', async () => {
    const wd = await Wd.create(await Scenario.create(server));
    // 2,997,500 + fee 2,500 = 3,000,000: 30% of 10,000,000.
    const drafts = [];
    for (let i = 0; i < 10; i++) drafts.push(await wd.draft({ amountMinor: '2997500' }));
    await fund(wd.s, wd.customerId, '10000000');
    const replies = await Promise.all(drafts.map((w, i) => (i % 2 ? wd.submitRest(w.withdrawalId) : wd.submitGql(w.withdrawalId))));
    const ok = replies.filter((r) => r.status === 200);
    expect(ok).toHaveLength(3);
    for (const r of replies.filter((x) => x.status !== 200)) expectProblem(r, 409, 'INSUFFICIENT_FUNDS');

    expect(await balanceOf(server, wd.customerId)).toEqual({ available: '1000000', held: '9000000' });
    const submitted = await server.db.count("SELECT count(*) AS n FROM crypto_withdrawals WHERE customer_id = ? AND status = 'SUBMITTED'", wd.customerId);
    expect(submitted).toBe(3);
    // One HOLD per successful submission, none for the others; sequences gapless (L2).
    let holds = 0;
    for (const w of drafts) holds += (await ledgerOf(server, w.withdrawalId)).length;
    expect(holds).toBe(3);
    const rows = await server.db.all<{ sequence: number | string; available_after_minor: string; held_after_minor: string }>(
      'SELECT sequence, available_after_minor, held_after_minor FROM ledger_transactions WHERE customer_id = ? ORDER BY sequence',
      wd.customerId,
    );
    expect(rows.map((r) => Number(r.sequence))).toEqual([1, 2, 3, 4]);
    // L1 after every row.
    for (const r of rows) {
      expect(BigInt(r.available_after_minor) >= 0n).toBe(true);
      expect(BigInt(r.held_after_minor) >= 0n).toBe(true);
    }
  });

  it('two customers do not take from each other', async () => {
    const s = await Scenario.create(server);
    const a = await Wd.create(s);
    const b = await Wd.create(s);
    const wa = [await a.draft({ amountMinor: '497500' }), await a.draft({ amountMinor: '497500' })];
    const wb = [await b.draft({ amountMinor: '497500' }), await b.draft({ amountMinor: '497500' })];
    await fund(s, a.customerId, '500000');
    await fund(s, b.customerId, '1000000');
    const replies = await Promise.all([...wa.map((w) => a.submitRest(w.withdrawalId)), ...wb.map((w) => b.submitRest(w.withdrawalId))]);
    expect(replies.slice(0, 2).map((r) => r.status).sort()).toEqual([200, 409]);
    expect(replies.slice(2).map((r) => r.status)).toEqual([200, 200]);
    expect(await balanceOf(server, a.customerId)).toEqual({ available: '0', held: '500000' });
    expect(await balanceOf(server, b.customerId)).toEqual({ available: '0', held: '1000000' });
  });
});
