// `npm run bench:streams` (also the last part of `npm run bench`): what open live streams (§17.4) cost a
// service process that does nothing else. On SQLite, then on PostgreSQL (BENCH_PG_URL, default the local
// server's `test` database, a schema of its own dropped afterwards; skipped when it does not answer):
//   - idle: the service process's CPU (utime + stime, % of one core) and RSS (VmRSS) over BENCH_STREAM_SECONDS
//     (default 10) with no stream open, then with BENCH_STREAMS (default 1000) streams open, signed with
//     ?customerId=, spread over BENCH_STREAM_CUSTOMERS (default 100) customers, none of them getting events;
//     the keep-alive (FRONTEND_STREAM_KEEPALIVE_MS) is set to 5 s so that the window holds two rounds of it;
//   - fan-out: one change of each customer while the streams are open; the time from the change's answer to
//     the last of its customer's streams receiving its event (p50 and max over the customers).
// Frontend-session streams add one query per second per process (the sessions' check) and a lease write
// every 2 s; they are not measured here (the bench signs as the partner's backend).
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { openEngine } from '../src/db/engine.js';
import { insertCustomer } from '../src/modules/customers/index.js';
import { signedHeaders } from '../src/http/signature.js';
import { cpuSecondsOf } from './cpu.js';
import { median, provision, startService, stop, type Fixture, type Proc } from './harness.js';
import { onPgSchema, pgAnswers } from './pg-schema.js';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const CUSTOMERS = Number(process.env.BENCH_STREAM_CUSTOMERS ?? 100);
const SECONDS = Number(process.env.BENCH_STREAM_SECONDS ?? 10);
const STREAM_PATH = '/partner/v1/frontend/events/stream';

/** VmRSS of a process, in MiB (Linux). */
function rssMiB(pid: number): number {
  const m = /^VmRSS:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** The service process's CPU over `seconds`, in % of one core. */
async function cpuPercent(pid: number, seconds: number): Promise<number> {
  const c0 = cpuSecondsOf(pid)!;
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  return ((cpuSecondsOf(pid)! - c0) / ((performance.now() - t0) / 1000)) * 100;
}

type Open = { customerId: string; events: string[]; req: http.ClientRequest };

/** One stream, signed; resolves once its head arrived. Each event's resourceId is noted with its arrival time. */
function openStream(url: string, f: Fixture, customerId: string, arrivals: Map<string, number[]>): Promise<Open> {
  const p = `${STREAM_PATH}?customerId=${customerId}`;
  const headers = signedHeaders(f.secret, { method: 'GET', path: p, clientId: f.clientId, idempotencyKey: null, body: '' });
  return new Promise((resolve, reject) => {
    const req = http.get(url + p, { headers, agent: false }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      const open: Open = { customerId, events: [], req };
      let rest = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        rest += chunk;
        for (let at = rest.indexOf('\n\n'); at >= 0; at = rest.indexOf('\n\n')) {
          const data = /^data: (.*)$/m.exec(rest.slice(0, at))?.[1];
          rest = rest.slice(at + 2);
          if (data === undefined) continue;
          const { resourceId } = JSON.parse(data) as { resourceId: string };
          open.events.push(resourceId);
          arrivals.set(resourceId, [...(arrivals.get(resourceId) ?? []), performance.now()]);
        }
      });
      res.on('error', () => undefined);
      resolve(open);
    });
    req.on('error', reject);
  });
}

async function signedPost(url: string, f: Fixture, p: string, payload: unknown): Promise<{ status: number; body: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const body = JSON.stringify(payload);
  const headers = signedHeaders(f.secret, { method: 'POST', path: p, clientId: f.clientId, idempotencyKey: randomUUID(), body });
  const res = await fetch(url + p, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body });
  return { status: res.status, body: await res.json() };
}

/** The customers the streams follow, made straight in the database. */
async function seedCustomers(f: Fixture): Promise<string[]> {
  const engine = await openEngine(f.databaseUrl ? { kind: 'pg', url: f.databaseUrl } : { kind: 'sqlite', file: f.file }, { poolSize: 1 });
  try {
    const now = new Date().toISOString();
    const ids = Array.from({ length: CUSTOMERS }, () => randomUUID());
    await engine.writer.run(async (x) => {
      for (const [i, customerId] of ids.entries())
        await insertCustomer(x, { customerId, clientId: f.clientId, externalRef: `stream-${i}`, type: 'INDIVIDUAL', displayName: null, status: 'ACTIVE', createdAt: now, updatedAt: now });
    });
    return ids;
  } finally {
    await engine.close();
  }
}

