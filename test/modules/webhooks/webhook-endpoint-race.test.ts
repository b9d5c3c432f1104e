// test: slow — server processes: endpoint changes racing a stream of events
// §11.4, §11.5 D1 across processes: endpoints are created, disabled and enabled while events stream in
// through every server process. An event committed after a change was answered follows that change: one
// delivery to an endpoint created or enabled before it, none to one disabled before it; and no delivery
// of a disabled endpoint is PENDING once its disable has answered. Events are told apart by their feed
// position, read as the feed reads it (§11.3; on PostgreSQL the watermark below which nothing is in
// flight): an event whose position is above the head read after an answer was drawn, so committed,
// after that answer, and one at or below the head read before a request committed before it was sent. PostgreSQL: three processes; SQLite: one (its jobs run one at a
// time, so this is the single-writer case).
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beneficiaryBody, signedFetch, sleep, toReply, type Reply } from '../../helpers/harness.js';
import { TEST_ENGINE } from '../../helpers/pg.js';
import { MODE_VARS, processKit, type Spawned } from '../../helpers/processes.js';
import { Receiver } from '../../helpers/receivers.js';
import { spawnedDatabase, type SpawnedDb } from '../../helpers/spawned-db.js';
import { CREATE, DISABLE, ENABLE } from '../../helpers/webhooks.js';

const { tempDir, startMain, stopMain } = processKit({ tempPrefix: 'partner-webhook-race-', unset: [...MODE_VARS, 'PARTNER_SECRET_KEY'] });
const PROCESSES = TEST_ENGINE === 'pg' ? 3 : 1;
const SENDERS = 6;
const ENDPOINTS = 3;
/** Events committed after each answer before the next change is sent. */
const WINDOW = 12;
const ACTIONS = ['create', 'disable', 'enable', 'disable', 'enable', 'disable'] as const;

type Action = { kind: (typeof ACTIONS)[number]; before: number; ack: number; pendingAfter?: number };

let spawned: SpawnedDb;
let servers: Spawned[] = [];
let receiver: Receiver;
let customerId: string;
/** PostgreSQL: reads the feed's head as the service does. */
let feedPool: pg.Pool;

beforeAll(async () => {
  spawned = await spawnedDatabase(tempDir(), 'whrace', '1');
  if (TEST_ENGINE === 'pg') feedPool = new pg.Pool({ connectionString: spawned.url, max: 1 });
  // Every attempt fails and the next is a minute away: a delivery stays PENDING until it is cancelled.
  receiver = await Receiver.start(() => ({ status: 500 }));
  const env = {
    DATABASE_URL: spawned.url,
    LOG_LEVEL: 'warn',
    WORKER_POLL_INTERVAL_MS: '10',
    WEBHOOK_RETRY_BASE_MS: '60000',
    RATE_LIMIT_RPS: '100000',
    RATE_LIMIT_BURST: '100000',
  };
  servers = await Promise.all(Array.from({ length: PROCESSES }, () => startMain(env)));
  const c = await send(0, '/graphql', {
    query: 'mutation($i: CreateCustomerInput!) { createCustomer(input: $i) { customerId } }',
    variables: { i: { externalRef: `race-${randomUUID()}`, type: 'INDIVIDUAL' } },
  });
  customerId = c.body.data.createCustomer.customerId as string;
}, 60_000);

afterAll(async () => {
  for (const s of servers) await stopMain(s, 'SIGTERM');
  await receiver?.close();
  await feedPool?.end();
  await spawned?.close();
});

async function send(i: number, path: string, body: unknown): Promise<Reply> {
  const { res } = await signedFetch(servers[i % servers.length]!.url, spawned.client, { path, idempotencyKey: randomUUID(), body: JSON.stringify(body) });
  return toReply(res);
}

/** The feed's head now: every position at or below it is settled (src/modules/events/repository.ts). */
async function head(): Promise<number> {
  if (TEST_ENGINE === 'sqlite') return Number((await spawned.db.all<{ p: number | null }>('SELECT MAX(position) AS p FROM events'))[0]?.p ?? 0);
  const [, seq] = (await feedPool.query('select pg_advisory_xact_lock(7420011); select last_value, is_called from events_position_seq')) as unknown as pg.QueryResult<{
    last_value: string;
    is_called: boolean;
  }>[];
  return seq!.rows[0]!.is_called ? Number(seq!.rows[0]!.last_value) : 0;
}

async function pendingOf(endpointId: string): Promise<number> {
  return spawned.db.count(`SELECT COUNT(*) AS n FROM webhook_deliveries WHERE endpoint_id = ? AND status = 'PENDING'`, endpointId);
}

