// The floor: a minimal node:http server doing only what one create owes — verify the HMAC, record the
// nonce, check and store the idempotency row, insert the record, its outbox event and its audit row —
// in one transaction on better-sqlite3. No framework, no GraphQL, no validation beyond the signature:
// the rate the real service is compared with. FLOOR_SYNC picks the durability: FULL (default, the
// service's: WAL, one fsync per commit, here one per request on the event loop) or NORMAL (no fsync at
// commit: what the same work costs in CPU alone).
import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { serveFloor } from './floor-http.js';

const file = process.env.FLOOR_DB ?? '/tmp/floor.db';
const secret = process.env.FLOOR_SECRET ?? 'floor-secret';
const sync = process.env.FLOOR_SYNC === 'NORMAL' ? 'NORMAL' : 'FULL';
const db = new Database(file);
db.pragma('journal_mode = WAL');
db.pragma(`synchronous = ${sync}`);
// The outbox and audit tables carry the service's indexes: their upkeep is part of what a create owes.
db.exec(`
  create table if not exists nonces (client_id text not null, nonce text not null, seen_at_ms integer not null, primary key (client_id, nonce));
  create table if not exists idempotency (client_id text not null, key text not null, fingerprint text not null, response text not null, primary key (client_id, key));
  create table if not exists records (id text primary key, customer_id text not null, body text not null, created_at text not null);
  create table if not exists events (position integer primary key autoincrement, event_id text not null, client_id text not null, customer_id text not null,
    type text not null, resource_type text not null, resource_id text not null, sequence integer not null, data text not null, created_at text not null);
  create unique index if not exists events_event_id_uq on events (event_id);
  create unique index if not exists events_resource_sequence_uq on events (resource_id, sequence);
  create index if not exists events_client_position_idx on events (client_id, position);
  create table if not exists audit_events (id integer primary key autoincrement, at text not null, request_id text not null, client_id text not null,
    operation text not null, target_id text, idempotency_key text, status integer not null, result_id text, replayed integer not null);
  create index if not exists audit_events_client_at_idx on audit_events (client_id, at);
`);
const insertNonce = db.prepare('insert into nonces (client_id, nonce, seen_at_ms) values (?, ?, ?)');
const findKey = db.prepare('select fingerprint, response from idempotency where client_id = ? and key = ?');
const insertKey = db.prepare('insert into idempotency (client_id, key, fingerprint, response) values (?, ?, ?, ?)');
const insertRecord = db.prepare('insert into records (id, customer_id, body, created_at) values (?, ?, ?, ?)');
const insertEvent = db.prepare(
  'insert into events (event_id, client_id, customer_id, type, resource_type, resource_id, sequence, data, created_at) values (?, ?, ?, ?, ?, ?, 1, ?, ?)',
);
const insertAudit = db.prepare(
  'insert into audit_events (at, request_id, client_id, operation, target_id, idempotency_key, status, result_id, replayed) values (?, ?, ?, ?, ?, ?, 200, ?, 0)',
);

const create = db.transaction((clientId: string, nonce: string, key: string, fingerprint: string, customerId: string, body: string, requestId: string) => {
  insertNonce.run(clientId, nonce, Date.now());
  const stored = findKey.get(clientId, key) as { fingerprint: string; response: string } | undefined;
  if (stored) return stored.fingerprint === fingerprint ? { status: 200, body: stored.response } : { status: 409, body: '{}' };
  const id = randomUUID();
  const at = new Date().toISOString();
  const response = JSON.stringify({ id, customerId, ...JSON.parse(body), status: 'ACTIVE', createdAt: at, updatedAt: at });
  insertRecord.run(id, customerId, body, at);
  insertEvent.run(randomUUID(), clientId, customerId, 'wallet_beneficiary.active', 'WALLET_BENEFICIARY', id, response, at);
  insertAudit.run(at, requestId, clientId, 'createCryptoWalletBeneficiary', customerId, key, id);
  insertKey.run(clientId, key, fingerprint, response);
  return { status: 200, body: response };
});

serveFloor(secret, `floor (synchronous=${sync})`, (c) => create(c.clientId, c.nonce, c.key, c.fingerprint, c.customerId, c.body, c.requestId));
