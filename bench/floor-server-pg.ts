// The PostgreSQL floor through Node: the minimal node:http server of bench/floor-server.ts doing what one
// create owes — verify the HMAC, record the nonce, check the idempotency row, insert the record, its event
// (the feed's shared lock and the resource's sequence, as the service writes it) and its audit row, store
// the idempotency row — in one transaction on PostgreSQL, with the statements of the pgbench floor
// (bench/pgbench-floor.ts) on the service's own tables, through node-postgres as the service uses it:
// named statements, pipelined connections (FLOOR_POOL of them, the service's default 4), two round
// trips (BEGIN, nonce and lookup; the writes and COMMIT). No framework, no GraphQL, no validation beyond
// the signature: the most any service can do per process on this machine with this driver.
// FLOOR_ROUND_TRIPS=1: the writes go out with the lookup, unconditionally (no decision on its answer):
// what the second round trip costs (docs/performance.md).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { serveFloor } from './floor-http.js';

const url = process.env.FLOOR_PG_URL;
if (!url) throw new Error('FLOOR_PG_URL: the database (its schema in options) the bench provisioned');
const secret = process.env.FLOOR_SECRET ?? 'floor-secret';
const routeCode = process.env.FLOOR_ROUTE ?? 'USDT-ETH';
const pool = new pg.Pool({ connectionString: url, max: Number(process.env.FLOOR_POOL ?? 4), Client: class extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super({ ...(typeof config === 'string' ? { connectionString: config } : config), pipeline: true });
  }
} as unknown as typeof pg.Client });

const q = (name: string, text: string) => ({ name, text });
const NONCE = q('floor_nonce', `INSERT INTO nonces (client_id, nonce, seen_at_ms) VALUES ($1, $2, $3)
  ON CONFLICT (client_id, nonce) DO UPDATE SET seen_at_ms = excluded.seen_at_ms WHERE nonces.seen_at_ms <= $4 RETURNING nonce`);
const FIND_KEY = q('floor_find_key', 'SELECT fingerprint, response_json FROM idempotency_records WHERE client_id = $1 AND idempotency_key = $2');
const RECORD = q('floor_record', `INSERT INTO wallet_beneficiaries (wallet_beneficiary_id, customer_id, client_id, route_code, label, blockchain, wallet_address, address_key,
  is_owner, wallet_type, owner_type, screening_status, beneficiary_status, created_at, updated_at, last_synced_at)
  VALUES ($1, $2, $3, $4, $5, 'ETH', $6, $7, true, 'PRIVATE_WALLET', 'INDIVIDUAL', 'PASSED', 'ACTIVE', $8, $8, $8)`);
const EVENT = q('floor_event', `WITH feed AS (SELECT pg_advisory_xact_lock_shared(7420011))
  INSERT INTO events (event_id, client_id, customer_id, type, resource_type, resource_id, sequence, data, created_at)
  SELECT $1, $2, $3, 'wallet_beneficiary.active', 'WALLET_BENEFICIARY', $4,
    coalesce((SELECT max(e.sequence) FROM events e WHERE e.resource_id = $4), 0) + 1, $5, $6 FROM feed RETURNING position, sequence`);
const AUDIT = q('floor_audit', `INSERT INTO audit_events (at, request_id, client_id, operation, target_id, idempotency_key, status, result_id, replayed)
  VALUES ($1, $2, $3, 'createCryptoWalletBeneficiary', $4, $5, 200, $6, false)`);
const STORE_KEY = q('floor_store_key', `INSERT INTO idempotency_records (client_id, idempotency_key, operation, fingerprint, resource_id, response_json, created_at, expires_at_ms)
  VALUES ($1, $2, 'createCryptoWalletBeneficiary', $3, $4, $5, $6, $7)`);

const ONE_TRIP = process.env.FLOOR_ROUND_TRIPS === '1';

const run = (c: pg.PoolClient, s: { name: string; text: string }, values: unknown[]) => c.query({ ...s, values });

/** The record, its event, its audit row and the idempotency row, and COMMIT, behind `sent`. */
async function writes(c: pg.PoolClient, clientId: string, key: string, fingerprint: string, customerId: string, body: string, requestId: string, sent: Promise<unknown>[]) {
  const id = randomUUID();
  const at = new Date().toISOString();
  const input = JSON.parse(body) as { label: string; walletAddress: string };
  const response = JSON.stringify({ walletBeneficiaryId: id, customerId, ...input, beneficiaryStatus: 'ACTIVE', createdAt: at, updatedAt: at });
  await Promise.all([
    ...sent,
    run(c, RECORD, [id, customerId, clientId, routeCode, input.label, input.walletAddress, input.walletAddress.toLowerCase(), at]),
    run(c, EVENT, [randomUUID(), clientId, customerId, id, response, at]),
    run(c, AUDIT, [at, requestId, clientId, customerId, key, id]),
    run(c, STORE_KEY, [clientId, key, fingerprint, id, response, at, Date.now() + 86_400_000]),
    c.query('COMMIT'),
  ]);
  return { status: 200, body: response };
}

async function create(clientId: string, nonce: string, key: string, fingerprint: string, customerId: string, body: string, requestId: string) {
  const c = await pool.connect();
  try {
    // Round trip 1: sent together, answered together.
    const begin = c.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
    const spent = run(c, NONCE, [clientId, nonce, Date.now(), Date.now() - 900_000]);
    const found = run(c, FIND_KEY, [clientId, key]);
    if (ONE_TRIP) return await writes(c, clientId, key, fingerprint, customerId, body, requestId, [begin, spent, found]);
    await begin;
    if ((await spent).rowCount !== 1) {
      await c.query('ROLLBACK');
      return { status: 401, body: '{}' };
    }
    const stored = (await found).rows[0] as { fingerprint: string; response_json: string } | undefined;
    if (stored) {
      await c.query('COMMIT');
      return stored.fingerprint === fingerprint ? { status: 200, body: stored.response_json } : { status: 409, body: '{}' };
    }
    // Round trip 2: the writes and the commit.
    return await writes(c, clientId, key, fingerprint, customerId, body, requestId, []);
  } catch (error) {
    await c.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    c.release();
  }
}

serveFloor(secret, 'floor (PostgreSQL)', (c) => create(c.clientId, c.nonce, c.key, c.fingerprint, c.customerId, c.body, c.requestId));
