// test: slow — partnerctl help, sign, evidence, demo-secret
// partnerctl as a newcomer meets it: human help (exit 0) for the tool and each command, and its request
// helpers for curl users — `sign` (§2) and `evidence` (§5) — whose output a real server accepts, and
// `demo-secret`, which gives the demo client a fresh secret that works while the old one stops. A few runs
// are the real process (`spawned`); the rest run partnerctl's code in the test's process.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CLIENT_ID } from '../../../src/http/dev-proxy.js';
import { createClient } from '../../../src/cli/operators.js';
import { MONEY_OPERATIONS } from '../../../src/client/index.js';
import { Coll } from '../../helpers/collections.js';
import { Scenario, startTestServer, type TestServer } from '../../helpers/harness.js';
import { partnerctlHere } from '../../helpers/partnerctl-here.js';
import { processKit, ROOT, stderrResult } from '../../helpers/processes.js';
import vectors from '../../vectors/operation-hash.json' with { type: 'json' };

const { partnerctl, tempDir, cleanEnv } = processKit({ tempPrefix: 'partner-ctl-tools-' });

let server: TestServer;
let s: Scenario;
beforeAll(async () => {
  // Secrets read on every request, so a retired one fails at once.
  server = await startTestServer({ CREDENTIAL_CACHE_MS: '0' });
  s = await Scenario.create(server);
});
afterAll(() => server.stop());

const ctl = (args: string[], extra: Record<string, string> = {}) => partnerctlHere(server.databaseUrl, args, extra);
const spawned = (args: string[], extra: Record<string, string> = {}) => partnerctl(server.databaseUrl, args, extra);
/** A printed command run by the shell, as a partner pastes it: its stdout. */
const sh = (command: string) =>
  new Promise<string>((resolve, reject) => execFile('sh', ['-c', command], (err, stdout, stderr) => (err ? reject(new Error(`${err.message}: ${stderr}`)) : resolve(stdout))));

describe('help', () => {
  it('--help, -h, help and no arguments: human usage naming every command, exit 0', async () => {
    for (const args of [['--help'], ['-h'], ['help'], []]) {
      const r = await (args[0] === '--help' ? spawned : ctl)(args);
      expect(r.code, args.join(' ')).toBe(0);
      expect(r.stdout).toMatch(/^Usage: partnerctl /);
      for (const c of ['client', 'route', 'screening', 'sandbox', 'webhook', 'audit', 'demo-secret', 'devnet', 'sign', 'evidence']) expect(r.stdout).toContain(`  ${c}`);
      expect(r.stderr).toBe('');
    }
  });

  it("a command's help shows that command alone, with an example", async () => {
    for (const args of [['client', 'create', '--help'], ['help', 'client', 'create']]) {
      const r = await ctl(args);
      expect(r.code, args.join(' ')).toBe(0);
      if (args[0] === 'help') continue; // `help client create` shows the client group
      expect(r.stdout).toMatch(/^Usage: partnerctl client create \[options\]/);
      expect(r.stdout).toContain('--name <name>');
      expect(r.stdout).not.toContain('--rps');
      expect(r.stdout).toContain('$ partnerctl client create --name');
    }
  });

  it('a group without its command is a usage error naming the commands (exit 2)', async () => {
    const r = await ctl(['route']);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stderr)).toEqual({ error: expect.stringContaining('create, update, disable, enable') });
  });
});

