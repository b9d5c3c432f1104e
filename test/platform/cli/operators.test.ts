// test: slow — partnerctl, and servers started as `npm start` is
// test: SQLite only — first starts, demo and pragmas of the embedded database
// §8 operators and sandbox, §1 `npm start`: the real partnerctl and the real server entry, each run as a
// separate process, the way an operator runs them.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeSecrets, findClient } from '../../../src/db/clients-repository.js';
import { openEngine } from '../../../src/db/engine.js';
import { openDatabase } from '../../../src/db/open.js';
import { findRoute, isDenied } from '../../../src/modules/routes/repository.js';
import { normalizeAddressForComparison } from '../../../src/core/addresses/index.js';
import { SecretBox } from '../../../src/core/secret-box.js';
import {
  beneficiaryBody,
  ETH_ADDRESS,
  ETH_ADDRESS_2,
  randomEthAddress,
  signedFetch,
  sleep,
  startTestServer,
  toReply,
  type Client,
  type Reply,
  type TestServer,
} from '../../helpers/harness.js';
import { MODE_VARS, processKit, type Spawned, stderrResult } from '../../helpers/processes.js';
import { expectGraphQLProblem, expectRestProblem, problemCodeOf } from '../../helpers/problems.js';
import { SqliteTestDb, type TestDb } from '../../helpers/test-db.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// ---------------------------------------------------------------------------------------------------
// Helpers: temp dirs, a clean environment, partnerctl runs, spawned servers (test/helpers/processes.ts).

const { tempDir, cleanEnv, run, partnerctl, partnerctlJson, startMain, stopMain, tryStartMain } = processKit({
  tempPrefix: 'partner-ops-test-',
  unset: [...MODE_VARS, 'IDEMPOTENCY_TTL_HOURS', 'AUTHORIZATION_MAX_AGE_SECONDS'],
  maxBuffer: 4 * 1024 * 1024,
});

async function waitFor(cond: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (cond()) return true;
    await sleep(50);
  }
  return cond();
}

