// node:http glue: reads the raw body (bounded, §6 413) and writes the pipeline's reply.
import http from 'node:http';
import { Problem } from '../core/problem.js';
import { MAX_BODY_BYTES, requestIdOf, type Pipeline } from './pipeline.js';
import { graphqlProblemReply, problemReply } from './render.js';
import type { HttpReply } from './types.js';

/** /graphql answers in GraphQL's shape, everything else as RFC 9457 (§7). */
function renderProblem(pathname: string, problem: Problem, requestId: string): HttpReply {
  return pathname === '/graphql' ? graphqlProblemReply(problem, requestId) : problemReply(problem, requestId);
}

function send(res: http.ServerResponse, reply: HttpReply, close = false): void {
  const headers: Record<string, string | number> = { ...reply.headers, 'content-length': Buffer.byteLength(reply.body) };
  if (close) headers.connection = 'close';
  res.writeHead(reply.status, headers);
  res.end(reply.body);
}

export function createHttpServer(pipeline: Pipeline): http.Server {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    const declared = Number(req.headers['content-length'] ?? 0);
    const refuseTooLarge = () => {
      tooLarge = true;
      const given = req.headers['x-request-id'];
      const requestId = requestIdOf(typeof given === 'string' ? given : undefined);
      const pathname = (req.url ?? '/').split('?')[0]!;
      const reply = renderProblem(pathname, new Problem('PAYLOAD_TOO_LARGE', `The body may be at most ${MAX_BODY_BYTES} bytes.`), requestId);
      reply.headers['x-request-id'] = requestId;
      send(res, reply, true);
      req.resume(); // drain what is still coming, without keeping it
    };
    if (declared > MAX_BODY_BYTES) return refuseTooLarge();
    req.on('data', (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) return refuseTooLarge();
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (tooLarge) return;
      const headers: Record<string, string | undefined> = {};
      for (const [k, v] of Object.entries(req.headers)) headers[k] = Array.isArray(v) ? v.join(', ') : v;
      void pipeline
        .handle({ method: req.method ?? 'GET', url: req.url ?? '/', headers, body: Buffer.concat(chunks), remoteAddress: req.socket.remoteAddress })
        .then((reply) => send(res, req.method === 'HEAD' ? { ...reply, body: '' } : reply));
    });
    req.on('error', () => res.destroy());
  });
  // Requests node:http cannot parse (a URL or headers over its limit, a control character in a
  // header) would get a bare 400/431: answer with a problem document instead (§6, never a bare error).
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (!socket.writable || (err as { code?: string }).code === 'ECONNRESET') return socket.destroy();
    const requestId = crypto.randomUUID();
    const start = (err as { rawPacket?: Buffer }).rawPacket?.toString('latin1', 0, 64) ?? '';
    const pathname = /^[A-Z]+ \/graphql(?=[?\s])/.test(start) ? '/graphql' : '/';
    const problem = new Problem('INVALID_REQUEST', 'The request could not be parsed (request line or headers malformed or too large).');
    const reply = renderProblem(pathname, problem, requestId);
    const head = Object.entries({ ...reply.headers, 'x-request-id': requestId, 'content-length': Buffer.byteLength(reply.body), connection: 'close' })
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    socket.end(`HTTP/1.1 400 Bad Request\r\n${head}\r\n${reply.body}`);
  });
  server.keepAliveTimeout = 5_000;
  return server;
}
