// `npm run bench:onboarding` (also the last part of `npm run bench`): the onboarding and conversion
// paths' costs on the embedded engine (SQLite), each part on a database and a service process of its own.
//   - drafts: conversion approval drafts (§13.3: evidence, the quote's checks, both legs posted at once)
//     against withdrawal approval drafts (§4.4: evidence, the beneficiary's and the route's checks) on one
//     service, saturated, in BENCH_ROUNDS alternating rounds of BENCH_DRAFTS requests each (REST). A quote is
//     single-use, so each conversion round's quotes (and the customer's funds, one sandbox deposit) are made
//     before it and not measured; the withdrawal rounds need nothing made per request. The order of the two
//     rotates each round. Reported: each rate, the median of the rounds, and their ratio; and the service
//     process's CPU per request (utime + stime over the round), which the machine's other load moves less.
//   - uploads: createCustomerFile then the signed PUT of its bytes (§12.2), BENCH_UPLOAD_CONCURRENCY at once
//     for BENCH_SECONDS, for each size in BENCH_UPLOAD_MIB (default 1 and 10 MiB), each size on a fresh
//     service with FILE_MAX_BYTES at least the size. Reported: MiB/s and files/s of the uploads, and the
//     service process's RSS (VmRSS of /proc/<pid>/status every 50 ms): fresh (started, nothing uploaded), idle
//     (after a warm-up of a few uploads of the size), peak, the medians of the
//     run's first and second halves (steady: the second; a climb between them is growth, not a working set), after; and the peak over idle per MiB in flight (how many copies
//     of a body the service holds at once).
// BENCH_PARTS: a comma-separated subset of drafts, uploads; default both.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createPair, setRate } from '../src/modules/conversion/operators.js';
import { verificationDecide } from '../src/modules/customers/operators.js';
import { operationHashOf } from '../src/core/operation-hash.js';
import { openEngine } from '../src/db/engine.js';
import { signedHeaders } from '../src/http/signature.js';
import { cpuSecondsOf } from './cpu.js';
import { CONNECTIONS, median, provision, ROUNDS, SECONDS, startService, stop, type Fixture, type Proc } from './harness.js';
import { seedBeneficiary } from './seed-lifecycle.js';

const PARTS = (process.env.BENCH_PARTS ?? 'drafts,uploads').split(',');
/** Requests per measured draft round (and quotes made before each conversion round). */
const DRAFTS = Number(process.env.BENCH_DRAFTS ?? 5000);
const UPLOAD_MIB = (process.env.BENCH_UPLOAD_MIB ?? '1,10').split(',').map(Number);
const UPLOAD_CONCURRENCY = Number(process.env.BENCH_UPLOAD_CONCURRENCY ?? 4);
/** The conversion quote lifetime's maximum (config.ts): a round's quotes must outlive its drafts. */
const QUOTE_TTL_SECONDS = '600';
const MIB = 1024 * 1024;

type Sent = { method: string; path: string; body: string; key: string | null };
type Rate = { name: string; requests: number; rps: number; p50: number; p99: number; non2xx: number; errors: number; cpuMsPerRequest?: number };

/** Exactly `amount` signed requests at saturation; the rate over the run's wall time. */
async function run(name: string, url: string, f: Fixture, amount: number, make: () => Sent, onBody?: (status: number, body: string) => void, quiet = false, pid?: number): Promise<Rate> {
  const cpu0 = pid === undefined ? undefined : cpuSecondsOf(pid);
  const t0 = performance.now();
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    amount,
    requests: [
      {
        setupRequest: (req) => {
          const r = make();
          const headers = signedHeaders(f.secret, { method: r.method, path: r.path, clientId: f.clientId, idempotencyKey: r.key, body: r.body });
          return { ...req, method: r.method as 'POST', path: r.path, body: r.body, headers: { ...headers, 'content-type': 'application/json' } };
        },
        ...(onBody ? { onResponse: (status: number, body: string) => onBody(status, body) } : {}),
      },
    ],
  });
  const seconds = (performance.now() - t0) / 1000;
  const m: Rate = { name, requests: result.requests.total, rps: result.requests.total / seconds, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
  // The service process's CPU per request (utime + stime): it moves far less with the machine's other load than the rate does.
  const cpu1 = pid === undefined ? undefined : cpuSecondsOf(pid);
  if (cpu0 !== undefined && cpu1 !== undefined && m.requests > 0) m.cpuMsPerRequest = ((cpu1 - cpu0) * 1000) / m.requests;
  const cpu = m.cpuMsPerRequest === undefined ? '' : `  service CPU ${m.cpuMsPerRequest.toFixed(2)} ms/request`;
  if (!quiet) console.log(`${name.padEnd(40)} ${m.rps.toFixed(0).padStart(7)} req/s  p50 ${String(m.p50).padStart(4)} ms  p99 ${String(m.p99).padStart(4)} ms  non-2xx ${m.non2xx}  errors ${m.errors}  (${m.requests} requests)${cpu}`);
  return m;
}

