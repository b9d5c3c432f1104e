// test: PostgreSQL only — several processes on one PostgreSQL database
// §17 with two server processes (`npm start`) on one PostgreSQL database. §17.4: changes are written
// through both, at once; a stream on one of them sends every event of its customer once, in feed order,
// and, dropped and resumed with Last-Event-ID on the other process, goes on with nothing lost or repeated
// (how soon an event arrives is measured by `npm run bench:streams`, not asserted here). §17.1: a session
// created and revoked through one process is refused by the other, and its stream there ends. Runs with
// `npm run test:pg`.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createRoute } from '../../../src/cli/operators.js';
import { SecretBox } from '../../../src/core/secret-box.js';
import { openEngine } from '../../../src/db/engine.js';
import { insertCustomer } from '../../../src/modules/customers/repository.js';
import { addOrigin } from '../../../src/modules/frontend/index.js';
import { beneficiaryBody } from '../../helpers/harness.js';
import { createPgSchema, type PgSchema } from '../../helpers/pg.js';
import { processKit, signedSend, type Spawned } from '../../helpers/processes.js';
import { feedFrames, openBrowserStream, openStream, STREAM_PATH, type SseStream } from '../../helpers/sse.js';

const kit = processKit({ tempPrefix: 'partner-stream-xproc-', unset: ['NODE_ENV', 'PARTNER_SANDBOX', 'PORT', 'HOST', 'DATABASE_URL', 'LOG_LEVEL', 'PARTNER_SECRET_KEY'] });
const routeCode = 'USDT-ETH';
/** Changes per process in each phase. */
const CHANGES = 12;
const ORIGIN = 'https://app.example.com';

let schema: PgSchema;
let servers: Spawned[] = [];
let client: { clientId: string; secret: string };
let customerId: string;
let neighbour: string;
const streams: SseStream[] = [];

beforeAll(async () => {
  schema = await createPgSchema('streamxproc');
  const engine = await openEngine({ kind: 'pg', url: schema.url }, { poolSize: 1 });
  try {
    client = await createClient(engine, SecretBox.development(), { name: 'Two processes' });
    await createRoute(engine, { code: routeCode, clientId: client.clientId, blockchain: 'ETH', currency: 'USDT', scale: 6, minMinor: '1', maxMinor: '1000000000000', feeMinor: '7' });
    const now = new Date().toISOString();
    [customerId, neighbour] = [randomUUID(), randomUUID()];
    for (const [id, ref] of [[customerId, 'streamed'], [neighbour, 'neighbour']] as const)
      await engine.writer.run((x) => insertCustomer(x, { customerId: id, clientId: client.clientId, externalRef: ref, type: 'INDIVIDUAL', displayName: null, status: 'ACTIVE', createdAt: now, updatedAt: now }));
    await engine.writer.run((x) => addOrigin(x, client.clientId, ORIGIN, now));
  } finally {
    await engine.close();
  }
  // The default poll (250 ms): the 1 s bound is measured as configured.
  const env = { DATABASE_URL: schema.url, LOG_LEVEL: 'warn', RATE_LIMIT_RPS: '100000', RATE_LIMIT_BURST: '100000', FRONTEND_SESSION_RATE_PER_SECOND: '1000' };
  servers = await Promise.all([kit.startMain(env), kit.startMain(env)]);
}, 60_000);

afterAll(async () => {
  for (const st of streams) await st.drop();
  for (const s of servers) await kit.stopMain(s);
  await schema?.drop();
});

