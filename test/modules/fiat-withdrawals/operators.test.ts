// test: slow — partnerctl sandbox fiat-withdrawal-outcome and sandbox fiat-return
// §14.3, §14.7, §16.6, §16.9 partnerctl's fiat withdrawal sandbox commands on the database of a running
// test server (SQLite or PostgreSQL): a few runs are the real partnerctl process, the rest its code in the
// test's process. Exit codes: 0 done, 1 a refusal {"code", "detail"}, 2 a usage error.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/harness.js';
import { FiatWd, IBAN } from '../../helpers/fiat-withdrawals.js';
import { partnerctlHere, partnerctlHereJson } from '../../helpers/partnerctl-here.js';
import { expectRefusal, expectUsage, processKit } from '../../helpers/processes.js';
import { balanceOf, eventsOf, ledgerOf } from '../../helpers/withdrawals.js';

const { partnerctl, partnerctlJson } = processKit({ tempPrefix: 'partner-ctl-fiat-wd-' });

describe('§16.6 partnerctl sandbox fiat-withdrawal-outcome and fiat-return', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  const ctl = (args: string[], extra: Record<string, string> = {}) => partnerctlHere(server.databaseUrl, args, extra);
  const ctlJson = (args: string[], extra: Record<string, string> = {}) => partnerctlHereJson(server.databaseUrl, args, extra);
  const spawned = {
    ctl: (args: string[], extra: Record<string, string> = {}) => partnerctl(server.databaseUrl, args, extra),
    ctlJson: (args: string[], extra: Record<string, string> = {}) => partnerctlJson(server.databaseUrl, args, extra),
  };
  const outcome = ['sandbox', 'fiat-withdrawal-outcome', '--account-identifier'];

  it('fiat-withdrawal-outcome prints the entry by its fingerprint (never the identifier), defaults, --clear; outside sandbox mode it is stored all the same', async () => {
    const entry = await spawned.ctlJson([...outcome, 'de89 3704 0044 0532 0130 00', '--outcome', 'NEEDS_ADDITIONAL_INFORMATION']);
    expect(entry).toEqual({ fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/), outcome: 'NEEDS_ADDITIONAL_INFORMATION', keys: ['PAYMENT_PURPOSE_DETAIL'], returnReason: null });
    // The bank account with that identifier has the same fingerprint (§14.5).
    const w = await FiatWd.create(server);
    expect((await w.rest('GET', `/partner/v1/fiat/bank-accounts/${w.iban}`)).body.fingerprint).toBe(entry.fingerprint);
    expect(JSON.stringify(await server.db.all('SELECT * FROM sandbox_fiat_withdrawal_outcomes'))).not.toContain('0532013000');
    expect(await ctlJson([...outcome, IBAN, '--outcome', 'NEEDS_ADDITIONAL_INFORMATION', '--keys', 'INVOICE_FILE,SOURCE_OF_FUNDS'])).toMatchObject({ keys: ['INVOICE_FILE', 'SOURCE_OF_FUNDS'] });
    expect(await ctlJson([...outcome, IBAN, '--outcome', 'RETURNED'])).toEqual({ fingerprint: entry.fingerprint, outcome: 'RETURNED', keys: null, returnReason: 'ACCOUNT_CLOSED' });
    expect(await ctlJson([...outcome, IBAN, '--outcome', 'REJECTED'], { PARTNER_SANDBOX: 'false' })).toMatchObject({ outcome: 'REJECTED' });
    expect(await spawned.ctlJson([...outcome, IBAN, '--clear'])).toEqual({ removed: true });
    expect(await ctlJson([...outcome, IBAN, '--clear'])).toEqual({ removed: false });
  });

  it('fiat-withdrawal-outcome usage errors (exit 2): keys not asked of withdrawals, a key twice, --keys or --return-reason with another outcome, a value outside the choices, a missing option', async () => {
    expectUsage(await spawned.ctl([...outcome, IBAN, '--outcome', 'NEEDS_ADDITIONAL_INFORMATION', '--keys', 'BUSINESS_DESCRIPTION']), /cannot be asked of a withdrawal/);
    expectUsage(await ctl([...outcome, IBAN, '--outcome', 'NEEDS_ADDITIONAL_INFORMATION', '--keys', 'INVOICE_FILE,INVOICE_FILE']));
    expectUsage(await ctl([...outcome, IBAN, '--outcome', 'REJECTED', '--keys', 'INVOICE_FILE']));
    expectUsage(await ctl([...outcome, IBAN, '--outcome', 'REJECTED', '--return-reason', 'OTHER']));
    expectUsage(await ctl([...outcome, IBAN, '--outcome', 'MAYBE']));
    expectUsage(await ctl([...outcome, IBAN, '--outcome', 'RETURNED', '--return-reason', 'LOST']));
    expectUsage(await ctl([...outcome, IBAN]));
    expectUsage(await ctl([...outcome, IBAN, '--outcome', 'REJECTED', '--clear']));
    expectUsage(await ctl(['sandbox', 'fiat-withdrawal-outcome', '--outcome', 'REJECTED']));
    // A value of the right form that breaks the identifier's rule is a refusal (exit 1), as the bank deny list's.
    expectRefusal(await ctl([...outcome, 'DE89-3704', '--outcome', 'REJECTED']), 'VALIDATION_FAILED');
    expectRefusal(await ctl([...outcome, 'X'.repeat(35), '--clear']), 'VALIDATION_FAILED');
  });

  it('fiat-return: prints the withdrawal as GET shows it, RETURNED with both credits and its events; refusals exit 1 (SANDBOX_ONLY, NOT_FOUND, INVALID_STATE)', async () => {
    const w = await FiatWd.create(server, { fee: '20' });
    await w.fund('5000');
    const d = await w.submitted({ amountMinor: '1000' });
    const id = d.fiatWithdrawalId;
    // Not yet sent: INVALID_STATE.
    expectRefusal(await ctl(['sandbox', 'fiat-return', '--fiat-withdrawal-id', id]), 'INVALID_STATE');
    await server.advanceWorker();
    expect((await w.get(id)).status).toBe('COMPLETED');
    // Outside sandbox mode (partnerctl's own PARTNER_SANDBOX): SANDBOX_ONLY, nothing changed.
    expectRefusal(await spawned.ctl(['sandbox', 'fiat-return', '--fiat-withdrawal-id', id], { PARTNER_SANDBOX: 'false' }), 'SANDBOX_ONLY');
    expectRefusal(await ctl(['sandbox', 'fiat-return', '--fiat-withdrawal-id', id], { NODE_ENV: 'production', PARTNER_SECRET_KEY: '00'.repeat(32) }), 'SANDBOX_ONLY');
    expectRefusal(await ctl(['sandbox', 'fiat-return', '--fiat-withdrawal-id', randomUUID()]), 'NOT_FOUND');
    expectUsage(await ctl(['sandbox', 'fiat-return', '--fiat-withdrawal-id', id, '--reason', 'LOST']));
    expectUsage(await ctl(['sandbox', 'fiat-return']));
    const returned = await spawned.ctlJson(['sandbox', 'fiat-return', '--fiat-withdrawal-id', id, '--reason', 'REFUSED_BY_BENEFICIARY_BANK']);
    expect(returned).toEqual(await w.get(id));
    expect(returned).toMatchObject({ status: 'RETURNED', statusInfo: 'Returned by beneficiary bank', returnReason: 'REFUSED_BY_BENEFICIARY_BANK', returnedAt: returned.updatedAt });
    expect(await ledgerOf(server, id)).toEqual([['HOLD', '1020'], ['FIAT_WITHDRAWAL', '1000'], ['FIAT_WITHDRAWAL_FEE', '20'], ['FIAT_WITHDRAWAL_RETURN', '1000'], ['FIAT_WITHDRAWAL_FEE_REFUND', '20']]);
    expect(await balanceOf(server, w.customerId, 'EUR')).toEqual({ available: '5000', held: '0' });
    expect((await eventsOf(server, id)).at(-1)!.type).toBe('fiat_withdrawal.returned');
    // Once RETURNED: INVALID_STATE.
    expectRefusal(await ctl(['sandbox', 'fiat-return', '--fiat-withdrawal-id', id]), 'INVALID_STATE');
  });
});
