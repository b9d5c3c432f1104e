// `npx tsx bench/ab-postgres.ts`: REST creates at saturation on PostgreSQL, this checkout (B) against
// another (A, AB_BASE_ROOT, e.g. `git worktree add /tmp/base <commit>` with node_modules beside it), one
// server process each on a schema of its own, in alternating rounds (AB_ROUNDS, default 4; BENCH_SECONDS
// each), so both see the same machine. BENCH_PG_URL as `npm run bench`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { measure, median, provision, scenarios, startService, stop, type Proc } from './harness.js';

const PG_URL = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/test';
const BASE = process.env.AB_BASE_ROOT;
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
  return u.toString();
}
try {
  const urlA = await schemaUrl('a');
  const urlB = await schemaUrl('b');
  // Provisioned by this checkout's code: the base's migrations must be a prefix of these.
  const fa = await provision(path.join(dir, 'a.db'), urlA);
  const fb = await provision(path.join(dir, 'b.db'), urlB);
  const a = await startService(fa.file, { DATABASE_URL: urlA, LOG_LEVEL: 'warn' }, [], BASE);
  procs.push(a);
  const b = await startService(fb.file, { DATABASE_URL: urlB, LOG_LEVEL: 'warn' });
  procs.push(b);
  await measure('warm-up A', a.url, fa, scenarios.restCreate(fa));
  await measure('warm-up B', b.url, fb, scenarios.restCreate(fb));
  const ra: number[] = [];
  const rb: number[] = [];
  for (let i = 1; i <= ROUNDS; i++) {
    ra.push((await measure(`A (${BASE}) round ${i}`, a.url, fa, scenarios.restCreate(fa))).rps);
    rb.push((await measure(`B (this checkout) round ${i}`, b.url, fb, scenarios.restCreate(fb))).rps);
  }
  console.log(`\nA median ${median(ra).toFixed(0)}/s [${ra.map((r) => r.toFixed(0)).join(', ')}]; B median ${median(rb).toFixed(0)}/s [${rb.map((r) => r.toFixed(0)).join(', ')}]; B/A ${(median(rb) / median(ra)).toFixed(2)}`);
} finally {
  for (const p of procs) await stop(p);
  for (const s of schemas) await admin.query(`drop schema ${s} cascade`).catch(() => {});
  await admin.end();
  fs.rmSync(dir, { recursive: true, force: true });
}
