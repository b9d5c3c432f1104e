// `npx tsx bench/pg-sqlite-ratio.ts`: REST creates at saturation on this checkout, one server process on
// SQLite and one on PostgreSQL (a schema of its own, BENCH_PG_URL as `npm run bench`), in alternating
// rounds (AB_ROUNDS, default 4; BENCH_SECONDS each), so both see the same machine: the PostgreSQL
// target's ratio (docs/performance.md, REST create on PostgreSQL ≥ 0.6× SQLite) measured side by side,
// where `npm run bench` measures the two parts minutes apart. Beside each rate, the CPU a create cost the
// service process and (PostgreSQL) its backends, as bench/ab-postgres.ts prints it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { CpuSampler } from './cpu.js';
import { analyze, measure, median, provision, scenarios, startService, stop, type Fixture, type Proc } from './harness.js';

const PG_URL = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/test';
const ROUNDS = Number(process.env.AB_ROUNDS ?? 4);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-sqlite-ratio-'));
const admin = new pg.Client({ connectionString: PG_URL });
await admin.connect();
const schema = `ratio_${Date.now()}`;
const procs: Proc[] = [];
type Round = { rps: number; serviceUs: number; postgresUs: number };

async function round(name: string, proc: Proc, f: Fixture): Promise<Round> {
  const cpu = new CpuSampler([proc.proc.pid!]);
  const m = await measure(name, proc.url, f, scenarios.restCreate(f));
  const ours = await admin.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1', [schema]);
  const use = cpu.stop(ours.rows.map((r) => Number(r.pid)));
  const perRequest = (cores: number) => (cores * use.seconds * 1e6) / Math.max(1, m.requests);
  return { rps: m.rps, serviceUs: perRequest(use.services[0]!), postgresUs: f.databaseUrl ? perRequest(use.postgresOurs) : 0 };
}

const summary = (name: string, rs: Round[]) =>
  `${name}: median ${median(rs.map((r) => r.rps)).toFixed(0)}/s [${rs.map((r) => r.rps.toFixed(0)).join(', ')}], ` +
  `service ${median(rs.map((r) => r.serviceUs)).toFixed(0)} µs per create [${rs.map((r) => r.serviceUs.toFixed(0)).join(', ')}]` +
  (rs.some((r) => r.postgresUs > 0) ? `, its PostgreSQL backends ${median(rs.map((r) => r.postgresUs)).toFixed(0)} µs` : '');

try {
  await admin.query(`create schema ${schema}`);
  const u = new URL(PG_URL);
  u.searchParams.set('options', `-c search_path=${schema}`);
  u.searchParams.set('application_name', schema);
  const fs_ = await provision(path.join(dir, 'sqlite.db'));
  const fp = await provision(path.join(dir, 'pg.db'), u.toString());
  const sqlite = await startService(fs_.file, { LOG_LEVEL: 'warn' });
  procs.push(sqlite);
  const postgres = await startService(fp.file, { DATABASE_URL: u.toString(), LOG_LEVEL: 'warn' });
  procs.push(postgres);
  await measure('warm-up SQLite', sqlite.url, fs_, scenarios.restCreate(fs_));
  await measure('warm-up PostgreSQL', postgres.url, fp, scenarios.restCreate(fp));
  await analyze(u.toString());
  const rs: Round[] = [];
  const rp: Round[] = [];
  for (let i = 1; i <= ROUNDS; i++) {
    rs.push(await round(`SQLite round ${i}`, sqlite, fs_));
    rp.push(await round(`PostgreSQL round ${i}`, postgres, fp));
  }
  const rate = (r: Round[]) => median(r.map((x) => x.rps));
  const each = rs.map((s, i) => (rp[i]!.rps / s.rps).toFixed(2)).join(', ');
  console.log(`\n${summary('SQLite', rs)}\n${summary('PostgreSQL', rp)}`);
  console.log(`PostgreSQL / SQLite: ${(rate(rp) / rate(rs)).toFixed(2)} (each round: ${each}; target ≥ 0.6)`);
} finally {
  for (const p of procs) await stop(p);
  await admin.query(`drop schema if exists ${schema} cascade`).catch(() => {});
  await admin.end();
  fs.rmSync(dir, { recursive: true, force: true });
}
