// §12.5 upgrade: a database the release before §12 wrote (test/fixtures/before-onboarding.*, made by
// test/fixtures/make-release-before-onboarding.ts with that release's own code) started under this one.
// Every customer becomes ACTIVE, UNVERIFIED, no review pending, with one `customer.unverified` (sequence 1,
// at its updatedAt), in createdAt order; nothing else changes; a restart converts nothing again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_CLIENT, BEFORE_ONBOARDING as M, PreviousReleaseServer, allFields } from '../../helpers/upgrade.js';

type Row = Record<string, unknown>;
let server: PreviousReleaseServer;
let customersBefore: Row[];
let eventsBefore: Row[];
let depositsBefore: Row[];

beforeAll(async () => {
  server = await new PreviousReleaseServer({}, 'before-onboarding').load();
  customersBefore = await server.db.all('SELECT * FROM customers ORDER BY created_at, customer_id');
  eventsBefore = await server.db.all('SELECT * FROM events ORDER BY position');
  depositsBefore = await server.db.all('SELECT * FROM crypto_deposits');
  await server.start();
});
afterAll(() => server?.stop());

const gql = async (query: string, variables: Record<string, unknown> = {}) => {
  const r = await server.gql(FIXTURE_CLIENT, query, variables);
  expect(r.status, r.text).toBe(200);
  expect(r.body.errors, r.text).toBeUndefined();
  return r.body.data;
};

describe('§12.5 upgrade of the customers of the release before §12', () => {
  it('the fixture is that release\'s: three customers without the §12 columns, events of other records only', () => {
    expect(customersBefore.map((c) => c.customer_id).sort()).toEqual(Object.values(M).sort());
    expect(customersBefore.every((c) => !('verification_status' in c) && c.status === 'ACTIVE')).toBe(true);
    expect(eventsBefore.length).toBeGreaterThan(0);
    expect(eventsBefore.some((e) => e.resource_type === 'CUSTOMER')).toBe(false);
  });

  it('every customer: ACTIVE, UNVERIFIED, no review pending; one customer.unverified each, after the earlier events, in createdAt order; data = the by-id query', async () => {
    const events = await server.db.all<Row>('SELECT * FROM events ORDER BY position');
    expect(events.slice(0, eventsBefore.length).map((e) => e.event_id)).toEqual(eventsBefore.map((e) => e.event_id));
    const added = events.slice(eventsBefore.length);
    expect(added.map((e) => e.resource_id)).toEqual(customersBefore.map((c) => c.customer_id));
    for (const [i, c] of customersBefore.entries()) {
      const view = (await gql(`query($id: UUID!) { customer(customerId: $id) { ${allFields('PartnerCustomer')} } }`, { id: c.customer_id })).customer;
      expect(view).toEqual({
        customerId: c.customer_id,
        externalRef: c.external_ref,
        type: c.type,
        displayName: c.display_name,
        status: 'ACTIVE',
        createdAt: c.created_at,
        updatedAt: c.updated_at,
        suspendedAt: null,
        verificationKind: c.type === 'CORPORATE' ? 'KYB' : 'KYC',
        verificationStatus: 'UNVERIFIED',
        verificationStatusInfo: null,
        verificationReviewPending: false,
        verifiedAt: null,
      });
      const e = added[i]!;
      expect(e).toMatchObject({ type: 'customer.unverified', resource_type: 'CUSTOMER', customer_id: c.customer_id, client_id: FIXTURE_CLIENT.clientId, created_at: c.updated_at });
      expect(Number(e.sequence)).toBe(1);
      expect(JSON.parse(e.data as string)).toEqual(view);
    }
    expect((await server.db.all('SELECT * FROM crypto_deposits')).length).toBe(depositsBefore.length);
    expect((await server.db.all<{ name: string }>('SELECT name FROM upgrades')).map((u) => u.name)).toContain('customer-verification-v1');
  });

  it('a restart converts nothing again', async () => {
    const before = await server.db.all('SELECT event_id FROM events ORDER BY position');
    await server.restart();
    expect(await server.db.all('SELECT event_id FROM events ORDER BY position')).toEqual(before);
  });

  it('an upgraded customer goes on: its next event is sequence 2', async () => {
    const now = server.clock.now().toISOString();
    const r = await server.request(FIXTURE_CLIENT, 'POST', `/partner/v1/customers/${M.acme}/verification-evidence`, {
      body: {
        subject: { legalName: 'Acme', country: 'DE', registrationNumber: 'HRB 1' },
        checks: ['COMPANY_REGISTRY', 'BENEFICIAL_OWNERS', 'SANCTIONS_SCREENING', 'PEP_SCREENING'].map((type) => ({ type, result: 'PASSED', completedAt: now })),
        attestedAt: now,
        attestedByPartnerUserRef: 'officer-1',
      },
    });
    expect(r.status, r.text).toBe(200);
    expect((await server.db.all<{ type: string; sequence: number }>('SELECT type, sequence FROM events WHERE resource_id = ? ORDER BY sequence', M.acme)).map((e) => [e.type, Number(e.sequence)])).toEqual([
      ['customer.unverified', 1],
      ['customer.pending_review', 2],
    ]);
  });
});

describe('§9.3 upgrade of the ledger: one posting position per customer across currencies', () => {
  it('the rows already there are numbered 1…n per customer in (createdAt, feed position) order, and stay append-only', async () => {
    const rows = await server.db.all<Row>(
      `SELECT l.customer_id, l.posting_position, l.transaction_id FROM ledger_transactions l
         LEFT JOIN events e ON e.resource_id = l.transaction_id AND e.resource_type = 'TRANSACTION'
        ORDER BY l.customer_id, l.created_at, e.position, l.currency, l.sequence`,
    );
    expect(rows.length).toBeGreaterThan(0);
    const byCustomer = new Map<unknown, number[]>();
    for (const r of rows) byCustomer.set(r.customer_id, [...(byCustomer.get(r.customer_id) ?? []), Number(r.posting_position)]);
    for (const positions of byCustomer.values()) expect(positions).toEqual(positions.map((_, i) => i + 1));
    // The guard lifted for the numbering is back.
    await expect(server.db.run('UPDATE ledger_transactions SET posting_position = posting_position + 100')).rejects.toThrow(/append-only/);
  });
});
