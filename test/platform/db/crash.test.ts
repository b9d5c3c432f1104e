// test: slow — a server process under load, SIGKILLed again and again
// test: SQLite only — SQLite durability under SIGKILL (PostgreSQL's: cross-process)
// Crash safety. The real server (`node --import tsx src/main.ts`, a separate process) runs
// under continuous concurrent signed creates and is killed with SIGKILL at random moments, again and
// again. Afterwards: every create answered 200 exists exactly once, a replay of its key returns the same
// body with `Idempotent-Replayed: true` (§3, "across restarts"), a request whose outcome was unknown
// never turns into two records, and the SQLite file passes `PRAGMA integrity_check`.
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openEngine } from '../../../src/db/engine.js';
import { createClient, createRoute } from '../../../src/cli/operators.js';
import { SecretBox } from '../../../src/core/secret-box.js';
import { beneficiaryBody, CUSTOMER_FIELDS, randomEthAddress, signedFetch, sleep, toReply, type Client } from '../../helpers/harness.js';
import { MODE_VARS, processKit, type Spawned } from '../../helpers/processes.js';
import { SqliteTestDb, type TestDb } from '../../helpers/test-db.js';

const KILLS = 22;
const IN_FLIGHT = 12;
const CREATE_CUSTOMER = `mutation($input: CreateCustomerInput!) { createCustomer(input: $input) { ${CUSTOMER_FIELDS} } }`;
const REPLAYED = 'idempotent-replayed';

// ---------------------------------------------------------------------------------------------------
// Spawned servers.

const { tempDir, startMain, stopMain } = processKit({
  tempPrefix: 'partner-crash-test-',
  unset: [...MODE_VARS, 'PARTNER_SECRET_KEY', 'IDEMPOTENCY_TTL_HOURS'],
});

function startServer(dbFile: string): Promise<Spawned> {
  return startMain({
    DATABASE_URL: `file:${dbFile}`,
    LOG_LEVEL: 'warn',
    // Load from one address: the rate limits are not what this test is about.
    RATE_LIMIT_RPS: '1000000',
    RATE_LIMIT_BURST: '1000000',
    ANONYMOUS_RATE_LIMIT_RPS: '1000000',
    ANONYMOUS_RATE_LIMIT_BURST: '1000000',
  });
}

// ---------------------------------------------------------------------------------------------------
// Signed requests (§2), each with a fresh nonce and signature.

type Answer = { status: number; replayed: string | null; text: string; body: unknown };

async function send(url: string, client: Client, pathAndQuery: string, key: string, payload: unknown, timeoutMs = 15_000): Promise<Answer> {
  const { res } = await signedFetch(url, client, { path: pathAndQuery, idempotencyKey: key, body: JSON.stringify(payload), signal: AbortSignal.timeout(timeoutMs) });
  const { status, headers, text, body } = await toReply(res);
  return { status, replayed: headers.get(REPLAYED), text, body };
}

// A create as the partner sent it: enough to resend it byte for byte (modulo auth headers).
type Create =
  | { kind: 'beneficiary'; key: string; path: string; payload: Record<string, unknown>; address: string }
  | { kind: 'customer'; key: string; path: string; payload: { query: string; variables: { input: Record<string, unknown> } }; externalRef: string };

function newCreate(customerId: string, routeCode: string): Create {
  const key = randomUUID();
  if (Math.random() < 0.5) {
    const address = randomEthAddress();
    return {
      kind: 'beneficiary',
      key,
      path: `/partner/v1/customers/${customerId}/crypto/wallet-beneficiaries`,
      address,
      payload: beneficiaryBody(routeCode, address, `Wallet ${address.slice(2, 8)}`),
    };
  }
  const externalRef = `crash-${randomUUID()}`;
  return {
    kind: 'customer',
    key,
    path: '/graphql',
    externalRef,
    payload: { query: CREATE_CUSTOMER, variables: { input: { externalRef, type: 'CORPORATE', displayName: 'Crash Corp' } } },
  };
}

