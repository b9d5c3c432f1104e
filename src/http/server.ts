// node:http glue: reads the raw body (bounded: §6's 64 KiB, FILE_MAX_BYTES on the file upload, §12.2; 413;
// and in time: BODY_TIMEOUT_MS, the upload also its size at UPLOAD_MIN_BYTES_PER_SECOND; 408), hashing it as it
// comes, and writes the pipeline's reply. Requests that node:http refuses or would answer by itself get a
// problem document too (§7: every error is one).
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { Socket } from 'node:net';
import { Problem } from '../core/problem.js';
import { requestIdOf, type Pipeline, type UploadAdmission } from './pipeline.js';
import { graphqlProblemReply, problemReply } from './render.js';
import type { HttpReply } from './types.js';

/** How long a connection we answered and half-closed may wait for the client to close its side. */
const LINGER_MS = 5_000;

/** /graphql answers in GraphQL's shape (§7), every other path as RFC 9457 (§6); both carry X-Request-Id. */
function renderProblem(pathname: string, problem: Problem, requestId: string): HttpReply {
  const reply = pathname === '/graphql' ? graphqlProblemReply(problem, requestId) : problemReply(problem, requestId);
  reply.headers['x-request-id'] = requestId;
  return reply;
}

/** A problem for a request whose head node:http has parsed: its path picks the shape, its X-Request-Id is echoed. */
function problemFor(req: http.IncomingMessage, problem: Problem): HttpReply {
  const given = req.headers['x-request-id'];
  return renderProblem((req.url ?? '/').split('?')[0]!, problem, requestIdOf(typeof given === 'string' ? given : undefined));
}

/**
 * A problem for bytes node:http could not parse. The packet it failed on usually starts with the
 * request line, so the path and a well-formed X-Request-Id are read from it when they are there
 * (a header counts only with its line end); otherwise the answer is RFC 9457 with a new id.
 */
function problemForPacket(packet: Buffer | undefined, problem: Problem): HttpReply {
  const text = packet?.toString('latin1') ?? '';
  const end = text.indexOf('\r\n\r\n');
  const head = end < 0 ? text : text.slice(0, end + 2);
  const target = head.split(/[ \r\n]/, 2)[1] ?? '';
  const given = /\r\nx-request-id:[ \t]*([^\r\n]*?)[ \t]*\r\n/i.exec(head)?.[1];
  return renderProblem(target.split('?')[0]!, problem, requestIdOf(given));
}

/** What node:http's parser (llhttp) or its request timeout reported, as one of the contract's codes (§7). */
function parseProblem(err: { code?: string; reason?: unknown }): Problem {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW':
      // 431 or 414 in HTTP terms; §7 has no code for either, so 400.
      return new Problem('INVALID_REQUEST', `The request line and headers may be at most ${http.maxHeaderSize} bytes.`);
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return new Problem('PAYLOAD_TOO_LARGE', 'The chunk extensions of the body are too large.');
    case 'HPE_INVALID_EOF_STATE':
      return new Problem('INVALID_REQUEST', 'The client closed its side before the request was complete.');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new Problem('REQUEST_TIMEOUT', 'The request was not received in time.');
    default:
      return new Problem('INVALID_REQUEST', `The request is not valid HTTP/1.1${typeof err.reason === 'string' ? `: ${err.reason}` : ''}.`);
  }
}

function send(res: http.ServerResponse, reply: HttpReply, close = false): void {
  if (reply.stream) return openStream(res, reply, reply.stream);
  const headers: Record<string, string | number> = { ...reply.headers, 'content-length': Buffer.byteLength(reply.body) };
  if (close) headers.connection = 'close';
  res.writeHead(reply.status, headers);
  res.end(reply.body);
}

/**
 * A streamed reply (§17.4): the head now, without Content-Length (chunked), then the body is the
 * stream's. A connection that closed while the answer was being made never gets one.
 */
function openStream(res: http.ServerResponse, reply: HttpReply, stream: NonNullable<HttpReply['stream']>): void {
  if (res.destroyed || !res.socket || res.socket.destroyed) return stream.cancel();
  res.writeHead(reply.status, reply.headers);
  res.flushHeaders();
  stream.start({
    write: (chunk) => (res.destroyed ? false : res.write(chunk)),
    end: () =>
      new Promise<void>((resolve) => {
        if (res.destroyed || res.writableFinished) return resolve();
        res.once('close', () => resolve());
        res.end();
      }),
    onDrain: (listener) => res.on('drain', listener),
    onClose: (listener) => res.once('close', listener),
  });
}

