// §16.4 the races fiat withdrawals lose by rule, never by a 500: concurrent submissions over one balance
// succeed exactly as far as the funds go (L1, §10.6); drafts racing for one quote (uq_fiat_withdrawal_quote)
// or one clientReference (uq_fiat_withdrawal_client_reference) — one wins, the others answer the rule's 409.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/harness.js';
import { FiatWd } from '../../helpers/fiat-withdrawals.js';
import { expectProblem } from '../../helpers/problems.js';
import { balanceOf, ledgerOf } from '../../helpers/withdrawals.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('§16.4 races', () => {
  it('N concurrent submissions over one balance: exactly floor(balance / (amount + fee)) succeed, the others INSUFFICIENT_FUNDS; nothing held twice', async () => {
    const w = await FiatWd.create(server, { fee: '30' });
    await w.fund('1000'); // (270 + 30) × 3 = 900 ≤ 1000 < 1200
    const drafts = [];
    for (let i = 0; i < 8; i++) drafts.push(await w.draft({ amountMinor: '270' }));
    const replies = await Promise.all(drafts.map((d, i) => (i % 2 === 0 ? w.submitRest(d.fiatWithdrawalId) : w.submitGql(d.fiatWithdrawalId))));
    const ok = replies.filter((r) => r.status === 200 && !r.body.errors);
    expect(ok).toHaveLength(3);
    for (const r of replies.filter((x) => !ok.includes(x))) expectProblem(r, 409, 'INSUFFICIENT_FUNDS');
    expect(await balanceOf(server, w.customerId, 'EUR')).toEqual({ available: '100', held: '900' });
    const held = await Promise.all(drafts.map(async (d) => (await ledgerOf(server, d.fiatWithdrawalId)).length));
    expect(held.filter((n) => n === 1)).toHaveLength(3);
    expect(held.filter((n) => n === 0)).toHaveLength(5);
  });

  it('drafts racing for one quote: exactly one succeeds, the others QUOTE_ALREADY_USED', async () => {
    const w = await FiatWd.create(server);
    const q = await w.quote();
    const replies = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? w.draftRest(w.draftInput({ quoteId: q.quoteId })) : w.draftGql(w.draftInput({ quoteId: q.quoteId })))));
    const ok = replies.filter((r) => r.status === 200 && !r.body.errors);
    expect(ok).toHaveLength(1);
    for (const r of replies.filter((x) => !ok.includes(x))) expectProblem(r, 409, 'QUOTE_ALREADY_USED');
    expect(await server.db.count('SELECT count(*) AS n FROM fiat_withdrawals WHERE quote_id = ?', q.quoteId)).toBe(1);
  });

  it('drafts racing for one clientReference: exactly one succeeds, the others DUPLICATE_CLIENT_REFERENCE; another customer may use it', async () => {
    const w = await FiatWd.create(server);
    const replies = await Promise.all(Array.from({ length: 6 }, () => w.draftRest(w.draftInput({ clientReference: 'same-ref' }))));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of replies.filter((x) => x.status !== 200)) expectProblem(r, 409, 'DUPLICATE_CLIENT_REFERENCE');
    const other = await FiatWd.create(server);
    expect((await other.draftRest(other.draftInput({ clientReference: 'same-ref' }))).status).toBe(200);
  });
});