describe('sign', () => {
  it('prints headers a real server accepts (GET), with the canonical string and a curl command', async () => {
    const path = '/partner/v1/events?limit=1';
    const r = await spawned(['sign', '--client-id', s.client.clientId, '--method', 'GET', '--path', path, '--timestamp', server.clock.now().toISOString()], { PARTNER_SECRET: s.client.secret });
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.canonicalString.split('\n').slice(0, 2)).toEqual(['GET', path]);
    expect(out.curl).toContain(`-H 'x-partner-signature: ${out.headers['x-partner-signature']}'`);
    expect(out.headers['idempotency-key']).toBeUndefined();
    const res = await fetch(server.url + path, { headers: out.headers });
    expect(res.status).toBe(200);
  });

  it('signs a POST body as given, with a fresh Idempotency-Key', async () => {
    const body = JSON.stringify({ query: 'mutation { createCustomer(input: { externalRef: "signed-by-ctl", type: "INDIVIDUAL" }) { customerId } }' });
    const r = await ctl(['sign', '--client-id', s.client.clientId, '--secret', s.client.secret, '--path', '/graphql', '--body', body, '--timestamp', server.clock.now().toISOString()]);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    const res = await fetch(`${server.url}/graphql`, { method: 'POST', headers: out.headers, body });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { errors?: unknown }).errors).toBeUndefined();
  });

  it('--curl prints the command alone, ready to run: sh runs it as printed (quotes in the body included) and the server answers', async () => {
    const base = ['sign', '--client-id', s.client.clientId, '--secret', s.client.secret, '--base-url', server.url, '--curl'];
    const get = await ctl([...base, '--method', 'GET', '--path', '/partner/v1/events?limit=1', '--timestamp', server.clock.now().toISOString()]);
    expect(get.code, get.stderr).toBe(0);
    expect(get.stdout).toMatch(/^curl -s -X GET '[^']+\/partner\/v1\/events\?limit=1' \\\n/);
    expect(get.stdout.endsWith('\n')).toBe(true);
    expect(JSON.parse(await sh(get.stdout))).toMatchObject({ items: expect.any(Array) });
    const ref = `o'brien-${Date.now()}`;
    const body = JSON.stringify({ query: `mutation { createCustomer(input: { externalRef: "${ref}", type: "INDIVIDUAL" }) { externalRef } }` });
    const post = await ctl([...base, '--path', '/graphql', '--body', body, '--timestamp', server.clock.now().toISOString()]);
    expect(post.code, post.stderr).toBe(0);
    expect(JSON.parse(await sh(post.stdout))).toEqual({ data: { createCustomer: { externalRef: ref } } });
  });

  it('the secret is PARTNER_SECRET; SECRET (the old name) is still read, with a notice to rename it', async () => {
    const args = ['sign', '--client-id', s.client.clientId, '--method', 'GET', '--path', '/partner/v1/events', '--timestamp', server.clock.now().toISOString()];
    const named = await ctl(args, { PARTNER_SECRET: s.client.secret, SECRET: 'not-this-one' });
    expect(named.code, named.stderr).toBe(0);
    expect(named.stderr).toBe('');
    const old = await ctl(args, { SECRET: s.client.secret });
    expect(old.code, old.stderr).toBe(0);
    expect(JSON.parse(old.stderr)).toEqual({ notice: expect.stringContaining('rename it PARTNER_SECRET') });
    for (const r of [named, old]) expect((await fetch(server.url + '/partner/v1/events', { headers: JSON.parse(r.stdout).headers })).status).toBe(200);
  });

  it('without a secret, or with a body that is not JSON, is a usage error (exit 2)', async () => {
    for (const args of [['--path', '/graphql'], ['--secret', 'x', '--path', '/graphql', '--body', '{nope']]) {
      const r = await ctl(['sign', '--client-id', 'c', ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(JSON.parse(r.stderr)).toEqual({ error: expect.any(String) });
    }
  });
});

