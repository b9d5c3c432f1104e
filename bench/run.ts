// `npm run bench` (issue #3 items 9–11): signed load with autocannon against the real server in its own
// process, side by side with the floor (bench/floor-server.ts), measured alternately in one run.
// Knobs: BENCH_SECONDS (per measurement, default 5), BENCH_ROUNDS (3), BENCH_CONNECTIONS (32),
// BENCH_SEED_ROWS (1000000; 0 skips the large-database comparison), BENCH_CPU_PROF (a folder for CPU profiles).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { openDatabase } from '../src/db/open.js';
import { insertCustomer } from '../src/db/records-repository.js';
import { createClient, createRoute } from '../src/domain/operators.js';
import { SecretBox } from '../src/domain/secret-box.js';
import { signedHeaders } from '../src/http/signature.js';
import { pacedLoad } from './paced.js';
import { seedRows } from './seed.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SEED_ROWS = Number(process.env.BENCH_SEED_ROWS ?? 1_000_000);

type Fixture = { file: string; clientId: string; secret: string; customerId: string; routeCode: string };

function provision(file: string): Fixture {
  const h = openDatabase(file);
  try {
    const { clientId, secret } = createClient(h.db, SecretBox.development(), { name: 'Bench', clientId: 'bench' });
    createRoute(h.db, { code: 'USDT-ETH', clientId, blockchain: 'ETH', currency: 'USDT', scale: 6, minMinor: '1', maxMinor: '1000000000000', feeMinor: '100' });
    const now = new Date().toISOString();
    const customer = insertCustomer(h.db, {
      customerId: randomUUID(), clientId, externalRef: 'bench-1', type: 'INDIVIDUAL', displayName: null, status: 'ACTIVE', createdAt: now, updatedAt: now,
    });
    return { file, clientId, secret, customerId: customer.customerId, routeCode: 'USDT-ETH' };
  } finally {
    h.close();
  }
}

type Proc = { proc: ChildProcess; url: string; exited: Promise<void> };

function startProcess(args: string[], env: Record<string, string>, ready: RegExp): Promise<Proc> {
  const proc = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  // Taken at spawn: a process stopped twice (or by a signal: exitCode stays null) still resolves.
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = ready.exec(out);
      if (m) {
        proc.stdout!.off('data', onData);
        proc.stdout!.resume(); // keep draining the request log
        resolve({ proc, url: m[1]!, exited });
      }
    };
    proc.stdout!.on('data', onData);
    proc.once('exit', (code) => reject(new Error(`process exited ${code} before listening:\n${out}`)));
  });
}

