// The floor: a minimal node:http server doing only what one create must do —
// verify the HMAC, record the nonce, check and store the idempotency row, insert the record — in one
// transaction on better-sqlite3 with the service's durability (WAL, synchronous=FULL). No framework,
// no GraphQL, no validation beyond the signature: the rate the real service is compared with.
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import Database from 'better-sqlite3';

const file = process.env.FLOOR_DB ?? '/tmp/floor.db';
const secret = process.env.FLOOR_SECRET ?? 'floor-secret';
const db = new Database(file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.exec(`
  create table if not exists nonces (client_id text not null, nonce text not null, seen_at_ms integer not null, primary key (client_id, nonce));
  create table if not exists idempotency (client_id text not null, key text not null, fingerprint text not null, response text not null, primary key (client_id, key));
  create table if not exists records (id text primary key, customer_id text not null, body text not null, created_at text not null);
`);
const insertNonce = db.prepare('insert into nonces (client_id, nonce, seen_at_ms) values (?, ?, ?)');
const findKey = db.prepare('select fingerprint, response from idempotency where client_id = ? and key = ?');
const insertKey = db.prepare('insert into idempotency (client_id, key, fingerprint, response) values (?, ?, ?, ?)');
const insertRecord = db.prepare('insert into records (id, customer_id, body, created_at) values (?, ?, ?, ?)');

const create = db.transaction((clientId: string, nonce: string, key: string, fingerprint: string, customerId: string, body: string) => {
  insertNonce.run(clientId, nonce, Date.now());
  const stored = findKey.get(clientId, key) as { fingerprint: string; response: string } | undefined;
  if (stored) return stored.fingerprint === fingerprint ? { status: 200, body: stored.response } : { status: 409, body: '{}' };
  const id = randomUUID();
  const response = JSON.stringify({ id, customerId, body: JSON.parse(body) });
  insertRecord.run(id, customerId, body, new Date().toISOString());
  insertKey.run(clientId, key, fingerprint, response);
  return { status: 200, body: response };
});

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
    try {
      const r = create(h['x-partner-client-id']!, h['x-partner-nonce']!, h['idempotency-key']!, bodySha, req.url!.split('/')[4] ?? '', body.toString('utf8'));
      res.writeHead(r.status, { 'content-type': 'application/json' }).end(r.body);
    } catch {
      res.writeHead(409).end();
    }
  });
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address() as { port: number };
  console.log(`floor listening on http://127.0.0.1:${address.port}`);
});
