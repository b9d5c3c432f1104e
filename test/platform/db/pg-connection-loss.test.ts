// test: slow — a server process whose PostgreSQL backends are terminated
// test: PostgreSQL only — several processes on one PostgreSQL database
// Settled point 10: the database going away never ends the server process. A server process (as
// `npm start` runs it) under 8 connections of creates while its PostgreSQL backends are terminated every
// 3 s (what a restart or a failover does to them): it stays up, answers every request it could not commit
// 503 SERVICE_UNAVAILABLE with Retry-After (never 500), loses nothing it acknowledged, and a retry with the
// same Idempotency-Key gets the resource. With the database unreachable (a relay in front of it, cut),
// /readyz answers 503 and a write 503; once it is back, both answer normally. Runs with `npm run test:pg`.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createRoute } from '../../../src/cli/operators.js';
import { SecretBox } from '../../../src/core/secret-box.js';
import { openEngine } from '../../../src/db/engine.js';
import { signedHeaders } from '../../../src/http/signature.js';
import { insertCustomer } from '../../../src/modules/customers/repository.js';
import { beneficiaryBody, randomEthAddress } from '../../helpers/harness.js';
import { createPgSchema, PG_URL, type PgSchema } from '../../helpers/pg.js';
import { exited, processKit, type Spawned } from '../../helpers/processes.js';
import { tcpProxy, type TcpProxy } from '../../helpers/tcp-proxy.js';

const kit = processKit({ tempPrefix: 'partner-dbloss-' });
const routeCode = 'USDT-ETH';
const CONNECTIONS = 8;
const LOAD_MS = 21_000;
const TERMINATE_EVERY_MS = 3_000;

let db: PgSchema;
let proxy: TcpProxy;
let server: Spawned;
let client: { clientId: string; secret: string };
let customerId: string;
const appName = `dbloss_${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  db = await createPgSchema('dbloss');
  const engine = await openEngine({ kind: 'pg', url: db.url }, { poolSize: 1 });
  try {
    client = await createClient(engine, SecretBox.development(), { name: 'Failover' });
    await createRoute(engine, { code: routeCode, clientId: client.clientId, blockchain: 'ETH', currency: 'USDT', scale: 6, minMinor: '1', maxMinor: '1000000000000', feeMinor: '100' });
    const now = new Date().toISOString();
    customerId = randomUUID();
    await engine.writer.run((x) => insertCustomer(x, { customerId, clientId: client.clientId, externalRef: 'failover', type: 'INDIVIDUAL', displayName: null, status: 'ACTIVE', createdAt: now, updatedAt: now }));
  } finally {
    await engine.close();
  }
  const target = new URL(PG_URL);
  proxy = await tcpProxy(target.hostname, Number(target.port || 5432));
  // The server reaches the database through the relay, under a name the test finds its backends by.
  const url = new URL(db.url);
  url.host = `127.0.0.1:${proxy.port}`;
  url.searchParams.set('application_name', appName);
  server = await kit.startMain({ DATABASE_URL: url.toString(), LOG_LEVEL: 'error', RATE_LIMIT_RPS: '100000', RATE_LIMIT_BURST: '100000' });
}, 120_000);

afterAll(async () => {
  if (server) await kit.stopMain(server);
  await proxy?.close();
  await db?.drop();
});

type Answer = { status: number; body: any; retryAfter: string | null }; // eslint-disable-line @typescript-eslint/no-explicit-any

const path = () => `/partner/v1/customers/${customerId}/crypto/wallet-beneficiaries`;

async function create(body: unknown, key: string): Promise<Answer> {
  const raw = JSON.stringify(body);
  const headers = signedHeaders(client.secret, { method: 'POST', path: path(), clientId: client.clientId, idempotencyKey: key, body: raw });
  const res = await fetch(server.url + path(), { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: raw });
  return { status: res.status, body: await res.json(), retryAfter: res.headers.get('retry-after') };
}

async function admin<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

const terminateBackends = () =>
  admin(async (c) => (await c.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [appName])).rowCount ?? 0);

const existing = (ids: string[]) =>
  admin(async (c) => (await c.query(`select wallet_beneficiary_id as id from ${db.schema}.wallet_beneficiaries where wallet_beneficiary_id = any($1)`, [ids])).rows.map((r) => r.id as string));

const ready = async () => (await fetch(`${server.url}/readyz`)).status;

describe('PostgreSQL connections lost under load (settled point 10)', () => {
  it('backends terminated every 3 s under 8 connections of creates: the process stays up, no 500, every refusal 503 with Retry-After, nothing acknowledged lost', async () => {
    const sent: { key: string; body: unknown; answer: Answer }[] = [];
    const failures: string[] = [];
    const stopAt = Date.now() + LOAD_MS;
    let terminated = 0;
    const faults = (async () => {
      while (Date.now() < stopAt) {
        await new Promise((resolve) => setTimeout(resolve, TERMINATE_EVERY_MS));
        terminated += await terminateBackends();
      }
    })();
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (Date.now() < stopAt) {
          const key = randomUUID();
          const body = beneficiaryBody(routeCode, randomEthAddress());
          try {
            sent.push({ key, body, answer: await create(body, key) });
          } catch (error) {
            // The process gone: every later request is refused at the socket.
            failures.push(String(error));
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      }),
    );
    await faults;
    expect(terminated).toBeGreaterThan(0);
    expect(exited(server.proc)).toBe(false);
    expect(failures).toEqual([]);
    const statuses = new Map<number, number>();
    for (const s of sent) statuses.set(s.answer.status, (statuses.get(s.answer.status) ?? 0) + 1);
    for (const s of sent) {
      if (s.answer.status === 200) continue;
      expect([s.answer.status, s.answer.body.code, s.answer.retryAfter], JSON.stringify(Object.fromEntries(statuses))).toEqual([503, 'SERVICE_UNAVAILABLE', '2']);
    }
    const acknowledged = sent.filter((s) => s.answer.status === 200).map((s) => s.answer.body.walletBeneficiaryId as string);
    expect(acknowledged.length).toBeGreaterThan(0);
    expect((await existing(acknowledged)).sort()).toEqual([...acknowledged].sort());
    // A refused request retried with its Idempotency-Key: the resource, once (a replay or a new run).
    for (const s of sent.filter((x) => x.answer.status === 503)) {
      const again = await create(s.body, s.key);
      expect(again.status).toBe(200);
    }
    // And the service answers normally after it.
    expect((await create(beneficiaryBody(routeCode, randomEthAddress()), randomUUID())).status).toBe(200);
    expect(await ready()).toBe(200);
  }, 90_000);

  it('the database unreachable: /readyz 503 and a write 503 with Retry-After; back: 200 for both', async () => {
    expect(await ready()).toBe(200);
    proxy.cut();
    try {
      expect(await ready()).toBe(503);
      const refused = await create(beneficiaryBody(routeCode, randomEthAddress()), randomUUID());
      expect([refused.status, refused.body.code, refused.retryAfter], server.output().split('\n').filter((l) => !l.includes('worker round failed')).join('\n').slice(-4000)).toEqual([503, 'SERVICE_UNAVAILABLE', '2']);
    } finally {
      proxy.restore();
    }
    expect(await ready()).toBe(200);
    expect((await create(beneficiaryBody(routeCode, randomEthAddress()), randomUUID())).status).toBe(200);
    expect(exited(server.proc)).toBe(false);
  }, 60_000);
});