async function signed(url: string, f: Fixture, method: string, p: string, payload: unknown): Promise<{ status: number; body: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const body = JSON.stringify(payload);
  const headers = signedHeaders(f.secret, { method, path: p, clientId: f.clientId, idempotencyKey: randomUUID(), body });
  const res = await fetch(url + p, { method, headers: { ...headers, 'content-type': 'application/json' }, body });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** §5 evidence for one operation, fresh per request like a partner's (its own mfaEvidenceRef and hash). */
function withEvidence(operationType: string, customerId: string, input: Record<string, unknown>): string {
  return JSON.stringify({
    ...input,
    operationAuthorization: {
      operationType,
      operationHash: operationHashOf(operationType, { customerId }, input),
      authorizedAt: new Date().toISOString(),
      authorizedByPartnerUserRef: 'bench-approver',
      authorizationMethod: 'PASSKEY',
      mfaEvidenceRef: `mfa-${randomUUID()}`,
    },
  });
}

async function drafts(dir: string): Promise<Record<string, unknown>> {
  const f = await provision(path.join(dir, 'drafts.db'));
  const engine = await openEngine({ kind: 'sqlite', file: f.file }, { poolSize: 1 });
  try {
    // §13.1, §12.4: the pair, its rate, and a verified customer (conversions pass the gate only then).
    await createPair(engine, { clientId: f.clientId, source: 'USDT', target: 'EUR', spreadBps: '50' });
    await setRate(engine, { base: 'USDT', quote: 'EUR', rate: '0.92' });
    await verificationDecide(engine, f.customerId, 'VERIFIED', undefined);
  } finally {
    await engine.close();
  }
  const beneficiary = seedBeneficiary(f.file, f);
  const s = await startService(f.file, { CONVERSION_QUOTE_TTL_SECONDS: QUOTE_TTL_SECONDS, SANDBOX_STEP_DELAY_MS: '600000' });
  try {
    // Funds for every conversion of the run (0.1 USDT each): one sandbox deposit at the route's maximum.
    const dep = await signed(s.url, f, 'POST', '/graphql', {
      query: 'mutation($c: UUID!, $i: SimulateCryptoDepositInput!) { simulateCryptoDeposit(customerId: $c, input: $i) { depositId status } }',
      variables: { c: f.customerId, i: { routeCode: f.routeCode, amountMinor: '1000000000000', fromAddress: `0x${randomBytes(20).toString('hex')}` } },
    });
    if (dep.status !== 200 || dep.body.data?.simulateCryptoDeposit?.status !== 'COMPLETED') throw new Error(`deposit failed: ${JSON.stringify(dep.body)}`);
    const quotePath = `/partner/v1/customers/${f.customerId}/conversion-quotes`;
    const conversionPath = `/partner/v1/customers/${f.customerId}/conversions`;
    const withdrawalPath = `/partner/v1/customers/${f.customerId}/crypto-withdrawals`;

    /** `n` quotes (and a few spare: autocannon may set up a request per connection it never sends). */
    const quotes = async (label: string, n: number): Promise<{ ids: string[]; rate: Rate }> => {
      const ids: string[] = [];
      const ask = JSON.stringify({ sourceCurrency: 'USDT', targetCurrency: 'EUR', sourceAmountMinor: '100000' });
      const rate = await run(label, s.url, f, n + CONNECTIONS, () => ({ method: 'POST', path: quotePath, body: ask, key: randomUUID() }), (status, body) => {
        if (status === 200) ids.push((JSON.parse(body) as { quoteId: string }).quoteId);
      }, true);
      if (ids.length < n) throw new Error(`${label}: ${ids.length} quotes of ${n} (non-2xx ${rate.non2xx}, errors ${rate.errors})`);
      return { ids, rate };
    };
    const conversionMaker = (ids: string[]) => {
      let next = 0;
      return (): Sent => {
        // Past the last quote (never in a run of `amount` requests): its reuse is a 409, counted as non-2xx.
        const quoteId = ids[Math.min(next++, ids.length - 1)]!;
        return { method: 'POST', path: conversionPath, body: withEvidence('CONVERSION_CREATE', f.customerId, { quoteId }), key: randomUUID() };
      };
    };
    const withdrawalMaker = (): Sent => {
      const input = { routeCode: f.routeCode, walletBeneficiaryId: beneficiary, amountMinor: '1500000', currency: 'USDT', currencyScale: 6, clientReference: `wd-${randomUUID()}` };
      return { method: 'POST', path: withdrawalPath, body: withEvidence('CRYPTO_WITHDRAWAL_CREATE', f.customerId, input), key: randomUUID() };
    };

    // Warm-up of both paths (JIT, caches), not measured.
    const warm = Math.max(100, Math.floor(DRAFTS / 10));
    await run('warm-up conversion drafts', s.url, f, warm, conversionMaker((await quotes('warm-up quotes', warm)).ids), undefined, true);
    await run('warm-up withdrawal drafts', s.url, f, warm, withdrawalMaker, undefined, true);

    const conversion: Rate[] = [];
    const withdrawal: Rate[] = [];
    const quoteRates: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const made = await quotes(`quotes (round ${round})`, DRAFTS);
      quoteRates.push(made.rate.rps);
      console.log(`  round ${round}: ${made.ids.length} quotes made at ${made.rate.rps.toFixed(0)}/s (not measured as drafts)`);
      const convert = () => run(`conversion drafts (round ${round})`, s.url, f, DRAFTS, conversionMaker(made.ids), undefined, false, s.proc.pid);
      const withdraw = () => run(`withdrawal drafts (round ${round})`, s.url, f, DRAFTS, withdrawalMaker, undefined, false, s.proc.pid);
      // The order alternates: whichever runs second inherits the first's WAL growth and checkpoints.
      if (round % 2 === 1) {
        conversion.push(await convert());
        withdrawal.push(await withdraw());
      } else {
        withdrawal.push(await withdraw());
        conversion.push(await convert());
      }
    }
    const bad = [...conversion, ...withdrawal].filter((m) => m.non2xx > 0 || m.errors > 0);
    if (bad.length) console.log(`  WARNING: refused or failed requests in ${bad.map((m) => m.name).join(', ')}: their rates are not comparable`);
    const c = median(conversion.map((m) => m.rps));
    const w = median(withdrawal.map((m) => m.rps));
    const cpuOf = (ms: Rate[]) => median(ms.map((m) => m.cpuMsPerRequest ?? NaN));
    console.log(
      `conversion drafts ${c.toFixed(0)}/s, withdrawal drafts ${w.toFixed(0)}/s (medians of ${ROUNDS}); conversion / withdrawal = ${(c / w).toFixed(2)}; ` +
        `service CPU per request ${cpuOf(conversion).toFixed(2)} / ${cpuOf(withdrawal).toFixed(2)} ms = ${(cpuOf(conversion) / cpuOf(withdrawal)).toFixed(2)}; quotes ${median(quoteRates).toFixed(0)}/s`,
    );
    return {
      drafts: DRAFTS,
      connections: CONNECTIONS,
      conversionRps: c,
      withdrawalRps: w,
      conversionToWithdrawal: c / w,
      conversionCpuMs: cpuOf(conversion),
      withdrawalCpuMs: cpuOf(withdrawal),
      quoteRps: median(quoteRates),
      conversionP99: median(conversion.map((m) => m.p99)),
      withdrawalP99: median(withdrawal.map((m) => m.p99)),
      rounds: { conversion, withdrawal },
    };
  } finally {
    await stop(s);
  }
}