/** Answers on a socket no ServerResponse owns, then half-closes it. */
function sendRaw(socket: Socket, reply: HttpReply): void {
  const headers = { ...reply.headers, 'content-length': Buffer.byteLength(reply.body), connection: 'close' };
  const head = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('');
  socket.end(`HTTP/1.1 ${reply.status} ${http.STATUS_CODES[reply.status]}\r\n${head}\r\n${reply.body}`);
  // Not destroyed at once: a reset while the client is still sending can discard the answer before it
  // reads it. A client that never closes its side is dropped after a while.
  socket.setTimeout(LINGER_MS, () => socket.destroy());
}

/** How long a body may take to arrive (src/config.ts: BODY_TIMEOUT_MS, UPLOAD_MIN_BYTES_PER_SECOND, FILE_MAX_BYTES). */
export type BodyTimeouts = { bodyTimeoutMs: number; uploadMinBytesPerSecond: number; fileMaxBytes: number };

const DEFAULT_TIMEOUTS: BodyTimeouts = { bodyTimeoutMs: 30_000, uploadMinBytesPerSecond: 65_536, fileMaxBytes: 10_485_760 };

/**
 * The time an upload of `bytes` gets, from its head: BODY_TIMEOUT_MS, plus a second per
 * UPLOAD_MIN_BYTES_PER_SECOND (by default 30 s + size / 64 KiB/s: 190 s for 10 MiB).
 */
export const uploadTimeoutMs = (t: BodyTimeouts, bytes: number): number => t.bodyTimeoutMs + Math.ceil((bytes * 1000) / t.uploadMinBytesPerSecond);

