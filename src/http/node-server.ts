// node:http glue: reads the raw body (bounded, §6 413) and writes the App's reply.
import http from 'node:http';
import { Problem } from '../domain/problem.js';
import { MAX_BODY_BYTES, type App } from './app.js';
import { problemReply } from './respond.js';
import type { HttpReply } from './types.js';

function send(res: http.ServerResponse, reply: HttpReply, close = false): void {
  const headers: Record<string, string | number> = { ...reply.headers, 'content-length': Buffer.byteLength(reply.body) };
  if (close) headers.connection = 'close';
  res.writeHead(reply.status, headers);
  res.end(reply.body);
}

export function createHttpServer(app: App): http.Server {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    const declared = Number(req.headers['content-length'] ?? 0);
    const refuseTooLarge = () => {
      tooLarge = true;
      const given = req.headers['x-request-id'];
      const requestId = typeof given === 'string' && /^[\x21-\x7e]{1,128}$/.test(given) ? given : crypto.randomUUID();
      const reply = problemReply(new Problem('PAYLOAD_TOO_LARGE', `The body may be at most ${MAX_BODY_BYTES} bytes.`), requestId);
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
      void app
        .handle({ method: req.method ?? 'GET', url: req.url ?? '/', headers, body: Buffer.concat(chunks), remoteAddress: req.socket.remoteAddress })
        .then((reply) => send(res, req.method === 'HEAD' ? { ...reply, body: '' } : reply));
    });
    req.on('error', () => res.destroy());
  });
  server.keepAliveTimeout = 5_000;
  return server;
}