function startService(file: string, env: Record<string, string> = {}): Promise<Proc> {
  // BENCH_CPU_PROF=<dir>: write a V8 CPU profile of each service process there (open in Chrome DevTools).
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  return startProcess(
    [...prof, '--import', 'tsx', 'src/main.ts'],
    { PORT: '0', DATABASE_URL: `file:${file}`, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info', RATE_LIMIT_RPS: '1000000000', RATE_LIMIT_BURST: '1000000000', NODE_ENV: '', ...env },
    /Partner API listening on (http:\/\/\S+)/,
  );
}

function startFloor(file: string, secret: string): Promise<Proc> {
  return startProcess(['--import', 'tsx', 'bench/floor-server.ts'], { FLOOR_DB: file, FLOOR_SECRET: secret }, /floor listening on (http:\/\/\S+)/);
}

function stop(p: Proc): Promise<void> {
  if (p.proc.exitCode === null && p.proc.signalCode === null) p.proc.kill('SIGTERM');
  return p.exited;
}

let counter = 0;
const uniqueAddress = () => `0x${(++counter).toString(16).padStart(8, '0')}${randomBytes(16).toString('hex')}`;

type Make = () => { method: string; path: string; body: string; key: string | null };

function beneficiaryBody(f: Fixture): string {
  return JSON.stringify({
    routeCode: f.routeCode, label: 'Bench wallet', blockchain: 'ETH', walletAddress: uniqueAddress(), isOwner: true, walletType: 'PRIVATE_WALLET', ownerType: 'INDIVIDUAL',
  });
}

const scenarios = {
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

type Measure = { name: string; rps: number; p50: number; p99: number; non2xx: number; errors: number; requests: number };

async function measure(name: string, url: string, f: Fixture, make: Make, opts: { overallRate?: number } = {}): Promise<Measure> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
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
  console.log(`${name.padEnd(34)} ${m.rps.toFixed(0).padStart(7)} req/s  p50 ${String(m.p50).padStart(4)} ms  p99 ${String(m.p99).padStart(4)} ms  non-2xx ${m.non2xx}  errors ${m.errors}`);
  return m;
}

/** Latency at a fixed rate, requests evenly spaced (bench/paced.ts). */
async function paced(name: string, url: string, f: Fixture, make: Make, rate: number): Promise<Measure> {
  const next = () => {
    const m = make();
    const headers = signedHeaders(f.secret, { method: m.method, path: m.path, clientId: f.clientId, idempotencyKey: m.key, body: m.body });
    return { method: m.method, path: m.path, body: m.body, headers: { ...headers, 'content-type': 'application/json' } };
  };
  // Two seconds at the rate first, not measured: the latency at a rate is its steady state, not the
  // catching up after the saturation run before it (connections opening, the WAL being checkpointed).
  await pacedLoad(url, 2, Math.max(1, Math.floor(rate)), next);
  const r = await pacedLoad(url, SECONDS, Math.max(1, Math.floor(rate)), next);
  const m: Measure = { name, rps: r.ok / SECONDS, p50: r.p50, p99: r.p99, non2xx: r.non2xx, errors: r.errors, requests: r.sent };
  console.log(`${name.padEnd(34)} ${m.rps.toFixed(0).padStart(7)} req/s  p50 ${String(m.p50).padStart(4)} ms  p99 ${String(m.p99).padStart(4)} ms  non-2xx ${m.non2xx}  errors ${m.errors}  (paced at ${r.rate}/s, max ${r.max} ms)`);
  return m;
}

async function signedPost(url: string, f: Fixture, r: ReturnType<Make>): Promise<{ status: number; body: string }> {
  const headers = signedHeaders(f.secret, { method: 'POST', path: r.path, clientId: f.clientId, idempotencyKey: r.key, body: r.body });
  const res = await fetch(url + r.path, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: r.body });
  return { status: res.status, body: await res.text() };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'partner-bench-'));
  console.log(`bench: ${SECONDS} s per measurement, ${ROUNDS} rounds, ${CONNECTIONS} connections, node ${process.version}, ${os.cpus().length} cores; state in ${dir}`);
  const fixture = provision(path.join(dir, 'service.db'));
  const floorFixture = { ...fixture, file: path.join(dir, 'floor.db') };
  const service = await startService(fixture.file);
  const floor = await startFloor(floorFixture.file, fixture.secret);
  const results: Measure[] = [];
  try {
    // Warm-up: JIT, caches, the first WAL pages.
    await measure('warm-up service', service.url, fixture, scenarios.restCreate(fixture));
    await measure('warm-up floor', floor.url, floorFixture, scenarios.floorCreate(floorFixture));

    const floorRates: number[] = [];
    const restRates: number[] = [];
    const gqlRates: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      floorRates.push((await measure(`floor create (round ${round})`, floor.url, floorFixture, scenarios.floorCreate(floorFixture))).rps);
      const rest = await measure(`REST create (round ${round})`, service.url, fixture, scenarios.restCreate(fixture));
      const gql = await measure(`GraphQL create (round ${round})`, service.url, fixture, scenarios.graphqlCreate(fixture));
      restRates.push(rest.rps);
      gqlRates.push(gql.rps);
      results.push(rest, gql);
    }
    const first = scenarios.restCreate(fixture)();
    const created = await signedPost(service.url, fixture, first);
    if (created.status !== 200) throw new Error(`seed create failed: ${created.body}`);
    const replay = await measure('REST idempotent replay', service.url, fixture, scenarios.replay(fixture, first.key!, first.body));
    const query = await measure('GraphQL query by id', service.url, fixture, scenarios.queryById(JSON.parse(created.body).walletBeneficiaryId));
    results.push(replay, query);

    const restSat = median(restRates);
    const gqlSat = median(gqlRates);
    // The floor at the same paced rate: what the machine and the load generator add to the latency.
    // One p99 of a few thousand requests swings with the machine; like the rates, it is measured in
    // ROUNDS alternating rounds and the median is reported, every round listed.
    const halfP99 = { floor: [] as number[], rest: [] as number[], graphql: [] as number[] };
    // The order rotates each round: whichever runs right after the floor inherits the disk writeback of
    // its synchronous commits.
    const halfRuns: { key: keyof typeof halfP99; run: (round: number) => Promise<Measure> }[] = [
      { key: 'floor', run: (r) => paced(`floor create at the same rate (round ${r})`, floor.url, floorFixture, scenarios.floorCreate(floorFixture), restSat / 2) },
      { key: 'rest', run: (r) => paced(`REST create at half saturation (round ${r})`, service.url, fixture, scenarios.restCreate(fixture), restSat / 2) },
      { key: 'graphql', run: (r) => paced(`GraphQL create at half saturation (round ${r})`, service.url, fixture, scenarios.graphqlCreate(fixture), gqlSat / 2) },
    ];
    for (let round = 1; round <= ROUNDS; round++) {
      for (let i = 0; i < halfRuns.length; i++) {
        const { key, run } = halfRuns[(i + round - 1) % halfRuns.length]!;
        const m = await run(round);
        results.push(m);
        halfP99[key].push(m.p99);
      }
    }

    // The same replays with the replay cache off: what a retry costs through the whole GraphQL path
    // (a retry in other bytes, or the first retry after a restart).
    await stop(service);
    const uncached = await startService(fixture.file, { REPLAY_CACHE_ENTRIES: '0' });
    let replayFull: Measure;
    try {
      replayFull = await measure('REST replay, cache off', uncached.url, fixture, scenarios.replay(fixture, first.key!, first.body));
    } finally {
      await stop(uncached);
    }
    results.push(replayFull);

    let large: { rows: number; rps: number; emptyRps: number } | undefined;
    if (SEED_ROWS > 0) {
      const bigFixture = provision(path.join(dir, 'large.db'));
      const t0 = Date.now();
      seedRows(bigFixture.file, bigFixture, SEED_ROWS);
      console.log(`seeded ${SEED_ROWS} beneficiaries and idempotency rows in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      const emptyFixture = provision(path.join(dir, 'empty.db'));
      const big = await startService(bigFixture.file);
      const empty = await startService(emptyFixture.file);
      try {
        await measure('warm-up large', big.url, bigFixture, scenarios.restCreate(bigFixture));
        const bigRates: number[] = [];
        const emptyRates: number[] = [];
        for (let round = 1; round <= ROUNDS; round++) {
          emptyRates.push((await measure(`REST create, empty db (round ${round})`, empty.url, emptyFixture, scenarios.restCreate(emptyFixture))).rps);
          bigRates.push((await measure(`REST create, ${SEED_ROWS} rows (round ${round})`, big.url, bigFixture, scenarios.restCreate(bigFixture))).rps);
        }
        large = { rows: SEED_ROWS, rps: median(bigRates), emptyRps: median(emptyRates) };
      } finally {
        await stop(big);
        await stop(empty);
      }
    }

    const floorRate = median(floorRates);
    const summary = {
      at: new Date().toISOString(),
      node: process.version,
      cores: os.cpus().length,
      seconds: SECONDS,
      rounds: ROUNDS,
      connections: CONNECTIONS,
      floorCreateRps: floorRate,
      restCreateRps: restSat,
      graphqlCreateRps: gqlSat,
      ratios: {
        restCreateToFloor: restSat / floorRate,
        graphqlCreateToFloor: gqlSat / floorRate,
        replayToRestCreate: replay.rps / restSat,
        replayCacheOffToRestCreate: replayFull.rps / restSat,
        largeToEmpty: large ? large.rps / large.emptyRps : null,
      },
      halfSaturationP99Ms: { floor: median(halfP99.floor), rest: median(halfP99.rest), graphql: median(halfP99.graphql), rounds: halfP99 },
      large,
      measurements: results,
    };
    console.log('\n| measurement | req/s | p50 ms | p99 ms | non-2xx |\n|---|---:|---:|---:|---:|');
    console.log(`| floor create (median) | ${floorRate.toFixed(0)} | | | |`);
    for (const m of results) console.log(`| ${m.name} | ${m.rps.toFixed(0)} | ${m.p50} | ${m.p99} | ${m.non2xx} |`);
    console.log(`\nREST create / floor = ${summary.ratios.restCreateToFloor.toFixed(2)} (target ≥ 0.8)`);
    console.log(`GraphQL create / floor = ${summary.ratios.graphqlCreateToFloor.toFixed(2)} (target ≥ 0.7)`);
    console.log(`replay / REST create = ${summary.ratios.replayToRestCreate.toFixed(2)} (target ≥ 1.5); cache off: ${summary.ratios.replayCacheOffToRestCreate.toFixed(2)}`);
    console.log(
      `p99 at half saturation (median of ${ROUNDS}): REST ${median(halfP99.rest)} ms [${halfP99.rest.join(', ')}], GraphQL ${median(halfP99.graphql)} ms [${halfP99.graphql.join(', ')}] (target ≤ 25); floor ${median(halfP99.floor)} ms [${halfP99.floor.join(', ')}]`,
    );
    if (large) console.log(`create with ${large.rows} rows / empty = ${(large.rps / large.emptyRps).toFixed(2)} (target ≥ 0.8)`);
    const out = path.join(ROOT, 'bench', 'results');
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(path.join(out, 'latest.json'), JSON.stringify(summary, null, 2));
    console.log(`\nwrote bench/results/latest.json`);
  } finally {
    await stop(service);
    await stop(floor);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
// Keep-alive sockets of the load generators must not hold the run open once the results are written.
process.exit(0);