export function createHttpServer(pipeline: Pipeline, timeouts: BodyTimeouts = DEFAULT_TIMEOUTS): http.Server {
  /** Each connection's latest response: a parse error must not be written into or ahead of it. */
  const latest = new WeakMap<Socket, http.ServerResponse>();
  /** Connections whose parse error has been answered; the errors the bytes after it raise are ignored. */
  const answered = new WeakSet<Socket>();

  /** Answers a request node:http parsed with a problem and closes the connection; its body is drained unread. */
  const refuse = (req: http.IncomingMessage, res: http.ServerResponse, problem: Problem) => {
    send(res, problemFor(req, problem), true);
    req.resume(); // drain what is still coming, without keeping it
  };

  // requireHostHeader off: node:http would answer a missing Host with a bare 400; the handler does it as a problem.
  const server = http.createServer({ requireHostHeader: false }, (req, res) => {
    latest.set(req.socket, res);
    if (req.httpVersion === '1.1' && req.headers.host === undefined)
      return refuse(req, res, new Problem('INVALID_REQUEST', 'An HTTP/1.1 request must have a Host header.'));
    const headers: Record<string, string | undefined> = {};
    for (const [k, v] of Object.entries(req.headers)) headers[k] = Array.isArray(v) ? v.join(', ') : v;
    const head = { method: req.method ?? 'GET', url: req.url ?? '/', headers, remoteAddress: req.socket.remoteAddress };
    // The body's deadline, from the head (a slow body is 408, its bytes dropped): BODY_TIMEOUT_MS, and for
    // an admitted upload the time its size needs at UPLOAD_MIN_BYTES_PER_SECOND.
    const startedAt = Date.now();
    /** The body was read in full, or refused (413, 408, the upload's early refusal): nothing more is read or timed. */
    let bodyDone = false;
    let timer: NodeJS.Timeout | undefined;
    let chunks: Buffer[] = [];
    let upload: UploadAdmission | undefined;
    const stopReading = () => {
      bodyDone = true;
      clearTimeout(timer);
      chunks = [];
    };
    const timedOut = () => {
      if (bodyDone) return;
      stopReading();
      upload?.release();
      upload = undefined; // the receiver and what it sealed go with it
      refuse(req, res, new Problem('REQUEST_TIMEOUT', 'The body did not arrive in time; nothing of it was kept. Send the body at once after the headers.'));
      // A client still trickling bytes is not drained for ever.
      res.once('finish', () => setTimeout(() => req.socket.destroy(), LINGER_MS).unref());
    };
    const deadline = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(timedOut, Math.max(0, startedAt + ms - Date.now()));
    };
    deadline(timeouts.bodyTimeoutMs);
    // An upload's slot is the client's until its answer is sent or its connection is gone.
    res.once('close', () => {
      clearTimeout(timer);
      upload?.release();
    });
    /**
     * Reads the body up to `limit` bytes (413 past it, at once when Content-Length says so), hashing it as it
     * comes, then answers. An upload's bytes go to its receiver (hashed and sealed as they come), not kept.
     */
    const read = (limit: number, admission?: UploadAdmission) => {
      if (bodyDone) return admission?.release();
      upload = admission;
      const hash = createHash('sha256');
      let size = 0;
      const declared = Number(req.headers['content-length'] ?? 0);
      if (admission) deadline(uploadTimeoutMs(timeouts, Number.isSafeInteger(declared) && declared > 0 && declared <= limit ? declared : limit));
      const refuseTooLarge = () => {
        stopReading();
        refuse(req, res, new Problem('PAYLOAD_TOO_LARGE', `The body may be at most ${limit} bytes.`));
      };
      if (declared > limit) return refuseTooLarge();
      req.on('data', (chunk: Buffer) => {
        if (bodyDone) return;
        size += chunk.length;
        if (size > limit) return refuseTooLarge();
        hash.update(chunk);
        if (!admission) chunks.push(chunk);
        else admission.receiver?.write(chunk);
      });
      req.on('end', () => {
        if (bodyDone) return;
        const body = admission ? Buffer.alloc(0) : Buffer.concat(chunks);
        stopReading();
        const call = { ...head, body, bodySha256: hash.digest('hex'), upload: admission?.receiver?.end() };
        void pipeline.handle(call).then((reply) => send(res, req.method === 'HEAD' ? { ...reply, body: '' } : reply));
      });
    };
    // The body waits unread (no 'data' listener yet) while the file upload's headers are checked.
    const limit = pipeline.bodyLimitOf(head);
    if (typeof limit === 'number') read(limit);
    else
      void limit.then((admitted) => {
        if ('limit' in admitted) return read(admitted.limit, admitted.upload);
        if (bodyDone) return;
        stopReading();
        // Refused before its body (§12.2 check 1): answered through the pipeline, the body drained unread.
        void pipeline.handle({ ...head, body: Buffer.alloc(0) }, admitted.refusal).then((reply) => {
          send(res, reply, true);
          req.resume();
        });
      });
    req.on('error', () => res.destroy());
  });

  // An Expect other than 100-continue: node:http would answer a bare 417 (§7 has no code for it).
  server.on('checkExpectation', (req: http.IncomingMessage, res: http.ServerResponse) => {
    latest.set(req.socket, res);
    refuse(req, res, new Problem('INVALID_REQUEST', 'The only expectation this service meets is Expect: 100-continue.'));
  });

  // CONNECT: node:http would close the connection without a word. The socket is ours from here on.
  server.on('connect', (req: http.IncomingMessage, duplex) => {
    const socket = duplex as Socket;
    socket.on('error', () => socket.destroy()); // node:http no longer listens for its errors
    sendRaw(socket, problemFor(req, new Problem('INVALID_REQUEST', 'CONNECT is not supported: this service is not a proxy.')));
    socket.resume(); // read and drop what follows, so the client's close is seen
  });

  // Bytes node:http cannot parse (request line, headers, chunked framing, a body cut short) and its
  // request timeout: node:http would answer a bare 400/408/413/431. Exactly one problem goes out per
  // connection, and never into or ahead of a response already under way on it.
  server.on('clientError', (err: NodeJS.ErrnoException & { rawPacket?: Buffer; reason?: unknown }, duplex) => {
    const socket = duplex as Socket;
    if (answered.has(socket)) return;
    // Nothing can be written (a reset, our side closed), or nothing was asked: a connection that timed out
    // before its first byte, where an answer would be read as the answer to the next request sent on it.
    if (err.code === 'ECONNRESET' || !socket.writable || socket.bytesRead === 0) return socket.destroy();
    answered.add(socket);
    const problem = parseProblem(err);
    const res = latest.get(socket);
    if (res && !res.writableFinished) {
      // The fault is in this request's own body: it is answered through its response, unless an answer
      // (a 413) is already going out, which closes the connection when it is done.
      if (!res.req.complete) {
        if (!res.headersSent) send(res, problemFor(res.req, problem), true);
        return;
      }
      // A pipelined request behind one still being answered: its problem follows that answer (RFC 9457
      // with a new id, since the packet at hand starts with the earlier request).
      res.once('finish', () => socket.writable && sendRaw(socket, renderProblem('/', problem, requestIdOf(undefined))));
      return;
    }
    sendRaw(socket, problemForPacket(err.rawPacket, problem));
  });
  server.keepAliveTimeout = 5_000;
  // node:http's own limit on a whole request (300 s by default, a bare 408 mapped above) never cuts a
  // body that is still within its deadline: it is set past the longest upload's.
  server.requestTimeout = Math.max(server.headersTimeout, uploadTimeoutMs(timeouts, timeouts.fileMaxBytes)) + LINGER_MS;
  return server;
}