/** A request as a browser page with the session sends it: bearer token and Origin, unsigned. */
async function asBrowser(server: Spawned, token: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, origin: ORIGIN };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(server.url + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** A wallet beneficiary of `customer` created through `server`: its id, and when its commit was answered. */
async function change(server: Spawned, customer: string): Promise<{ id: string; at: number }> {
  const r = await signedSend(server, client, 'POST', `/partner/v1/customers/${customer}/crypto/wallet-beneficiaries`, beneficiaryBody(routeCode, `0x${randomBytes(20).toString('hex')}`));
  expect(r.status).toBe(200);
  return { id: r.body.walletBeneficiaryId as string, at: performance.now() };
}

/** CHANGES changes through each process at once, the neighbour's interleaved. */
async function changesThroughBoth(): Promise<{ id: string; at: number }[]> {
  const done: { id: string; at: number }[] = [];
  await Promise.all(
    servers.map(async (server) => {
      for (let i = 0; i < CHANGES; i++) {
        done.push(await change(server, customerId));
        if (i % 3 === 0) await change(server, neighbour);
      }
    }),
  );
  return done;
}

const feed = (after?: string) => feedFrames((p) => signedSend(servers[0]!, client, 'GET', p), customerId, after);

describe('the live stream across two server processes on one PostgreSQL (§17.4)', () => {
  it('every event once, in feed order; resumed on the other process after a drop', async () => {
    const start = (await feed()).at(-1)?.id;
    const first = await openStream(servers[0]!, client, `${STREAM_PATH}?customerId=${customerId}${start ? `&after=${start}` : ''}`);
    streams.push(first);
    const made = await changesThroughBoth();
    const phase1 = await feed(start);
    expect(phase1.length).toBeGreaterThanOrEqual(2 * CHANGES);
    await first.untilEvents(phase1.length, 10_000);
    expect(first.events).toEqual(phase1);
    // Whichever process committed it.
    for (const m of made) expect(first.frames.some((f) => f.data !== undefined && JSON.parse(f.data).resourceId === m.id)).toBe(true);

    // Dropped while changes go on; resumed on the other process with the last id it got.
    const writing = changesThroughBoth();
    await first.untilEvents(phase1.length + 3, 10_000);
    await first.drop();
    const last = first.events.at(-1)!.id!;
    await writing;
    const second = await openStream(servers[1]!, client, `${STREAM_PATH}?customerId=${customerId}`, { 'last-event-id': last });
    streams.push(second);
    await changesThroughBoth();
    const all = await feed(start);
    await second.untilEvents(all.length - first.events.length, 10_000);
    expect([...first.events, ...second.events]).toEqual(all);
  });

  it('a session created and revoked through one process is refused by the other, and its stream there ends (§17.1)', async () => {
    const created = await signedSend(servers[0]!, client, 'POST', `/partner/v1/customers/${customerId}/frontend-sessions`, { origin: ORIGIN });
    expect(created.status).toBe(200);
    const { sessionId, token } = created.body as { sessionId: string; token: string };
    const read = () => asBrowser(servers[1]!, token, 'GET', `/partner/v1/customers/${customerId}`);
    const before = await read();
    expect([before.status, before.body.customerId]).toEqual([200, customerId]);
    const stream = await openBrowserStream(servers[1]!, { token, origin: ORIGIN }, STREAM_PATH);
    streams.push(stream);
    const revoked = await signedSend(servers[0]!, client, 'POST', `/partner/v1/frontend-sessions/${sessionId}/revocation`);
    expect([revoked.status, typeof revoked.body.revokedAt]).toEqual([200, 'string']);
    // The other process: its session cache outlives no revocation by more than 1 s.
    await stream.until((x) => x.ended, 10_000);
    expect(stream.events.at(-1)).toEqual({ event: 'session_ended', data: '{"reason":"revoked"}' });
    // Asked until the other process's cache lets go of the row (≤ 500 ms there; 5 s here for a loaded machine).
    const until = performance.now() + 5_000;
    let after = await read();
    while (after.status === 200 && performance.now() < until) {
      await new Promise((r) => setTimeout(r, 25));
      after = await read();
    }
    expect([after.status, after.body.code]).toEqual([401, 'AUTH_SESSION_INVALID']);
  });
});
