// `npm run bench:partnerctl` (also the last part of `npm run bench`): how long a `partnerctl` command takes
// from the shell, start-up included — what an operator waits for while a partner's 30-s quote runs. Each
// command runs BENCH_CLI_RUNS times as its own process (`node bin/partnerctl.mjs …`, as `npx partnerctl`
// runs it), the ways in alternating order so both see the same machine:
//   - compiled: this checkout's entry with its compilation in place (every run after the first);
//   - first run: the same after the sources changed (its compilation removed before each run: it compiles);
//   - tsx: this checkout's TypeScript through the tsx loader (`node --import tsx src/cli/partnerctl.ts`),
//     the entry's fallback;
//   - base: BENCH_CLI_BASE_ROOT's entry, when set (another checkout with node_modules, e.g. the release
//     before, for an A/B).
// Commands: `--help`; `sign` and `evidence` (no database); `rate list` (a read) and `client limit` (a
// write) on a SQLite file made for the run. Reported per way and command: the median and the slowest
// wall time, and the median CPU of the process (user + system, from /proc/self/stat's cutime + cstime:
// the machine's other load moves it less than the wall time).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_CLI_RUNS ?? 10);
const BASE = process.env.BENCH_CLI_BASE_ROOT;
const TICKS = 100; // USER_HZ on Linux

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-partnerctl-'));
// tsx's loader stays out of the runs (npm passes NODE_OPTIONS on to children).
const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: `file:${path.join(dir, 'partner.db')}`, NODE_ENV: 'development' };
delete env.NODE_OPTIONS;

type Way = { name: string; root: string; argv: string[]; before?: () => void };
const compilations = () => fs.readdirSync(ROOT).filter((e) => e.startsWith('.partnerctl-')).map((e) => path.join(ROOT, e));
const ways: Way[] = [
  { name: 'compiled', root: ROOT, argv: ['bin/partnerctl.mjs'] },
  { name: 'first run', root: ROOT, argv: ['bin/partnerctl.mjs'], before: () => compilations().forEach((d) => fs.rmSync(d, { recursive: true, force: true })) },
  { name: 'tsx', root: ROOT, argv: ['--import', 'tsx', 'src/cli/partnerctl.ts'] },
  ...(BASE ? [{ name: `base (${path.basename(BASE)})`, root: BASE, argv: ['bin/partnerctl.mjs'] }] : []),
];

const EVIDENCE = ['evidence', '--operation-type', 'CRYPTO_WITHDRAWAL_SUBMIT', '--id', '0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9', '--user', 'ops-7', '--mfa-ref', 'mfa-1'];
const commands: Record<string, string[]> = {
  '--help': ['--help'],
  sign: ['sign', '--client-id', 'bench', '--secret', 's3cret', '--method', 'GET', '--path', '/partner/v1/events', '--no-idempotency-key'],
  evidence: EVIDENCE,
  'rate list': ['rate', 'list'],
  'client limit': ['client', 'limit', '--client-id', 'bench', '--rps', '50', '--burst', '100'],
};

/** The CPU ticks of this process's waited-for children so far (utime + stime of /proc/self/stat's cutime, cstime). */
function childTicks(): number {
  const stat = fs.readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[13]) + Number(fields[14]);
}

function once(way: Way, args: string[]): { ms: number; cpuMs: number } {
  way.before?.();
  const ticks = childTicks();
  const t = performance.now();
  const r = spawnSync(process.execPath, [...way.argv, ...args], { cwd: way.root, env, encoding: 'utf8' });
  const ms = performance.now() - t;
  if (r.status !== 0) throw new Error(`${way.name} partnerctl ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return { ms, cpuMs: ((childTicks() - ticks) * 1000) / TICKS };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

// The database the commands act on, and a compilation in place for the compiled way's first run.
once(ways[0]!, ['client', 'create', '--name', 'Bench', '--client-id', 'bench']);
const results = new Map<string, { ms: number[]; cpu: number[] }>();
for (let i = 0; i < RUNS; i++)
  for (const [label, args] of Object.entries(commands))
    // Rotated each round: no way always runs right after another one's compilation or cache.
    for (const way of [...ways.slice(i % ways.length), ...ways.slice(0, i % ways.length)]) {
      const r = once(way, args);
      const key = `${way.name}\0${label}`;
      const slot = results.get(key) ?? { ms: [], cpu: [] };
      slot.ms.push(r.ms);
      slot.cpu.push(r.cpuMs);
      results.set(key, slot);
    }
// Leave a compilation of the current sources in place.
once(ways[0]!, ['--help']);
fs.rmSync(dir, { recursive: true, force: true });

console.log(`partnerctl: ${RUNS} runs of each command per way, ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
console.log(['way', 'command', 'median ms', 'slowest ms', 'median CPU ms'].join('\t'));
for (const way of ways)
  for (const label of Object.keys(commands)) {
    const r = results.get(`${way.name}\0${label}`)!;
    console.log([way.name, label, median(r.ms).toFixed(0), Math.max(...r.ms).toFixed(0), median(r.cpu).toFixed(0)].join('\t'));
  }
