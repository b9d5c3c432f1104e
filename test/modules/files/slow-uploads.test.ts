// Bodies that do not arrive (§12.2 the upload, §6 every other body): 408 REQUEST_TIMEOUT as a problem
// document with X-Request-Id once BODY_TIMEOUT_MS has passed since the head (the upload: plus its size at
// UPLOAD_MIN_BYTES_PER_SECOND), nothing kept of the bytes; at most UPLOAD_CONCURRENCY_PER_CLIENT uploads
// of a client in flight (429 with Retry-After past it); and an upload streamed through hashing and
// sealing stores exactly its bytes. The deadlines are configured small, so no test waits 30 s.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedHeaders } from '../../../src/http/signature.js';
import { Scenario, startTestServer, until, type TestServer } from '../../helpers/harness.js';
import { createFile, fileBytes, putContent, uploadInput } from '../../helpers/files.js';
import { expectRestProblem } from '../../helpers/problems.js';

const BODY_TIMEOUT_MS = 400;
const MIN_RATE = 1024; // bytes per second: an upload of N bytes gets BODY_TIMEOUT_MS + N / 1024 s
const CONCURRENCY = 2;

let server: TestServer;
let s: Scenario;
let customerId: string;
beforeAll(async () => {
  server = await startTestServer({
    BODY_TIMEOUT_MS: String(BODY_TIMEOUT_MS),
    UPLOAD_MIN_BYTES_PER_SECOND: String(MIN_RATE),
    UPLOAD_CONCURRENCY_PER_CLIENT: String(CONCURRENCY),
  });
  s = await Scenario.create(server);
  customerId = await s.customer();
}, 30_000);
afterAll(() => server.stop());

type Raw = { status: number; headers: Record<string, string>; body: string };

/** A request on its own connection whose body is sent in parts, when the test says. */
class SlowRequest {
  private readonly socket: net.Socket;
  private raw = '';
  readonly answer: Promise<Raw>;

  constructor(port: number, head: string, first: Buffer) {
    this.socket = net.connect(port, '127.0.0.1');
    this.socket.on('error', () => undefined); // a reset after the answer is the server dropping a trickle
    this.answer = new Promise((resolve) => {
      const done = () => resolve(parse(this.raw));
      this.socket.on('data', (d) => {
        this.raw += d.toString('latin1');
        const parsed = tryParse(this.raw);
        if (parsed) resolve(parsed);
      });
      this.socket.on('close', done);
    });
    this.socket.write(Buffer.concat([Buffer.from(head, 'latin1'), first]));
  }

  send(more: Buffer): void {
    this.socket.write(more);
  }

  close(): void {
    this.socket.destroy();
  }
}

function tryParse(raw: string): Raw | undefined {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine, ...lines] = raw.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) headers[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
  const length = Number(headers['content-length'] ?? 0);
  if (raw.length < end + 4 + length) return undefined;
  return { status: Number(statusLine!.split(' ')[1]), headers, body: raw.slice(end + 4, end + 4 + length) };
}

function parse(raw: string): Raw {
  return tryParse(raw) ?? { status: 0, headers: {}, body: raw };
}

/** A signed PUT of `bytes` for a new PENDING_UPLOAD file, of which only the first `sent` bytes go out now. */
async function slowUpload(bytes: Buffer, sent: number, requestId: string): Promise<{ fileId: string; request: SlowRequest }> {
  const created = await createFile(server, s.client, customerId, uploadInput(bytes));
  expect(created.status, created.text).toBe(200);
  const fileId: string = created.body.fileId;
  const path = `/partner/v1/files/${fileId}/content`;
  const signed = signedHeaders(s.client.secret, { method: 'PUT', path, clientId: s.client.clientId, idempotencyKey: null, body: bytes, timestamp: server.clock.now().toISOString() });
  const headers = { host: 'localhost', 'content-type': 'application/pdf', 'content-length': String(bytes.length), 'x-request-id': requestId, ...signed };
  const head = `PUT ${path} HTTP/1.1\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`;
  return { fileId, request: new SlowRequest(server.service.port, head, bytes.subarray(0, sent)) };
}

