// §10.11 upgrade of an existing database: the previous release's own database (test/fixtures/, written
// through its HTTP API by its code) started under this release. Checked against the table of §10.11,
// §10.1's invariants (L1, L2, L5) and §11.1–§11.2's events, on whichever engine the run uses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { depositWalletAddress, generatedTxHash } from '../../../src/core/addresses/derive.js';
import type { Blockchain } from '../../../src/core/addresses/index.js';
import { openEngine } from '../../../src/db/engine.js';
import { runUpgrades } from '../../../src/upgrades/index.js';
import { startService } from '../../../src/service.js';
import { startTestServer, type Client } from '../../helpers/harness.js';
import { TEST_ENGINE } from '../../helpers/pg.js';
import { PgTestDb } from '../../helpers/pg-test-db.js';
import type { TestDb } from '../../helpers/test-db.js';
import { FIXTURE_CLIENT, FIXTURE_SECRET_KEY, MANIFEST as M, PreviousReleaseServer, allFields, loadPgFixture } from '../../helpers/upgrade.js';
import pino from 'pino';

type Row = Record<string, unknown>;
const STEP_DELAY_MS = 600_000;
const UPGRADE = 'money-lifecycle-v1';
/** §12.5: the customers' upgrade, applied after the money lifecycle's on the same start. */
const CUSTOMER_UPGRADE = 'customer-verification-v1';

/** The previous release's records, read before the new code touched the database. */
type Before = { beneficiaries: Row[]; deposits: Row[]; withdrawals: Row[]; refunds: Row[] };

async function readRecords(db: TestDb): Promise<Before> {
  return {
    beneficiaries: await db.all('SELECT * FROM wallet_beneficiaries'),
    deposits: await db.all('SELECT * FROM crypto_deposits'),
    withdrawals: await db.all('SELECT * FROM crypto_withdrawals'),
    refunds: await db.all('SELECT * FROM crypto_refunds'),
  };
}

/** Everything the upgrade writes, in a stable order (to compare two states). */
async function readAll(db: TestDb) {
  return {
    ...(await readRecords(db)),
    upgrades: await db.all('SELECT * FROM upgrades ORDER BY name'),
    balances: await db.all('SELECT * FROM balances ORDER BY customer_id, currency'),
    ledger: await db.all('SELECT * FROM ledger_transactions ORDER BY customer_id, currency, sequence'),
    postings: await db.all('SELECT * FROM ledger_postings ORDER BY transaction_id, account'),
    events: await db.all('SELECT * FROM events ORDER BY position'),
  };
}

const byId = (rows: Row[], col: string) => new Map(rows.map((r) => [r[col] as string, r]));

/** What §10.11 makes of a record: its kind, its event type, and the ledger row it gets (if any). */
type Expected = {
  rank: number;
  id: string;
  createdAt: string;
  customerId: string;
  resourceType: 'WALLET_BENEFICIARY' | 'CRYPTO_DEPOSIT' | 'CRYPTO_WITHDRAWAL' | 'CRYPTO_REFUND';
  eventType: string;
  row?: { type: 'DEPOSIT' | 'HOLD'; currency: string; currencyScale: number; amount: bigint };
};

