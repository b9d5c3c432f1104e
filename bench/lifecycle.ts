// `npm run bench:lifecycle` (also the last part of `npm run bench`): the money lifecycle's costs on the
// embedded engine, each on a database of its own seeded through SQL:
//   - list pages (§9.3) at BENCH_LIST_ROWS withdrawals of one customer: first page and a deep page
//     (keyset: both should cost the same), paced latency and saturated rate;
//   - the event feed (§11.3): a poller walking BENCH_FEED_ROWS events, events/s; saturated page reads;
//   - the worker (§10.7): BENCH_WORKER_ROWS submitted withdrawals moved to COMPLETED, steps/s;
//   - submissions (§10.6) racing on one customer's balance with funds for BENCH_SUBMIT_FUNDED: rate, and
//     exactly as many accepted as the funds allow;
// and the last two again on PostgreSQL (BENCH_PG_URL, default the local server's `test` database; skipped
// when it does not answer), each with one server process and with two sharing the database, each on a
// schema of its own (dropped afterwards), with what limited it: the CPU of the service processes, of
// PostgreSQL and of the machine (bench/cpu.ts), and the writer's conflicts (db_writer_events of /metrics).
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { operationHashOf } from '../src/core/operation-hash.js';
import { signedHeaders } from '../src/http/signature.js';
import { CpuSampler, type CpuUse } from './cpu.js';
import { analyze, CONNECTIONS, measure, measureSpread, paced, provision, SECONDS, startService, stop, type Fixture, type Make, type Measure, type Proc } from './harness.js';
import { seedBalance, seedBeneficiary, seedEvents, seedWithdrawals } from './seed-lifecycle.js';
import { releaseWithdrawals, seedLifecyclePg } from './seed-lifecycle-pg.js';

const LIST_ROWS = Number(process.env.BENCH_LIST_ROWS ?? 1_000_000);
const FEED_ROWS = Number(process.env.BENCH_FEED_ROWS ?? 200_000);
const WORKER_ROWS = Number(process.env.BENCH_WORKER_ROWS ?? 5_000);
const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 20_000);
/** Submissions the customer's funds cover; the rest must be refused with INSUFFICIENT_FUNDS. */
const FUNDED = Number(process.env.BENCH_SUBMIT_FUNDED ?? 1_000);
/**
 * BENCH_PARTS: a comma-separated subset of lists, feed, worker, submissions (SQLite) and pg-worker,
 * pg-submissions (PostgreSQL, with 1 and with 2 server processes each); default all.
 */
const PARTS = (process.env.BENCH_PARTS ?? 'lists,feed,worker,submissions,pg-worker,pg-submissions').split(',');
const PG_URL = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/test';
/** How long the worker may go without completing a withdrawal before the run is called stuck. */
const STALL_MS = 60_000;
const PACED_RATE = Number(process.env.BENCH_LIST_RATE ?? 200);

async function get(url: string, f: Fixture, p: string): Promise<{ status: number; body: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const headers = signedHeaders(f.secret, { method: 'GET', path: p, clientId: f.clientId, idempotencyKey: null, body: '' });
  const res = await fetch(url + p, { headers });
  return { status: res.status, body: await res.json() };
}

const getter = (p: () => string): Make => () => ({ method: 'GET', path: p(), body: '', key: null });

/** A cursor of the same list and scope as `sample`, positioned at the row (createdAt, id). */
function cursorAt(sample: string, row: { createdAt: string; id: string }, last: { createdAt: string; id: string }): string {
  const parts = JSON.parse(Buffer.from(sample, 'base64url').toString('utf8')) as unknown[];
  const moved = parts.map((p) => (p === last.createdAt ? row.createdAt : p === last.id ? row.id : p));
  return Buffer.from(JSON.stringify(moved), 'utf8').toString('base64url');
}

