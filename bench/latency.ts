// `npm run bench:latency`: latency at one fixed rate, in many rounds, client side (bench/paced.ts) and
// server side (the request log's durationMs) side by side, for working on the p99 without the whole
// `npm run bench`. Knobs: LATENCY_RATE (requests/s, default 1200), LATENCY_ROUNDS (6), BENCH_SECONDS (5),
// LATENCY_TARGETS (rest,graphql,floor; floorNormal: the floor without fsync; with LATENCY_B_ENV also restB,graphqlB). The service reads its own
// settings from the environment as usual; LATENCY_B_ENV (JSON, e.g. '{"CHECKPOINT_INTERVAL_MS":"0"}')
// starts a second service with those settings on top, measured in the same alternating rounds: an A/B
// comparison under the same machine conditions. LATENCY_B_ARGS: node flags for that second service;
// LATENCY_B_ROOT: another checkout (e.g. `git worktree add /tmp/base <commit>`) whose code it runs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SECONDS, logFileOf, measure, median, paced, provision, scenarios, startFloor, startService, stop, type Fixture, type Make, type Proc } from './harness.js';
import { percentile } from './paced.js';

const RATE = Number(process.env.LATENCY_RATE ?? 1200);
const ROUNDS = Number(process.env.LATENCY_ROUNDS ?? 6);
/** LATENCY_SATURATE=1: the same alternating rounds, closed-loop at saturation (autocannon), for rates. */
const SATURATE = process.env.LATENCY_SATURATE === '1';
const TARGETS = (process.env.LATENCY_TARGETS ?? 'rest,graphql,floor').split(',');

/** CPU time used so far by a process's main thread (ns, from schedstat; Linux only, else 0). */
function mainThreadCpuNs(pid: number | undefined): number {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[0]);
  } catch {
    return 0;
  }
}

/** Server-side p50/p99/max of the requests logged since `offset` and at or after `since` (epoch ms). */
function serverSide(logFile: string, offset: number, since: number): { p50: number; p99: number; max: number; next: number } {
  const text = fs.readFileSync(logFile, 'utf8');
  const durations = text
    .slice(offset)
    .split('\n')
    .filter((line) => line.includes('"durationMs"'))
    .map((line) => JSON.parse(line) as { time: number; durationMs: number })
    .filter((entry) => entry.time >= since)
    .map((entry) => entry.durationMs)
    .sort((a, b) => a - b);
  return { p50: percentile(durations, 0.5), p99: percentile(durations, 0.99), max: percentile(durations, 1), next: text.length };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'partner-latency-'));