/** Unsigned GraphQL over the development signing proxy (§8). */
async function devGql(url: string, query: string, variables?: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Reply> {
  return toReply(
    await fetch(`${url}/dev/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query, variables }),
    }),
  );
}

/** A signed GraphQL request to a spawned server (§2); mutations carry a fresh Idempotency-Key. */
async function signedGql(url: string, client: Client, query: string, variables?: Record<string, unknown>): Promise<Reply> {
  const raw = JSON.stringify({ query, variables });
  const idempotencyKey = /^\s*mutation\b/.test(query) ? randomUUID() : null;
  return toReply((await signedFetch(url, client, { path: '/graphql', idempotencyKey, body: raw })).res);
}

/** Retries `attempt` until `done` holds or `ms` elapse (§8: operator changes apply within 5 s); returns the last reply. */
async function within<T>(ms: number, attempt: () => Promise<T>, done: (t: T) => boolean): Promise<T> {
  const deadline = Date.now() + ms;
  let last = await attempt();
  while (!done(last) && Date.now() < deadline) {
    await sleep(200);
    last = await attempt();
  }
  return last;
}

const newClientId = () => `ops-${randomBytes(5).toString('hex')}`;
const newRouteCode = () => `USDT-ETH-${randomBytes(3).toString('hex')}`;

const CREATE_CUSTOMER = `mutation($input: CreateCustomerInput!) { createCustomer(input: $input) { customerId externalRef } }`;
const CUSTOMER_QUERY = `query($id: UUID!) { customer(customerId: $id) { customerId externalRef } }`;

// ---------------------------------------------------------------------------------------------------

describe('§8 partnerctl as a command-line tool', () => {
  it('client create --secret S prints {clientId, secret} and stores the client with that secret', async () => {
    const file = path.join(tempDir(), 'partner.db');
    const clientId = newClientId();
    const r = await partnerctl(file, ['client', 'create', '--name', 'Acme', '--client-id', clientId, '--secret', 'my-secret-1']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ clientId, secret: 'my-secret-1' });
    // SQLite-specific: partnerctl ran on a SQLite file of the test's own (DATABASE_URL=file:); read back through the repository on it.
    const h = await openEngine({ kind: 'sqlite', file }, { migrate: false });
    try {
      expect(await findClient(h.read, clientId)).toBeTruthy();
      // Stored encrypted: not the secret itself, but it opens to it under the (development) key.
      const stored = (await activeSecrets(h.read, clientId)).map((s) => s.secret);
      expect(stored).toHaveLength(1);
      expect(stored[0]).not.toContain('my-secret-1');
      expect(SecretBox.development().open(clientId, stored[0]!)).toBe('my-secret-1');
    } finally {
      await h.close();
    }
  });

  it('client create without --secret prints a random 32-byte secret (64 hex characters)', async () => {
    const file = path.join(tempDir(), 'partner.db');
    const clientId = newClientId();
    const a = await partnerctlJson(file, ['client', 'create', '--name', 'Acme', '--client-id', clientId]);
    expect(a.clientId).toBe(clientId);
    expect(a.secret).toMatch(/^[0-9a-f]{64}$/);
    const b = await partnerctlJson(file, ['client', 'create', '--name', 'Other', '--client-id', newClientId()]);
    expect(b.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(b.secret).not.toBe(a.secret);
  });

  it('a duplicate client id is a refusal: exit 1 VALIDATION_FAILED (§16.9), {code, detail} on stderr, nothing on stdout', async () => {
    const file = path.join(tempDir(), 'partner.db');
    const clientId = newClientId();
    await partnerctlJson(file, ['client', 'create', '--name', 'Acme', '--client-id', clientId]);
    const r = await partnerctl(file, ['client', 'create', '--name', 'Acme again', '--client-id', clientId]);
    expect(r.code).toBe(1);
    expect(r.stdout.trim()).toBe('');
    expect(stderrResult(r.stderr)).toEqual({ code: 'VALIDATION_FAILED', detail: expect.stringContaining(clientId) });
  });

  it('an unknown command, an unknown option or a missing one is a usage error: exit 2, {error} on stderr', async () => {
    const file = path.join(tempDir(), 'partner.db');
    for (const args of [['client', 'explode', '--client-id', 'x'], ['client', 'create', '--name', 'A', '--colour', 'red'], ['client', 'rotate-secret']]) {
      const r = await partnerctl(file, args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout.trim()).toBe('');
      expect(stderrResult(r.stderr)).toEqual({ error: expect.any(String) });
    }
  });

  it('route create / disable / enable and screening deny print JSON and change the database', async () => {
    const file = path.join(tempDir(), 'partner.db');
    const clientId = newClientId();
    const code = newRouteCode();
    await partnerctlJson(file, ['client', 'create', '--name', 'Acme', '--client-id', clientId]);
    const created = await partnerctlJson(file, [
      'route', 'create', '--code', code, '--client-id', clientId, '--blockchain', 'ETH', '--currency', 'USDT',
      '--scale', '6', '--min-minor', '1', '--max-minor', '100', '--fee-minor', '5',
    ]);
    expect(created).toBeTypeOf('object');
    const read = async () => {
      // SQLite-specific: partnerctl ran on a SQLite file of the test's own (DATABASE_URL=file:); read back through the repository on it.
      const h = await openEngine({ kind: 'sqlite', file }, { migrate: false });
      try {
        return await findRoute(h.read, code, clientId);
      } finally {
        await h.close();
      }
    };
    expect(await read()).toMatchObject({
      routeCode: code, clientId, blockchain: 'ETH', currency: 'USDT', currencyScale: 6,
      minAmountMinor: '1', maxAmountMinor: '100', feeAmountMinor: '5', enabled: true,
    });

    expect(await partnerctlJson(file, ['route', 'disable', '--code', code])).toBeTypeOf('object');
    expect((await read())?.enabled).toBe(false);
    expect(await partnerctlJson(file, ['route', 'enable', '--code', code])).toBeTypeOf('object');
    expect((await read())?.enabled).toBe(true);

    const address = randomEthAddress();
    expect(await partnerctlJson(file, ['screening', 'deny', '--blockchain', 'ETH', '--address', address])).toBeTypeOf('object');
    // SQLite-specific: as above, the deny list read back through the repository on partnerctl's SQLite file.
    const h = await openEngine({ kind: 'sqlite', file }, { migrate: false });
    try {
      expect(await isDenied(h.read, 'ETH', normalizeAddressForComparison('ETH', address))).toBe(true);
    } finally {
      await h.close();
    }
  });

  it('`npx partnerctl client create` works from the repository root (the package bin)', async () => {
    const file = path.join(tempDir(), 'partner.db');
    const clientId = newClientId();
    const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
    const r = await run(npx, ['--no-install', 'partnerctl', 'client', 'create', '--name', 'Via npx', '--client-id', clientId], cleanEnv({ DATABASE_URL: `file:${file}` }), 40_000);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout.trim().split('\n').pop()!);
    expect(out.clientId).toBe(clientId);
    expect(out.secret).toMatch(/^[0-9a-f]{64}$/);
  }, 45_000);
});

// ---------------------------------------------------------------------------------------------------

describe('§8 partnerctl changes take effect on a running server within 5 s, without a restart', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  async function provision(): Promise<{ client: Client; routeCode: string }> {
    const clientId = newClientId();
    const created = await partnerctlJson(server.file, ['client', 'create', '--name', 'Live', '--client-id', clientId]);
    const client: Client = { clientId: created.clientId, secret: created.secret };
    const routeCode = newRouteCode();
    await partnerctlJson(server.file, [
      'route', 'create', '--code', routeCode, '--client-id', clientId, '--blockchain', 'ETH', '--currency', 'USDT',
      '--scale', '6', '--min-minor', '1', '--max-minor', '100', '--fee-minor', '5',
    ]);
    return { client, routeCode };
  }

  async function newCustomer(client: Client): Promise<Reply> {
    return server.gql(client, CREATE_CUSTOMER, { input: { externalRef: `ext-${randomUUID()}`, type: 'INDIVIDUAL' } });
  }

  function beneficiary(client: Client, customerId: string, routeCode: string, walletAddress = ETH_ADDRESS): Promise<Reply> {
    return server.request(client, 'POST', `/partner/v1/customers/${customerId}/crypto/wallet-beneficiaries`, {
      body: beneficiaryBody(routeCode, walletAddress),
    });
  }

  it('a client and route made by partnerctl work at once; route disable → 403 ROUTE_NOT_PERMITTED; enable restores it', async () => {
    const { client, routeCode } = await provision();
    const c = await within(5_000, () => newCustomer(client), (r) => r.status === 200);
    expect(c.status, c.text).toBe(200);
    const customerId = c.body.data.createCustomer.customerId;
    expect(customerId).toMatch(UUID);

    const ok = await within(5_000, () => beneficiary(client, customerId, routeCode), (r) => r.status === 200);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ routeCode, beneficiaryStatus: 'ACTIVE', screeningStatus: 'CLEARED' });

    await partnerctlJson(server.file, ['route', 'disable', '--code', routeCode]);
    const refused = await within(5_000, () => beneficiary(client, customerId, routeCode, ETH_ADDRESS_2), (r) => r.status === 403);
    expect(refused.status, refused.text).toBe(403);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(refused.body.code).toBe('ROUTE_NOT_PERMITTED');

    await partnerctlJson(server.file, ['route', 'enable', '--code', routeCode]);
    const again = await within(5_000, () => beneficiary(client, customerId, routeCode, ETH_ADDRESS_2), (r) => r.status === 200);
    expect(again.status, again.text).toBe(200);
    expect(again.body.beneficiaryStatus).toBe('ACTIVE');
  });

  it('rotate-secret: the new and the old secret both verify; retire-secret: the old one gets 401 AUTH_SIGNATURE_INVALID', async () => {
    const { client: oldClient } = await provision();
    const probe = (c: Client) => server.gql(c, CUSTOMER_QUERY, { id: randomUUID() });
    expect((await probe(oldClient)).status).toBe(200);

    const rotated = await partnerctlJson(server.file, ['client', 'rotate-secret', '--client-id', oldClient.clientId]);
    expect(rotated.clientId).toBe(oldClient.clientId);
    expect(rotated.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(rotated.secret).not.toBe(oldClient.secret);
    const newClient: Client = { clientId: oldClient.clientId, secret: rotated.secret };

    const withNew = await within(5_000, () => probe(newClient), (r) => r.status === 200);
    expect(withNew.status, withNew.text).toBe(200);
    expect(withNew.body.data.customer).toBeNull();
    const withOld = await probe(oldClient);
    expect(withOld.status, withOld.text).toBe(200);

    expect(await partnerctlJson(server.file, ['client', 'retire-secret', '--client-id', oldClient.clientId])).toBeTypeOf('object');
    const oldRefused = await within(5_000, () => probe(oldClient), (r) => r.status === 401);
    expect(oldRefused.status, oldRefused.text).toBe(401);
    expect(problemCodeOf(oldRefused)).toBe('AUTH_SIGNATURE_INVALID');
    const newStill = await probe(newClient);
    expect(newStill.status, newStill.text).toBe(200);

    // REST too: the retired secret is refused there as well.
    const c = await newCustomer(newClient);
    expect(c.status, c.text).toBe(200);
    const rest = await server.request(oldClient, 'POST', `/partner/v1/customers/${c.body.data.createCustomer.customerId}/crypto/wallet-beneficiaries`, {
      body: {},
    });
    expect(rest.status).toBe(401);
    expect(rest.body.code).toBe('AUTH_SIGNATURE_INVALID');
  });

  it('screening deny: the next beneficiary with that address is REJECTED / BLOCKED', async () => {
    const { client, routeCode } = await provision();
    const address = randomEthAddress();
    await partnerctlJson(server.file, ['screening', 'deny', '--blockchain', 'ETH', '--address', address]);
    // A fresh customer per attempt, so that a not-yet-applied deny list cannot turn a retry into a 409.
    const r = await within(
      5_000,
      async () => {
        const c = await newCustomer(client);
        if (c.status !== 200) return c;
        return beneficiary(client, c.body.data.createCustomer.customerId, routeCode, address);
      },
      (x) => x.status === 200 && x.body?.beneficiaryStatus === 'BLOCKED',
    );
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ walletAddress: address, screeningStatus: 'REJECTED', beneficiaryStatus: 'BLOCKED' });
  });
});

// ---------------------------------------------------------------------------------------------------

describe('§1/§8 `npm start` in development', () => {
  it('first start creates the DB folder, provisions and prints the demo; a second start does not provision again', async () => {
    const dir = tempDir();
    const nested = path.join(dir, 'nested', 'dir');
    const file = path.join(nested, 'partner.db');
    expect(fs.existsSync(path.join(dir, 'nested'))).toBe(false);

    const first = await startMain({ DATABASE_URL: `file:${file}` });
    let customerId: string;
    try {
      expect(await waitFor(() => /curl /.test(first.stdout()), 5_000), first.stdout()).toBe(true);
      const out = first.stdout();
      expect(out).toContain('Demo partner provisioned');
      expect(out).toMatch(/clientId:\s+demo-partner\b/);
      expect(out).toMatch(/secret:\s+[0-9a-f]{64}\b/);
      expect(out).toMatch(/routeCode:\s+\S+/);
      const m = /customerId:\s+([0-9a-f-]{36})/.exec(out);
      expect(m, out).not.toBeNull();
      customerId = m![1]!;
      expect(customerId).toMatch(UUID);
      expect(out).toContain(`curl -s ${first.url}/dev/graphql`);
      expect(fs.existsSync(file)).toBe(true);

      const health = await fetch(`${first.url}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });
      const ready = await fetch(`${first.url}/readyz`);
      expect(ready.status).toBe(200);

      const q = await devGql(first.url, `{ customer(customerId: "${customerId}") { customerId externalRef verificationStatus verifiedAt createdAt } }`);
      expect(q.status, q.text).toBe(200);
      expect(q.body.errors).toBeUndefined();
      expect(q.body.data.customer.customerId).toBe(customerId);
      expect(typeof q.body.data.customer.externalRef).toBe('string');
      // §12.5: the demo customer is VERIFIED since its creation, with one event customer.verified.
      expect(q.body.data.customer).toMatchObject({ verificationStatus: 'VERIFIED', verifiedAt: q.body.data.customer.createdAt });
      const ev = await devGql(first.url, `{ events(resourceId: "${customerId}") { items { type sequence } } }`);
      expect(ev.body.data.events.items).toEqual([{ type: 'customer.verified', sequence: 1 }]);
    } finally {
      await stopMain(first);
    }

    const second = await startMain({ DATABASE_URL: `file:${file}` });
    try {
      const ready = await fetch(`${second.url}/readyz`);
      expect(ready.status).toBe(200);
      await waitFor(() => /State:/.test(second.stdout()), 2_000);
      await sleep(300);
      expect(second.stdout()).not.toContain('Demo partner provisioned');
      expect(second.stdout()).not.toMatch(/secret:\s+[0-9a-f]{64}/);
      // The demo of the first start is still there and still usable.
      const q = await devGql(second.url, CUSTOMER_QUERY, { id: customerId });
      expect(q.status, q.text).toBe(200);
      expect(q.body.data.customer.customerId).toBe(customerId);
    } finally {
      await stopMain(second);
    }
  }, 90_000);

  it('a customer acknowledged with 200 survives SIGKILL of the process (crash durability)', async () => {
    const file = path.join(tempDir(), 'partner.db');
    const first = await startMain({ DATABASE_URL: `file:${file}` });
    const externalRef = `crash-${randomUUID()}`;
    let customerId: string;
    try {
      const r = await devGql(first.url, CREATE_CUSTOMER, { input: { externalRef, type: 'INDIVIDUAL', displayName: 'Crash Test' } });
      expect(r.status, r.text).toBe(200);
      expect(r.body.errors).toBeUndefined();
      customerId = r.body.data.createCustomer.customerId;
      expect(customerId).toMatch(UUID);
    } finally {
      await stopMain(first, 'SIGKILL');
    }
    expect(first.proc.signalCode).toBe('SIGKILL');

    const second = await startMain({ DATABASE_URL: `file:${file}` });
    try {
      const q = await devGql(second.url, CUSTOMER_QUERY, { id: customerId });
      expect(q.status, q.text).toBe(200);
      expect(q.body.data.customer).toEqual({ customerId, externalRef });
    } finally {
      await stopMain(second);
    }
  }, 90_000);
});