describe('evidence', () => {
  it('prints a body a real refund draft accepts (REST)', async () => {
    const customerId = await s.customer();
    const dep = await server.gql(s.client, `mutation($c: UUID!, $i: SimulateCryptoDepositInput!) { simulateCryptoDeposit(customerId: $c, input: $i) { depositId } }`, {
      c: customerId,
      i: { routeCode: s.routeCode, amountMinor: '5000000', fromAddress: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359' },
    });
    const depositId: string = dep.body.data.simulateCryptoDeposit.depositId;
    const r = await ctl([
      'evidence', '--operation-type', 'CRYPTO_REFUND_CREATE', '--id', depositId, '--input', '{"amountMinor":"1000000","reason":"asked"}',
      '--user', 'ops-user-7', '--mfa-ref', 'mfa-ctl', '--authorized-at', server.clock.now().toISOString(),
    ]);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.path).toBe(`/partner/v1/crypto/deposits/${depositId}/refunds`);
    expect(out.payloadJcs).toBe(`{"amountMinor":"1000000","depositId":"${depositId}","operationType":"CRYPTO_REFUND_CREATE","reason":"asked"}`);
    const res = await server.request(s.client, 'POST', out.path, { body: out.body });
    expect(res.status, res.text).toBe(200);
    expect(res.body.status).toBe('APPROVED');
  });

  it('--path-id collectionPaymentId: the §15.7 vector, and a body a real collection payment refund draft accepts (its own process)', async () => {
    const vector = vectors.vectors.find((v) => v.name === 'collection payment refund draft')!;
    const [pathId, id] = Object.entries(vector.pathId)[0]!;
    const offline = await ctl(['evidence', '--operation-type', vector.operationType, '--path-id', pathId, '--id', id, '--input', JSON.stringify(vector.input), '--user', 'u', '--mfa-ref', 'm']);
    expect(offline.code, offline.stderr).toBe(0);
    const printed = JSON.parse(offline.stdout);
    expect([printed.payloadJcs, printed.operationAuthorization.operationHash]).toEqual([vector.payloadJcs, vector.operationHash]);
    expect(printed.path).toBe(`/partner/v1/crypto/collection-payments/${id}/refunds`);

    // A payment of 3 USDT into a collection wallet, credited (§15.6); 1 USDT of it sent back.
    const c = await Coll.create(server);
    const w = await c.wallet();
    const payment = await c.pay(w.address, '3000000');
    await server.advanceWorker(2);
    const input = '{"amountMinor":"1000000","reason":"Overpayment of order 42"}';
    const r = await spawned([
      'evidence', '--operation-type', 'CRYPTO_REFUND_CREATE', '--path-id', 'collectionPaymentId', '--id', payment.collectionPaymentId, '--input', input,
      '--user', 'ops-user-7', '--mfa-ref', 'mfa-ctl', '--authorized-at', server.clock.now().toISOString(),
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout);
    expect(out.path).toBe(`/partner/v1/crypto/collection-payments/${payment.collectionPaymentId}/refunds`);
    expect(out.payloadJcs).toBe(`{"amountMinor":"1000000","collectionPaymentId":"${payment.collectionPaymentId}","operationType":"CRYPTO_REFUND_CREATE","reason":"Overpayment of order 42"}`);
    const res = await c.rest('POST', out.path, out.body);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ status: 'APPROVED', collectionPaymentId: payment.collectionPaymentId, depositId: null, amountMinor: '1000000' });
    expect((await c.getPayment(payment.collectionPaymentId)).body.refundableAmountMinor).toBe('2000000');
  });

  it('--path-id must be one of the type\'s path ids: a usage error naming them', async () => {
    const r = await ctl(['evidence', '--operation-type', 'CRYPTO_REFUND_CREATE', '--path-id', 'refundId', '--id', 'x', '--user', 'u', '--mfa-ref', 'm']);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stderr).error).toBe('--path-id for CRYPTO_REFUND_CREATE must be one of collectionPaymentId, depositId');
  });

  it('--help names every operation type and its path id, from the operation descriptors', async () => {
    const r = await ctl(['evidence', '--help']);
    expect(r.code).toBe(0);
    const help = r.stdout.replace(/\s+/g, ' ');
    for (const [type, op] of Object.entries(MONEY_OPERATIONS)) {
      expect(help).toContain(type);
      expect(help).toMatch(new RegExp(`${op.pathId} \\([A-Z_, ]*${type}`));
    }
    expect(help).toContain('CONVERSION_CREATE');
  });

  it('an unknown operation type is a usage error naming the types', async () => {
    const r = await ctl(['evidence', '--operation-type', 'CRYPTO_PAYOUT', '--id', 'x', '--user', 'u', '--mfa-ref', 'm']);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stderr).error).toContain('CRYPTO_REFUND_CONFIRM');
  });
});

