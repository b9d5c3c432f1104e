// test: slow — the events partnerctl writes reach webhook endpoints (D1)
// §11.5 D1 for events partnerctl writes: every event fans out to the matching ENABLED endpoints of its
// client, whichever process writes it. partnerctl opens its own engine, and its events reached no
// endpoint while only the server wired the fan-out. Every command of the program is classified here (a
// new one fails the first test until it is), and each one that writes events is run — `customer suspend`
// as the real process, the rest through partnerctl's code in the test's process — then: exactly one
// delivery per matching endpoint and event, none to the others, and each delivered, signed, by the worker.
// `rail resume` (which fails the records a foreign transaction took) needs a devnet: it is checked the
// same way in test/modules/evm/rail-resume.test.ts.
import { randomUUID } from 'node:crypto';
import type { Command } from 'commander';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../../src/cli/program.js';
import { Scenario, TestServer } from '../../helpers/harness.js';
import { partnerctlHereJson } from '../../helpers/partnerctl-here.js';
import { processKit } from '../../helpers/processes.js';
import { insertEndpoint, Receiver } from '../../helpers/receivers.js';
import { issuedFiatAccount } from '../../helpers/fiat-accounts.js';
import { sentToBankWithdrawal } from '../../helpers/fiat-withdrawals.js';

const { partnerctlJson } = processKit({ tempPrefix: 'partner-ctl-fanout-' });

/**
 * What an event-writing command needs: a customer of the scenario's client, and the events it writes on
 * its resource (the customer, or the record `before` makes and returns).
 */
type Writer = {
  args: (customerId: string, resourceId: string) => string[];
  types: string[];
  spawned?: true;
  before?: (s: Scenario, customerId: string) => Promise<string | void>;
};

/** §14.5 a bank account of the customer (verified first: the §12.4 gate), made through the API. */
async function bankAccountOf(s: Scenario, customerId: string): Promise<string> {
  await run(s, ['customer', 'verification-decide', '--customer-id', customerId, '--outcome', 'VERIFIED']);
  const r = await s.server.request(s.client, 'POST', `/partner/v1/customers/${customerId}/fiat/bank-accounts`, {
    body: { accountType: 'IBAN', currency: 'EUR', holderName: 'Ada Lovelace', holderType: 'INDIVIDUAL', holderCountry: 'DE', isOwner: true, iban: 'DE89370400440532013000' },
  });
  if (r.status !== 200) throw new Error(`createBankAccount: ${r.text}`);
  return r.body.bankAccountId;
}

/** The commands that write events, each with a run that writes them. */
const WRITERS: Record<string, Writer> = {
  'customer suspend': { args: (id) => ['customer', 'suspend', '--customer-id', id], types: ['customer.updated'], spawned: true },
  'customer reactivate': {
    before: (s, id) => run(s, ['customer', 'suspend', '--customer-id', id]),
    args: (id) => ['customer', 'reactivate', '--customer-id', id],
    types: ['customer.updated'],
  },
  'customer verification-decide': { args: (id) => ['customer', 'verification-decide', '--customer-id', id, '--outcome', 'VERIFIED'], types: ['customer.verified'] },
  'rail resume': { args: () => [], types: [] }, // a devnet: test/modules/evm/rail-resume.test.ts
  'bank-account disable': { before: bankAccountOf, args: (_c, id) => ['bank-account', 'disable', '--bank-account-id', id], types: ['bank_account.disabled'] },
  'bank-account enable': {
    before: async (s, customerId) => {
      const id = await bankAccountOf(s, customerId);
      await run(s, ['bank-account', 'disable', '--bank-account-id', id]);
      return id;
    },
    args: (_c, id) => ['bank-account', 'enable', '--bank-account-id', id],
    types: ['bank_account.active'],
  },
  'fiat account suspend': { before: issuedFiatAccount, args: (_c, id) => ['fiat', 'account', 'suspend', '--fiat-account-id', id], types: ['fiat_account.suspended'] },
  'fiat account reactivate': {
    before: async (s, customerId) => {
      const id = await issuedFiatAccount(s, customerId);
      await run(s, ['fiat', 'account', 'suspend', '--fiat-account-id', id]);
      return id;
    },
    args: (_c, id) => ['fiat', 'account', 'reactivate', '--fiat-account-id', id],
    types: ['fiat_account.active'],
  },
  // §14.9: the withdrawal's event, then its two credits' (E6).
  'sandbox fiat-return': {
    before: sentToBankWithdrawal,
    args: (_c, id) => ['sandbox', 'fiat-return', '--fiat-withdrawal-id', id],
    types: ['fiat_withdrawal.returned', 'transaction.posted', 'transaction.posted'],
  },
};

