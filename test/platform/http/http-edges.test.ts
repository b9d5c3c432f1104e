// Requests that node:http refuses before the service sees them, or would answer by itself: each gets
// exactly one problem document (§7: RFC 9457 on REST paths, a GraphQL error on /graphql) with
// X-Request-Id and `connection: close`, or, when nothing was asked, a closed connection. Raw sockets,
// since fetch cannot send malformed HTTP.
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pipeline } from '../../../src/http/pipeline.js';
import { createHttpServer } from '../../../src/http/server.js';
import { startTestServer, type TestServer } from '../../helpers/harness.js';

// ---------------------------------------------------------------------------------------------------
// Helpers

type RawResponse = { status: number; headers: Record<string, string>; body: string };
type Exchange = { responses: RawResponse[]; trailing: string; closed: boolean };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Over node's default maxHeaderSize (16 KiB). */
const LONG = 'a'.repeat(17 * 1024);

/**
 * Sends `parts` on one connection (a pause between them, so each arrives as its own read), half-closes
 * when asked, and reads until the server closes the connection (at most `waitMs`).
 */
function exchange(port: number, parts: string[], o: { halfClose?: boolean; waitMs?: number } = {}): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let raw = '';
    const finish = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ ...parseResponses(raw), closed });
    };
    const timer = setTimeout(() => finish(false), o.waitMs ?? 3000);
    socket.on('data', (d) => (raw += d.toString('latin1')));
    socket.on('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNRESET' ? undefined : reject(e)));
    socket.on('close', () => finish(true));
    socket.on('connect', async () => {
      for (const [i, part] of parts.entries()) {
        if (i > 0) await new Promise((r) => setTimeout(r, 50));
        socket.write(part, 'latin1');
      }
      if (o.halfClose) socket.end();
    });
  });
}

/** The HTTP/1.1 responses in `raw` (content-length or chunked bodies), and whatever bytes follow them. */
function parseResponses(raw: string): { responses: RawResponse[]; trailing: string } {
  const responses: RawResponse[] = [];
  let rest = raw;
  for (;;) {
    const end = rest.indexOf('\r\n\r\n');
    const m = /^HTTP\/1\.[01] (\d{3})[^\r\n]*/.exec(rest);
    if (!m || end < 0) break;
    const headers: Record<string, string> = {};
    for (const line of rest.slice(m[0].length + 2, end).split('\r\n').filter(Boolean)) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
    }
    rest = rest.slice(end + 4);
    let body = '';
    if (headers['transfer-encoding'] === 'chunked') {
      for (;;) {
        const lineEnd = rest.indexOf('\r\n');
        const size = parseInt(rest.slice(0, lineEnd), 16);
        body += rest.slice(lineEnd + 2, lineEnd + 2 + size);
        rest = rest.slice(lineEnd + 2 + size + 2);
        if (!size) break;
      }
    } else {
      const length = Number(headers['content-length'] ?? 0);
      body = rest.slice(0, length);
      rest = rest.slice(length);
    }
    responses.push({ status: Number(m[1]), headers, body });
  }
  return { responses, trailing: rest };
}

type Expected = { status: number; code: string; graphql?: boolean; requestId?: string };

/** One problem document (§7) and nothing else on the connection, which the server then closes. */
function expectOnlyProblem(x: Exchange, e: Expected): void {
  expect(x.responses).toHaveLength(1);
  expect(x.trailing).toBe('');
  expectProblem(x.responses[0]!, e);
  expect(x.closed).toBe(true);
}

function expectProblem(r: RawResponse, e: Expected): void {
  expect(r.status).toBe(e.status);
  expect(r.headers.connection).toBe('close');
  const requestId = r.headers['x-request-id'];
  if (e.requestId) expect(requestId).toBe(e.requestId);
  else expect(requestId).toMatch(UUID);
  const body = JSON.parse(r.body);
  if (e.graphql) {
    expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0].message).toEqual(expect.any(String));
    expect(body.errors[0].extensions).toEqual({ code: e.code, status: e.status, requestId });
  } else {
    expect(r.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(body).toEqual({
      type: `/problems/${e.code.toLowerCase().replaceAll('_', '-')}`,
      title: expect.any(String),
      status: e.status,
      detail: expect.any(String),
      code: e.code,
      requestId,
    });
  }
}

