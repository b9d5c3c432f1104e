// test: slow — partnerctl, and a server started in production mode
// Client secrets encrypted at rest (AES-256-GCM under PARTNER_SECRET_KEY, the client id
// as associated data), a clear start-up error when the key is missing in production, and the secret shown
// only once — by `partnerctl client create` / `rotate-secret` — never in audit output or server logs.
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox, secretBoxFromEnv } from '../../../src/core/secret-box.js';
import { beneficiaryBody, randomEthAddress, signedFetch, startTestServer, type Client, type Reply, type TestServer } from '../../helpers/harness.js';
import { TEST_ENGINE } from '../../helpers/pg.js';
import { MODE_VARS, processKit, RATE_LIMIT_VARS } from '../../helpers/processes.js';

// ---------------------------------------------------------------------------------------------------
// Helpers: temp dirs, partnerctl and the real server entry as separate processes (test/helpers/processes.ts).

const { tempDir, partnerctl, partnerctlJson, tryStartMain, stopMain } = processKit({
  tempPrefix: 'partner-secrets-test-',
  unset: [...MODE_VARS, 'PARTNER_SECRET_KEY', ...RATE_LIMIT_VARS],
  maxBuffer: 8 * 1024 * 1024,
});

/**
 * Which of `needles` occur in the bytes SQLite holds for this database (main file, WAL, shared-memory
 * index). Read in a child process: opening and closing the file here would drop the POSIX locks the
 * in-process server's connection holds on it (fcntl locks are per process), and so corrupt it.
 */
function foundInDatabaseFiles(file: string, needles: Buffer[]): boolean[] {
  const script = `
    const fs = require('node:fs');
    const { files, needles } = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
    const bytes = Buffer.concat(files.filter((f) => fs.existsSync(f)).map((f) => fs.readFileSync(f)));
    if (bytes.length === 0) throw new Error('no database bytes');
    process.stdout.write(JSON.stringify(needles.map((n) => bytes.includes(Buffer.from(n, 'hex')))));
  `;
  const files = [file, `${file}-wal`, `${file}-shm`, `${file}-journal`];
  const out = execFileSync(process.execPath, ['-e', script], { input: JSON.stringify({ files, needles: needles.map((n) => n.toString('hex')) }) });
  return JSON.parse(out.toString()) as boolean[];
}

/** Every stored (sealed) secret of the server's database, as the column holds it. */
function storedSecrets(server: TestServer): Promise<{ client_id: string; secret: string; retired_at: string | null }[]> {
  return server.db.all('select client_id, secret, retired_at from client_secrets order by id');
}

async function signedCustomerQuery(url: string, client: Client): Promise<{ reply: Reply; signature: string }> {
  const raw = JSON.stringify({ query: `{ customer(customerId: "${randomUUID()}") { customerId } }` });
  const { res, signature } = await signedFetch(url, client, { path: '/graphql', idempotencyKey: null, body: raw });
  const text = await res.text();
  return { reply: { status: res.status, headers: res.headers, text, body: JSON.parse(text) }, signature };
}

const hexKey = () => randomBytes(32).toString('hex');

// ---------------------------------------------------------------------------------------------------