async function lists(dir: string, results: Measure[]): Promise<Record<string, number>> {
  const f = await provision(path.join(dir, 'lists.db'));
  const beneficiary = seedBeneficiary(f.file, f);
  const t0 = Date.now();
  const ids = seedWithdrawals(f.file, f, beneficiary, LIST_ROWS, 'APPROVED');
  console.log(`seeded ${LIST_ROWS} withdrawals in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const db = new Database(f.file, { readonly: true });
  const deepId = ids[Math.floor(LIST_ROWS / 10)]!; // 90% of the way down a newest-first walk
  const deep = db.prepare('select created_at as createdAt, withdrawal_id as id from crypto_withdrawals where withdrawal_id = ?').get(deepId) as { createdAt: string; id: string };
  db.close();
  const s = await startService(f.file);
  try {
    const base = `/partner/v1/customers/${f.customerId}/crypto-withdrawals?limit=20`;
    const first = await get(s.url, f, base);
    if (first.status !== 200) throw new Error(`list failed: ${JSON.stringify(first.body)}`);
    const lastItem = first.body.items[first.body.items.length - 1];
    const cursor = cursorAt(first.body.pageInfo.endCursor, deep, { createdAt: lastItem.createdAt, id: lastItem.withdrawalId });
    const deepPage = await get(s.url, f, `${base}&cursor=${cursor}`);
    if (deepPage.status !== 200 || deepPage.body.items.length !== 20) throw new Error(`deep page failed: ${JSON.stringify(deepPage.body).slice(0, 300)}`);
    await measure('warm-up list', s.url, f, getter(() => base), { quiet: true });
    const firstPaced = await paced(`list first page (${LIST_ROWS} rows)`, s.url, f, getter(() => base), PACED_RATE);
    const deepPaced = await paced(`list deep page (${LIST_ROWS} rows)`, s.url, f, getter(() => `${base}&cursor=${cursor}`), PACED_RATE);
    const firstSat = await measure('list first page, saturated', s.url, f, getter(() => base));
    const deepSat = await measure('list deep page, saturated', s.url, f, getter(() => `${base}&cursor=${cursor}`));
    results.push(firstPaced, deepPaced, firstSat, deepSat);
    return { firstP50: firstPaced.p50, firstP99: firstPaced.p99, deepP50: deepPaced.p50, deepP99: deepPaced.p99, firstRps: firstSat.rps, deepRps: deepSat.rps };
  } finally {
    await stop(s);
  }
}

async function feed(dir: string, results: Measure[]): Promise<Record<string, number>> {
  const f = await provision(path.join(dir, 'feed.db'));
  seedEvents(f.file, f, FEED_ROWS);
  const s = await startService(f.file);
  try {
    let cursor = '';
    let read = 0;
    const t0 = performance.now();
    for (;;) {
      const r = await get(s.url, f, `/partner/v1/events?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
      read += r.body.items.length;
      cursor = r.body.pageInfo.endCursor ?? cursor;
      if (!r.body.pageInfo.hasNextPage) break;
    }
    const seconds = (performance.now() - t0) / 1000;
    console.log(`feed walk: ${read} events in ${seconds.toFixed(1)} s = ${(read / seconds).toFixed(0)} events/s (one poller, pages of 100)`);
    const mid = await get(s.url, f, '/partner/v1/events?limit=100');
    const page = await measure('feed page of 100, saturated', s.url, f, getter(() => `/partner/v1/events?limit=100&cursor=${mid.body.pageInfo.endCursor}`));
    results.push(page);
    return { events: read, walkEventsPerSecond: read / seconds, pageRps: page.rps, pageP99: page.p99 };
  } finally {
    await stop(s);
  }
}

/** A query on either engine: `$1`-style parameters (SQLite's `?` in order), rows as objects. */
type Sql = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

const sqliteSql =
  (db: Database.Database): Sql =>
  async (text, params = []) =>
    db.prepare(text.replace(/\$\d+/g, '?')).all(...params) as Record<string, unknown>[];

async function withPg<T>(databaseUrl: string, work: (sql: Sql) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 3000 });
  await c.connect();
  try {
    return await work(async (text, params = []) => (await c.query(text, params)).rows as Record<string, unknown>[]);
  } finally {
    await c.end();
  }
}

const one = async (sql: Sql, text: string, params: unknown[] = []) => (await sql(text, params))[0]!;
const count = async (sql: Sql, text: string, params: unknown[] = []) => Number((await one(sql, text, params)).n);