const detailOf = (r: RawResponse): string => {
  const body = JSON.parse(r.body);
  return body.detail ?? body.errors[0].message;
};

const REST = '/partner/v1/customers/00000000-0000-4000-8000-000000000000/crypto/wallet-beneficiaries';

// ---------------------------------------------------------------------------------------------------

describe('requests node:http refuses or answers by itself (the service)', () => {
  let server: TestServer;
  let port: number;

  beforeAll(async () => {
    server = await startTestServer();
    port = server.service.port;
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('a control character in a header value (REST): 400 INVALID_REQUEST, the X-Request-Id echoed', async () => {
    const x = await exchange(port, [`GET /healthz HTTP/1.1\r\nHost: a\r\nX-Request-Id: ctl-1\r\nX-Note: a\x01b\r\n\r\n`]);
    expectOnlyProblem(x, { status: 400, code: 'INVALID_REQUEST', requestId: 'ctl-1' });
  });

  it('a control character in a header value on /graphql: the GraphQL shape, the X-Request-Id echoed', async () => {
    const x = await exchange(port, [`POST /graphql HTTP/1.1\r\nHost: a\r\nX-Request-Id: ctl-gql\r\nX-Note: a\x7fb\r\n\r\n`]);
    expectOnlyProblem(x, { status: 400, code: 'INVALID_REQUEST', graphql: true, requestId: 'ctl-gql' });
  });

  it('a space in a header name: 400 INVALID_REQUEST, the X-Request-Id echoed', async () => {
    const x = await exchange(port, [`POST ${REST} HTTP/1.1\r\nHost: a\r\nX-Request-Id: space-1\r\nX Note: b\r\n\r\n`]);
    expectOnlyProblem(x, { status: 400, code: 'INVALID_REQUEST', requestId: 'space-1' });
  });

  it('an X-Request-Id that cannot be echoed (a control character in it): a new one', async () => {
    const x = await exchange(port, [`GET /healthz HTTP/1.1\r\nHost: a\r\nX-Request-Id: bad\x01id\r\n\r\n`]);
    expectOnlyProblem(x, { status: 400, code: 'INVALID_REQUEST' });
  });

  it('a URL over 16 KiB (REST): 400 INVALID_REQUEST naming the limit (414 has no code in §7)', async () => {
    const x = await exchange(port, [`GET /partner/v1/${LONG} HTTP/1.1\r\nHost: a\r\nX-Request-Id: long-url\r\n\r\n`]);
    expectOnlyProblem(x, { status: 400, code: 'INVALID_REQUEST', requestId: 'long-url' });
    expect(detailOf(x.responses[0]!)).toContain(`${http.maxHeaderSize} bytes`);
  });

  it('a URL over 16 KiB on /graphql: the GraphQL shape', async () => {
    const x = await exchange(port, [`GET /graphql?query=${LONG} HTTP/1.1\r\nHost: a\r\nX-Request-Id: long-gql\r\n\r\n`]);
    expectOnlyProblem(x, { status: 400, code: 'INVALID_REQUEST', graphql: true, requestId: 'long-gql' });
  });

  it('headers over 16 KiB (HPE_HEADER_OVERFLOW): 400 INVALID_REQUEST naming the limit (431 has no code in §7)', async () => {
    const x = await exchange(port, [`GET /healthz HTTP/1.1\r\nHost: a\r\nX-Request-Id: big-head\r\nX-Big: ${LONG}\r\n\r\n`]);
    expectOnlyProblem(x, { status: 400, code: 'INVALID_REQUEST', requestId: 'big-head' });
    expect(detailOf(x.responses[0]!)).toContain(`${http.maxHeaderSize} bytes`);
  });

  it('an invalid method token on /graphql: the GraphQL shape', async () => {
    const x = await exchange(port, [`G@T /graphql HTTP/1.1\r\nHost: a\r\nX-Request-Id: method-1\r\n\r\n`]);
    expectOnlyProblem(x, { status: 400, code: 'INVALID_REQUEST', graphql: true, requestId: 'method-1' });
  });

  it('an invalid HTTP version: 400 INVALID_REQUEST, the X-Request-Id echoed', async () => {
    const x = await exchange(port, [`GET /healthz HTTP/9.9\r\nHost: a\r\nX-Request-Id: version-1\r\n\r\n`]);
    expectOnlyProblem(x, { status: 400, code: 'INVALID_REQUEST', requestId: 'version-1' });
  });

  it('both Content-Length and Transfer-Encoding: 400 INVALID_REQUEST, the X-Request-Id echoed', async () => {
    const x = await exchange(port, [
      `POST ${REST} HTTP/1.1\r\nHost: a\r\nX-Request-Id: cl-te\r\nContent-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
    ]);
    expectOnlyProblem(x, { status: 400, code: 'INVALID_REQUEST', requestId: 'cl-te' });
  });

  it('a bad chunk size arriving with the head: 400 INVALID_REQUEST, the X-Request-Id echoed', async () => {
    const x = await exchange(port, [
      `POST ${REST} HTTP/1.1\r\nHost: a\r\nX-Request-Id: chunk-1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
    ]);
    expectOnlyProblem(x, { status: 400, code: 'INVALID_REQUEST', requestId: 'chunk-1' });
  });

  it('a bad chunk size after the request handler ran, on /graphql: one answer, in the GraphQL shape', async () => {
    const x = await exchange(port, [
      `POST /graphql HTTP/1.1\r\nHost: a\r\nX-Request-Id: chunk-gql\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n`,
      'zz\r\n',
    ]);
    expectOnlyProblem(x, { status: 400, code: 'INVALID_REQUEST', graphql: true, requestId: 'chunk-gql' });
  });

  it('a bad chunk size after the body went over 64 KiB: the 413 already under way is the only answer', async () => {
    // The 413 goes out once the body passes the limit; the bad chunk behind it must not add a second answer.
    const x = await exchange(port, [
      `POST ${REST} HTTP/1.1\r\nHost: a\r\nX-Request-Id: big-chunked\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n` +
        `ea60\r\n${' '.repeat(60_000)}\r\n`,
      `2710\r\n${' '.repeat(10_000)}\r\nzz\r\n`,
    ]);
    expectOnlyProblem(x, { status: 413, code: 'PAYLOAD_TOO_LARGE', requestId: 'big-chunked' });
  });

  it('chunk extensions over node:http’s limit: 413 PAYLOAD_TOO_LARGE', async () => {
    const x = await exchange(port, [
      `POST ${REST} HTTP/1.1\r\nHost: a\r\nX-Request-Id: chunk-ext\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n2;${'e'.repeat(20_000)}\r\n{}\r\n0\r\n\r\n`,
    ]);
    expectOnlyProblem(x, { status: 413, code: 'PAYLOAD_TOO_LARGE', requestId: 'chunk-ext' });
  });

  it('a body shorter than its Content-Length, then a half-close (REST): 400 INVALID_REQUEST, the X-Request-Id echoed', async () => {
    const x = await exchange(
      port,
      [`POST ${REST} HTTP/1.1\r\nHost: a\r\nX-Request-Id: short-1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"label":`],
      { halfClose: true },
    );
    expectOnlyProblem(x, { status: 400, code: 'INVALID_REQUEST', requestId: 'short-1' });
  });

  it('a body shorter than its Content-Length, then a half-close, on /graphql: the GraphQL shape', async () => {
    const x = await exchange(
      port,
      [`POST /graphql HTTP/1.1\r\nHost: a\r\nX-Request-Id: short-gql\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"query":`],
      { halfClose: true },
    );
    expectOnlyProblem(x, { status: 400, code: 'INVALID_REQUEST', graphql: true, requestId: 'short-gql' });
  });

  it('an HTTP/1.1 request without Host (node:http answers a bare 400): a problem', async () => {
    const x = await exchange(port, [`POST /graphql HTTP/1.1\r\nX-Request-Id: no-host\r\nContent-Length: 0\r\n\r\n`]);
    expectOnlyProblem(x, { status: 400, code: 'INVALID_REQUEST', graphql: true, requestId: 'no-host' });
  });

  it('an Expect other than 100-continue (node:http answers a bare 417): 400 INVALID_REQUEST', async () => {
    const x = await exchange(port, [`POST ${REST} HTTP/1.1\r\nHost: a\r\nX-Request-Id: expect-1\r\nExpect: pony\r\nContent-Length: 2\r\n\r\n{}`]);
    expectOnlyProblem(x, { status: 400, code: 'INVALID_REQUEST', requestId: 'expect-1' });
  });

  it('CONNECT (node:http closes without an answer): 400 INVALID_REQUEST', async () => {
    const x = await exchange(port, [`CONNECT /graphql HTTP/1.1\r\nHost: a\r\nX-Request-Id: connect-1\r\n\r\n`]);
    expectOnlyProblem(x, { status: 400, code: 'INVALID_REQUEST', graphql: true, requestId: 'connect-1' });
  });

  it('a malformed request after an answered one on a kept-alive connection: its own X-Request-Id echoed', async () => {
    const x = await exchange(port, [
      `GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n`,
      `POST /graphql HTTP/1.1\r\nHost: a\r\nX-Request-Id: second-1\r\nX-Note: a\x01b\r\n\r\n`,
    ]);
    expect(x.responses.map((r) => r.status)).toEqual([200, 400]);
    expectProblem(x.responses[1]!, { status: 400, code: 'INVALID_REQUEST', graphql: true, requestId: 'second-1' });
    expect(x.trailing).toBe('');
    expect(x.closed).toBe(true);
  });

  it('a malformed request pipelined behind two valid ones: their answers first, then the problem', async () => {
    const ok = `GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n`;
    const x = await exchange(port, [`${ok}${ok}G@T /healthz HTTP/1.1\r\nHost: a\r\n\r\n`]);
    expect(x.responses.map((r) => r.status)).toEqual([200, 200, 400]);
    expect(x.responses.slice(0, 2).map((r) => JSON.parse(r.body))).toEqual([{ status: 'ok' }, { status: 'ok' }]);
    expectProblem(x.responses[2]!, { status: 400, code: 'INVALID_REQUEST' });
    expect(x.trailing).toBe('');
    expect(x.closed).toBe(true);
  });
});

describe('node:http request timeouts', () => {
  // node:http reads connectionsCheckingInterval when it starts listening, so a timeout short enough for
  // a test needs a server of its own; the timeout is handled before any request reaches the pipeline.
  let server: http.Server;
  let port: number;

  beforeAll(async () => {
    const pipeline = { bodyLimitOf: () => 64 * 1024, handle: async () => ({ status: 200, headers: {}, body: '' }) } as unknown as Pipeline;
    server = createHttpServer(pipeline);
    Object.assign(server, { connectionsCheckingInterval: 50, headersTimeout: 300, requestTimeout: 300 });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('a body that stops coming (node:http answers a bare 408) on /graphql: 408 REQUEST_TIMEOUT in the GraphQL shape', async () => {
    const x = await exchange(port, [
      `POST /graphql HTTP/1.1\r\nHost: a\r\nX-Request-Id: slow-1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"query":`,
    ]);
    expectOnlyProblem(x, { status: 408, code: 'REQUEST_TIMEOUT', graphql: true, requestId: 'slow-1' });
  });

  it('a connection that never sends a byte: closed without an answer (there is no request to answer)', async () => {
    const x = await exchange(port, []);
    expect(x).toEqual({ responses: [], trailing: '', closed: true });
  });
});
