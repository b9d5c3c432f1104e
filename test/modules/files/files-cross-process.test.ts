// test: PostgreSQL only — several processes on one PostgreSQL database
// §16.4 upload vs upload expiry across two server processes on one PostgreSQL database: with the shortest
// window (FILE_UPLOAD_WINDOW_SECONDS=1) and a fast worker in both servers, PUTs land around each file's
// `upload.expiresAt` while both workers' expiry steps run. §12.2: the upload and the step race on the
// status and the window, exactly one wins. Runs with `npm run test:pg`.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../src/cli/operators.js';
import { SecretBox } from '../../../src/core/secret-box.js';
import { openEngine } from '../../../src/db/engine.js';
import { signedHeaders } from '../../../src/http/signature.js';
import { fileBytes, uploadInput } from '../../helpers/files.js';
import { createPgSchema, type PgSchema } from '../../helpers/pg.js';
import { PgTestDb } from '../../helpers/pg-test-db.js';
import { processKit, type Spawned, signedSend } from '../../helpers/processes.js';

const kit = processKit({ tempPrefix: 'partner-files-xproc-' });
const FILES = 60;
/** PUTs at expiresAt + an offset in [EARLY, LATE) ms: some well inside the window, most around its end. */
const EARLY = -150;
const LATE = 40;

let schema: PgSchema;
let db: PgTestDb;
let servers: Spawned[] = [];
let client: { clientId: string; secret: string };

beforeAll(async () => {
  schema = await createPgSchema('fxproc');
  db = new PgTestDb(schema.url, schema.schema);
  const engine = await openEngine({ kind: 'pg', url: schema.url }, { poolSize: 1 });
  try {
    client = await createClient(engine, SecretBox.development(), { name: 'Two processes' });
  } finally {
    await engine.close();
  }
  const env = {
    DATABASE_URL: schema.url,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_RPS: '100000',
    RATE_LIMIT_BURST: '100000',
    // The race is upload against expiry, not the bound on one client's concurrent uploads.
    UPLOAD_CONCURRENCY_PER_CLIENT: '1000',
    FILE_UPLOAD_WINDOW_SECONDS: '1',
    WORKER_POLL_INTERVAL_MS: '10',
  };
  servers = await Promise.all([kit.startMain(env), kit.startMain(env)]);
}, 60_000);

afterAll(async () => {
  for (const s of servers) await kit.stopMain(s);
  await db?.close();
  await schema?.drop();
});