/**
 * §10.7 each of `rows` withdrawals (1000 + 100 held) moved to COMPLETED exactly once: one event per
 * step (four, one of each status), one settlement of each kind (§10.1), and nothing left held.
 */
async function verifyWorker(sql: Sql, f: Fixture, rows: number): Promise<void> {
  const completed = await count(sql, `select count(*) as n from crypto_withdrawals where status = 'COMPLETED'`);
  const events = await count(sql, `select count(*) as n from events where resource_type = 'CRYPTO_WITHDRAWAL'`);
  const oddEvents = await count(
    sql,
    `select count(*) as n from (select resource_id from events where resource_type = 'CRYPTO_WITHDRAWAL' group by resource_id having count(*) <> 4 or count(distinct type) <> 4) x`,
  );
  const postings = await count(sql, `select count(*) as n from ledger_transactions where resource_type = 'CRYPTO_WITHDRAWAL'`);
  const oddPostings = await count(
    sql,
    `select count(*) as n from (select resource_id from ledger_transactions where resource_type = 'CRYPTO_WITHDRAWAL' group by resource_id having count(*) <> 2 or count(distinct type) <> 2) x`,
  );
  const b = await one(sql, `select available_minor as a, held_minor as h, last_sequence as s from balances where customer_id = $1`, [f.customerId]);
  const wrong = [
    completed !== rows && `${completed} COMPLETED`,
    (events !== rows * 4 || oddEvents !== 0) && `${events} withdrawal events (${oddEvents} withdrawals without exactly one of each step)`,
    (postings !== rows * 2 || oddPostings !== 0) && `${postings} settlement rows (${oddPostings} withdrawals without exactly one WITHDRAWAL and one WITHDRAWAL_FEE)`,
    (String(b.a) !== '0' || String(b.h) !== '0' || Number(b.s) !== rows * 2) && `balance available ${b.a}, held ${b.h}, last sequence ${b.s}`,
  ].filter(Boolean);
  if (wrong.length > 0) throw new Error(`worker: ${rows} withdrawals, but ${wrong.join('; ')}`);
}