type Result = { idleCpuPercent: number; idleRssMiB: number; openCpuPercent: number; openRssMiB: number; openMs: number; fanOutP50Ms: number; fanOutMaxMs: number };

async function run(label: string, f: Fixture, env: Record<string, string>): Promise<Result> {
  const customers = await seedCustomers(f);
  const s: Proc = await startService(f.file, { LOG_LEVEL: 'warn', FRONTEND_STREAM_KEEPALIVE_MS: '5000', ...env });
  const pid = s.proc.pid!;
  const streams: Open[] = [];
  try {
    await new Promise((r) => setTimeout(r, 2000));
    const idleCpuPercent = await cpuPercent(pid, SECONDS);
    const idleRssMiB = rssMiB(pid);
    const arrivals = new Map<string, number[]>();
    const t0 = performance.now();
    for (let i = 0; i < STREAMS; i += 50)
      streams.push(...(await Promise.all(Array.from({ length: Math.min(50, STREAMS - i) }, (_, k) => openStream(s.url, f, customers[(i + k) % CUSTOMERS]!, arrivals)))));
    const openMs = performance.now() - t0;
    await new Promise((r) => setTimeout(r, 2000));
    const openCpuPercent = await cpuPercent(pid, SECONDS);
    const openRssMiB = rssMiB(pid);
    console.log(`streams (${label}): idle ${idleCpuPercent.toFixed(2)}% CPU, ${idleRssMiB.toFixed(0)} MiB RSS; ${STREAMS} streams open (in ${(openMs / 1000).toFixed(1)} s) ${openCpuPercent.toFixed(2)}% CPU, ${openRssMiB.toFixed(0)} MiB RSS (+${((openRssMiB - idleRssMiB) * 1024 / STREAMS).toFixed(1)} KiB per stream)`);

    // Fan-out: one change per customer, one at a time; each reaches every stream of its customer.
    const perCustomer = STREAMS / CUSTOMERS;
    const spans: number[] = [];
    for (const customerId of customers) {
      const r = await signedPost(s.url, f, `/partner/v1/customers/${customerId}/crypto/wallet-beneficiaries`, {
        routeCode: f.routeCode, label: 'Bench', blockchain: 'ETH', walletAddress: `0x${randomBytes(20).toString('hex')}`, isOwner: true, walletType: 'PRIVATE_WALLET', ownerType: 'INDIVIDUAL',
      });
      if (r.status !== 200) throw new Error(`create failed: ${JSON.stringify(r.body)}`);
      const at = performance.now();
      const id = r.body.walletBeneficiaryId as string;
      const end = Date.now() + 10_000;
      while ((arrivals.get(id)?.length ?? 0) < perCustomer) {
        if (Date.now() > end) throw new Error(`event of ${id} reached ${arrivals.get(id)?.length ?? 0} of ${perCustomer} streams`);
        await new Promise((r2) => setTimeout(r2, 2));
      }
      spans.push(Math.max(...arrivals.get(id)!) - at);
    }
    const fanOutP50Ms = median(spans);
    const fanOutMaxMs = Math.max(...spans);
    console.log(`streams (${label}): fan-out of one event to its customer's ${perCustomer} streams: p50 ${fanOutP50Ms.toFixed(0)} ms, max ${fanOutMaxMs.toFixed(0)} ms after the change's answer`);
    return { idleCpuPercent, idleRssMiB, openCpuPercent, openRssMiB, openMs, fanOutP50Ms, fanOutMaxMs };
  } finally {
    for (const st of streams) st.req.destroy();
    await stop(s);
  }
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'partner-bench-streams-'));
  console.log(`bench:streams: ${STREAMS} streams over ${CUSTOMERS} customers, ${SECONDS} s windows, node ${process.version}, ${os.cpus().length} cores`);
  try {
    const summary: Record<string, Result> = { sqlite: await run('SQLite', await provision(path.join(dir, 'streams.db')), {}) };
    if (await pgAnswers())
      summary.pg = await onPgSchema('bench_stream', async (databaseUrl) => run('PostgreSQL', await provision(path.join(dir, 'streams-pg.db'), databaseUrl), { DATABASE_URL: databaseUrl }));
    console.log(JSON.stringify({ at: new Date().toISOString(), summary }, null, 2));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