function expectedOf(b: Before): Expected[] {
  const all: Expected[] = [
    ...b.beneficiaries.map((r) => ({
      rank: 0,
      id: r.wallet_beneficiary_id as string,
      createdAt: r.created_at as string,
      customerId: r.customer_id as string,
      resourceType: 'WALLET_BENEFICIARY' as const,
      eventType: `wallet_beneficiary.${(r.beneficiary_status as string).toLowerCase()}`,
    })),
    ...b.deposits.map((r) => ({
      rank: 1,
      id: r.deposit_id as string,
      createdAt: r.created_at as string,
      customerId: r.customer_id as string,
      resourceType: 'CRYPTO_DEPOSIT' as const,
      eventType: 'crypto_deposit.completed',
      row: { type: 'DEPOSIT' as const, currency: r.currency as string, currencyScale: Number(r.currency_scale), amount: BigInt(r.amount_minor as string) },
    })),
    ...b.withdrawals.map((r) => ({
      rank: 2,
      id: r.withdrawal_id as string,
      createdAt: r.created_at as string,
      customerId: r.customer_id as string,
      resourceType: 'CRYPTO_WITHDRAWAL' as const,
      eventType: 'crypto_withdrawal.approved',
    })),
    ...b.refunds.map((r) => ({
      rank: 3,
      id: r.refund_id as string,
      createdAt: r.created_at as string,
      customerId: r.customer_id as string,
      resourceType: 'CRYPTO_REFUND' as const,
      eventType: `crypto_refund.${(r.status as string).toLowerCase()}`,
      row:
        r.status === 'APPROVED'
          ? undefined
          : { type: 'HOLD' as const, currency: r.currency as string, currencyScale: Number(r.currency_scale), amount: BigInt(r.amount_minor as string) },
    })),
  ];
  return all.sort((x, y) => (x.createdAt < y.createdAt ? -1 : x.createdAt > y.createdAt ? 1 : x.rank - y.rank));
}

const BY_ID_QUERY: Record<Expected['resourceType'], [string, string, string]> = {
  WALLET_BENEFICIARY: ['cryptoWalletBeneficiary', 'walletBeneficiaryId', 'WalletBeneficiary'],
  CRYPTO_DEPOSIT: ['cryptoDeposit', 'depositId', 'PartnerCryptoDeposit'],
  CRYPTO_WITHDRAWAL: ['cryptoWithdrawal', 'withdrawalId', 'CryptoWithdrawal'],
  CRYPTO_REFUND: ['cryptoRefund', 'refundId', 'PartnerCryptoRefund'],
};

let server: PreviousReleaseServer;
let before: Before;
let startedFrom: number;
let startedUntil: number;
const client: Client = FIXTURE_CLIENT;

async function gql(query: string, variables: Record<string, unknown> = {}) {
  const r = await server.gql(client, query, variables);
  expect(r.status, r.text).toBe(200);
  expect(r.body.errors, r.text).toBeUndefined();
  return r.body.data;
}

async function byIdQuery(resourceType: Expected['resourceType'], id: string): Promise<Row> {
  const [field, arg, type] = BY_ID_QUERY[resourceType];
  return (await gql(`query($id: UUID!) { ${field}(${arg}: $id) { ${allFields(type)} } }`, { id }))[field];
}

beforeAll(async () => {
  server = await new PreviousReleaseServer({ SANDBOX_STEP_DELAY_MS: String(STEP_DELAY_MS) }).load();
  before = await readRecords(server.db);
  startedFrom = server.clock.now().getTime();
  await server.start();
  startedUntil = server.clock.now().getTime();
});
afterAll(() => server?.stop());