async function worker(dir: string): Promise<Record<string, number>> {
  const f = await provision(path.join(dir, 'worker.db'));
  const beneficiary = seedBeneficiary(f.file, f);
  seedWithdrawals(f.file, f, beneficiary, WORKER_ROWS, 'SUBMITTED', { amount: '1000', fee: '100' });
  seedBalance(f.file, f, 0n, BigInt(WORKER_ROWS) * 1100n);
  const t0 = performance.now();
  const s = await startService(f.file, { SANDBOX_STEP_DELAY_MS: '0', WORKER_POLL_INTERVAL_MS: '10' });
  try {
    const db = new Database(f.file, { readonly: true });
    try {
      for (;;) {
        const { n } = db.prepare(`select count(*) as n from crypto_withdrawals where status = 'COMPLETED'`).get() as { n: number };
        if (n === WORKER_ROWS) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const seconds = (performance.now() - t0) / 1000;
      const steps = WORKER_ROWS * 4;
      console.log(`worker: ${WORKER_ROWS} withdrawals SUBMITTED → COMPLETED (${steps} steps, ${WORKER_ROWS * 2} ledger rows) in ${seconds.toFixed(1)} s = ${(steps / seconds).toFixed(0)} steps/s`);
      await verifyWorker(sqliteSql(db), f, WORKER_ROWS);
      return { withdrawals: WORKER_ROWS, steps, stepsPerSecond: steps / seconds };
    } finally {
      db.close();
    }
  } finally {
    await stop(s);
  }
}

/** Submissions of `ids` in turn (§10.6), each with a fresh authorization and idempotency key. */
function submissionMaker(ids: string[]): { make: Make; sent: () => number } {
  let next = 0;
  const make: Make = () => {
    const withdrawalId = ids[next++ % ids.length]!;
    const authorizedAt = new Date().toISOString();
    const operationAuthorization = {
      operationType: 'CRYPTO_WITHDRAWAL_SUBMIT',
      operationHash: operationHashOf('CRYPTO_WITHDRAWAL_SUBMIT', { withdrawalId }, {}),
      authorizedAt,
      authorizedByPartnerUserRef: 'bench',
      authorizationMethod: 'PASSKEY',
      mfaEvidenceRef: randomUUID(),
    };
    return { method: 'POST', path: `/partner/v1/crypto/withdrawals/${withdrawalId}/submission`, body: JSON.stringify({ operationAuthorization }), key: randomUUID() };
  };
  return { make, sent: () => next };
}

/** Most runs of BENCH_SECONDS after the measured one, to reach the last funds. */
const MAX_DRAIN_RUNS = 20;

type Race = { measured: Measure; total: { requests: number; non2xx: number }; drainRuns: number };

/**
 * §10.6 the race on one balance: one measured run at saturation, then (not measured) more runs of the
 * same load while funds and APPROVED withdrawals are left, so the outcome is always checked at the last
 * funds: exactly as many accepted as they cover, the rest INSUFFICIENT_FUNDS.
 */
async function race(
  name: string,
  urls: string[],
  f: Fixture,
  submit: ReturnType<typeof submissionMaker>,
  ids: number,
  affordable: number,
  sql: Sql,
  afterMeasured?: () => Promise<void>,
): Promise<Race> {
  const run = (n: string, quiet: boolean) =>
    urls.length === 1 ? measure(n, urls[0]!, f, submit.make, { quiet }) : measureSpread(n, urls, f, submit.make, { quiet });
  const measured = await run(name, false);
  await afterMeasured?.();
  const total = { requests: measured.requests, non2xx: measured.non2xx };
  let drainRuns = 0;
  while (drainRuns < MAX_DRAIN_RUNS && submit.sent() < ids && (await count(sql, `select count(*) as n from crypto_withdrawals where status = 'SUBMITTED'`)) < affordable) {
    const more = await run(`${name} (to the last funds)`, true);
    total.requests += more.requests;
    total.non2xx += more.non2xx;
    drainRuns += 1;
  }
  if (drainRuns > 0) console.log(`  ${name}: ${drainRuns} more run(s) of ${SECONDS} s, not measured, to reach the last funds`);
  return { measured, total, drainRuns };
}

/**
 * The race's outcome against the answers: at most `affordable` SUBMITTED, each answered 200 or cut off,
 * one HOLD each, and the balance exactly what they left.
 */
async function verifySubmissions(label: string, sql: Sql, f: Fixture, r: Race, sent: number, ids: number, affordable: number): Promise<Record<string, number>> {
  const m = r.total;
  const n = await count(sql, `select count(*) as n from crypto_withdrawals where status = 'SUBMITTED'`);
  const holds = await count(sql, `select count(*) as n from ledger_transactions where type = 'HOLD'`);
  const b = await one(sql, `select available_minor as a, held_minor as h from balances where customer_id = $1`, [f.customerId]);
  // Answered 200: every completed request that was not refused (autocannon may leave a few unanswered
  // at the end of its run; those may have committed too, so they bound the count from above).
  const ok = m.requests - m.non2xx;
  // Sent and never answered (the generator stopped first); wrapped-around ids are answered INVALID_STATE.
  const unanswered = Math.max(0, sent - m.requests);
  // §8: every refusal is audited with its problem code. Before the ids wrap around (a second submission
  // of one withdrawal is INVALID_STATE), funds are the only reason to refuse (§10.6 check 11).
  const refusals = await sql(`select problem_code as code, count(*) as n from audit_events where status >= 400 group by problem_code order by problem_code`);
  const byCode = refusals.map((r) => `${String(r.code)} ${Number(r.n)}`).join(', ') || 'none';
  const allowed = sent > ids ? ['INSUFFICIENT_FUNDS', 'INVALID_STATE'] : ['INSUFFICIENT_FUNDS'];
  console.log(
    `${label}: ${m.requests} answered (${ok} accepted, ${m.non2xx} refused: ${byCode}), ${unanswered} cut off; ${n} SUBMITTED (funds for ${affordable}); available ${b.a}, held ${b.h}`,
  );
  if (n > affordable || n < Math.min(ok, affordable) || n > ok + unanswered) throw new Error(`SUBMITTED ${n} does not match the answers`);
  if (holds !== n) throw new Error(`${holds} HOLD rows for ${n} submissions`);
  if (BigInt(String(b.a)) !== BigInt(affordable - n) * 1100n || BigInt(String(b.h)) !== BigInt(n) * 1100n) throw new Error('the balance does not match the submissions');
  if (refusals.some((r) => !allowed.includes(String(r.code)))) throw new Error(`refusals other than ${allowed.join(' or ')}: ${byCode}`);
  if (n < affordable) console.log(`  the run ended before the funds did (${n} of ${affordable}): the race at the last funds was not reached; lower BENCH_SUBMIT_FUNDED or raise BENCH_SECONDS`);
  return { rps: r.measured.rps, p99: r.measured.p99, answered: m.requests, accepted: n, refused: m.non2xx, drainRuns: r.drainRuns, fundsExhausted: n === affordable ? 1 : 0 };
}

async function submissions(dir: string, results: Measure[]): Promise<Record<string, number>> {
  const f = await provision(path.join(dir, 'submit.db'));
  const beneficiary = seedBeneficiary(f.file, f);
  const ids = seedWithdrawals(f.file, f, beneficiary, SUBMISSIONS, 'APPROVED', { amount: '1000', fee: '100' });
  const affordable = FUNDED;
  seedBalance(f.file, f, BigInt(affordable) * 1100n, 0n);
  const s = await startService(f.file, { SANDBOX_STEP_DELAY_MS: '600000' });
  try {
    const submit = submissionMaker(ids);
    const db = new Database(f.file, { readonly: true });
    try {
      const r = await race('submissions on one customer', [s.url], f, submit, ids.length, affordable, sqliteSql(db));
      results.push(r.measured);
      return await verifySubmissions('submissions', sqliteSql(db), f, r, submit.sent(), ids.length, affordable);
    } finally {
      db.close();
    }
  } finally {
    await stop(s);
  }
}

// ---- PostgreSQL ------------------------------------------------------------------------------------

async function pgAnswers(): Promise<boolean> {
  try {
    await withPg(PG_URL, (sql) => sql('select 1'));
    return true;
  } catch (error) {
    console.log(`PostgreSQL at BENCH_PG_URL does not answer (${(error as Error).message}): the pg-worker and pg-submissions parts are skipped`);
    return false;
  }
}

/**
 * A schema of its own for one run, dropped afterwards. `databaseUrl` names its connections after the
 * schema (application_name), so the CPU of this run's backends can be told from other clients'.
 */
async function onPgSchema<T>(run: (db: { databaseUrl: string; adminUrl: string; schema: string }) => Promise<T>): Promise<T> {
  const schema = `bench_life_${randomBytes(4).toString('hex')}`;
  await withPg(PG_URL, (sql) => sql(`create schema ${schema}`));
  const admin = new URL(PG_URL);
  admin.searchParams.set('options', `-c search_path=${schema}`);
  const service = new URL(admin);
  service.searchParams.set('application_name', schema);
  try {
    return await run({ databaseUrl: service.toString(), adminUrl: admin.toString(), schema });
  } finally {
    await withPg(PG_URL, (sql) => sql(`drop schema if exists ${schema} cascade`)).catch(() => {});
  }
}

/** `processes` services on one PostgreSQL database, each logging to a file of its own. */
async function startServices(dir: string, name: string, processes: number, databaseUrl: string, env: Record<string, string>): Promise<Proc[]> {
  const started = await Promise.allSettled(Array.from({ length: processes }, (_, i) => startService(path.join(dir, `${name}-${i + 1}.db`), { ...env, DATABASE_URL: databaseUrl })));
  const up = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failed = started.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    for (const p of up) await stop(p);
    throw failed.reason;
  }
  return up;
}