function expectTimeoutProblem(r: Raw, requestId: string): void {
  expect(r.status, r.body).toBe(408);
  expect(r.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  expect(r.headers['x-request-id']).toBe(requestId);
  expect(r.headers.connection).toBe('close');
  expect(JSON.parse(r.body)).toEqual({
    type: '/problems/request-timeout',
    title: expect.any(String),
    status: 408,
    detail: expect.any(String),
    code: 'REQUEST_TIMEOUT',
    requestId,
  });
}

const fileStatus = async (fileId: string) => (await server.db.get<{ status: string }>('SELECT status FROM customer_files WHERE file_id = ?', fileId))?.status;

describe('a body that does not arrive in time', () => {
  it('an upload that stops sending: 408 REQUEST_TIMEOUT with its X-Request-Id, nothing kept, the file still waits for its bytes', async () => {
    const bytes = fileBytes('application/pdf', 1000);
    const { fileId, request } = await slowUpload(bytes, 100, 'slow-upload-1');
    expectTimeoutProblem(await request.answer, 'slow-upload-1');
    request.close();
    expect(await fileStatus(fileId)).toBe('PENDING_UPLOAD');
    expect(await server.db.count('SELECT COUNT(*) AS n FROM customer_file_contents WHERE file_id = ?', fileId)).toBe(0);
    // The slot is free again and the same bytes, sent whole, are taken.
    await until(() => server.service.stats().uploadsInFlight === 0);
    const put = await putContent(server, s.client, fileId, bytes);
    expect(put.status, put.text).toBe(200);
    expect(put.body.status).toBe('UPLOADED');
  });

  it('a JSON body that stops coming: 408 REQUEST_TIMEOUT on REST (RFC 9457) and on /graphql (the GraphQL shape)', async () => {
    const rest = new SlowRequest(
      server.service.port,
      `POST /partner/v1/customers HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\ncontent-length: 200\r\nx-request-id: slow-json-1\r\n\r\n`,
      Buffer.from('{"externalRef":'),
    );
    expectTimeoutProblem(await rest.answer, 'slow-json-1');
    rest.close();
    const gql = new SlowRequest(
      server.service.port,
      `POST /graphql HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\ncontent-length: 200\r\nx-request-id: slow-gql-1\r\n\r\n`,
      Buffer.from('{"query":'),
    );
    const r = await gql.answer;
    gql.close();
    expect(r.status).toBe(408);
    expect(r.headers['x-request-id']).toBe('slow-gql-1');
    expect(JSON.parse(r.body).errors[0].extensions).toEqual({ code: 'REQUEST_TIMEOUT', status: 408, requestId: 'slow-gql-1' });
  });

  it('an upload gets BODY_TIMEOUT_MS and its size at UPLOAD_MIN_BYTES_PER_SECOND: a pause past BODY_TIMEOUT_MS alone is not a timeout', async () => {
    // 8000 bytes: 400 ms + 7.8 s. The pause is twice BODY_TIMEOUT_MS, far inside the upload's time.
    const bytes = fileBytes('application/pdf', 8000);
    const { fileId, request } = await slowUpload(bytes, 4000, 'paused-upload');
    await new Promise((r) => setTimeout(r, 2 * BODY_TIMEOUT_MS));
    request.send(bytes.subarray(4000));
    const r = await request.answer;
    request.close();
    expect(r.status, r.body).toBe(200);
    expect(JSON.parse(r.body).status).toBe('UPLOADED');
    // Hashed and sealed as it arrived: the stored bytes open to exactly what was sent.
    const row = await server.db.get<{ sealed: string }>('SELECT sealed FROM customer_file_contents WHERE file_id = ?', fileId);
    expect(server.config.secretBox.openBytes(fileId, row!.sealed).equals(bytes)).toBe(true);
  });
});

describe(`at most UPLOAD_CONCURRENCY_PER_CLIENT (${CONCURRENCY}) uploads of a client at once`, () => {
  it('one more is 429 RATE_LIMITED with Retry-After; a finished upload frees its slot', async () => {
    await until(() => server.service.stats().uploadsInFlight === 0);
    const held = await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, i) => {
        const bytes = fileBytes('application/pdf', 60_000); // 400 ms + 58.6 s: held for the test's length
        return { bytes, ...(await slowUpload(bytes, 10, `held-${i}`)) };
      }),
    );
    await until(() => server.service.stats().uploadsInFlight === CONCURRENCY);
    const bytes = fileBytes();
    const extra = await createFile(server, s.client, customerId, uploadInput(bytes));
    const refused = await putContent(server, s.client, extra.body.fileId, bytes);
    expectRestProblem(refused, 429, 'RATE_LIMITED');
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await fileStatus(extra.body.fileId)).toBe('PENDING_UPLOAD');
    // Another partner's uploads are not bounded by this one's.
    const other = await Scenario.create(server);
    const theirCustomer = await other.customer();
    const theirs = await createFile(server, other.client, theirCustomer, uploadInput(bytes));
    expect((await putContent(server, other.client, theirs.body.fileId, bytes)).status).toBe(200);
    // One held upload completes: its slot frees and the refused one goes through on its retry.
    held[0]!.request.send(held[0]!.bytes.subarray(10));
    expect((await held[0]!.request.answer).status).toBe(200);
    held[0]!.request.close();
    await until(() => server.service.stats().uploadsInFlight === CONCURRENCY - 1);
    const retried = await putContent(server, s.client, extra.body.fileId, bytes);
    expect(retried.status, retried.text).toBe(200);
    // A connection that goes away frees its slot too.
    held[1]!.request.close();
    await until(() => server.service.stats().uploadsInFlight === 0);
  });
});
