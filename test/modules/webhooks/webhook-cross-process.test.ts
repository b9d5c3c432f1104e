// test: PostgreSQL only — several processes on one PostgreSQL database
// §11.5 with two server processes on one PostgreSQL database: both workers attempt deliveries of the
// same endpoint while events arrive at both. Each delivery is attempted by one process at a time (D7), no
// event of a resource is sent before the previous one was answered 2xx (D5), and everything is delivered.
// Runs with `npm run test:pg`.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createRoute } from '../../../src/cli/operators.js';
import { SecretBox } from '../../../src/core/secret-box.js';
import { openEngine } from '../../../src/db/engine.js';
import { insertCustomer } from '../../../src/modules/customers/repository.js';
import { beneficiaryBody, sleep } from '../../helpers/harness.js';
import { createPgSchema, type PgSchema } from '../../helpers/pg.js';
import { PgTestDb } from '../../helpers/pg-test-db.js';
import { processKit, signedSend, type Spawned } from '../../helpers/processes.js';
import { insertEndpointInto, Receiver } from '../../helpers/receivers.js';

const kit = processKit({ tempPrefix: 'partner-webhook-xproc-', unset: ['NODE_ENV', 'PARTNER_SANDBOX', 'PORT', 'HOST', 'DATABASE_URL', 'LOG_LEVEL', 'PARTNER_SECRET_KEY'] });
const RESOURCES = 6;
const SYNCS = 4;
const routeCode = 'USDT-ETH';

let schema: PgSchema;
let db: PgTestDb;
let servers: Spawned[] = [];
let receiver: Receiver;
let client: { clientId: string; secret: string };
let customerId: string;
/** Per webhook-id: requests open now (never more than one), and the ids answered 2xx. */
const open = new Map<string, number>();
const answered = new Set<string>();
const violations: string[] = [];
/** Per resource: its event ids by sequence (filled as they are created). */
const byResource = new Map<string, Map<number, string>>();

beforeAll(async () => {
  schema = await createPgSchema('whxproc');
  db = new PgTestDb(schema.url, schema.schema);
  const engine = await openEngine({ kind: 'pg', url: schema.url }, { poolSize: 1 });
  try {
    client = await createClient(engine, SecretBox.development(), { name: 'Two processes' });
    await createRoute(engine, { code: routeCode, clientId: client.clientId, blockchain: 'ETH', currency: 'USDT', scale: 6, minMinor: '1', maxMinor: '1000000000000', feeMinor: '7' });
    const now = new Date().toISOString();
    customerId = randomUUID();
    await engine.writer.run((x) => insertCustomer(x, { customerId, clientId: client.clientId, externalRef: 'two', type: 'INDIVIDUAL', displayName: null, status: 'ACTIVE', createdAt: now, updatedAt: now }));
  } finally {
    await engine.close();
  }
  // Answers after a little while; a third of first tries fail, so retries interleave with new events.
  const tries = new Map<string, number>();
  receiver = await Receiver.start((r) => {
    const id = r.headers['webhook-id'] as string;
    const { resourceId, sequence } = r.event as { resourceId: string; sequence: number };
    const n = (open.get(id) ?? 0) + 1;
    open.set(id, n);
    if (n > 1) violations.push(`${id} attempted twice at once`);
    for (let s = 1; s < sequence; s++) {
      const earlier = byResource.get(resourceId)?.get(s);
      if (!earlier || !answered.has(earlier)) violations.push(`${resourceId} #${sequence} before #${s} was answered`);
    }
    tries.set(id, (tries.get(id) ?? 0) + 1);
    const fail = tries.get(id) === 1 && Math.random() < 0.33;
    const delayMs = 5 + Math.floor(Math.random() * 25);
    setTimeout(() => {
      open.set(id, (open.get(id) ?? 1) - 1);
      if (!fail) answered.add(id);
    }, delayMs - 1);
    return { status: fail ? 500 : 200, delayMs };
  });
  const { secret } = await insertEndpointInto(db, SecretBox.development(), client.clientId, receiver.url);
  receiver.secrets.push(secret);
  const env = { DATABASE_URL: schema.url, LOG_LEVEL: 'warn', WORKER_POLL_INTERVAL_MS: '10', WEBHOOK_RETRY_BASE_MS: '20', WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT: '3', RATE_LIMIT_RPS: '100000', RATE_LIMIT_BURST: '100000' };
  servers = await Promise.all([kit.startMain(env), kit.startMain(env)]);
}, 60_000);