describe('SecretBox (AES-256-GCM, client id as associated data)', () => {
  const box = SecretBox.fromKeyText(hexKey());
  const other = SecretBox.fromKeyText(hexKey());
  const clientIdArb = fc.stringMatching(/^[A-Za-z0-9._-]{1,64}$/);
  const secretArb = fc.string({ unit: 'binary', minLength: 1, maxLength: 200 });

  it('round-trips any client id and secret (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), fc.string({ unit: 'binary', maxLength: 300 }), (clientId, secret) => {
        // Node encodes strings as UTF-8, so what round-trips is the well-formed string.
        const wellFormed = Buffer.from(secret, 'utf8').toString('utf8');
        expect(box.open(clientId, box.seal(clientId, secret))).toBe(wellFormed);
      }),
      { numRuns: 300 },
    );
  });

  it('a sealed secret never contains the plaintext, and two seals of one secret differ (random IV)', () => {
    fc.assert(
      fc.property(clientIdArb, fc.stringMatching(/^[0-9a-f]{8,64}$/), (clientId, secret) => {
        const a = box.seal(clientId, secret);
        const b = box.seal(clientId, secret);
        expect(a).not.toBe(b);
        expect(a).not.toContain(secret);
        expect(a).toMatch(/^v1\./);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses a ciphertext sealed for another client id (property)', () => {
    fc.assert(
      fc.property(clientIdArb, clientIdArb, secretArb, (a, b, secret) => {
        fc.pre(a !== b);
        expect(() => box.open(b, box.seal(a, secret))).toThrow();
      }),
      { numRuns: 200 },
    );
  });

  it('refuses a ciphertext sealed under another key (property)', () => {
    fc.assert(
      fc.property(clientIdArb, secretArb, (clientId, secret) => {
        expect(() => other.open(clientId, box.seal(clientId, secret))).toThrow();
        expect(() => SecretBox.development().open(clientId, box.seal(clientId, secret))).toThrow();
      }),
      { numRuns: 200 },
    );
  });

  it('refuses a tampered ciphertext, tag or IV, and garbage', () => {
    const sealed = box.seal('partner-x', 'the-secret');
    const [v, iv, tag, ct] = sealed.split('.') as [string, string, string, string];
    const flip = (s: string) => {
      const bytes = Buffer.from(s, 'base64url');
      bytes[0]! ^= 1;
      return bytes.toString('base64url');
    };
    for (const bad of [
      [v, flip(iv), tag, ct].join('.'),
      [v, iv, flip(tag), ct].join('.'),
      [v, iv, tag, flip(ct)].join('.'),
      ['v2', iv, tag, ct].join('.'),
      'the-secret',
      '',
    ])
      expect(() => box.open('partner-x', bad), bad).toThrow();
  });

  it('PARTNER_SECRET_KEY: 64 hex characters or base64 of 32 bytes; anything else is an error naming it', () => {
    const bytes = randomBytes(32);
    const fromHex = SecretBox.fromKeyText(bytes.toString('hex'));
    const fromB64 = SecretBox.fromKeyText(bytes.toString('base64'));
    expect(fromB64.open('c', fromHex.seal('c', 's3cret'))).toBe('s3cret');
    for (const bad of ['short', randomBytes(16).toString('hex'), randomBytes(31).toString('base64'), randomBytes(33).toString('hex')])
      expect(() => SecretBox.fromKeyText(bad), bad).toThrow(/PARTNER_SECRET_KEY/);
  });

  it('secretBoxFromEnv: required in production, with an error naming PARTNER_SECRET_KEY; a fixed development key otherwise', () => {
    expect(() => secretBoxFromEnv({}, true)).toThrow(/PARTNER_SECRET_KEY/);
    expect(() => secretBoxFromEnv({ PARTNER_SECRET_KEY: '' }, true)).toThrow(/PARTNER_SECRET_KEY/);
    expect(() => secretBoxFromEnv({ PARTNER_SECRET_KEY: 'short' }, true)).toThrow(/PARTNER_SECRET_KEY/);
    const dev = secretBoxFromEnv({}, false);
    expect(SecretBox.development().open('c', dev.seal('c', 'x'))).toBe('x');
  });
});

describe('secrets at rest in the database file', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('after harness and partnerctl creates and a rotation, no plaintext secret is anywhere in the SQLite files', async () => {
    const secrets: Client[] = [];
    secrets.push(await server.newClient('Harness A'), await server.newClient('Harness B'));
    const chosen = `chosen-${randomBytes(12).toString('hex')}-secret`;
    const c1 = await partnerctlJson(server.databaseUrl, ['client', 'create', '--name', 'Ctl chosen', '--secret', chosen]);
    expect(c1.secret).toBe(chosen);
    const c2 = await partnerctlJson(server.databaseUrl, ['client', 'create', '--name', 'Ctl random']);
    expect(c2.secret).toMatch(/^[0-9a-f]{64}$/);
    const rotated = await partnerctlJson(server.databaseUrl, ['client', 'rotate-secret', '--client-id', c2.clientId]);
    expect(rotated).toEqual({ clientId: c2.clientId, secret: expect.stringMatching(/^[0-9a-f]{64}$/) });
    secrets.push(c1, c2, rotated);

    // Each secret really is the client's: a request signed with it is accepted by the running server.
    for (const c of secrets) {
      const { reply } = await signedCustomerQuery(server.url, c);
      expect(reply.status, `${c.clientId}: ${reply.text}`).toBe(200);
    }

    // Sanity: the scan does see what is in the file (a client id, stored in clear).
    // SQLite-specific: scans the bytes of the SQLite files (main, WAL, shm) for plaintext; the column check below is portable.
    if (TEST_ENGINE === 'sqlite') expect(foundInDatabaseFiles(server.file, [Buffer.from(c1.clientId, 'utf8')])).toEqual([true]);
    for (const c of secrets) {
      const needles = [Buffer.from(c.secret, 'utf8'), Buffer.from(c.secret.toUpperCase(), 'utf8')];
      if (/^[0-9a-f]+$/.test(c.secret)) needles.push(Buffer.from(c.secret, 'hex'));
      if (TEST_ENGINE === 'sqlite') expect(foundInDatabaseFiles(server.file, needles), `plaintext of ${c.clientId} in the SQLite files`).toEqual(needles.map(() => false));
    }
  });

  it('client_secrets.secret holds sealed values that open, under the development key, to the secrets handed out', async () => {
    const chosen = `col-${randomBytes(10).toString('hex')}`;
    const c = await partnerctlJson(server.databaseUrl, ['client', 'create', '--name', 'Column', '--secret', chosen]);
    const r = await partnerctlJson(server.databaseUrl, ['client', 'rotate-secret', '--client-id', c.clientId]);
    const rows = await storedSecrets(server);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) {
      expect(row.secret).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/);
      expect(row.secret).not.toContain(chosen);
      expect(row.secret).not.toContain(r.secret);
    }
    const mine = rows.filter((row) => row.client_id === c.clientId).map((row) => SecretBox.development().open(c.clientId, row.secret));
    expect(mine).toEqual([chosen, r.secret]);
  });

  it('a sealed secret copied onto another client’s row does not verify for that client', async () => {
    const victim = await server.newClient('Victim');
    const attacker = await server.newClient('Attacker');
    const victimSealed = (await server.db.get<{ secret: string }>('select secret from client_secrets where client_id = ?', victim.clientId))!.secret;
    await server.db.run('update client_secrets set secret = ? where client_id = ?', victimSealed, attacker.clientId);
    // Signing as the attacker with the victim's secret: the copied ciphertext does not open for the attacker's id.
    const { reply } = await signedCustomerQuery(server.url, { clientId: attacker.clientId, secret: victim.secret });
    expect(reply.status, reply.text).toBe(401);
    const { reply: ok } = await signedCustomerQuery(server.url, victim);
    expect(ok.status, ok.text).toBe(200);
  });

  it('a secret sealed under another key (a server with a different PARTNER_SECRET_KEY) never verifies', async () => {
    const prod = await startTestServer({ NODE_ENV: 'production' }); // a random key of its own
    try {
      // partnerctl without PARTNER_SECRET_KEY seals under the development key.
      const c = await partnerctlJson(prod.file, ['client', 'create', '--name', 'Wrong key']);
      const { reply } = await signedCustomerQuery(prod.url, c);
      expect(reply.status, reply.text).toBe(401);
      expect(reply.text).not.toContain(c.secret);
    } finally {
      await prod.stop();
    }
  });
});