type Reply = { status: number; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

const sendJson = (server: Spawned, method: string, path: string, body?: unknown): Promise<Reply> => signedSend(server, client, method, path, body);

/** §12.2 the upload's second step: the raw bytes, signed, no Idempotency-Key. */
async function put(server: Spawned, fileId: string, bytes: Buffer): Promise<Reply> {
  const path = `/partner/v1/files/${fileId}/content`;
  const headers = signedHeaders(client.secret, { method: 'PUT', path, clientId: client.clientId, idempotencyKey: null, body: bytes });
  const res = await fetch(server.url + path, { method: 'PUT', headers: { 'content-type': 'application/pdf', ...headers }, body: new Uint8Array(bytes) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Raced = { fileId: string; put: Reply; again?: Reply };

/**
 * One file: created on one server, its bytes PUT to the other at expiresAt + offset; every other file's
 * bytes also to the first server at the same moment (two uploads and two expiry steps racing).
 */
async function race(i: number, customerId: string): Promise<Raced> {
  const bytes = fileBytes('application/pdf', 256);
  const created = await sendJson(servers[i % 2]!, 'POST', `/partner/v1/customers/${customerId}/files`, uploadInput(bytes));
  expect(created.status).toBe(200);
  expect(created.body.status).toBe('PENDING_UPLOAD');
  const fileId = created.body.fileId as string;
  const offset = EARLY + ((i * 37) % (LATE - EARLY)); // spread evenly over [EARLY, LATE)
  await sleep(Math.max(0, Date.parse(created.body.upload.expiresAt) + offset - Date.now()));
  if (i % 2 === 0) return { fileId, put: await put(servers[(i + 1) % 2]!, fileId, bytes) };
  const [first, again] = await Promise.all([put(servers[(i + 1) % 2]!, fileId, bytes), put(servers[i % 2]!, fileId, bytes)]);
  return { fileId, put: first, again };
}

describe('§16.4 upload vs upload expiry across two server processes', () => {
  it('every file ends UPLOADED (a PUT 200, customer_file.uploaded once, bytes stored) or EXPIRED (every PUT 409 INVALID_STATE, customer_file.expired), never both, never a 5xx', async () => {
    const c = await sendJson(servers[0]!, 'POST', '/partner/v1/customers', { externalRef: `x-${randomUUID()}`, type: 'INDIVIDUAL' });
    expect(c.status).toBe(200);
    const customerId = c.body.customerId as string;

    // Waves of ten, a little apart, so the expiry steps of one wave run while the next wave's PUTs arrive.
    const raced: Raced[] = [];
    for (let w = 0; w < FILES; w += 10) {
      const wave = Array.from({ length: Math.min(10, FILES - w) }, (_, k) => race(w + k, customerId));
      raced.push(...(await Promise.all(wave)));
    }

    // A PUT refused past the window leaves the file to the expiry step: wait until none is pending.
    for (let waited = 0; ; waited += 50) {
      const pending = await db.count(`SELECT count(*) AS n FROM customer_files WHERE customer_id = ? AND status = 'PENDING_UPLOAD'`, customerId);
      if (pending === 0) break;
      if (waited > 10_000) throw new Error(`${pending} files still PENDING_UPLOAD 10 s after their window`);
      await sleep(50);
    }

    let uploaded = 0;
    let expired = 0;
    for (const { fileId, put: first, again } of raced) {
      const answers = again ? [first, again] : [first];
      for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBeLessThan(500);
      const row = await db.get<{ status: string; upload_expires_at: string | null; uploaded_at: string | null }>(
        'SELECT status, upload_expires_at, uploaded_at FROM customer_files WHERE file_id = ?',
        fileId,
      );
      const events = (await db.all<{ type: string }>(`SELECT type FROM events WHERE resource_id = ? ORDER BY sequence`, fileId)).map((e) => e.type);
      const stored = await db.count('SELECT count(*) AS n FROM customer_file_contents WHERE file_id = ?', fileId);
      expect(row!.upload_expires_at).toBeNull();
      if (row!.status === 'UPLOADED') {
        uploaded += 1;
        // The winner answers 200; a second PUT answers 200 too (a same-bytes retry, unchanged), or 409 when
        // it reached the server at or after expiresAt, before the winner's upload was committed.
        const ok = answers.filter((a) => a.status === 200);
        expect(ok.length).toBeGreaterThan(0);
        for (const a of ok) expect(a.body).toMatchObject({ fileId, status: 'UPLOADED', upload: null, uploadedAt: row!.uploaded_at });
        for (const a of answers.filter((x) => x.status !== 200)) expect([a.status, a.body.code]).toEqual([409, 'INVALID_STATE']);
        expect(events).toEqual(['customer_file.pending_upload', 'customer_file.uploaded']);
        expect(stored).toBe(1);
      } else {
        expired += 1;
        expect(row!.status).toBe('EXPIRED');
        for (const a of answers) expect([a.status, a.body.code]).toEqual([409, 'INVALID_STATE']);
        expect(row!.uploaded_at).toBeNull();
        expect(events).toEqual(['customer_file.pending_upload', 'customer_file.expired']);
        expect(stored).toBe(0);
      }
    }
    console.info(`§16.4 upload vs expiry: ${uploaded} UPLOADED, ${expired} EXPIRED`);
    expect(uploaded + expired).toBe(FILES);
    // The offsets straddle the window's end: both outcomes must occur, or the test raced nothing.
    expect(uploaded).toBeGreaterThan(0);
    expect(expired).toBeGreaterThan(0);
    for (const s of servers) expect(s.output()).not.toMatch(/"level":(50|60)/);
  }, 120_000);
});