afterAll(async () => {
  for (const s of servers) await kit.stopMain(s);
  await receiver?.close();
  await db?.close();
  await schema?.drop();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const send = (server: Spawned, path: string, body?: unknown): Promise<{ status: number; body: any }> => signedSend(server, client, 'POST', path, body);

async function noteEvents(resourceId: string): Promise<void> {
  const rows = await db.all<{ event_id: string; sequence: number }>('SELECT event_id, sequence FROM events WHERE resource_id = ?', resourceId);
  const m = byResource.get(resourceId) ?? new Map<number, string>();
  for (const r of rows) m.set(Number(r.sequence), r.event_id);
  byResource.set(resourceId, m);
}

describe('webhook delivery from two server processes on one PostgreSQL', () => {
  it('one process at a time per delivery, per-resource order, everything delivered', async () => {
    const resources = await Promise.all(
      Array.from({ length: RESOURCES }, async (_, i) => {
        const b = await send(servers[i % 2]!, `/partner/v1/customers/${customerId}/crypto/wallet-beneficiaries`, beneficiaryBody(routeCode, `0x${randomBytes(20).toString('hex')}`));
        expect(b.status).toBe(200);
        const id = b.body.walletBeneficiaryId as string;
        await noteEvents(id);
        for (let k = 0; k < SYNCS; k++) {
          // The event row is noted before a receiver could see its successor's request.
          expect((await send(servers[(i + k + 1) % 2]!, `/partner/v1/crypto/wallet-beneficiaries/${id}/sync`)).status).toBe(200);
          await noteEvents(id);
        }
        return id;
      }),
    );
    // The beneficiaries' events, and the customer's own (§12.5: the upgrade at the first start gives the
    // customer inserted before it its `customer.unverified`): every delivery SUCCEEDED, none in flight.
    const total = RESOURCES * (SYNCS + 1) + 1;
    const end = Date.now() + 30_000;
    const settled = async () =>
      (await db.count(`SELECT COUNT(*) AS n FROM webhook_deliveries WHERE status = 'SUCCEEDED'`)) >= total &&
      (await db.count(`SELECT COUNT(*) AS n FROM webhook_deliveries WHERE status <> 'SUCCEEDED' OR lease_until IS NOT NULL`)) === 0;
    while (!(await settled())) {
      if (Date.now() > end) throw new Error('not every delivery SUCCEEDED within 30 s');
      await sleep(50);
    }
    expect(violations).toEqual([]);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    for (const id of resources) {
      const answeredOrder = receiver.received.filter((r) => r.event.resourceId === id).map((r) => r.event.sequence as number);
      // Non-decreasing: a retry repeats a sequence, never goes back to an earlier one.
      expect(answeredOrder).toEqual([...answeredOrder].sort((a, b) => a - b));
      expect(new Set(answeredOrder)).toEqual(new Set([1, 2, 3, 4, 5]));
    }
    // Each attempt row belongs to one process's attempt: numbers gapless from 1 per delivery.
    const rows = await db.all<{ delivery_id: string; attempt_count: number; n: string }>(
      `SELECT d.delivery_id, d.attempt_count, COUNT(a.attempt_number) AS n FROM webhook_deliveries d LEFT JOIN webhook_attempts a ON a.delivery_id = d.delivery_id GROUP BY d.delivery_id, d.attempt_count`,
    );
    for (const r of rows) expect(Number(r.n)).toBe(r.attempt_count);
    expect(receiver.received.length).toBe(rows.reduce((sum, r) => sum + r.attempt_count, 0));
  });
});