/** VmRSS of a process, in bytes (Linux). */
function rssOf(pid: number): number | undefined {
  try {
    const m = /^VmRSS:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Samples a process's RSS every 50 ms until stopped. */
function rssSampler(pid: number): { stop(): number[] } {
  const samples: number[] = [];
  const take = () => {
    const v = rssOf(pid);
    if (v !== undefined) samples.push(v);
  };
  take();
  const timer = setInterval(take, 50);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      take();
      return samples;
    },
  };
}

/** A body of `size` bytes that starts as a PDF does (§12.2 check 6); the rest random, so nothing compresses it. */
function pdfBytes(size: number): Buffer {
  const bytes = randomBytes(size);
  Buffer.from('%PDF-1.4\n', 'latin1').copy(bytes, 0);
  return bytes;
}

/** One file: its record, then its bytes by the signed PUT. */
async function uploadOne(s: Proc, f: Fixture, bytes: Buffer, sha256: string, n: number): Promise<void> {
  const created = await signed(s.url, f, 'POST', `/partner/v1/customers/${f.customerId}/files`, {
    source: 'UPLOAD', purpose: 'IDENTITY_DOCUMENT', fileName: `bench-${n}.pdf`, contentType: 'application/pdf', sizeBytes: bytes.length, sha256,
  });
  if (created.status !== 200) throw new Error(`createCustomerFile failed: ${created.status} ${JSON.stringify(created.body)}`);
  const p = `/partner/v1/files/${created.body.fileId}/content`;
  // The body's hash once per size, not per request: the load generator's CPU is the service's too.
  const headers = signedHeaders(f.secret, { method: 'PUT', path: p, clientId: f.clientId, idempotencyKey: null, body: bytes, bodyHash: sha256 });
  const res = await fetch(s.url + p, { method: 'PUT', headers: { ...headers, 'content-type': 'application/pdf' }, body: new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.length) });
  const text = await res.text();
  if (res.status !== 200 || (JSON.parse(text) as { status: string }).status !== 'UPLOADED') throw new Error(`upload failed: ${res.status} ${text.slice(0, 300)}`);
}

