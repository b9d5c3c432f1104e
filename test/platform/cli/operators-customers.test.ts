// test: slow — partnerctl customer and sandbox verification commands
// §12.3–§12.5, §16.6 partnerctl customer commands on the database of a running test server (SQLite or
// PostgreSQL): a few runs are the real partnerctl process, the rest its code in the test's process. Exit codes (§16.6, §16.9): 0 done, 1 a refusal
// with {"code", "detail"}, 2 a usage error with {"error"}.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_FIELDS, startTestServer, type Client, type TestServer } from '../../helpers/harness.js';
import { eventTrail } from '../../helpers/lifecycle.js';
import { partnerctlHere, partnerctlHereJson } from '../../helpers/partnerctl-here.js';
import { expectRefusal, expectUsage, processKit } from '../../helpers/processes.js';

const { partnerctl, partnerctlJson } = processKit({ tempPrefix: 'partner-ctl-customers-' });
const GET = `query($customerId: UUID!) { customer(customerId: $customerId) { ${CUSTOMER_FIELDS} } }`;

describe('§16.6 partnerctl customer suspend | reactivate | verification-decide, sandbox verification-outcome', () => {
  let server: TestServer;
  let client: Client;
  beforeAll(async () => {
    server = await startTestServer();
    client = await server.newClient();
  });
  afterAll(() => server?.stop());

  const ctl = (args: string[]) => partnerctlHere(server.databaseUrl, args);
  const ctlJson = (args: string[]) => partnerctlHereJson(server.databaseUrl, args);
  /** The same, as the real `partnerctl` process. */
  const spawned = {
    ctl: (args: string[]) => partnerctl(server.databaseUrl, args),
    ctlJson: (args: string[]) => partnerctlJson(server.databaseUrl, args),
  };
  const newCustomer = async (type = 'INDIVIDUAL') => {
    const r = await server.request(client, 'POST', '/partner/v1/customers', { body: { externalRef: `ext-${randomUUID()}`, type } });
    expect(r.status, r.text).toBe(200);
    return r.body as Record<string, unknown> & { customerId: string };
  };
  const read = async (customerId: string) => (await server.gql(client, GET, { customerId })).body.data.customer;

  it('suspend sets status SUSPENDED and suspendedAt, event customer.updated; again: unchanged, no event; reactivate clears it', async () => {
    const c = await newCustomer();
    const suspended = await spawned.ctlJson(['customer', 'suspend', '--customer-id', c.customerId]);
    expect(suspended).toEqual(await read(c.customerId));
    expect(suspended).toMatchObject({ status: 'SUSPENDED', suspendedAt: expect.any(String), verificationStatus: 'UNVERIFIED' });
    expect(suspended.updatedAt).toBe(suspended.suspendedAt);
    const again = await ctlJson(['customer', 'suspend', '--customer-id', c.customerId]);
    expect(again).toEqual(suspended);
    expect(await eventTrail(server, client, c.customerId)).toEqual([['customer.unverified', 1], ['customer.updated', 2]]);
    const active = await ctlJson(['customer', 'reactivate', '--customer-id', c.customerId]);
    expect(active).toMatchObject({ status: 'ACTIVE', suspendedAt: null });
    expect(await ctlJson(['customer', 'reactivate', '--customer-id', c.customerId])).toEqual(active);
    expect(await eventTrail(server, client, c.customerId)).toEqual([['customer.unverified', 1], ['customer.updated', 2], ['customer.updated', 3]]);
  });

  it('verification-decide VERIFIED → customer.verified with verifiedAt; again → customer.updated (refreshed verifiedAt); REJECTED with and without --info', async () => {
    const c = await newCustomer('CORPORATE');
    const verified = await ctlJson(['customer', 'verification-decide', '--customer-id', c.customerId, '--outcome', 'VERIFIED']);
    expect(verified).toMatchObject({ verificationKind: 'KYB', verificationStatus: 'VERIFIED', verificationStatusInfo: null, verificationReviewPending: false, verifiedAt: verified.updatedAt });
    const again = await ctlJson(['customer', 'verification-decide', '--customer-id', c.customerId, '--outcome', 'VERIFIED']);
    expect(again.verifiedAt >= verified.verifiedAt).toBe(true);
    const rejected = await ctlJson(['customer', 'verification-decide', '--customer-id', c.customerId, '--outcome', 'REJECTED', '--info', 'Registry mismatch']);
    expect(rejected).toMatchObject({ verificationStatus: 'REJECTED', verificationStatusInfo: 'Registry mismatch', verifiedAt: null });
    const plain = await ctlJson(['customer', 'verification-decide', '--customer-id', c.customerId, '--outcome', 'REJECTED']);
    expect(plain).toMatchObject({ verificationStatus: 'REJECTED', verificationStatusInfo: 'Rejected by review' });
    expect(plain).toEqual(await read(c.customerId));
    expect(await eventTrail(server, client, c.customerId)).toEqual([
      ['customer.unverified', 1],
      ['customer.verified', 2],
      ['customer.updated', 3],
      ['customer.rejected', 4],
      ['customer.updated', 5],
    ]);
  });

  it('refusals: unknown customer → 1 NOT_FOUND; --info over 200 characters → 1 VALIDATION_FAILED; usage errors → 2', async () => {
    const c = await newCustomer();
    expectRefusal(await spawned.ctl(['customer', 'suspend', '--customer-id', randomUUID()]), 'NOT_FOUND');
    expectRefusal(await ctl(['customer', 'verification-decide', '--customer-id', randomUUID(), '--outcome', 'VERIFIED']), 'NOT_FOUND');
    expectRefusal(await ctl(['customer', 'verification-decide', '--customer-id', c.customerId, '--outcome', 'REJECTED', '--info', 'x'.repeat(201)]), 'VALIDATION_FAILED');
    expectRefusal(await ctl(['customer', 'verification-decide', '--customer-id', c.customerId, '--outcome', 'REJECTED', '--info', '']), 'VALIDATION_FAILED');
    expectUsage(await spawned.ctl(['customer', 'verification-decide', '--customer-id', c.customerId, '--outcome', 'MAYBE']));
    expectUsage(await ctl(['customer', 'verification-decide', '--customer-id', c.customerId]));
    expectUsage(await ctl(['customer', 'suspend']));
    expectUsage(await ctl(['sandbox', 'verification-outcome', '--customer-id', c.customerId]));
    expectUsage(await ctl(['sandbox', 'verification-outcome', '--customer-id', c.customerId, '--outcome', 'VERIFIED', '--clear']));
    expect(await read(c.customerId)).toMatchObject({ verificationStatus: 'UNVERIFIED', status: 'ACTIVE' });
  });

  it('sandbox verification-outcome stores and prints the entry; --clear prints {removed}', async () => {
    const c = await newCustomer();
    expect(await ctlJson(['sandbox', 'verification-outcome', '--customer-id', c.customerId, '--outcome', 'REJECTED', '--info', 'Sandbox says no'])).toEqual({
      customerId: c.customerId,
      outcome: 'REJECTED',
      info: 'Sandbox says no',
    });
    expect(await ctlJson(['sandbox', 'verification-outcome', '--customer-id', c.customerId, '--outcome', 'VERIFIED'])).toEqual({ customerId: c.customerId, outcome: 'VERIFIED', info: null });
    expect(await ctlJson(['sandbox', 'verification-outcome', '--customer-id', c.customerId, '--clear'])).toEqual({ removed: true });
    expect(await ctlJson(['sandbox', 'verification-outcome', '--customer-id', c.customerId, '--clear'])).toEqual({ removed: false });
    expectRefusal(await ctl(['sandbox', 'verification-outcome', '--customer-id', randomUUID(), '--outcome', 'VERIFIED']), 'NOT_FOUND');
  });
});
