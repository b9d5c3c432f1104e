// The floors' HTTP side (bench/floor-server.ts, bench/floor-server-pg.ts): a bare node:http server that
// reads the body, verifies the request's HMAC as the service does (§2), and hands a signed create on.
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';

export type SignedCreate = { clientId: string; nonce: string; key: string; fingerprint: string; customerId: string; body: string; requestId: string };
export type Answer = { status: number; body: string };

/** Listens on an ephemeral port and prints `listening` with its address once it does. */
export function serveFloor(secret: string, listening: string, create: (c: SignedCreate) => Promise<Answer> | Answer): void {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const h = req.headers as Record<string, string>;
      const bodySha = createHash('sha256').update(body).digest('hex');
      const canonical = [req.method, req.url, h['x-partner-timestamp'], h['x-partner-nonce'], h['x-partner-client-id'], h['idempotency-key'] ?? '', bodySha].join('\n');
      const expected = Buffer.from(createHmac('sha256', secret).update(canonical).digest('hex'));
      const given = Buffer.from(h['x-partner-signature'] ?? '');
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        res.writeHead(401).end();
        return;
      }
      const requestId = randomUUID();
      const signed = {
        clientId: h['x-partner-client-id']!,
        nonce: h['x-partner-nonce']!,
        key: h['idempotency-key']!,
        fingerprint: bodySha,
        customerId: req.url!.split('/')[4] ?? '',
        body: body.toString('utf8'),
        requestId,
      };
      const answer = (r: Answer) => res.writeHead(r.status, { 'content-type': 'application/json', 'x-request-id': requestId }).end(r.body);
      const refuse = () => res.writeHead(409).end();
      // The SQLite floor answers in the same turn (no promise), as it always did.
      try {
        const r = create(signed);
        if (r instanceof Promise) r.then(answer, refuse);
        else answer(r);
      } catch {
        refuse();
      }
    });
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address() as { port: number };
    console.log(`${listening} listening on http://127.0.0.1:${address.port}`);
  });
}