describe('demo-secret', () => {
  it('gives the demo client a fresh secret that signs, and the old one stops verifying', async () => {
    const old = await server.operator((db) => createClient(db, server.config.secretBox, { name: 'Demo partner', clientId: DEMO_CLIENT_ID }));
    const r = await ctl(['demo-secret']);
    expect(r.code, r.stderr).toBe(0);
    const fresh = JSON.parse(r.stdout) as { clientId: string; secret: string };
    expect(fresh.clientId).toBe(DEMO_CLIENT_ID);
    expect(fresh.secret).not.toBe(old.secret);
    expect((await server.request(fresh, 'GET', '/partner/v1/events?limit=1')).status).toBe(200);
    const refused = await server.request(old, 'GET', '/partner/v1/events?limit=1');
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('AUTH_SIGNATURE_INVALID');
  });

  it('is refused in production (exit 1)', async () => {
    const r = await ctl(['demo-secret'], { NODE_ENV: 'production', PARTNER_SECRET_KEY: '00'.repeat(32) });
    expect(r.code).toBe(1);
    expect(stderrResult(r.stderr)).toEqual({ code: 'INVALID_STATE', detail: expect.stringContaining('development') });
  });
});

describe('which database (stderr)', () => {
  /** The first stderr line of a command on the database: `{"database","from"}`. */
  const noticeOf = (stderr: string) => JSON.parse(stderr.split('\n')[0]!) as { database: string; from: string };

  it('a command on the database names it first, on stderr: the SQLite file or the PostgreSQL database, and DATABASE_URL', async () => {
    const r = await spawned(['client', 'create', '--name', 'Which DB']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    const notice = noticeOf(r.stderr);
    expect(notice.from).toBe('DATABASE_URL');
    if (server.config.database.kind === 'sqlite') expect(notice.database).toBe(server.file);
    else {
      const url = new URL(server.databaseUrl);
      expect(notice.database).toMatch(new RegExp(`^PostgreSQL ${url.host}${url.pathname} \\(schema \\S+\\)$`));
      expect(notice.database).not.toContain(url.password || '\u0000');
    }
    // A refusal keeps its own line after it.
    const refused = await spawned(['route', 'disable', '--code', 'NO-SUCH-ROUTE']);
    expect(refused.code).toBe(1);
    expect(noticeOf(refused.stderr).from).toBe('DATABASE_URL');
    expect(stderrResult(refused.stderr)).toEqual({ code: 'NOT_FOUND', detail: expect.any(String) });
  });

  it('without DATABASE_URL it says it acts on the default SQLite file', async () => {
    const dir = tempDir();
    const env = cleanEnv({});
    delete env.DATABASE_URL;
    const r = await new Promise<{ code: number; stderr: string }>((resolve) =>
      execFile(process.execPath, [path.join(ROOT, 'bin/partnerctl.mjs'), 'demo-secret'], { cwd: dir, env, timeout: 30_000 }, (err, _out, stderr) =>
        resolve({ code: err ? Number((err as NodeJS.ErrnoException).code ?? 1) : 0, stderr: String(stderr) }),
      ),
    );
    expect(r.code, r.stderr).toBe(1); // no demo client in a fresh database
    expect(noticeOf(r.stderr)).toEqual({ database: path.join(dir, 'data', 'partner.db'), from: 'the default (DATABASE_URL is unset)' });
    expect(stderrResult(r.stderr)).toEqual({ code: 'NOT_FOUND', detail: expect.any(String) });
  });

  it('sign and evidence need no database and print nothing on stderr', async () => {
    const r = await spawned(['sign', '--client-id', s.client.clientId, '--method', 'GET', '--path', '/partner/v1/events'], { PARTNER_SECRET: s.client.secret });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
  });
});