const mib = (b: number) => b / MIB;

async function uploads(dir: string): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for (const sizeMib of UPLOAD_MIB) {
    const size = Math.round(sizeMib * MIB);
    const f = await provision(path.join(dir, `uploads-${sizeMib}.db`));
    const s = await startService(f.file, { FILE_MAX_BYTES: String(Math.max(1024, size)) });
    try {
      const bytes = pdfBytes(size);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      // Fresh: the started service before any upload; idle: after a warm-up of a few uploads of the size
      // and a pause (the heap grown to hold bodies of this size, and not handed back, is idle memory too).
      const fresh = rssOf(s.proc.pid!)!;
      for (let i = 0; i < UPLOAD_CONCURRENCY; i++) await uploadOne(s, f, bytes, sha256, -1 - i);
      await new Promise((r) => setTimeout(r, 500));
      const pid = s.proc.pid!;
      const idle = rssOf(pid)!;
      const sampler = rssSampler(pid);
      let files = 0;
      const t0 = performance.now();
      const until = t0 + SECONDS * 1000;
      await Promise.all(
        Array.from({ length: UPLOAD_CONCURRENCY }, async () => {
          while (performance.now() < until) await uploadOne(s, f, bytes, sha256, files++);
        }),
      );
      const seconds = (performance.now() - t0) / 1000;
      const samples = sampler.stop();
      await new Promise((r) => setTimeout(r, 500));
      const after = rssOf(pid)!;
      const peak = Math.max(...samples);
      // The first half against the second: RSS that keeps climbing through a run is a leak, not a working set.
      const early = median(samples.slice(0, Math.floor(samples.length / 2)));
      const steady = median(samples.slice(Math.floor(samples.length / 2)));
      const r = {
        sizeMiB: sizeMib,
        concurrency: UPLOAD_CONCURRENCY,
        files,
        seconds,
        filesPerSecond: files / seconds,
        mibPerSecond: (files * mib(size)) / seconds,
        rssMiB: { fresh: mib(fresh), idle: mib(idle), peak: mib(peak), firstHalf: mib(early), steady: mib(steady), after: mib(after), samples: samples.length },
        // Peak over idle per MiB the clients had in flight: about 1 when the service holds one copy of each body.
        peakOverIdlePerInFlightMiB: (peak - idle) / (UPLOAD_CONCURRENCY * size),
      };
      console.log(
        `uploads of ${sizeMib} MiB, ${UPLOAD_CONCURRENCY} at once: ${files} files in ${seconds.toFixed(1)} s = ${r.filesPerSecond.toFixed(1)} files/s, ${r.mibPerSecond.toFixed(1)} MiB/s; ` +
          `RSS MiB fresh ${r.rssMiB.fresh.toFixed(0)}, idle ${r.rssMiB.idle.toFixed(0)}, peak ${r.rssMiB.peak.toFixed(0)}, first half ${r.rssMiB.firstHalf.toFixed(0)}, steady (second half) ${r.rssMiB.steady.toFixed(0)}, after ${r.rssMiB.after.toFixed(0)} ` +
          `(${samples.length} samples); (peak − idle) / MiB in flight = ${r.peakOverIdlePerInFlightMiB.toFixed(2)}`,
      );
      out.push(r);
    } finally {
      await stop(s);
    }
  }
  return out;
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'partner-bench-onboarding-'));
  console.log(`bench:onboarding: ${ROUNDS} rounds of ${DRAFTS} drafts, ${CONNECTIONS} connections; uploads ${SECONDS} s per size; node ${process.version}, ${os.cpus().length} cores; state in ${dir}`);
  const summary: Record<string, unknown> = {};
  try {
    if (PARTS.includes('drafts')) summary.drafts = await drafts(dir);
    if (PARTS.includes('uploads')) summary.uploads = await uploads(dir);
    console.log(JSON.stringify({ at: new Date().toISOString(), summary }, null, 2));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  // Keep-alive sockets of the load generator must not hold the run open.
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