describe('§10.11 upgrade of a database the previous release wrote', () => {
  it('the fixture is what the previous release wrote: the records §10.11 names, no ledger or events tables yet', async () => {
    expect(before.deposits).toHaveLength(7);
    expect(before.deposits.every((d) => d.status === 'COMPLETED' && !('to_address' in d))).toBe(true);
    expect(byId(before.beneficiaries, 'wallet_beneficiary_id').get(M.beneficiaries.blocked)).toMatchObject({ beneficiary_status: 'BLOCKED', screening_status: 'REJECTED' });
    expect(byId(before.beneficiaries, 'wallet_beneficiary_id').get(M.beneficiaries.active)).toMatchObject({ beneficiary_status: 'ACTIVE' });
    const refunds = byId(before.refunds, 'refund_id');
    expect(refunds.get(M.refunds.refundApproved)).toMatchObject({ status: 'APPROVED', tx_hash: null });
    // The previous release's submission wrote a placeholder hash.
    for (const id of [M.refunds.refundAwaiting, M.refunds.refundBtcAwaiting]) expect(refunds.get(id)).toMatchObject({ status: 'AWAITING_CONFIRMATION', tx_hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    for (const id of [M.refunds.refundConfirmed, M.refunds.refundTronConfirmed]) expect(refunds.get(id)).toMatchObject({ status: 'CONFIRMED', tx_hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(before.withdrawals).toEqual([expect.objectContaining({ withdrawal_id: M.withdrawals.withdrawal, status: 'APPROVED' })]);
  });

  it('the server answers only after the upgrade: ready, with its marker', async () => {
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    const markers = await server.db.all<{ name: string; applied_at: string }>('SELECT name, applied_at FROM upgrades');
    expect(markers.map((m) => m.name).sort()).toEqual([CUSTOMER_UPGRADE, UPGRADE]);
    for (const m of markers) {
      const at = Date.parse(m.applied_at);
      expect(at).toBeGreaterThanOrEqual(startedFrom);
      expect(at).toBeLessThanOrEqual(startedUntil);
    }
  });

  it('deposits: wallet address derived (§10.3), hash in stored form or generated (§10.4), Credited at creation', async () => {
    const after = byId(await server.db.all('SELECT * FROM crypto_deposits'), 'deposit_id');
    const given = M.givenTxHash;
    const expectedHash: Record<string, (d: Row) => string> = {
      aliceEthHash: () => given.aliceEthHash!.toLowerCase(),
      aliceEthNoHash: (d) => generatedTxHash('ETH', d.deposit_id as string),
      aliceTron: () => given.aliceTron!.toLowerCase(),
      bobBtc: (d) => generatedTxHash('BTC', d.deposit_id as string),
      // Not in the chain's form (the previous release took any text): kept as given.
      bobEthOdd: () => 'not-a-chain-hash',
      bobEthFirst: () => given.bobEthFirst!.toLowerCase(),
      // The same hash into the same wallet again: one deposit per (chain, hash, wallet), so the later one
      // gets its generated hash.
      bobEthDuplicate: (d) => generatedTxHash('ETH', d.deposit_id as string),
    };
    for (const [role, id] of Object.entries(M.deposits)) {
      const old = before.deposits.find((d) => d.deposit_id === id)!;
      const d = after.get(id)!;
      for (const [col, value] of Object.entries(old)) if (col !== 'tx_hash') expect(d[col], `${role}.${col}`).toEqual(value);
      expect(d.to_address, role).toBe(depositWalletAddress(d.blockchain as Blockchain, d.route_code as string, d.customer_id as string));
      expect(d.tx_hash, role).toBe(expectedHash[role]!(d));
      expect(d.status_info).toBe('Credited');
      expect(d.credited_at).toBe(d.created_at);
      expect(d.updated_at).toBe(d.created_at);
      expect(await server.db.get('SELECT CASE WHEN travel_rule_required THEN 1 ELSE 0 END AS n, travel_rule_submitted_at, travel_rule_originator FROM crypto_deposits WHERE deposit_id = ?', id)).toEqual({
        n: 0,
        travel_rule_submitted_at: null,
        travel_rule_originator: null,
      });
    }
    // The contract's vector (§10.3) holds for the derivation used.
    expect(depositWalletAddress('ETH', 'USDT-ETH', '3f2b8c1e-6a4d-4e7b-9c05-1d2e3f4a5b6c')).toBe('0x8F85CBcF564A42b22E8972B435b99E28BCe66672');
  });

  it('refunds: kytResult PENDING; held ones lose the placeholder hash; CONFIRMED ones are due in the pipeline', async () => {
    const after = byId(await server.db.all('SELECT * FROM crypto_refunds'), 'refund_id');
    for (const old of before.refunds) {
      const r = after.get(old.refund_id as string)!;
      const held = old.status !== 'APPROVED';
      for (const [col, value] of Object.entries(old)) if (col !== 'tx_hash') expect(r[col], col).toEqual(value);
      expect(r.kyt_result).toBe('PENDING');
      expect(r.tx_hash).toBe(held ? null : old.tx_hash);
      expect(r.submitted_at).toBeNull();
      expect(r.completed_at).toBeNull();
      expect(r.fail_at).toBeNull();
      if (old.status === 'CONFIRMED') {
        // Entered the pipeline at the upgrade: due one step delay later (§10.7).
        const due = Date.parse(r.due_at as string);
        expect(due).toBeGreaterThanOrEqual(startedFrom + STEP_DELAY_MS);
        expect(due).toBeLessThanOrEqual(startedUntil + STEP_DELAY_MS);
      } else expect(r.due_at).toBeNull();
    }
  });

  it('withdrawals (APPROVED) and beneficiaries are unchanged', async () => {
    const w = byId(await server.db.all('SELECT * FROM crypto_withdrawals'), 'withdrawal_id');
    for (const old of before.withdrawals) {
      const r = w.get(old.withdrawal_id as string)!;
      for (const [col, value] of Object.entries(old)) expect(r[col], col).toEqual(value);
      expect(r).toMatchObject({ quote_id: null, submitted_at: null, completed_at: null, due_at: null, fail_at: null });
    }
    const b = byId(await server.db.all('SELECT * FROM wallet_beneficiaries'), 'wallet_beneficiary_id');
    for (const old of before.beneficiaries) expect(b.get(old.wallet_beneficiary_id as string)).toEqual(old);
  });

  it('ledger: one DEPOSIT per deposit and one HOLD per held refund, posted in createdAt order, each chain gapless (L2), postings balanced (L5)', async () => {
    const rows = await server.db.all('SELECT * FROM ledger_transactions ORDER BY customer_id, currency, sequence');
    const expected: Row[] = [];
    const state = new Map<string, { available: bigint; held: bigint; sequence: number }>();
    // §9.3: the customer's posting position, across currencies, in the order the upgrade posts.
    const positions = new Map<string, number>();
    for (const e of expectedOf(before)) {
      if (!e.row) continue;
      positions.set(e.customerId, (positions.get(e.customerId) ?? 0) + 1);
      const key = `${e.customerId}/${e.row.currency}`;
      const s = state.get(key) ?? { available: 0n, held: 0n, sequence: 0 };
      const da = e.row.type === 'DEPOSIT' ? e.row.amount : -e.row.amount;
      const dh = e.row.type === 'DEPOSIT' ? 0n : e.row.amount;
      s.available += da;
      s.held += dh;
      s.sequence += 1;
      state.set(key, s);
      // L1 after every row.
      expect(s.available >= 0n && s.held >= 0n).toBe(true);
      expected.push({
        customer_id: e.customerId,
        client_id: client.clientId,
        type: e.row.type,
        currency: e.row.currency,
        currency_scale: e.row.currencyScale,
        amount_minor: e.row.amount.toString(),
        available_delta_minor: da.toString(),
        held_delta_minor: dh.toString(),
        available_after_minor: s.available.toString(),
        held_after_minor: s.held.toString(),
        sequence: s.sequence,
        posting_position: positions.get(e.customerId),
        resource_type: e.resourceType,
        resource_id: e.id,
        created_at: e.createdAt,
      });
    }
    // One order for both sides (the engines' collations may order UUIDs differently).
    const key = (r: Row) => `${r.customer_id as string}/${r.currency as string}/${String(r.sequence).padStart(6, '0')}`;
    const sorted = (xs: Row[]) => [...xs].sort((a, b) => (key(a) < key(b) ? -1 : 1));
    expect(sorted(rows).map(({ transaction_id: _, ...rest }) => rest)).toEqual(sorted(expected));
    // 7 deposits, 4 held refunds.
    expect(rows.filter((r) => r.type === 'DEPOSIT')).toHaveLength(7);
    expect(rows.filter((r) => r.type === 'HOLD')).toHaveLength(4);

    const postings = await server.db.all<{ transaction_id: string; account: string; currency: string; amount_minor: string }>('SELECT * FROM ledger_postings');
    expect(postings).toHaveLength(rows.length * 2);
    for (const r of rows) {
      const p = postings.filter((x) => x.transaction_id === r.transaction_id);
      const c = r.customer_id as string;
      const [from, to] = r.type === 'DEPOSIT' ? ['external', `available:${c}`] : [`available:${c}`, `held:${c}`];
      expect(p.map((x) => [x.account, x.amount_minor, x.currency]).sort()).toEqual(
        [[from, `-${r.amount_minor}`, r.currency], [to, r.amount_minor, r.currency]].sort(),
      );
    }
    for (const currency of ['USDT', 'BTC'])
      expect(postings.filter((p) => p.currency === currency).reduce((s, p) => s + BigInt(p.amount_minor), 0n)).toBe(0n);
  });

  it('balances = deposits − holds, as customerBalances shows them', async () => {
    const page = async (customerId: string) =>
      (await gql(`query($c: UUID!) { customerBalances(customerId: $c, first: 10) { items { ${allFields('PartnerBalance')} } } }`, { c: customerId })).customerBalances.items;
    const last = async (customerId: string, currency: string) =>
      (await server.db.get<{ created_at: string }>('SELECT created_at FROM ledger_transactions WHERE customer_id = ? AND currency = ? ORDER BY sequence DESC', customerId, currency))!.created_at;
    const { alice, bob } = M.customers;
    // alice USDT: deposits 1 000 000 + 500 000 + 700 000; held refunds 200 000 + 300 000 + 700 000.
    expect(await page(alice)).toEqual([
      { customerId: alice, currency: 'USDT', currencyScale: 6, availableMinor: '1000000', heldMinor: '1200000', totalMinor: '2200000', updatedAt: await last(alice, 'USDT') },
    ]);
    // bob: BTC 300 000 000 less a held 120 000 000; USDT 42 + 1 000 + 2 000, nothing held.
    expect(await page(bob)).toEqual([
      { customerId: bob, currency: 'BTC', currencyScale: 8, availableMinor: '180000000', heldMinor: '120000000', totalMinor: '300000000', updatedAt: await last(bob, 'BTC') },
      { customerId: bob, currency: 'USDT', currencyScale: 6, availableMinor: '3042', heldMinor: '0', totalMinor: '3042', updatedAt: await last(bob, 'USDT') },
    ]);
  });

  it('events: one per record (its status, sequence 1) followed by one transaction.posted per ledger row, in createdAt order (E6); data = the by-id query', async () => {
    const feed = (await gql(`query { events(first: 30) { items { ${allFields('PartnerEvent')} } pageInfo { hasNextPage } } }`)).events;
    expect(feed.pageInfo.hasNextPage).toBe(false);
    // The customers' events (§12.5) follow, from the next upgrade: checked in its own test below.
    const items = (feed.items as Row[]).filter((e) => e.resourceType !== 'CUSTOMER');
    expect((feed.items as Row[]).slice(0, items.length)).toEqual(items);
    const expected = expectedOf(before);
    const records = new Map([...before.deposits.map((d) => [d.deposit_id, d] as const), ...before.refunds.map((r) => [r.refund_id, r] as const), ...before.withdrawals.map((w) => [w.withdrawal_id, w] as const), ...before.beneficiaries.map((b) => [b.wallet_beneficiary_id, b] as const)]);
    let i = 0;
    for (const e of expected) {
      const ev = items[i++]!;
      expect(ev, e.id).toMatchObject({ type: e.eventType, resourceType: e.resourceType, resourceId: e.id, customerId: e.customerId, sequence: 1 });
      const view = await byIdQuery(e.resourceType, e.id);
      const { refundableAmountMinor: _, ...data } = view;
      expect(ev.data).toEqual(e.resourceType === 'CRYPTO_DEPOSIT' ? data : view);
      // E5: the record's updatedAt (a converted deposit's is its createdAt).
      const rec = records.get(e.id)!;
      expect(ev.createdAt).toBe(e.resourceType === 'CRYPTO_DEPOSIT' ? rec.created_at : rec.updated_at);
      if (!e.row) continue;
      const posted = items[i++]!;
      expect(posted).toMatchObject({ type: 'transaction.posted', resourceType: 'TRANSACTION', customerId: e.customerId, sequence: 1, createdAt: e.createdAt });
      const tx = (await gql(`query($id: UUID!) { transaction(transactionId: $id) { ${allFields('PartnerTransaction')} } }`, { id: posted.resourceId })).transaction;
      expect(posted.data).toEqual(tx);
      expect(tx).toMatchObject({ type: e.row.type, resourceType: e.resourceType, resourceId: e.id, amountMinor: e.row.amount.toString() });
    }
    expect(items).toHaveLength(i);
    // 15 records, 11 ledger rows.
    expect(items).toHaveLength(26);
    expect(await server.db.count("SELECT COUNT(*) AS n FROM events WHERE client_id = ? AND resource_type <> 'CUSTOMER'", client.clientId)).toBe(26);
  });

  it('§12.5 customers: ACTIVE, UNVERIFIED, no review pending; one customer.unverified each (sequence 1, at its updatedAt), in createdAt order, after the money upgrade\'s events', async () => {
    const before = await server.db.all<{ customer_id: string; created_at: string; updated_at: string }>('SELECT customer_id, created_at, updated_at FROM customers ORDER BY created_at, customer_id');
    expect(before.map((c) => c.customer_id).sort()).toEqual([M.customers.alice, M.customers.bob].sort());
    const feed = (await gql(`query { events(first: 30) { items { ${allFields('PartnerEvent')} } } }`)).events.items as Row[];
    expect(feed).toHaveLength(28);
    const customerEvents = feed.slice(26);
    expect(customerEvents.map((e) => e.resourceId)).toEqual(before.map((c) => c.customer_id));
    for (const [i, c] of before.entries()) {
      const e = customerEvents[i]!;
      const view = (await gql(`query($id: UUID!) { customer(customerId: $id) { ${allFields('PartnerCustomer')} } }`, { id: c.customer_id })).customer;
      expect(view).toMatchObject({
        status: 'ACTIVE',
        suspendedAt: null,
        verificationKind: 'KYC',
        verificationStatus: 'UNVERIFIED',
        verificationStatusInfo: null,
        verificationReviewPending: false,
        verifiedAt: null,
        updatedAt: c.updated_at,
      });
      expect(e).toMatchObject({ type: 'customer.unverified', resourceType: 'CUSTOMER', customerId: c.customer_id, sequence: 1, createdAt: c.updated_at, data: view });
    }
  });

  it('a restart converts nothing again: no second rows, events or marker', async () => {
    const first = await readAll(server.db);
    await server.restart();
    expect(await readAll(server.db)).toEqual(first);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });

  it('CONFIRMED refunds proceed through the pipeline (§10.7) when the worker moves them', async () => {
    const confirmed = [M.refunds.refundConfirmed, M.refunds.refundTronConfirmed];
    const moved = await server.advanceWorker();
    if (!server.config.sandbox) {
      // No transfer rail outside sandbox mode: nothing moves, the refunds wait due in CONFIRMED.
      expect(moved).toBe(0);
      for (const id of confirmed)
        expect(await server.db.get('SELECT status, due_at FROM crypto_refunds WHERE refund_id = ?', id)).toEqual({ status: 'CONFIRMED', due_at: expect.any(String) });
      return;
    }
    const chains: Record<string, Blockchain> = { [M.refunds.refundConfirmed]: 'ETH', [M.refunds.refundTronConfirmed]: 'TRON' };
    for (const id of confirmed) {
      expect(await server.db.get('SELECT status, kyt_result, tx_hash FROM crypto_refunds WHERE refund_id = ?', id)).toEqual({
        status: 'COMPLETED',
        kyt_result: 'CLEARED',
        tx_hash: generatedTxHash(chains[id]!, id),
      });
      expect((await server.db.all('SELECT type, sequence FROM events WHERE resource_id = ? ORDER BY sequence', id)).map((e) => e.type)).toEqual([
        'crypto_refund.confirmed',
        'crypto_refund.screening',
        'crypto_refund.broadcasting',
        'crypto_refund.confirming',
        'crypto_refund.completed',
      ]);
      expect(await server.db.all('SELECT type FROM ledger_transactions WHERE resource_id = ? ORDER BY created_at, sequence', id)).toEqual([{ type: 'HOLD' }, { type: 'REFUND' }]);
    }
    // alice: only the AWAITING_CONFIRMATION refund stays held.
    expect(await server.db.get('SELECT available_minor, held_minor FROM balances WHERE customer_id = ? AND currency = ?', M.customers.alice, 'USDT')).toEqual({ available_minor: '1000000', held_minor: '200000' });
  });
});

describe('§10.11 on a database with nothing to convert', () => {
  it('a fresh database gets the marker and no events', async () => {
    const fresh = await startTestServer();
    try {
      expect((await fresh.db.all('SELECT name FROM upgrades')).map((r) => r.name).sort()).toEqual([CUSTOMER_UPGRADE, UPGRADE]);
      expect(await fresh.db.count('SELECT COUNT(*) AS n FROM events')).toBe(0);
      await fresh.restart();
      expect(await fresh.db.count('SELECT COUNT(*) AS n FROM upgrades')).toBe(2);
    } finally {
      await fresh.stop();
    }
  });
});

describe.runIf(TEST_ENGINE === 'pg')('§10.11 with two servers starting at once on PostgreSQL', () => {
  it('the database is converted once', async () => {
    const schema = await loadPgFixture();
    const db = new PgTestDb(schema.url, schema.schema);
    try {
      const config = () =>
        loadConfig({ PORT: '0', HOST: '127.0.0.1', DATABASE_URL: schema.url, LOG_LEVEL: 'silent', PARTNER_SECRET_KEY: FIXTURE_SECRET_KEY, PARTNER_SANDBOX: 'true', SANDBOX_STEP_DELAY_MS: String(STEP_DELAY_MS) });
      const services = await Promise.all([config(), config()].map((c) => startService(c, { logger: pino({ level: 'silent' }) })));
      try {
        expect(await db.count('SELECT COUNT(*) AS n FROM upgrades')).toBe(2);
        // 26 of the money lifecycle, 2 customers' (§12.5).
        expect(await db.count('SELECT COUNT(*) AS n FROM events')).toBe(28);
        expect(await db.count('SELECT COUNT(*) AS n FROM ledger_transactions')).toBe(11);
        expect(await db.count('SELECT COUNT(*) AS n FROM ledger_postings')).toBe(22);
        expect(await db.count('SELECT COUNT(*) AS n FROM (SELECT resource_id FROM events GROUP BY resource_id HAVING COUNT(*) > 1) d')).toBe(0);
      } finally {
        await Promise.all(services.map((s) => s.stop()));
      }
    } finally {
      await db.close();
      await schema.drop();
    }
  });

  it('two upgrade transactions racing after the migrations: one converts, the other finds the marker', async () => {
    const schema = await loadPgFixture();
    const engines = [];
    try {
      // Migrations first (one process at a time, under their lock), so the two upgrades truly overlap.
      for (let i = 0; i < 2; i++) engines.push(await openEngine({ kind: 'pg', url: schema.url }, { poolSize: 2 }));
      const clock = () => new Date();
      const results = await Promise.all(engines.map((e) => runUpgrades(e, { clock, sandboxStepDelayMs: STEP_DELAY_MS })));
      expect(results.flat().sort((a, b) => (a.name < b.name ? -1 : 1))).toEqual([
        { name: CUSTOMER_UPGRADE, records: 2 },
        { name: UPGRADE, records: 15 },
      ]);
      const db = new PgTestDb(schema.url, schema.schema);
      try {
        expect(await db.count('SELECT COUNT(*) AS n FROM events')).toBe(28);
        expect(await db.count('SELECT COUNT(*) AS n FROM ledger_transactions')).toBe(11);
      } finally {
        await db.close();
      }
    } finally {
      await Promise.all(engines.map((e) => e.close()));
      await schema.drop();
    }
  });
});
