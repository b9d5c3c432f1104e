// test: slow — a server process SIGKILLed with webhook attempts in flight
// §11.5 D7 at-least-once across a crash: the real server (a separate process) is SIGKILLed while its
// webhook attempts are in flight (the receiver holds them unanswered). After a restart the cut attempts
// are made again once their lease ran out, and every event is answered 2xx; the cut attempts left no
// attempt row. On both engines.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { beneficiaryBody, signedFetch, sleep, toReply } from '../../helpers/harness.js';
import { SecretBox } from '../../../src/core/secret-box.js';
import { spawnedDatabase } from '../../helpers/spawned-db.js';
import { MODE_VARS, processKit } from '../../helpers/processes.js';
import { insertEndpointInto, Receiver } from '../../helpers/receivers.js';

const { tempDir, startMain, stopMain } = processKit({ tempPrefix: 'partner-webhook-crash-', unset: [...MODE_VARS, 'PARTNER_SECRET_KEY'] });
const RESOURCES = 3;

let receiver: Receiver | undefined;
afterAll(async () => {
  await receiver?.close();
});

async function waitFor(what: string, cond: () => Promise<boolean> | boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(20);
  }
}

describe('webhook delivery under SIGKILL (D7)', () => {
  it('attempts cut by a crash are made again after a restart; every event is answered 2xx at least once', async () => {
    const spawned = await spawnedDatabase(tempDir(), 'whcrash', '1');
    const { db, client, routeCode } = spawned;
    const databaseUrl = spawned.url;
    try {
      // The first request of each event is held unanswered (the server dies with it in flight); later ones get 200.
      const seen = new Map<string, number>();
      receiver = await Receiver.start((r) => {
        const id = r.headers['webhook-id'] as string;
        seen.set(id, (seen.get(id) ?? 0) + 1);
        return seen.get(id) === 1 ? 'hang' : { status: 200 };
      });

      const env = { DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', WORKER_POLL_INTERVAL_MS: '10', WEBHOOK_TIMEOUT_MS: '1000', WEBHOOK_RETRY_BASE_MS: '10' };
      const s = await startMain(env);
      const send = async (p: string, body: unknown) => {
        const { res } = await signedFetch(s.url, client, { path: p, idempotencyKey: randomUUID(), body: JSON.stringify(body) });
        return toReply(res);
      };
      const c = await send('/graphql', { query: 'mutation($i: CreateCustomerInput!) { createCustomer(input: $i) { customerId } }', variables: { i: { externalRef: `c-${randomUUID()}`, type: 'INDIVIDUAL' } } });
      const customerId = c.body.data.createCustomer.customerId as string;
      // The endpoint comes after the customer, so that its event (§12.5) is not among the deliveries.
      const { endpointId, secret } = await insertEndpointInto(db, SecretBox.development(), client.clientId, receiver.url);
      receiver.secrets.push(secret);
      for (let i = 0; i < RESOURCES; i++) {
        const b = await send(`/partner/v1/customers/${customerId}/crypto/wallet-beneficiaries`, beneficiaryBody(routeCode, `0x${randomBytes(20).toString('hex')}`));
        expect(b.status, b.text).toBe(200);
      }
      // Every event's first attempt is in flight: kill the server under them.
      await waitFor('first attempts in flight', () => receiver!.received.length === RESOURCES);
      await stopMain(s, 'SIGKILL');
      expect(await db.count(`SELECT COUNT(*) AS n FROM webhook_attempts`)).toBe(0);
      expect(await db.count(`SELECT COUNT(*) AS n FROM webhook_deliveries WHERE status = 'PENDING' AND lease_until IS NOT NULL`)).toBe(RESOURCES);

      const again = await startMain(env);
      try {
        await waitFor('every delivery SUCCEEDED', async () => (await db.count(`SELECT COUNT(*) AS n FROM webhook_deliveries WHERE status = 'SUCCEEDED'`)) === RESOURCES);
      } finally {
        await stopMain(again, 'SIGTERM');
      }
      const events = await db.all<{ event_id: string }>(`SELECT event_id FROM events WHERE client_id = ? AND resource_type <> 'CUSTOMER'`, client.clientId);
      expect(events).toHaveLength(RESOURCES);
      for (const { event_id } of events) expect([event_id, seen.get(event_id)]).toEqual([event_id, 2]);
      expect(receiver.received.every((r) => r.verified)).toBe(true);
      // The cut attempts left no row: each delivery has one attempt, the one answered.
      const attempts = await db.all<{ attempt_number: number; response_status: number; error: string | null }>(
        `SELECT a.attempt_number, a.response_status, a.error FROM webhook_attempts a JOIN webhook_deliveries d ON d.delivery_id = a.delivery_id WHERE d.endpoint_id = ?`,
        endpointId,
      );
      expect(attempts).toEqual(Array(RESOURCES).fill({ attempt_number: 1, response_status: 200, error: null }));
    } finally {
      await spawned.close();
    }
  });
});