/** db_writer_events of GET /metrics, summed over the processes (PostgreSQL: transactions, retries, serialized, statements). */
async function writerEvents(services: Proc[]): Promise<Record<string, number>> {
  const sum: Record<string, number> = {};
  for (const s of services) {
    const text = await (await fetch(`${s.url}/metrics`)).text();
    for (const m of text.matchAll(/^db_writer_events\{counter="(\w+)"\} (\S+)$/gm)) sum[m[1]!] = (sum[m[1]!] ?? 0) + Number(m[2]);
  }
  return sum;
}

/** Starts sampling CPU and counting the writer's events for one measurement; `end()` stops and prints what limited it. */
async function limitsOf(label: string, services: Proc[], schema: string): Promise<{ end: () => Promise<Record<string, number>> }> {
  const before = await writerEvents(services);
  const cpu = new CpuSampler(services.map((s) => s.proc.pid!));
  return {
    async end() {
      const ours = await withPg(PG_URL, (sql) => sql(`select pid from pg_stat_activity where application_name = $1`, [schema]));
      const use = cpu.stop(ours.map((r) => Number(r.pid)));
      const after = await writerEvents(services);
      const d = (k: string) => (after[k] ?? 0) - (before[k] ?? 0);
      const writer = { transactions: d('transactions'), retries: d('retries'), serialized: d('serialized'), statements: d('statements') };
      console.log(
        `  ${label}, CPU in cores: service ${use.services.map((c) => c.toFixed(2)).join(' + ')}, PostgreSQL ${use.postgres.toFixed(2)} (this run's backends ${use.postgresOurs.toFixed(2)}), ` +
          `load generator ${use.generator.toFixed(2)}; machine ${use.machineBusy.toFixed(2)} of ${use.cores} busy`,
      );
      console.log(
        `  ${label}, writer: ${writer.transactions} transactions (attempts), ${writer.retries} retried after a conflict, ${writer.serialized} run one at a time ` +
          `under the serial lock, ${writer.statements} statements → limited by ${verdict(use, writer)}`,
      );
      return {
        serviceCores: use.services.reduce((a, b) => a + b, 0),
        postgresCores: use.postgres,
        postgresOurCores: use.postgresOurs,
        generatorCores: use.generator,
        machineBusyCores: use.machineBusy,
        ...writer,
      };
    },
  };
}