const fixture = await provision(path.join(dir, 'service.db'));
const floorFixture: Fixture = { ...fixture, file: path.join(dir, 'floor.db') };
const bEnv = process.env.LATENCY_B_ENV ? (JSON.parse(process.env.LATENCY_B_ENV) as Record<string, string>) : undefined;
const bArgs = process.env.LATENCY_B_ARGS ? process.env.LATENCY_B_ARGS.split(' ') : undefined;
const bRoot = process.env.LATENCY_B_ROOT;
const fixtureB = bEnv || bArgs || bRoot ? await provision(path.join(dir, 'service-b.db')) : undefined;
const started: Proc[] = [];
const cleanUp = async () => {
  for (const p of started) await stop(p);
  // With PACED_DUMP (bench/paced.ts), the request logs are kept beside the client-side timings.
  if (process.env.PACED_DUMP) for (const f of [fixture, fixtureB]) if (f) fs.copyFileSync(logFileOf(f.file), path.join(process.env.PACED_DUMP, path.basename(logFileOf(f.file))));
  fs.rmSync(dir, { recursive: true, force: true });
};
const normalFixture: Fixture = { ...fixture, file: path.join(dir, 'floor-normal.db') };
let service: Proc, serviceB: Proc | undefined, floor: Proc, floorNormal: Proc | undefined;
try {
  started.push((service = await startService(fixture.file)));
  if (fixtureB) started.push((serviceB = await startService(fixtureB.file, bEnv, bArgs, bRoot)));
  started.push((floor = await startFloor(floorFixture.file, fixture.secret)));
  if (TARGETS.includes('floorNormal')) started.push((floorNormal = await startFloor(normalFixture.file, fixture.secret, 'NORMAL')));
} catch (error) {
  await cleanUp();
  throw error;
}
console.log(`latency: ${RATE}/s, ${SECONDS} s × ${ROUNDS} rounds, ${TARGETS.join(', ')}; state in ${dir}`);
try {
  await measure('warm-up service', service.url, fixture, scenarios.restCreate(fixture));
  if (serviceB) await measure('warm-up service B', serviceB.url, fixtureB!, scenarios.restCreate(fixtureB!));
  await measure('warm-up floor', floor.url, floorFixture, scenarios.floorCreate(floorFixture));
  // `log`: the request log whose durationMs is the server side of the target (the floor has none).
  type Run = { p: Proc; f: Fixture; make: Make; log?: string };
  const runs: Record<string, Run> = {
    rest: { p: service, f: fixture, make: scenarios.restCreate(fixture), log: logFileOf(fixture.file) },
    graphql: { p: service, f: fixture, make: scenarios.graphqlCreate(fixture), log: logFileOf(fixture.file) },
    floor: { p: floor, f: floorFixture, make: scenarios.floorCreate(floorFixture) },
  };
  if (floorNormal) runs.floorNormal = { p: floorNormal, f: normalFixture, make: scenarios.floorCreate(normalFixture) };
  if (serviceB && fixtureB) {
    runs.restB = { p: serviceB, f: fixtureB, make: scenarios.restCreate(fixtureB), log: logFileOf(fixtureB.file) };
    runs.graphqlB = { p: serviceB, f: fixtureB, make: scenarios.graphqlCreate(fixtureB), log: logFileOf(fixtureB.file) };
  }
  const p99s: Record<string, number[]> = {};
  const serverP99s: Record<string, number[]> = {};
  const rates: Record<string, number[]> = {};
  const cpuShares: Record<string, number[]> = {};
  const cpuPerRequest: Record<string, number[]> = {};
  const offsets: Record<string, number> = {};
  for (const { log } of Object.values(runs)) if (log) offsets[log] = fs.readFileSync(log, 'utf8').length;
  for (let round = 1; round <= ROUNDS; round++) {
    for (let i = 0; i < TARGETS.length; i++) {
      const target = TARGETS[(i + round - 1) % TARGETS.length]!;
      const { p, f, make, log } = runs[target]!;
      const url = p.url;
      const pid = p.proc.pid;
      if (SATURATE) {
        // Beside the rate, the main thread's CPU per request: on a shared machine it moves far less than
        // the rate, which also counts the time the process waited for a core.
        const cpu0 = mainThreadCpuNs(pid);
        const m = await measure(`${target} saturated (round ${round})`, url, f, make);
        const perRequest = (mainThreadCpuNs(pid) - cpu0) / 1e3 / m.requests;
        (rates[target] ??= []).push(m.rps);
        (cpuPerRequest[target] ??= []).push(perRequest);
        console.log(`${''.padEnd(34)} main thread ${perRequest.toFixed(0)} µs per request`);
        continue;
      }
      const cpu0 = mainThreadCpuNs(pid);
      const t0 = Date.now();
      const m = await paced(`${target} (round ${round})`, url, f, make, RATE);
      // The main thread's share of a core at this rate (warm-up included): the utilisation that turns a
      // short stall into a long queue.
      const busy = (mainThreadCpuNs(pid) - cpu0) / 1e6 / (Date.now() - t0);
      (cpuShares[target] ??= []).push(busy);
      console.log(`${''.padEnd(34)} main thread busy ${(busy * 100).toFixed(0)}% (${((busy * 1e6) / RATE).toFixed(0)} µs per request)`);
      (p99s[target] ??= []).push(m.p99);
      if (log) {
        const s = serverSide(log, offsets[log]!, Date.now() - SECONDS * 1000);
        offsets[log] = s.next;
        (serverP99s[target] ??= []).push(s.p99);
        console.log(`${''.padEnd(34)} server side: p50 ${s.p50} ms  p99 ${s.p99} ms  max ${s.max} ms`);
      }
    }
  }
  for (const target of TARGETS) {
    if (SATURATE) {
      const cpu = cpuPerRequest[target]!;
      console.log(
        `${target}: median ${median(rates[target]!).toFixed(0)} req/s [${rates[target]!.map((r) => r.toFixed(0)).join(', ')}]; main thread median ${median(cpu).toFixed(0)} µs per request [${cpu.map((c) => c.toFixed(0)).join(', ')}]`,
      );
      continue;
    }
    const server = serverP99s[target] ? `; server side median ${median(serverP99s[target]!)} ms [${serverP99s[target]!.join(', ')}]` : '';
    const cpu = ` ; main thread busy ${(median(cpuShares[target]!) * 100).toFixed(0)}%`;
    console.log(`${target}: p99 median ${median(p99s[target]!)} ms [${p99s[target]!.join(', ')}]${server}${cpu}`);
  }
} finally {
  await cleanUp();
}
process.exit(0);
