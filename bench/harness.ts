// Shared by the benchmarks (bench/run.ts, bench/latency.ts): fixtures, the service and floor processes,
// the signed request scenarios, and the two load shapes (autocannon at saturation, paced at a rate).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { createClient, createRoute } from '../src/cli/operators.js';
import { openEngine } from '../src/db/engine.js';
import { runUpgrades } from '../src/upgrades/index.js';
import { insertCustomer } from '../src/modules/customers/index.js';
import { SecretBox } from '../src/core/secret-box.js';
import { signedHeaders } from '../src/http/signature.js';
import { pacedLoad } from './paced.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** A p99 of a few thousand requests swings with the machine more than a rate does: more rounds. */
export const LATENCY_ROUNDS = Number(process.env.BENCH_LATENCY_ROUNDS ?? 5);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
export const SEED_ROWS = Number(process.env.BENCH_SEED_ROWS ?? 1_000_000);

/** `file`: the SQLite database, or (PostgreSQL, `databaseUrl` set) where the service's log goes. */
export type Fixture = { file: string; databaseUrl?: string; clientId: string; secret: string; customerId: string; routeCode: string };

export async function provision(file: string, databaseUrl?: string): Promise<Fixture> {
  const engine = await openEngine(databaseUrl ? { kind: 'pg', url: databaseUrl } : { kind: 'sqlite', file }, { poolSize: 1 });
  try {
    // §10.11 marks a new database as upgraded at the service's first start; rows seeded straight into it
    // before then would be taken for the previous release's and converted. Mark it now, while it is empty.
    await runUpgrades(engine, { clock: () => new Date(), sandboxStepDelayMs: 0 });
    const { clientId, secret } = await createClient(engine, SecretBox.development(), { name: 'Bench', clientId: 'bench' });
    await createRoute(engine, { code: 'USDT-ETH', clientId, blockchain: 'ETH', currency: 'USDT', scale: 6, minMinor: '1', maxMinor: '1000000000000', feeMinor: '100' });
    const now = new Date().toISOString();
    const customer = await engine.writer.run((tx) =>
      insertCustomer(tx, { customerId: randomUUID(), clientId, externalRef: 'bench-1', type: 'INDIVIDUAL', displayName: null, status: 'ACTIVE', createdAt: now, updatedAt: now }),
    );
    return { file, databaseUrl, clientId, secret, customerId: customer.customerId, routeCode: 'USDT-ETH' };
  } finally {
    await engine.close();
  }
}

export type Proc = { proc: ChildProcess; url: string; exited: Promise<void> };

/**
 * Starts a process and waits for the line that tells where it listens. Its stdout (for the service, the
 * request log) goes to `logFile`, not through a pipe: reading a log line per request in the load
 * generator's own event loop would cost the generator CPU, which on shared cores counts as latency.
 */
function startProcess(args: string[], env: Record<string, string>, ready: RegExp, logFile: string, cwd = ROOT): Promise<Proc> {
  const out = fs.openSync(logFile, 'a');
  // A restarted service appends to its log: only what this process writes (from this byte on) can say
  // where it listens.
  const from = fs.fstatSync(out).size;
  const written = () => fs.readFileSync(logFile).subarray(from).toString('utf8');
  const proc = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', out, 'inherit'] });
  fs.closeSync(out);
  // Taken at spawn: a process stopped twice (or by a signal: exitCode stays null) still resolves.
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const poll = setInterval(() => {
      const m = ready.exec(written());
      if (m) {
        clearInterval(poll);
        proc.off('exit', early);
        resolve({ proc, url: m[1]!, exited });
      }
    }, 20);
    const early = (code: number | null) => {
      clearInterval(poll);
      reject(new Error(`process exited ${code} before listening:\n${written()}`));
    };
    proc.once('exit', early);
  });
}

/** The request log of the service on database `file`. */
export const logFileOf = (file: string) => `${file}.log`;