/** The likeliest limit, from the figures printed beside it. */
function verdict(use: CpuUse, writer: { transactions: number; retries: number; serialized: number }): string {
  if (use.machineBusy >= 0.9 * use.cores) return `the machine's CPU (all ${use.cores} cores busy: service, PostgreSQL and load generator share them)`;
  const hot = use.services.findIndex((c) => c >= 0.9);
  if (hot >= 0) return `service process ${hot + 1}'s CPU (its one core)`;
  if (writer.transactions > 0 && (writer.serialized + writer.retries) / writer.transactions >= 0.1)
    return 'conflicts on one row (the balance): retried, then run one at a time';
  return 'waits, neither CPU nor conflicts (round trips, commits\' disk syncs)';
}

async function pgWorker(dir: string, processes: number): Promise<Record<string, number>> {
  return onPgSchema(async ({ databaseUrl, adminUrl, schema }) => {
    const f = await provision(path.join(dir, `pg-worker-${processes}.db`), databaseUrl);
    // Seeded not yet due: the processes start (and warm up) first, then one update makes them all due.
    await seedLifecyclePg(databaseUrl, f, { withdrawals: { rows: WORKER_ROWS, status: 'SUBMITTED', amount: '1000', fee: '100', held: true }, balance: { available: 0n, held: BigInt(WORKER_ROWS) * 1100n } });
    await analyze(databaseUrl);
    const services = await startServices(dir, `pg-worker-${processes}`, processes, databaseUrl, { SANDBOX_STEP_DELAY_MS: '0', WORKER_POLL_INTERVAL_MS: '10' });
    try {
      return await withPg(adminUrl, async (sql) => {
        const label = `PostgreSQL worker, ${processes} process${processes > 1 ? 'es' : ''}`;
        const limits = await limitsOf(label, services, schema);
        const t0 = performance.now();
        const released = await releaseWithdrawals(adminUrl);
        if (released !== WORKER_ROWS) throw new Error(`released ${released} of ${WORKER_ROWS} withdrawals`);
        let done = 0;
        let progressAt = performance.now();
        for (;;) {
          const n = await count(sql, `select count(*) as n from crypto_withdrawals where status = 'COMPLETED'`);
          if (n === WORKER_ROWS) break;
          if (n > done) [done, progressAt] = [n, performance.now()];
          else if (performance.now() - progressAt > STALL_MS) throw new Error(`${label}: stuck at ${n} of ${WORKER_ROWS} COMPLETED`);
          await new Promise((r) => setTimeout(r, 50));
        }
        const seconds = (performance.now() - t0) / 1000;
        const steps = WORKER_ROWS * 4;
        console.log(`${label}: ${WORKER_ROWS} withdrawals SUBMITTED → COMPLETED (${steps} steps, ${WORKER_ROWS * 2} ledger rows) in ${seconds.toFixed(1)} s = ${(steps / seconds).toFixed(0)} steps/s`);
        const limited = await limits.end();
        await verifyWorker(sql, f, WORKER_ROWS);
        console.log(`  ${label}: every withdrawal COMPLETED exactly once (4 events, 2 settlement rows each; balance 0 available, 0 held)`);
        return { processes, withdrawals: WORKER_ROWS, steps, stepsPerSecond: steps / seconds, ...limited };
      });
    } finally {
      for (const s of services) await stop(s);
    }
  });
}