/** Every other command, and why it writes no event (settings, secrets, reads, the chain, the partner's own tools). */
const NO_EVENT: Record<string, string> = {
  'client create': 'a client and its secret',
  'client rotate-secret': 'a secret',
  'client retire-secret': 'a secret',
  'client limit': 'a setting',
  'client origin add': 'a setting',
  'client origin remove': 'a setting and the sessions it revokes (no event type)',
  'client origin list': 'a read',
  'customer evidence': 'a read',
  'route create': 'a setting',
  'route update': 'a setting',
  'route disable': 'a setting',
  'route enable': 'a setting',
  'rate set': 'a setting',
  'rate list': 'a read',
  'conversion-pair create': 'a setting',
  'conversion-pair update': 'a setting',
  'conversion-pair disable': 'a setting',
  'conversion-pair enable': 'a setting',
  'screening deny': 'a setting, read when a record moves',
  'screening allow': 'a setting',
  'screening deny-bank': 'a setting, read when a fiat deposit moves',
  'screening allow-bank': 'a setting',
  'fiat rail enable': 'a setting',
  'fiat rail disable': 'a setting',
  'rail status': 'a read',
  'rail rescan': 'a schedule the server carries out',
  'sandbox fail-address': 'a setting',
  'sandbox clear-address': 'a setting',
  'sandbox verification-outcome': 'a setting, read by the next submission',
  'sandbox fiat-review-outcome': 'a setting, read by the next application or activation',
  'sandbox fiat-withdrawal-outcome': 'a setting, read by the next fiat withdrawal submitted to the identifier',
  'devnet pay': 'a transfer on the chain; the server records the deposit',
  'devnet mine': 'blocks on the chain',
  'webhook create': 'an endpoint',
  'webhook list': 'a read',
  'webhook disable': 'an endpoint (its pending deliveries cancelled)',
  'webhook enable': 'an endpoint',
  'webhook rotate-secret': 'a secret',
  'webhook deliveries': 'a read',
  'webhook redeliver': 'a delivery of an existing event, no new event',
  audit: 'a read',
  'demo-secret': 'a secret',
  sign: 'no database',
  evidence: 'no database',
};

/** Every leaf command of partnerctl, as its words (`client origin add`). */
function commands(): string[] {
  const program = buildProgram({}, '0.0.0', { out: () => {}, err: () => {} }, () => {});
  const walk = (c: Command, path: string[]): string[] => {
    const subs = c.commands.filter((s) => s.name() !== 'help');
    return subs.length === 0 ? [path.join(' ')] : subs.flatMap((s) => walk(s, [...path, s.name()]));
  };
  return walk(program, []);
}

let server: TestServer;
const receivers: Receiver[] = [];

beforeAll(async () => {
  // The worker's own timer barely runs: deliveries move when a test drains it.
  server = await new TestServer({ WORKER_POLL_INTERVAL_MS: '10000' }).start();
});
afterAll(() => server?.stop());
afterEach(async () => {
  for (const r of receivers.splice(0)) await r.close();
});

async function run(s: Scenario, args: string[], spawned = false): Promise<void> {
  await (spawned ? partnerctlJson : partnerctlHereJson)(s.server.databaseUrl, args);
}

async function receiver(): Promise<Receiver> {
  const r = await Receiver.start();
  r.clock = server.clock.now;
  receivers.push(r);
  return r;
}

