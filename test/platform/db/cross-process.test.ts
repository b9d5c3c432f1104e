// test: PostgreSQL only — several processes on one PostgreSQL database
// Several stateless server processes on one PostgreSQL database: every guarantee holds across them,
// enforced by the database (SERIALIZABLE transactions, keys and unique indexes), never by one process's
// memory. Three `npm start` processes race the same Idempotency-Key, the same nonce, the same evidence
// and refund drafts against one deposit; exactly one effect each. Runs with `npm run test:pg`.
import { randomBytes, randomUUID } from 'node:crypto';
import { eq as sqlEq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createRoute } from '../../../src/cli/operators.js';
import { SecretBox } from '../../../src/core/secret-box.js';
import { operationHashOf } from '../../../src/core/operation-hash.js';
import { openEngine } from '../../../src/db/engine.js';
import { insertCustomer } from '../../../src/modules/customers/repository.js';
import { signedHeaders } from '../../../src/http/signature.js';
import { beneficiaryBody, ETH_ADDRESS_2, randomEthAddress } from '../../helpers/harness.js';
import { createPgSchema, type PgSchema } from '../../helpers/pg.js';
import { processKit, type Spawned } from '../../helpers/processes.js';

const kit = processKit({ tempPrefix: 'partner-xproc-' });
const PROCESSES = 3;

let db: PgSchema;
let servers: Spawned[] = [];
let client: { clientId: string; secret: string };
let customerId: string;
const routeCode = 'USDT-ETH';

beforeAll(async () => {
  db = await createPgSchema('xproc');
  const engine = await openEngine({ kind: 'pg', url: db.url }, { poolSize: 1 });
  try {
    client = await createClient(engine, SecretBox.development(), { name: 'Racer' });
    await createRoute(engine, { code: routeCode, clientId: client.clientId, blockchain: 'ETH', currency: 'USDT', scale: 6, minMinor: '1', maxMinor: '1000000000000', feeMinor: '100' });
    const now = new Date().toISOString();
    customerId = randomUUID();
    await engine.writer.run((x) => insertCustomer(x, { customerId, clientId: client.clientId, externalRef: 'racer', type: 'INDIVIDUAL', displayName: null, status: 'ACTIVE', createdAt: now, updatedAt: now }));
  } finally {
    await engine.close();
  }
  // All three start at once: migrations are applied by one of them at a time (an advisory lock).
  servers = await Promise.all(Array.from({ length: PROCESSES }, () => kit.startMain({ DATABASE_URL: db.url, LOG_LEVEL: 'warn', RATE_LIMIT_RPS: '100000', RATE_LIMIT_BURST: '100000' })));
}, 60_000);

afterAll(async () => {
  for (const s of servers) await kit.stopMain(s);
  await db?.drop();
});

type Sent = { status: number; body: any; headers: Headers }; // eslint-disable-line @typescript-eslint/no-explicit-any