async function pgSubmissions(dir: string, processes: number, results: Measure[]): Promise<Record<string, number>> {
  return onPgSchema(async ({ databaseUrl, adminUrl, schema }) => {
    const f = await provision(path.join(dir, `pg-submit-${processes}.db`), databaseUrl);
    const affordable = FUNDED;
    const ids = await seedLifecyclePg(databaseUrl, f, { withdrawals: { rows: SUBMISSIONS, status: 'APPROVED', amount: '1000', fee: '100' }, balance: { available: BigInt(affordable) * 1100n, held: 0n } });
    await analyze(databaseUrl);
    const services = await startServices(dir, `pg-submit-${processes}`, processes, databaseUrl, { SANDBOX_STEP_DELAY_MS: '600000' });
    try {
      const label = `PostgreSQL submissions, ${processes} process${processes > 1 ? 'es' : ''}`;
      const submit = submissionMaker(ids);
      return await withPg(adminUrl, async (sql) => {
        // The limits are the measured run's only, not those of the runs after it (to the last funds).
        const limits = await limitsOf(label, services, schema);
        const urls = services.map((s) => s.url);
        let limited: Record<string, number> = {};
        const r = await race(`${label} on one customer`, urls, f, submit, ids.length, affordable, sql, async () => {
          limited = await limits.end();
        });
        results.push(r.measured);
        const verified = await verifySubmissions(label, sql, f, r, submit.sent(), ids.length, affordable);
        return { processes, connections: CONNECTIONS, ...verified, ...limited };
      });
    } finally {
      for (const s of services) await stop(s);
    }
  });
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'partner-bench-lifecycle-'));
  console.log(`bench:lifecycle: ${SECONDS} s per measurement, node ${process.version}, ${os.cpus().length} cores; state in ${dir}`);
  const results: Measure[] = [];
  const summary: Record<string, unknown> = {};
  if (PARTS.includes('lists')) summary.lists = await lists(dir, results);
  if (PARTS.includes('feed')) summary.feed = await feed(dir, results);
  if (PARTS.includes('worker')) summary.worker = await worker(dir);
  if (PARTS.includes('submissions')) summary.submissions = await submissions(dir, results);
  if ((PARTS.includes('pg-worker') || PARTS.includes('pg-submissions')) && (await pgAnswers())) {
    if (PARTS.includes('pg-worker')) summary.pgWorker = [await pgWorker(dir, 1), await pgWorker(dir, 2)];
    if (PARTS.includes('pg-submissions')) summary.pgSubmissions = [await pgSubmissions(dir, 1, results), await pgSubmissions(dir, 2, results)];
  }
  console.log(JSON.stringify({ at: new Date().toISOString(), rows: { list: LIST_ROWS, feed: FEED_ROWS }, summary }, null, 2));
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
