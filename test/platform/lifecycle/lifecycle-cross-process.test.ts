// test: PostgreSQL only — several processes on one PostgreSQL database
// Two server processes and their workers on one PostgreSQL database (§10.7, §11.3): submissions and
// deposits arrive at both, both workers move the same records, and a partner polls the event feed all the
// while. No step is applied twice (each withdrawal has exactly the events and ledger rows of its path),
// and the poller, resuming from its cursor, receives exactly the feed an unhurried walk from the start
// reads afterwards, in the same order: no event ever appeared before one already returned.
// Runs with `npm run test:pg`.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createRoute } from '../../../src/cli/operators.js';
import { SecretBox } from '../../../src/core/secret-box.js';
import { openEngine } from '../../../src/db/engine.js';
import { insertCustomer } from '../../../src/modules/customers/repository.js';
import { beneficiaryBody, evidenceFor, sleep } from '../../helpers/harness.js';
import { checkLedgerInvariants } from '../../helpers/ledger-checks.js';
import { createPgSchema, type PgSchema } from '../../helpers/pg.js';
import { PgTestDb } from '../../helpers/pg-test-db.js';
import { processKit, type Spawned, signedSend } from '../../helpers/processes.js';

const kit = processKit({ tempPrefix: 'partner-lifecycle-xproc-' });
const WITHDRAWALS = 30;
const routeCode = 'USDT-ETH';

let schema: PgSchema;
let db: PgTestDb;
let servers: Spawned[] = [];
let client: { clientId: string; secret: string };
let customerId: string;

beforeAll(async () => {
  schema = await createPgSchema('lxproc');
  db = new PgTestDb(schema.url, schema.schema);
  const engine = await openEngine({ kind: 'pg', url: schema.url }, { poolSize: 1 });
  try {
    client = await createClient(engine, SecretBox.development(), { name: 'Two processes' });
    await createRoute(engine, { code: routeCode, clientId: client.clientId, blockchain: 'ETH', currency: 'USDT', scale: 6, minMinor: '1', maxMinor: '1000000000000', feeMinor: '7' });
    const now = new Date().toISOString();
    customerId = randomUUID();
    await engine.writer.run((x) => insertCustomer(x, { customerId, clientId: client.clientId, externalRef: 'two', type: 'INDIVIDUAL', displayName: null, status: 'ACTIVE', createdAt: now, updatedAt: now }));
  } finally {
    await engine.close();
  }
  const env = { DATABASE_URL: schema.url, LOG_LEVEL: 'warn', SANDBOX_STEP_DELAY_MS: '20', WORKER_POLL_INTERVAL_MS: '10', RATE_LIMIT_RPS: '100000', RATE_LIMIT_BURST: '100000' };
  servers = await Promise.all([kit.startMain(env), kit.startMain(env)]);
}, 60_000);

afterAll(async () => {
  for (const s of servers) await kit.stopMain(s);
  await db?.close();
  await schema?.drop();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const send = (server: Spawned, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> => signedSend(server, client, method, path, body);

const deposit = (server: Spawned, amount: string) =>
  send(server, 'POST', '/graphql', {
    query: 'mutation($c: UUID!, $i: SimulateCryptoDepositInput!) { simulateCryptoDeposit(customerId: $c, input: $i) { depositId } }',
    variables: { c: customerId, i: { routeCode, amountMinor: amount, fromAddress: `0x${randomBytes(20).toString('hex')}` } },
  });

describe('two server processes and their workers on one PostgreSQL', () => {
  it('no step twice; the polled feed equals the feed read afterwards, in order', async () => {
    expect((await deposit(servers[0]!, '100000000')).status).toBe(200);
    const b = await send(servers[1]!, 'POST', `/partner/v1/customers/${customerId}/crypto/wallet-beneficiaries`, beneficiaryBody(routeCode, `0x${randomBytes(20).toString('hex')}`));
    expect(b.status).toBe(200);
    const ids: string[] = [];
    for (let i = 0; i < WITHDRAWALS; i++) {
      const input: Record<string, unknown> = { routeCode, walletBeneficiaryId: b.body.walletBeneficiaryId, amountMinor: '1000', currency: 'USDT', currencyScale: 6 };
      input.operationAuthorization = evidenceFor('CRYPTO_WITHDRAWAL_CREATE', { customerId }, input);
      const w = await send(servers[i % 2]!, 'POST', `/partner/v1/customers/${customerId}/crypto-withdrawals`, input);
      expect(w.status).toBe(200);
      ids.push(w.body.withdrawalId);
    }

    // The poller: resumes from its cursor, as a partner would, while both processes write.
    const polled: string[] = [];
    let cursor = '';
    let polling = true;
    const poll = async () => {
      for (;;) {
        // A read that began before everything committed may end after `polling` turned false: only a read
        // begun afterwards may end the poll.
        const last = !polling;
        const r = await send(servers[0]!, 'GET', `/partner/v1/events?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
        expect(r.status).toBe(200);
        for (const e of r.body.items) polled.push(e.eventId);
        cursor = r.body.pageInfo.endCursor ?? '';
        if (!r.body.pageInfo.hasNextPage) {
          if (last) return;
          await sleep(5);
        }
      }
    };
    const poller = poll();
    await Promise.all([
      ...ids.map((withdrawalId, i) =>
        send(servers[i % 2]!, 'POST', `/partner/v1/crypto/withdrawals/${withdrawalId}/submission`, {
          operationAuthorization: evidenceFor('CRYPTO_WITHDRAWAL_SUBMIT', { withdrawalId }, {}),
        }).then((r) => expect(r.status).toBe(200)),
      ),
      ...Array.from({ length: 20 }, (_, i) => deposit(servers[i % 2]!, '1000').then((r) => expect(r.status).toBe(200))),
    ]);
    for (let i = 0; i < 600; i++) {
      // Both kinds must be done: a deposit still moving writes its last events after the poller stops.
      const moving =
        (await db.count(`SELECT COUNT(*) AS n FROM crypto_withdrawals WHERE customer_id = ? AND status <> 'COMPLETED'`, customerId)) +
        (await db.count(`SELECT COUNT(*) AS n FROM crypto_deposits WHERE customer_id = ? AND status <> 'COMPLETED'`, customerId));
      if (moving === 0) break;
      await sleep(100);
    }
    polling = false;
    await poller;

    // An unhurried walk from the start, after everything committed.
    const walked: string[] = [];
    let after = '';
    for (;;) {
      const r = await send(servers[1]!, 'GET', `/partner/v1/events?limit=100${after ? `&cursor=${after}` : ''}`);
      for (const e of r.body.items) walked.push(e.eventId);
      after = r.body.pageInfo.endCursor ?? '';
      if (!r.body.pageInfo.hasNextPage) break;
    }
    expect(polled).toEqual(walked);

    for (const id of ids) {
      const events = await db.all<{ type: string }>(`SELECT type FROM events WHERE resource_id = ? ORDER BY sequence`, id);
      expect([id, events.map((e) => e.type)]).toEqual([
        id,
        ['approved', 'submitted', 'screening', 'broadcasting', 'confirming', 'completed'].map((t) => `crypto_withdrawal.${t}`),
      ]);
      const rows = await db.all<{ type: string }>(`SELECT type FROM ledger_transactions WHERE resource_id = ? ORDER BY sequence`, id);
      expect([id, rows.map((r) => r.type)]).toEqual([id, ['HOLD', 'WITHDRAWAL', 'WITHDRAWAL_FEE']]);
    }
    await checkLedgerInvariants({ db }, customerId);
  }, 120_000);
});