describe('start-up: PARTNER_SECRET_KEY in production', () => {
  it('NODE_ENV=production without PARTNER_SECRET_KEY exits non-zero with a message naming PARTNER_SECRET_KEY', async () => {
    const file = path.join(tempDir(), 'partner.db');
    const r = await tryStartMain({ NODE_ENV: 'production', DATABASE_URL: `file:${file}`, CHECKOUT_LINK_BASE_URL: 'https://pay.example.com/pay' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.code).not.toBe(0);
    expect(r.output).toMatch(/PARTNER_SECRET_KEY/);
  });

  it('NODE_ENV=production with PARTNER_SECRET_KEY=short exits non-zero naming PARTNER_SECRET_KEY', async () => {
    const file = path.join(tempDir(), 'partner.db');
    const r = await tryStartMain({ NODE_ENV: 'production', DATABASE_URL: `file:${file}`, PARTNER_SECRET_KEY: 'short', CHECKOUT_LINK_BASE_URL: 'https://pay.example.com/pay' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.code).not.toBe(0);
    expect(r.output).toMatch(/PARTNER_SECRET_KEY/);
  });

  it('NODE_ENV=production with a valid key (hex) starts and answers health', async () => {
    const file = path.join(tempDir(), 'partner.db');
    const r = await tryStartMain({ NODE_ENV: 'production', DATABASE_URL: `file:${file}`, PARTNER_SECRET_KEY: hexKey(), CHECKOUT_LINK_BASE_URL: 'https://pay.example.com/pay' });
    expect(r.ok, r.ok ? '' : r.output).toBe(true);
    if (!r.ok) return;
    try {
      const res = await fetch(`${r.s.url}/healthz`);
      expect(res.status).toBe(200);
    } finally {
      await stopMain(r.s);
    }
  });

  it('NODE_ENV=production with a valid key (base64) starts too', async () => {
    const file = path.join(tempDir(), 'partner.db');
    const r = await tryStartMain({ NODE_ENV: 'production', DATABASE_URL: `file:${file}`, PARTNER_SECRET_KEY: randomBytes(32).toString('base64'), CHECKOUT_LINK_BASE_URL: 'https://pay.example.com/pay' });
    expect(r.ok, r.ok ? '' : r.output).toBe(true);
    if (r.ok) await stopMain(r.s);
  });
});

describe('the secret is shown only by client create / rotate-secret', () => {
  it('partnerctl prints it on create and rotate only; limit, retire-secret, route and audit output never contain it', async () => {
    const file = path.join(tempDir(), 'partner.db');
    const created = await partnerctl(file, ['client', 'create', '--name', 'Once']);
    expect(created.code, created.stderr).toBe(0);
    const { clientId, secret } = JSON.parse(created.stdout) as Client;
    expect(created.stdout).toContain(secret);
    const rotated = await partnerctlJson(file, ['client', 'rotate-secret', '--client-id', clientId]);
    const secrets = [secret, rotated.secret as string];
    const outputs = [
      await partnerctl(file, ['client', 'limit', '--client-id', clientId, '--rps', '5', '--burst', '10']),
      await partnerctl(file, ['route', 'create', '--code', 'R-ONCE', '--client-id', clientId, '--blockchain', 'ETH', '--currency', 'USDT', '--scale', '6']),
      await partnerctl(file, ['client', 'retire-secret', '--client-id', clientId]),
      await partnerctl(file, ['audit', '--client', clientId]),
    ];
    for (const o of outputs) {
      expect(o.code, o.stderr).toBe(0);
      for (const s of secrets) {
        expect(o.stdout).not.toContain(s);
        expect(o.stderr).not.toContain(s);
      }
    }
  });

  it('server logs (LOG_LEVEL=debug) and partnerctl audit never contain a secret, the key or a sent X-Partner-Signature', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'partner.db');
    const key = hexKey();
    const env = { PARTNER_SECRET_KEY: key, NODE_ENV: 'production' };
    const client = (await partnerctlJson(file, ['client', 'create', '--name', 'Logged'], env)) as Client;
    const rotated = (await partnerctlJson(file, ['client', 'rotate-secret', '--client-id', client.clientId], env)) as Client;
    await partnerctlJson(file, ['route', 'create', '--code', 'R-LOG', '--client-id', client.clientId, '--blockchain', 'ETH', '--currency', 'USDT', '--scale', '6'], env);
    const started = await tryStartMain({ ...env, DATABASE_URL: `file:${file}`, LOG_LEVEL: 'debug', CHECKOUT_LINK_BASE_URL: 'https://pay.example.com/pay' });
    expect(started.ok, started.ok ? '' : started.output).toBe(true);
    if (!started.ok) return;
    const { s } = started;
    const signatures: string[] = [];
    const send = async (secret: string, method: string, p: string, body: string, idempotencyKey: string | null, requestId: string) => {
      const { res, signature } = await signedFetch(
        s.url,
        { clientId: client.clientId, secret },
        { method, path: p, body, idempotencyKey, headers: { 'x-request-id': requestId } },
      );
      signatures.push(signature);
      return { status: res.status, text: await res.text() };
    };
    const ids: string[] = [];
    try {
      const rid = () => {
        const id = `log-${randomUUID()}`;
        ids.push(id);
        return id;
      };
      // A mutation that succeeds (with either secret), a query, a refused mutation, a bad signature, a 404.
      const customerBody = (ref: string) =>
        JSON.stringify({
          query: 'mutation($input: CreateCustomerInput!) { createCustomer(input: $input) { customerId } }',
          variables: { input: { externalRef: ref, type: 'INDIVIDUAL' } },
        });
      const ok1 = await send(client.secret, 'POST', '/graphql', customerBody('log-1'), randomUUID(), rid());
      expect(ok1.status, ok1.text).toBe(200);
      const customerId = JSON.parse(ok1.text).data.createCustomer.customerId as string;
      const ok2 = await send(rotated.secret, 'POST', '/graphql', customerBody('log-2'), randomUUID(), rid());
      expect(ok2.status, ok2.text).toBe(200);
      const dup = await send(client.secret, 'POST', '/graphql', customerBody('log-1'), randomUUID(), rid());
      expect(dup.status).toBe(409);
      const q = await send(client.secret, 'POST', '/graphql', JSON.stringify({ query: `{ customer(customerId: "${customerId}") { customerId } }` }), null, rid());
      expect(q.status).toBe(200);
      const rest = await send(
        client.secret,
        'POST',
        `/partner/v1/customers/${customerId}/crypto/wallet-beneficiaries`,
        JSON.stringify(beneficiaryBody('R-LOG', randomEthAddress(), 'x')),
        randomUUID(),
        rid(),
      );
      expect(rest.status, rest.text).toBe(200);
      const bad = await send('not-the-secret', 'POST', '/graphql', customerBody('log-3'), randomUUID(), rid());
      expect(bad.status).toBe(401);
      const notJson = await send(client.secret, 'POST', `/partner/v1/customers/${customerId}/crypto/wallet-beneficiaries`, '{not json', randomUUID(), rid());
      expect(notJson.status).toBe(400);
      // Let the last log lines reach stdout.
      await new Promise((r) => setTimeout(r, 300));
    } finally {
      await stopMain(s);
    }
    const logs = s.output();
    // The logs did record these requests (so the absence below means something).
    for (const id of ids) expect(logs, `log line for ${id}`).toContain(id);
    for (const secret of [client.secret, rotated.secret, key]) expect(logs).not.toContain(secret);
    for (const sig of signatures) expect(logs).not.toContain(sig);

    const audit = await partnerctl(file, ['audit', '--client', client.clientId], env);
    expect(audit.code, audit.stderr).toBe(0);
    expect(audit.stdout.trim().split('\n').length).toBeGreaterThanOrEqual(4);
    for (const secret of [client.secret, rotated.secret, key]) expect(audit.stdout).not.toContain(secret);
    for (const sig of signatures) expect(audit.stdout).not.toContain(sig);
  });
});
