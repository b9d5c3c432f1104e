// test: slow — partnerctl fiat account and sandbox fiat-review-outcome commands
// §14.3, §14.4, §16.6 partnerctl `fiat account suspend|reactivate` and `sandbox fiat-review-outcome` on the
// database of a running test server (SQLite or PostgreSQL): a few runs are the real partnerctl process, the
// rest its code in the test's process. Exit codes: 0 done, 1 a refusal {"code", "detail"}, 2 a usage error.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/harness.js';
import { partnerctlHere, partnerctlHereJson } from '../../helpers/partnerctl-here.js';
import { expectRefusal, expectUsage, processKit } from '../../helpers/processes.js';
import { eventsOf } from '../../helpers/withdrawals.js';
import { FiatParty } from '../../helpers/fiat-accounts.js';

const { partnerctl, partnerctlJson } = processKit({ tempPrefix: 'partner-ctl-fiat-acct-' });

describe('§16.6 partnerctl fiat account and sandbox fiat-review-outcome', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  const ctl = (args: string[]) => partnerctlHere(server.databaseUrl, args);
  const ctlJson = (args: string[]) => partnerctlHereJson(server.databaseUrl, args);
  const spawned = {
    ctl: (args: string[]) => partnerctl(server.databaseUrl, args),
    ctlJson: (args: string[]) => partnerctlJson(server.databaseUrl, args),
  };

  it('fiat account suspend | reactivate print the account in its GraphQL shape; repeats are unchanged with no event', async () => {
    const f = await FiatParty.create(server);
    const { fiatAccountId } = await f.account();
    const suspended = await spawned.ctlJson(['fiat', 'account', 'suspend', '--fiat-account-id', fiatAccountId]);
    expect(suspended).toEqual((await f.rest('GET', `/partner/v1/fiat/accounts/${fiatAccountId}`)).body);
    expect(suspended).toMatchObject({ status: 'SUSPENDED', suspendedAt: suspended.updatedAt });
    expect(await ctlJson(['fiat', 'account', 'suspend', '--fiat-account-id', fiatAccountId])).toEqual(suspended);
    const active = await spawned.ctlJson(['fiat', 'account', 'reactivate', '--fiat-account-id', fiatAccountId]);
    expect(active).toMatchObject({ status: 'ACTIVE', suspendedAt: null });
    expect(await ctlJson(['fiat', 'account', 'reactivate', '--fiat-account-id', fiatAccountId])).toEqual(active);
    expect((await eventsOf(server, fiatAccountId)).map((e) => [e.type, e.sequence])).toEqual([
      ['fiat_account.active', 1],
      ['fiat_account.suspended', 2],
      ['fiat_account.active', 3],
    ]);
    expectRefusal(await spawned.ctl(['fiat', 'account', 'suspend', '--fiat-account-id', randomUUID()]), 'NOT_FOUND');
    expectUsage(await ctl(['fiat', 'account', 'suspend']));
  });

  it('sandbox fiat-review-outcome: prints the entry, default keys, --clear; the next application captures it', async () => {
    const f = await FiatParty.create(server);
    const entry = await spawned.ctlJson(['sandbox', 'fiat-review-outcome', '--customer-id', f.customerId, '--subject', 'APPLICATION', '--outcome', 'NEEDS_ADDITIONAL_INFORMATION']);
    expect(entry).toEqual({ customerId: f.customerId, subject: 'APPLICATION', outcome: 'NEEDS_ADDITIONAL_INFORMATION', keys: ['SOURCE_OF_FUNDS'] });
    const keyed = await ctlJson(['sandbox', 'fiat-review-outcome', '--customer-id', f.customerId, '--subject', 'APPLICATION', '--outcome', 'NEEDS_ADDITIONAL_INFORMATION', '--keys', 'PROOF_OF_ADDRESS_FILE,BUSINESS_DESCRIPTION']);
    expect(keyed.keys).toEqual(['PROOF_OF_ADDRESS_FILE', 'BUSINESS_DESCRIPTION']);
    expect(await ctlJson(['sandbox', 'fiat-review-outcome', '--customer-id', f.customerId, '--subject', 'ACTIVATION', '--outcome', 'REJECTED'])).toEqual({
      customerId: f.customerId,
      subject: 'ACTIVATION',
      outcome: 'REJECTED',
      keys: null,
    });
    const app = await f.apply();
    await server.advanceWorker(2);
    const asked = await f.application(app.applicationId);
    expect(asked.status).toBe('NEEDS_ADDITIONAL_INFORMATION');
    expect((asked.informationRequests as { key: string }[]).map((q) => q.key)).toEqual(['PROOF_OF_ADDRESS_FILE', 'BUSINESS_DESCRIPTION']);
    expect(await spawned.ctlJson(['sandbox', 'fiat-review-outcome', '--customer-id', f.customerId, '--subject', 'APPLICATION', '--clear'])).toEqual({ removed: true });
    expect(await ctlJson(['sandbox', 'fiat-review-outcome', '--customer-id', f.customerId, '--subject', 'APPLICATION', '--clear'])).toEqual({ removed: false });
  });

  it('refusals and usage errors: unknown customer → 1 NOT_FOUND; keys not asked of the subject, bad choices, both or neither of --outcome and --clear → 2', async () => {
    const f = await FiatParty.create(server);
    const base = ['sandbox', 'fiat-review-outcome', '--customer-id', f.customerId];
    expectRefusal(await ctl(['sandbox', 'fiat-review-outcome', '--customer-id', randomUUID(), '--subject', 'APPLICATION', '--outcome', 'APPROVED']), 'NOT_FOUND');
    expectUsage(await spawned.ctl([...base, '--subject', 'APPLICATION', '--outcome', 'NEEDS_ADDITIONAL_INFORMATION', '--keys', 'INVOICE_FILE']));
    expectUsage(await ctl([...base, '--subject', 'APPLICATION', '--outcome', 'NEEDS_ADDITIONAL_INFORMATION', '--keys', 'NOPE']));
    expectUsage(await ctl([...base, '--subject', 'APPLICATION', '--outcome', 'APPROVED', '--keys', 'SOURCE_OF_FUNDS']));
    expectUsage(await ctl([...base, '--subject', 'WITHDRAWAL', '--outcome', 'APPROVED']));
    expectUsage(await ctl([...base, '--subject', 'APPLICATION', '--outcome', 'MAYBE']));
    expectUsage(await ctl([...base, '--subject', 'APPLICATION']));
    expectUsage(await ctl([...base, '--subject', 'APPLICATION', '--outcome', 'APPROVED', '--clear']));
  });
});
