// `npx tsx bench/ab-postgres.ts`: REST creates at saturation on PostgreSQL, this checkout (B) against
// another (A, AB_BASE_ROOT, e.g. `git worktree add /tmp/base <commit>` with node_modules beside it), one
// server process each on a schema of its own, in alternating rounds (AB_ROUNDS, default 4; BENCH_SECONDS
// each), so both see the same machine. BENCH_PG_URL as `npm run bench`. Beside each rate, what a create
// cost in CPU (bench/cpu.ts): the service process's, and that of its PostgreSQL backends (found by the
// application_name each side's URL sets), in µs per request: on a machine shared with other work these
// move far less than the rates do.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { CpuSampler } from './cpu.js';
import { analyze, measure, median, provision, scenarios, startService, stop, type Fixture, type Proc } from './harness.js';

const PG_URL = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/test';
const BASE = process.env.AB_BASE_ROOT;
/** B: this checkout, or AB_B_ROOT (another checkout, to measure one step against the one before it). */
const B_ROOT = process.env.AB_B_ROOT;
const ROUNDS = Number(process.env.AB_ROUNDS ?? 4);
if (!BASE) throw new Error('AB_BASE_ROOT: the checkout to compare with');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ab-postgres-'));
const admin = new pg.Client({ connectionString: PG_URL });
await admin.connect();
const procs: Proc[] = [];
const schemas: string[] = [];
async function schemaUrl(name: string): Promise<string> {
  const schema = `ab_${name}_${Date.now()}`;
  schemas.push(schema);
  await admin.query(`create schema ${schema}`);
  const u = new URL(PG_URL);
  u.searchParams.set('options', `-c search_path=${schema}`);
  u.searchParams.set('application_name', schema);
  return u.toString();
}

type Round = { rps: number; serviceUs: number; postgresUs: number };

/** One measurement of `proc`, with the CPU its process and its PostgreSQL backends spent per request. */
async function round(name: string, proc: Proc, f: Fixture, schema: string): Promise<Round> {
  const cpu = new CpuSampler([proc.proc.pid!]);
  const m = await measure(name, proc.url, f, scenarios.restCreate(f));
  const ours = await admin.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1', [schema]);
  const use = cpu.stop(ours.rows.map((r) => Number(r.pid)));
  const perRequest = (cores: number) => (cores * use.seconds * 1e6) / Math.max(1, m.requests);
  const r = { rps: m.rps, serviceUs: perRequest(use.services[0]!), postgresUs: perRequest(use.postgresOurs) };
  console.log(`${''.padEnd(34)} CPU per create: service ${r.serviceUs.toFixed(0)} µs, its PostgreSQL backends ${r.postgresUs.toFixed(0)} µs`);
  return r;
}

const summary = (name: string, rs: Round[]) =>
  `${name} median ${median(rs.map((r) => r.rps)).toFixed(0)}/s [${rs.map((r) => r.rps.toFixed(0)).join(', ')}], ` +
  `service ${median(rs.map((r) => r.serviceUs)).toFixed(0)} µs [${rs.map((r) => r.serviceUs.toFixed(0)).join(', ')}], ` +
  `PostgreSQL ${median(rs.map((r) => r.postgresUs)).toFixed(0)} µs per create`;
try {
  const urlA = await schemaUrl('a');
  const urlB = await schemaUrl('b');
  // Provisioned by this checkout's code: the base's migrations must be a prefix of these.
  const fa = await provision(path.join(dir, 'a.db'), urlA);
  const fb = await provision(path.join(dir, 'b.db'), urlB);
  const a = await startService(fa.file, { DATABASE_URL: urlA, LOG_LEVEL: 'warn' }, [], BASE);
  procs.push(a);
  const b = await startService(fb.file, { DATABASE_URL: urlB, LOG_LEVEL: 'warn' }, [], B_ROOT);
  procs.push(b);
  await measure('warm-up A', a.url, fa, scenarios.restCreate(fa));
  await measure('warm-up B', b.url, fb, scenarios.restCreate(fb));
  await analyze(urlA);
  await analyze(urlB);
  const ra: Round[] = [];
  const rb: Round[] = [];
  for (let i = 1; i <= ROUNDS; i++) {
    ra.push(await round(`A (${BASE}) round ${i}`, a, fa, schemas[0]!));
    rb.push(await round(`B (${B_ROOT ?? 'this checkout'}) round ${i}`, b, fb, schemas[1]!));
  }
  const rate = (rs: Round[]) => median(rs.map((r) => r.rps));
  const us = (rs: Round[]) => median(rs.map((r) => r.serviceUs));
  console.log(`\n${summary('A', ra)}\n${summary('B', rb)}`);
  console.log(`B/A: rate ${(rate(rb) / rate(ra)).toFixed(2)}, service CPU per create ${(us(rb) / us(ra)).toFixed(2)}`);
} finally {
  for (const p of procs) await stop(p);
  for (const s of schemas) await admin.query(`drop schema ${s} cascade`).catch(() => {});
  await admin.end();
  fs.rmSync(dir, { recursive: true, force: true });
}