/** Waits for WINDOW events above `position` (positions may have gaps: a rolled-back draw is not reused). */
async function eventsAfter(position: number): Promise<void> {
  const end = Date.now() + 20_000;
  while ((await spawned.db.count('SELECT COUNT(*) AS n FROM events WHERE position > ?', position)) < WINDOW) {
    if (Date.now() > end) throw new Error(`fewer than ${WINDOW} events after position ${position} within 20 s`);
    await sleep(5);
  }
}

/** One endpoint's life: each change sent to another process, the stream's events between them. */
async function endpointLife(n: number): Promise<{ endpointId: string; actions: Action[] }> {
  const actions: Action[] = [];
  let endpointId = '';
  for (const [k, kind] of ACTIONS.entries()) {
    const before = await head();
    const via = n + k;
    let r: Reply;
    if (kind === 'create') {
      r = await send(via, '/graphql', { query: CREATE, variables: { input: { url: `${receiver.url}/e${n}` } } });
      endpointId = r.body?.data?.createWebhookEndpoint?.endpoint?.endpointId;
    } else {
      r = await send(via, '/graphql', { query: kind === 'disable' ? DISABLE : ENABLE, variables: { id: endpointId } });
    }
    expect([r.status, r.body?.errors]).toEqual([200, undefined]);
    const action: Action = { kind, before, ack: await head() };
    // D1 and §11.4: nothing of the endpoint is PENDING once the disable has answered.
    if (kind === 'disable') action.pendingAfter = await pendingOf(endpointId);
    actions.push(action);
    await eventsAfter(action.ack);
  }
  return { endpointId, actions };
}

describe(`webhook endpoint changes racing a stream of events (${PROCESSES} process${PROCESSES > 1 ? 'es' : ''})`, () => {
  it('an event committed after a change was answered is fanned out by that change; a disable leaves nothing PENDING', async () => {
    let streaming = true;
    const failures: string[] = [];
    const senders = Array.from({ length: SENDERS }, async (_, i) => {
      for (let k = 0; streaming; k++) {
        const r = await send(i + k, `/partner/v1/customers/${customerId}/crypto/wallet-beneficiaries`, beneficiaryBody(spawned.routeCode, `0x${randomBytes(20).toString('hex')}`));
        if (r.status !== 200) failures.push(`${r.status} ${r.text}`);
      }
    });
    let lives: { endpointId: string; actions: Action[] }[];
    try {
      await eventsAfter(await head());
      lives = await Promise.all(Array.from({ length: ENDPOINTS }, (_, n) => endpointLife(n)));
    } finally {
      streaming = false;
      await Promise.all(senders);
    }
    expect(failures).toEqual([]);

    const positions = (await spawned.db.all<{ position: number }>('SELECT position FROM events WHERE client_id = ?', spawned.client.clientId)).map((e) => Number(e.position));
    const problems: string[] = [];
    let checked = 0;
    for (const { endpointId, actions } of lives) {
      const rows = await spawned.db.all<{ event_position: number; status: string }>('SELECT event_position, status FROM webhook_deliveries WHERE endpoint_id = ?', endpointId);
      const deliveries = new Map<number, number>();
      for (const r of rows) deliveries.set(Number(r.event_position), (deliveries.get(Number(r.event_position)) ?? 0) + 1);
      for (const a of actions) if (a.kind === 'disable' && a.pendingAfter !== 0) problems.push(`${endpointId}: ${a.pendingAfter} PENDING after the disable answered`);
      for (const p of positions) {
        // The last change answered before p committed; p is certain when the next change was not yet sent.
        let i = actions.length - 1;
        while (i >= 0 && actions[i]!.ack >= p) i -= 1;
        const next = actions[i + 1];
        if (next && next.before < p) continue;
        const expected = i < 0 || actions[i]!.kind === 'disable' ? 0 : 1;
        const got = deliveries.get(p) ?? 0;
        if (got !== expected) problems.push(`${endpointId}: event at ${p} has ${got} deliveries, after ${i < 0 ? 'nothing' : actions[i]!.kind} (answered at ${actions[i]?.ack})`);
        checked += 1;
      }
      // The last change is a disable: every delivery it found is CANCELLED, and none came after it.
      const pending = rows.filter((r) => r.status === 'PENDING').length;
      if (pending > 0) problems.push(`${endpointId}: ${pending} PENDING at the end, after its last disable`);
    }
    expect(problems.slice(0, 20)).toEqual([]);
    // Every window between two changes held events whose fan-out was judged.
    expect(checked).toBeGreaterThanOrEqual(ENDPOINTS * ACTIONS.length * WINDOW);
  });
});