async function send(server: Spawned, method: string, path: string, body: unknown, o: { key?: string | null; nonce?: string; headers?: Record<string, string> } = {}): Promise<Sent> {
  const raw = body === undefined ? '' : JSON.stringify(body);
  const key = o.key === undefined ? (method === 'POST' ? randomUUID() : null) : o.key;
  const headers = signedHeaders(client.secret, { method, path, clientId: client.clientId, idempotencyKey: key, body: raw, nonce: o.nonce });
  const res = await fetch(server.url + path, { method, headers: { 'content-type': 'application/json', ...headers, ...o.headers }, body: raw || undefined });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

async function count(sql: string, ...params: unknown[]): Promise<number> {
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  try {
    return Number((await c.query(sql, params)).rows[0].n);
  } finally {
    await c.end();
  }
}

const beneficiaryPath = `/partner/v1/customers/__C__/crypto/wallet-beneficiaries`;
const path = () => beneficiaryPath.replace('__C__', customerId);
const each = <T>(n: number, fn: (server: Spawned, i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => fn(servers[i % servers.length]!, i)));

describe(`${PROCESSES} server processes on one PostgreSQL`, () => {
  it('the same Idempotency-Key from every process at once → one beneficiary, one record; every answer the same resource', async () => {
    const key = randomUUID();
    const body = beneficiaryBody(routeCode, randomEthAddress());
    const replies = await each(30, (s) => send(s, 'POST', path(), body, { key }));
    const ok = replies.filter((r) => r.status === 200);
    // §3: a duplicate either waits and replays, or is told the first is in progress; never a second effect.
    for (const r of replies) if (r.status !== 200) expect(r.body.code).toBe('IDEMPOTENCY_REQUEST_IN_PROGRESS');
    expect(ok.length).toBeGreaterThan(0);
    expect(new Set(ok.map((r) => r.body.walletBeneficiaryId)).size).toBe(1);
    expect(await count('select count(*) as n from wallet_beneficiaries where wallet_address = $1', body.walletAddress)).toBe(1);
    expect(await count('select count(*) as n from idempotency_records where client_id = $1 and idempotency_key = $2', client.clientId, key)).toBe(1);
  });

  it('the same nonce on every process at once → accepted once; the others 401 AUTH_NONCE_REUSED and leave nothing', async () => {
    const nonce = randomBytes(16).toString('hex');
    const bodies = Array.from({ length: PROCESSES * 3 }, () => beneficiaryBody(routeCode, randomEthAddress()));
    const replies = await each(bodies.length, (s, i) => send(s, 'POST', path(), bodies[i], { nonce }));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of replies) if (r.status !== 200) expect([r.status, r.body.code]).toEqual([401, 'AUTH_NONCE_REUSED']);
    const created = await count(`select count(*) as n from wallet_beneficiaries where wallet_address = any($1)`, bodies.map((b) => b.walletAddress));
    expect(created).toBe(1);
  });

  it('the same evidence under different keys on every process → one withdrawal draft; the others 409 AUTHORIZATION_ALREADY_USED', async () => {
    const b = await send(servers[0]!, 'POST', path(), beneficiaryBody(routeCode, randomEthAddress()));
    expect(b.status).toBe(200);
    const input: Record<string, unknown> = { routeCode, walletBeneficiaryId: b.body.walletBeneficiaryId, amountMinor: '1500000', currency: 'USDT', currencyScale: 6 };
    input.operationAuthorization = {
      operationType: 'CRYPTO_WITHDRAWAL_CREATE',
      operationHash: operationHashOf('CRYPTO_WITHDRAWAL_CREATE', { customerId }, input),
      authorizedAt: new Date().toISOString(),
      authorizedByPartnerUserRef: 'user-1',
      authorizationMethod: 'PASSKEY',
      mfaEvidenceRef: `mfa-${randomUUID()}`,
    };
    const replies = await each(PROCESSES * 4, (s) => send(s, 'POST', `/partner/v1/customers/${customerId}/crypto-withdrawals`, input));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of replies) if (r.status !== 200) expect([r.status, r.body.code]).toEqual([409, 'AUTHORIZATION_ALREADY_USED']);
    expect(await count('select count(*) as n from crypto_withdrawals where wallet_beneficiary_id = $1', b.body.walletBeneficiaryId)).toBe(1);
  });

  it('refund drafts racing on one deposit from every process never exceed it (§4.5)', async () => {
    const gql = (s: Spawned, query: string, variables: unknown, key: string | null = randomUUID()) => send(s, 'POST', '/graphql', { query, variables }, { key });
    const d = await gql(
      servers[0]!,
      `mutation($customerId: UUID!, $input: SimulateCryptoDepositInput!) { simulateCryptoDeposit(customerId: $customerId, input: $input) { depositId } }`,
      { customerId, input: { routeCode, amountMinor: '1000', fromAddress: ETH_ADDRESS_2 } },
    );
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    const depositId = d.body.data.simulateCryptoDeposit.depositId;
    // Each draft authorized separately (its own authorizedAt): the same evidence twice would be 409
    // AUTHORIZATION_ALREADY_USED, which is not what this races.
    const base = Date.now();
    const draft = (s: Spawned, i: number) => {
      const input: Record<string, unknown> = { amountMinor: '300' };
      input.operationAuthorization = {
        operationType: 'CRYPTO_REFUND_CREATE',
        operationHash: operationHashOf('CRYPTO_REFUND_CREATE', { depositId }, input),
        authorizedAt: new Date(base - i).toISOString(),
        authorizedByPartnerUserRef: 'user-1',
        authorizationMethod: 'PASSKEY',
        mfaEvidenceRef: `mfa-${randomUUID()}`,
      };
      return gql(s, `mutation($depositId: UUID!, $input: CreateCryptoRefundApprovalDraftInput!) { createCryptoRefundApprovalDraft(depositId: $depositId, input: $input) { refundId } }`, { depositId, input });
    };
    const replies = await each(PROCESSES * 4, (s, i) => draft(s, i));
    const ok = replies.filter((r) => r.status === 200);
    // 1000 holds three drafts of 300: exactly three succeed, the rest are refused, whoever runs first.
    expect(ok).toHaveLength(3);
    for (const r of replies) if (r.status !== 200) expect(r.body.errors[0].extensions.code).toBe('REFUND_EXCEEDS_DEPOSIT');
    expect(await count(`select count(*) as n from crypto_refunds where deposit_id = $1`, depositId)).toBe(3);
  });

  /** A new client with its own limit, and `n` `{ __typename }` queries of it spread over the processes. */
  async function queriesOfLimitedClient(name: string, limit: { rps: number; burst: number }, n: number): Promise<number[]> {
    const engine = await openEngine({ kind: 'pg', url: db.url }, { poolSize: 1, migrate: false });
    let client: { clientId: string; secret: string };
    try {
      client = await createClient(engine, SecretBox.development(), { name });
      await engine.writer.run((x) =>
        x.q.update(x.t.partnerClients).set({ rateLimitRps: limit.rps, rateLimitBurst: limit.burst }).where(sqlEq(x.t.partnerClients.clientId, client.clientId)),
      );
    } finally {
      await engine.close();
    }
    const query = JSON.stringify({ query: '{ __typename }' });
    return each(n, async (s) => {
      const headers = signedHeaders(client.secret, { method: 'POST', path: '/graphql', clientId: client.clientId, idempotencyKey: null, body: query });
      const res = await fetch(`${s.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: query });
      return res.status;
    });
  }

  it('a client’s rate limit holds across processes: N processes do not give it N times its burst', async () => {
    const replies = await queriesOfLimitedClient('Limited', { rps: 1, burst: 5 }, PROCESSES * 5);
    // Burst 5 at 1 token/s: 5 pass (6 if a second passes during the burst), never 15.
    const passed = replies.filter((s) => s === 200).length;
    expect(passed).toBeGreaterThanOrEqual(5);
    expect(passed).toBeLessThanOrEqual(6);
    expect(replies.filter((s) => s === 429).length).toBe(replies.length - passed);
  });

  it('a busy client’s limit holds across processes while each process spends tokens it took in leases', async () => {
    // Leases of up to 10 tokens here (src/http/rate-limit.ts leaseCap: a tenth of a second at 100/s).
    const startedAt = Date.now();
    const replies = await queriesOfLimitedClient('Busy', { rps: 100, burst: 160 }, PROCESSES * 100);
    const seconds = (Date.now() - startedAt) / 1000;
    const passed = replies.filter((s) => s === 200).length;
    // Never above the burst and what refilled meanwhile (the client's first request came after startedAt);
    // refused, never failed.
    expect(passed).toBeLessThanOrEqual(160 + Math.ceil(seconds * 100));
    expect(passed).toBeGreaterThanOrEqual(80);
    expect(replies.filter((s) => s === 429).length).toBe(replies.length - passed);
  });
});

describe('one of the processes SIGKILLed under load', () => {
  it('the others carry on; nothing acknowledged is lost, and every 200 replays identically through any process', async () => {
    const survivors = servers.slice(1);
    const victim = servers[0]!;
    const acknowledged: { key: string; body: Record<string, unknown>; answer: unknown }[] = [];
    let stop = false;
    // Four workers per process send creates until told to stop; a request to the victim may fail.
    const worker = async (server: Spawned) => {
      while (!stop) {
        const key = randomUUID();
        const body = beneficiaryBody(routeCode, randomEthAddress());
        try {
          const r = await send(server, 'POST', path(), body, { key });
          if (r.status === 200) acknowledged.push({ key, body, answer: r.body });
          else expect.soft(r.status, JSON.stringify(r.body)).toBe(200);
        } catch {
          // The victim's connection reset: the outcome is unknown, so it is not counted either way.
        }
      }
    };
    const load = servers.flatMap((s) => Array.from({ length: 4 }, () => worker(s)));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    victim.proc.kill('SIGKILL');
    const before = acknowledged.length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    stop = true;
    await Promise.all(load);
    expect(acknowledged.length).toBeGreaterThan(before); // the survivors kept answering
    for (const a of acknowledged) {
      expect(await count('select count(*) as n from wallet_beneficiaries where wallet_address = $1', a.body.walletAddress)).toBe(1);
    }
    // Replays of a sample through each survivor: the same resource, marked replayed.
    for (const [i, a] of acknowledged.filter((_, i) => i % Math.ceil(acknowledged.length / 20) === 0).entries()) {
      const r = await send(survivors[i % survivors.length]!, 'POST', path(), a.body, { key: a.key });
      expect(r.status).toBe(200);
      expect(r.headers.get('idempotent-replayed')).toBe('true');
      expect(r.body).toEqual(a.answer);
    }
    servers = survivors;
  }, 60_000);
});