/** The id a 200 answer names: the beneficiary's (REST) or the customer's (GraphQL). */
function idOf(c: Create, body: unknown): string | undefined {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const b = body as any;
  return c.kind === 'beneficiary' ? b?.walletBeneficiaryId : b?.data?.createCustomer?.customerId;
}

/** Runs `fn` over `items` with at most `n` in flight. */
async function pool<T, R>(items: T[], n: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!);
      }
    }),
  );
  return out;
}

// ---------------------------------------------------------------------------------------------------

describe('crash safety under SIGKILL', () => {
  it(`${KILLS} SIGKILLs under concurrent signed creates: answered creates exist once and replay; unknown ones never double; integrity ok`, async () => {
    const started = Date.now();
    const dbFile = path.join(tempDir(), 'partner.db');
    // The spawned servers' database, read as server.db reads a TestServer's (portable SQL only).
    const db: TestDb = new SqliteTestDb(dbFile);

    // Provision as partnerctl does (migrations, then the operator functions). Without PARTNER_SECRET_KEY
    // the development key seals the secret, the same key a development server opens it with.
    const routeCode = `USDT-ETH-${randomBytes(3).toString('hex')}`;
    let client: Client;
    {
      // SQLite-specific: the spawned server's database is a SQLite file given by its path; provisioned on it directly.
      const h = await openEngine({ kind: 'sqlite', file: dbFile });
      try {
        client = await createClient(h, SecretBox.development(), { name: 'Crash partner', clientId: `crash-${randomBytes(4).toString('hex')}` });
        await createRoute(h, { code: routeCode, clientId: client.clientId, blockchain: 'ETH', currency: 'USDT', scale: 6, minMinor: '1', maxMinor: '1000000000', feeMinor: '10' });
      } finally {
        await h.close();
      }
    }

    // A customer for the beneficiaries, made through the API.
    let customerId: string;
    {
      const s = await startServer(dbFile);
      try {
        const r = await send(s.url, client, '/graphql', randomUUID(), {
          query: CREATE_CUSTOMER,
          variables: { input: { externalRef: `owner-${randomUUID()}`, type: 'INDIVIDUAL' } },
        });
        expect(r.status, r.text).toBe(200);
        customerId = idOf({ kind: 'customer' } as Create, r.body)!;
        expect(customerId).toBeTruthy();
      } finally {
        await stopMain(s, 'SIGKILL');
      }
    }

    const answered = new Map<string, { create: Create; answer: Answer; id: string }>();
    const unknown = new Map<string, Create>();
    const sent: Create[] = [];
    const refusals: string[] = []; // answers other than 200 during the load: none are expected
    let killedWithAnswers = 0;

    for (let round = 0; round < KILLS; round++) {
      const s = await startServer(dbFile);
      let stop = false;
      const before = answered.size;
      const worker = async () => {
        while (!stop) {
          const c = newCreate(customerId, routeCode);
          sent.push(c);
          unknown.set(c.key, c);
          try {
            const a = await send(s.url, client, c.path, c.key, c.payload);
            if (a.status === 200) {
              const id = idOf(c, a.body);
              if (!id) refusals.push(`round ${round}: 200 without an id: ${a.text}`);
              else {
                unknown.delete(c.key);
                answered.set(c.key, { create: c, answer: a, id });
              }
            } else {
              // An answer that is not a success is still an answer; a 4xx stores nothing (§3).
              unknown.delete(c.key);
              refusals.push(`round ${round}: ${c.kind} → ${a.status} ${a.text.slice(0, 300)}`);
            }
          } catch {
            // Connection reset / refused by the kill: the outcome is unknown; the key stays in `unknown`.
            return;
          }
        }
      };
      const workers = Array.from({ length: IN_FLIGHT }, worker);
      await sleep(20 + Math.floor(Math.random() * 281));
      await stopMain(s, 'SIGKILL');
      stop = true;
      await Promise.all(workers);
      expect(s.proc.signalCode, `round ${round}: the server was killed, not exited`).toBe('SIGKILL');
      if (answered.size > before) killedWithAnswers++;
    }

    expect(refusals, refusals.join('\n')).toEqual([]);
    // The load was real: most rounds answered creates before the kill, and some were cut off mid-flight.
    expect(killedWithAnswers).toBeGreaterThanOrEqual(Math.floor(KILLS / 4));
    expect(answered.size).toBeGreaterThan(KILLS);
    expect(unknown.size).toBeGreaterThan(0);

    // Straight after the last SIGKILL (the first connection recovers the WAL): the file is sound.
    {
      // SQLite-specific: PRAGMA integrity_check of the file after a SIGKILL (WAL recovery).
      const h = new Database(dbFile, { fileMustExist: true });
      try {
        expect(h.pragma('integrity_check', { simple: true })).toBe('ok');
      } finally {
        await h.close();
      }
    }

    // ---- one more start: verify ----
    const final = await startServer(dbFile);
    try {
      const countCustomerId = 'SELECT COUNT(*) AS n FROM customers WHERE customer_id = ?';
      const countBeneficiaryId = 'SELECT COUNT(*) AS n FROM wallet_beneficiaries WHERE wallet_beneficiary_id = ?';
      const countByRef = 'SELECT COUNT(*) AS n FROM customers WHERE client_id = ? AND external_ref = ?';
      const countByAddress = 'SELECT COUNT(*) AS n FROM wallet_beneficiaries WHERE customer_id = ? AND lower(wallet_address) = ?';
      const countKey = 'SELECT COUNT(*) AS n FROM idempotency_records WHERE client_id = ? AND idempotency_key = ?';
      const n = (sql: string, ...p: unknown[]) => db.count(sql, ...p);
      // Every create answered 200 exists exactly once, under the id it was answered with, with its key stored.
      for (const { create, id } of answered.values()) {
        if (create.kind === 'beneficiary') {
          expect(await n(countBeneficiaryId, id), `beneficiary ${id} (key ${create.key})`).toBe(1);
          expect(await n(countByAddress, customerId, create.address), `beneficiaries with ${create.address}`).toBe(1);
        } else {
          expect(await n(countCustomerId, id), `customer ${id} (key ${create.key})`).toBe(1);
          expect(await n(countByRef, client.clientId, create.externalRef), `customers with ${create.externalRef}`).toBe(1);
        }
        expect(await n(countKey, client.clientId, create.key), `idempotency row of ${create.key}`).toBe(1);
      }

      // Nothing exists that was never sent, and nothing twice.
      const sentAddresses = new Set(sent.filter((c) => c.kind === 'beneficiary').map((c) => (c as { address: string }).address));
      const sentRefs = new Set(sent.filter((c) => c.kind === 'customer').map((c) => (c as { externalRef: string }).externalRef));
      const rowsB = await db.all<{ a: string; n: unknown }>(
        'SELECT lower(wallet_address) AS a, COUNT(*) AS n FROM wallet_beneficiaries WHERE customer_id = ? GROUP BY lower(wallet_address)',
        customerId,
      );
      for (const r of rowsB) {
        expect(sentAddresses.has(r.a), `unexpected beneficiary address ${r.a}`).toBe(true);
        expect(Number(r.n), `beneficiaries with ${r.a}`).toBe(1);
      }
      const rowsC = await db.all<{ r: string; n: unknown }>(
        "SELECT external_ref AS r, COUNT(*) AS n FROM customers WHERE client_id = ? AND external_ref LIKE 'crash-%' GROUP BY external_ref",
        client.clientId,
      );
      for (const r of rowsC) {
        expect(sentRefs.has(r.r), `unexpected customer ${r.r}`).toBe(true);
        expect(Number(r.n), `customers with ${r.r}`).toBe(1);
      }
      // A record committed without its idempotency row (or the reverse) would break exactly-once replay.
      const orphanB = await n(
        `SELECT COUNT(*) AS n FROM wallet_beneficiaries b WHERE b.customer_id = ? AND NOT EXISTS
           (SELECT 1 FROM idempotency_records i WHERE i.client_id = ? AND i.resource_id = b.wallet_beneficiary_id)`,
        customerId,
        client.clientId,
      );
      expect(orphanB, 'beneficiaries without an idempotency record').toBe(0);
      const orphanC = await n(
        `SELECT COUNT(*) AS n FROM customers c WHERE c.client_id = ? AND c.external_ref LIKE 'crash-%' AND NOT EXISTS
           (SELECT 1 FROM idempotency_records i WHERE i.client_id = ? AND i.resource_id = c.customer_id)`,
        client.clientId,
        client.clientId,
      );
      expect(orphanC, 'customers without an idempotency record').toBe(0);

      // Replays of every answered key (fresh nonce and signature): 200, the same body, Idempotent-Replayed: true.
      const replays = await pool([...answered.values()], 16, async ({ create, answer }) => ({
        create,
        answer,
        replay: await send(final.url, client, create.path, create.key, create.payload),
      }));
      for (const { create, answer, replay } of replays) {
        expect(replay.status, `replay of ${create.kind} ${create.key}: ${replay.text}`).toBe(200);
        expect(replay.body, `replay of ${create.kind} ${create.key}`).toEqual(answer.body);
        expect(replay.replayed, `Idempotent-Replayed on the replay of ${create.key}`).toBe('true');
      }

      // Unknown outcomes: retried with the same key and body, each is a replay or a fresh create, never a second record.
      const retries = await pool([...unknown.values()], 16, async (create) => ({
        create,
        first: await send(final.url, client, create.path, create.key, create.payload),
        again: await send(final.url, client, create.path, create.key, create.payload),
      }));
      let replayedUnknown = 0;
      for (const { create, first, again } of retries) {
        expect(first.status, `retry of unknown ${create.kind} ${create.key}: ${first.text}`).toBe(200);
        if (first.replayed === 'true') replayedUnknown++;
        expect(again.status, again.text).toBe(200);
        expect(again.replayed).toBe('true');
        expect(again.body).toEqual(first.body);
      }
      for (const { create, first } of retries) {
        const id = idOf(create, first.body);
        if (create.kind === 'beneficiary') {
          expect(await db.count('SELECT COUNT(*) AS n FROM wallet_beneficiaries WHERE customer_id = ? AND lower(wallet_address) = ?', customerId, create.address), `beneficiaries with ${create.address}`).toBe(1);
          expect(await db.count('SELECT COUNT(*) AS n FROM wallet_beneficiaries WHERE wallet_beneficiary_id = ?', id)).toBe(1);
        } else {
          expect(await db.count('SELECT COUNT(*) AS n FROM customers WHERE client_id = ? AND external_ref = ?', client.clientId, create.externalRef), `customers with ${create.externalRef}`).toBe(1);
          expect(await db.count('SELECT COUNT(*) AS n FROM customers WHERE customer_id = ?', id)).toBe(1);
        }
      }
      console.log(
        `crash test: ${KILLS} kills, ${sent.length} creates sent, ${answered.size} answered 200, ${unknown.size} unknown ` +
          `(${replayedUnknown} had committed before the kill), ${Date.now() - started} ms`,
      );
    } finally {
      await stopMain(final, 'SIGTERM');
    }

    // The file after a clean stop: structurally sound, and the foreign keys hold.
    // SQLite-specific: PRAGMA integrity_check and foreign_key_check of the file.
    const check = new Database(dbFile, { fileMustExist: true });
    try {
      expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(check.pragma('foreign_key_check')).toEqual([]);
    } finally {
      check.close();
    }
  // 22 process starts and kills: on a loaded two-core machine they take longer than the slow project's limit.
  }, 240_000);
});