describe('§11.5 D1: events written by partnerctl fan out to webhook deliveries', () => {
  it('every command is classified: it writes events (and is run below) or it writes none', () => {
    const all = commands();
    expect(all.length).toBeGreaterThan(30);
    const unclassified = all.filter((c) => !(c in WRITERS) && !(c in NO_EVENT));
    expect(unclassified, 'a new partnerctl command: add it to WRITERS (with a run) or NO_EVENT').toEqual([]);
    expect(Object.keys(WRITERS).filter((c) => c in NO_EVENT)).toEqual([]);
    expect([...Object.keys(WRITERS), ...Object.keys(NO_EVENT)].filter((c) => !all.includes(c)), 'no longer a command').toEqual([]);
  });

  for (const [command, w] of Object.entries(WRITERS).filter(([, w]) => w.types.length > 0))
    it(`${command}${w.spawned ? ' (the real process)' : ''}: one delivery per matching ENABLED endpoint, delivered and signed`, async () => {
      const s = await Scenario.create(server);
      const customerId = await s.customer();
      const resourceId = (await w.before?.(s, customerId)) ?? customerId;
      const [all, typed, other, disabled] = [await receiver(), await receiver(), await receiver(), await receiver()];
      const endpoint = async (r: Receiver, o: Parameters<typeof insertEndpoint>[3]) => {
        const e = await insertEndpoint(server, s.client.clientId, r.url, o);
        r.secrets.push(e.secret);
        return e.endpointId;
      };
      const matching = [await endpoint(all, {}), await endpoint(typed, { types: [...w.types] })];
      const others = [await endpoint(other, { types: ['crypto_withdrawal.completed'] }), await endpoint(disabled, { status: 'DISABLED' })];
      // Another partner's endpoint never hears of this client's events.
      const stranger = await receiver();
      const strangerScenario = await Scenario.create(server);
      await insertEndpoint(server, strangerScenario.client.clientId, stranger.url);
      // The customer's events: the record's, and those of the ledger rows it posts (E6).
      const before = (await server.db.all<{ event_id: string }>('SELECT event_id FROM events WHERE customer_id = ?', customerId)).map((e) => e.event_id);

      await run(s, w.args(customerId, resourceId), w.spawned);

      const written = (
        await server.db.all<{ event_id: string; type: string }>('SELECT event_id, type FROM events WHERE customer_id = ? ORDER BY position', customerId)
      ).filter((e) => !before.includes(e.event_id));
      expect(written.map((e) => e.type)).toEqual(w.types);
      const ids = written.map((e) => e.event_id);
      // D1: written with the event, in its transaction: one row per (event, matching endpoint), before any worker round.
      for (const endpointId of matching)
        expect((await server.db.all<{ event_id: string }>('SELECT event_id FROM webhook_deliveries WHERE endpoint_id = ? ORDER BY event_position', endpointId)).map((d) => d.event_id)).toEqual(ids);
      for (const endpointId of others) expect(await server.db.count('SELECT COUNT(*) AS n FROM webhook_deliveries WHERE endpoint_id = ?', endpointId)).toBe(0);
      for (const id of ids) expect(await server.db.count('SELECT COUNT(*) AS n FROM webhook_deliveries WHERE event_id = ?', id)).toBe(matching.length);

      await server.service.worker.drain();
      // §11.5 orders deliveries per resource: events of different resources (a record's and its ledger rows')
      // may arrive in any order, so each receiver must have heard each event once.
      const sorted = (xs: readonly string[]) => [...xs].sort();
      for (const r of [all, typed]) {
        expect(sorted(r.ids)).toEqual(sorted(ids));
        expect(r.received.every((x) => x.verified)).toBe(true);
        expect(sorted(r.received.map((x) => x.event.type))).toEqual(sorted(w.types));
      }
      for (const r of [other, disabled, stranger]) expect(r.received).toEqual([]);
    });

  it('a refused command writes no event and no delivery', async () => {
    const s = await Scenario.create(server);
    const r = await receiver();
    await insertEndpoint(server, s.client.clientId, r.url);
    const deliveries = await server.db.count('SELECT COUNT(*) AS n FROM webhook_deliveries');
    await expect(run(s, ['customer', 'suspend', '--customer-id', randomUUID()])).rejects.toThrow(/NOT_FOUND/);
    expect(await server.db.count('SELECT COUNT(*) AS n FROM webhook_deliveries')).toBe(deliveries);
  });
});