/** `root`: the checkout whose src/main.ts runs (another commit's worktree, for an A/B of two versions). */
export function startService(file: string, env: Record<string, string> = {}, nodeArgs: string[] = [], root = ROOT): Promise<Proc> {
  // BENCH_CPU_PROF=<dir>: write a V8 CPU profile of each service process there (open in Chrome DevTools).
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  return startProcess(
    [...prof, ...nodeArgs, '--import', 'tsx', 'src/main.ts'],
    { PORT: '0', DATABASE_URL: `file:${file}`, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info', RATE_LIMIT_RPS: '1000000000', RATE_LIMIT_BURST: '1000000000', NODE_ENV: '', ...env },
    /Partner API listening on (http:\/\/\S+)/,
    logFileOf(file),
    root,
  );
}

/** `sync`: FULL, the durable floor (one fsync per request); NORMAL, the same work without the fsync. */
export function startFloor(file: string, secret: string, sync: 'FULL' | 'NORMAL' = 'FULL'): Promise<Proc> {
  return startProcess(
    ['--import', 'tsx', 'bench/floor-server.ts'],
    { FLOOR_DB: file, FLOOR_SECRET: secret, FLOOR_SYNC: sync },
    /floor \(synchronous=\w+\) listening on (http:\/\/\S+)/,
    logFileOf(file),
  );
}

/** The PostgreSQL floor (bench/floor-server-pg.ts) on the schema `databaseUrl` names, as provisioned for the service. */
export function startPgFloor(databaseUrl: string, secret: string, logFile: string, pool?: number): Promise<Proc> {
  return startProcess(
    ['--import', 'tsx', 'bench/floor-server-pg.ts'],
    { FLOOR_PG_URL: databaseUrl, FLOOR_SECRET: secret, ...(pool ? { FLOOR_POOL: String(pool) } : {}) },
    /floor \(PostgreSQL\) listening on (http:\/\/\S+)/,
    logFile,
  );
}

export function stop(p: Proc): Promise<void> {
  if (p.proc.exitCode === null && p.proc.signalCode === null) p.proc.kill('SIGTERM');
  return p.exited;
}

let counter = 0;
const uniqueAddress = () => `0x${(++counter).toString(16).padStart(8, '0')}${randomBytes(16).toString('hex')}`;

export type Make = () => { method: string; path: string; body: string; key: string | null };

function beneficiaryBody(f: Fixture): string {
  return JSON.stringify({
    routeCode: f.routeCode, label: 'Bench wallet', blockchain: 'ETH', walletAddress: uniqueAddress(), isOwner: true, walletType: 'PRIVATE_WALLET', ownerType: 'INDIVIDUAL',
  });
}

export const scenarios = {
  restCreate: (f: Fixture): Make => () => ({ method: 'POST', path: `/partner/v1/customers/${f.customerId}/crypto/wallet-beneficiaries`, body: beneficiaryBody(f), key: randomUUID() }),
  graphqlCreate: (f: Fixture): Make => () => ({
    method: 'POST',
    path: '/graphql',
    body: JSON.stringify({
      query: 'mutation($c: UUID!, $i: CreateCryptoWalletBeneficiaryInput!) { createCryptoWalletBeneficiary(customerId: $c, input: $i) { walletBeneficiaryId beneficiaryStatus } }',
      variables: { c: f.customerId, i: JSON.parse(beneficiaryBody(f)) },
    }),
    key: randomUUID(),
  }),
  replay: (f: Fixture, key: string, body: string): Make => () => ({ method: 'POST', path: `/partner/v1/customers/${f.customerId}/crypto/wallet-beneficiaries`, body, key }),
  queryById: (id: string): Make => () => ({
    method: 'POST',
    path: '/graphql',
    body: JSON.stringify({ query: 'query($id: UUID!) { cryptoWalletBeneficiary(walletBeneficiaryId: $id) { walletBeneficiaryId label walletAddress beneficiaryStatus } }', variables: { id } }),
    key: null,
  }),
  floorCreate: (f: Fixture): Make => () => ({ method: 'POST', path: `/partner/v1/customers/${f.customerId}/crypto/wallet-beneficiaries`, body: beneficiaryBody(f), key: randomUUID() }),
};

export type Measure = { name: string; rps: number; p50: number; p99: number; non2xx: number; errors: number; requests: number };

export async function measure(name: string, url: string, f: Fixture, make: Make, opts: { overallRate?: number; connections?: number; quiet?: boolean } = {}): Promise<Measure> {
  const result = await autocannon({
    url,
    connections: opts.connections ?? CONNECTIONS,
    duration: SECONDS,
    overallRate: opts.overallRate,
    requests: [
      {
        setupRequest: (req) => {
          const r = make();
          const headers = signedHeaders(f.secret, { method: r.method, path: r.path, clientId: f.clientId, idempotencyKey: r.key, body: r.body });
          return { ...req, method: r.method as 'POST', path: r.path, body: r.body, headers: { ...headers, 'content-type': 'application/json' } };
        },
      },
    ],
  });
  const m: Measure = {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    requests: result.requests.total,
  };
  if (!opts.quiet) console.log(`${name.padEnd(34)} ${m.rps.toFixed(0).padStart(7)} req/s  p50 ${String(m.p50).padStart(4)} ms  p99 ${String(m.p99).padStart(4)} ms  non-2xx ${m.non2xx}  errors ${m.errors}`);
  return m;
}

/**
 * One load spread over several processes of one service (the same database): the connections split
 * evenly, each process driven by a generator of its own at once; rates add up, the p99 is the worst.
 */
export async function measureSpread(name: string, urls: string[], f: Fixture, make: Make, opts: { quiet?: boolean } = {}): Promise<Measure> {
  const parts = await Promise.all(urls.map((url) => measure(name, url, f, make, { connections: Math.max(1, Math.round(CONNECTIONS / urls.length)), quiet: true })));
  const m: Measure = {
    name,
    rps: parts.reduce((sum, p) => sum + p.rps, 0),
    p50: Math.max(...parts.map((p) => p.p50)),
    p99: Math.max(...parts.map((p) => p.p99)),
    non2xx: parts.reduce((sum, p) => sum + p.non2xx, 0),
    errors: parts.reduce((sum, p) => sum + p.errors, 0),
    requests: parts.reduce((sum, p) => sum + p.requests, 0),
  };
  if (!opts.quiet) console.log(`${name.padEnd(34)} ${m.rps.toFixed(0).padStart(7)} req/s  p50 ${String(m.p50).padStart(4)} ms  p99 ${String(m.p99).padStart(4)} ms  non-2xx ${m.non2xx}  errors ${m.errors}`);
  return m;
}

/** Latency at a fixed rate, requests evenly spaced (bench/paced.ts). */
export async function paced(name: string, url: string, f: Fixture, make: Make, rate: number): Promise<Measure> {
  const next = () => {
    const m = make();
    const headers = signedHeaders(f.secret, { method: m.method, path: m.path, clientId: f.clientId, idempotencyKey: m.key, body: m.body });
    return { method: m.method, path: m.path, body: m.body, headers: { ...headers, 'content-type': 'application/json' } };
  };
  // Two seconds at the rate first, not measured, on the same connections without a break: the latency
  // at a rate is its steady state, not the catching up after the saturation run before it.
  const r = await pacedLoad(url, 2, SECONDS, Math.max(1, Math.floor(rate)), next);
  const m: Measure = { name, rps: r.ok / SECONDS, p50: r.p50, p99: r.p99, non2xx: r.non2xx, errors: r.errors, requests: r.sent };
  console.log(`${name.padEnd(34)} ${m.rps.toFixed(0).padStart(7)} req/s  p50 ${String(m.p50).padStart(4)} ms  p99 ${String(m.p99).padStart(4)} ms  non-2xx ${m.non2xx}  errors ${m.errors}  (paced at ${r.rate}/s, max ${r.max} ms)`);
  return m;
}

export async function signedPost(url: string, f: Fixture, r: ReturnType<Make>): Promise<{ status: number; body: string }> {
  const headers = signedHeaders(f.secret, { method: 'POST', path: r.path, clientId: f.clientId, idempotencyKey: r.key, body: r.body });
  const res = await fetch(url + r.path, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: r.body });
  return { status: res.status, body: await res.text() };
}

/**
 * PostgreSQL: the statistics autovacuum keeps in a running deployment, taken now. A benchmark's schema is
 * new and its runs are seconds long, shorter than autovacuum's nap (a minute), so its tables would be
 * measured never analyzed: a connection's cached plans are made for empty tables and kept until an
 * ANALYZE invalidates them, and on an empty table the customer index and the partial unique index tie
 * for the duplicate-address check (the first scans all of a customer's beneficiaries). Run after the
 * warm-up and after seeding, as autovacuum would once a table has grown by a tenth.
 */
export async function analyze(databaseUrl: string): Promise<void> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const tables = await c.query<{ name: string }>("select quote_ident(tablename) as name from pg_tables where schemaname = current_schema()");
    for (const t of tables.rows) await c.query(`analyze ${t.name}`);
  } finally {
    await c.end();
  }
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