// ---------------------------------------------------------------------------------------------------

// Production needs the key that encrypts client secrets at rest; partnerctl must use the same one.
const PROD_KEY = { PARTNER_SECRET_KEY: randomBytes(32).toString('hex'), NODE_ENV: 'production' };
// The server in production needs the links' https base URL too (§16.5); partnerctl reads no such key.
const PROD_LINKS = { CHECKOUT_LINK_BASE_URL: 'https://pay.example.com/pay' };

describe('§8 `npm start` in production', () => {
  let prod: Spawned;
  let file: string;
  beforeAll(async () => {
    file = path.join(tempDir(), 'partner.db');
    prod = await startMain({ DATABASE_URL: `file:${file}`, ...PROD_KEY, ...PROD_LINKS });
  }, 40_000);
  afterAll(async () => {
    if (prod) await stopMain(prod);
  });

  it('provisions no demo', async () => {
    const ready = await fetch(`${prod.url}/readyz`);
    expect(ready.status).toBe(200);
    await waitFor(() => /State:/.test(prod.stdout()), 2_000);
    await sleep(300);
    expect(prod.stdout()).not.toContain('Demo partner provisioned');
    expect(prod.stdout()).not.toContain('demo-partner');
    // The spawned server's database, read as server.db reads a TestServer's (portable SQL only).
    const db: TestDb = new SqliteTestDb(file);
    expect(await db.count('select count(*) as n from partner_clients')).toBe(0);
  });

  it('POST /dev/graphql does not exist: 404 problem+json NOT_FOUND', async () => {
    const r = await devGql(prod.url, '{ __typename }');
    expectRestProblem(r, 404, 'NOT_FOUND');
  });

  it('GET /graphql with Accept: text/html is not a landing page', async () => {
    const res = await fetch(`${prod.url}/graphql`, { headers: { accept: 'text/html' }, redirect: 'manual' });
    const text = await res.text();
    const isHtml = (res.headers.get('content-type') ?? '').includes('text/html');
    expect(res.status === 200 && isHtml, `${res.status} ${res.headers.get('content-type')}`).toBe(false);
    expect(res.status).not.toBe(200);
    expect(res.status === 302 || res.status === 301).toBe(false);
    expect(text).not.toMatch(/<html|<!doctype html/i);
  });

  it('simulateCryptoDeposit outside sandbox mode → 403 SANDBOX_ONLY', async () => {
    const clientId = newClientId();
    const created = await partnerctlJson(file, ['client', 'create', '--name', 'Prod', '--client-id', clientId], PROD_KEY);
    const client: Client = { clientId, secret: created.secret };
    const routeCode = newRouteCode();
    await partnerctlJson(file, [
      'route', 'create', '--code', routeCode, '--client-id', clientId, '--blockchain', 'ETH', '--currency', 'USDT',
      '--scale', '6', '--min-minor', '1', '--max-minor', '100000000', '--fee-minor', '5',
    ], PROD_KEY);
    const c = await within(5_000, () => signedGql(prod.url, client, CREATE_CUSTOMER, { input: { externalRef: `ext-${randomUUID()}`, type: 'INDIVIDUAL' } }), (r) => r.status === 200);
    expect(c.status, c.text).toBe(200);
    const customerId = c.body.data.createCustomer.customerId;

    const r = await signedGql(
      prod.url,
      client,
      `mutation($customerId: UUID!, $input: SimulateCryptoDepositInput!) { simulateCryptoDeposit(customerId: $customerId, input: $input) { depositId } }`,
      { customerId, input: { routeCode, amountMinor: '1000', fromAddress: ETH_ADDRESS_2, txHash: `0x${randomBytes(32).toString('hex')}` } },
    );
    expectGraphQLProblem(r, 403, 'SANDBOX_ONLY');
    expect(r.body.data?.simulateCryptoDeposit ?? null).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------------

describe('durability pragmas', () => {
  it('a running server leaves its database in WAL mode', async () => {
    const server = await startTestServer();
    try {
      // SQLite-specific: the journal mode of the server's SQLite file.
      const h = new Database(server.file, { readonly: true });
      try {
        expect(h.pragma('journal_mode', { simple: true })).toBe('wal');
      } finally {
        h.close();
      }
    } finally {
      await server.stop();
    }
  });

  it('openDatabase gives synchronous = FULL (2), foreign_keys = ON (1), journal_mode = wal', () => {
    const file = path.join(tempDir(), 'pragmas', 'partner.db');
    // SQLite-specific: the pragmas openDatabase sets on a SQLite connection.
    const handle = openDatabase(file);
    try {
      expect(handle.sqlite.pragma('synchronous', { simple: true })).toBe(2);
      expect(handle.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(handle.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    } finally {
      handle.close();
    }
  });
});

describe('§1 a start that cannot listen or is misconfigured: one line, exit 1', () => {
  it('a port already taken: one line naming the port and PORT, no stack trace', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as net.AddressInfo;
    try {
      const r = await tryStartMain({ PORT: String(port), DATABASE_URL: `file:${path.join(tempDir(), 'partner.db')}` });
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.code).toBe(1);
      expect(r.stderr.trim().split('\n'), r.stderr).toEqual([
        `Port ${port} on 127.0.0.1 is already in use: stop what listens there, or choose another port with PORT (e.g. PORT=${port + 1}).`,
      ]);
      expect(r.output).not.toMatch(/\n\s+at /);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('a PORT that is no port: one line', async () => {
    const r = await tryStartMain({ PORT: 'http', DATABASE_URL: `file:${path.join(tempDir(), 'partner.db')}` });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe('Cannot start: PORT must be a port number, got "http"');
  });

  it('production without CHECKOUT_LINK_BASE_URL (§16.5: https there, and the default is http): one line naming it', async () => {
    const r = await tryStartMain({ ...PROD_KEY, DATABASE_URL: `file:${path.join(tempDir(), 'partner.db')}` });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe('Cannot start: CHECKOUT_LINK_BASE_URL is required in production: the public https address of the hosted page, e.g. https://pay.example.com/pay');
  });
});
