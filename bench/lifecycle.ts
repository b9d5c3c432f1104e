// `npm run bench:lifecycle` (also the last part of `npm run bench`): the money lifecycle's costs on the
// embedded engine, each on a database of its own seeded through SQL:
//   - list pages (§9.3) at BENCH_LIST_ROWS withdrawals of one customer: first page and a deep page
//     (keyset: both should cost the same), paced latency and saturated rate;
//   - the event feed (§11.3): a poller walking BENCH_FEED_ROWS events, events/s; saturated page reads;
//   - the worker (§10.7): BENCH_WORKER_ROWS submitted withdrawals moved to COMPLETED, steps/s;
//   - submissions (§10.6) racing on one customer's balance with funds for BENCH_SUBMIT_FUNDED: rate, and
//     exactly as many accepted as the funds allow.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { operationHashOf } from '../src/core/operation-hash.js';
import { signedHeaders } from '../src/http/signature.js';
import { measure, paced, provision, SECONDS, startService, stop, type Fixture, type Make, type Measure } from './harness.js';
import { seedBalance, seedBeneficiary, seedEvents, seedWithdrawals } from './seed-lifecycle.js';

const LIST_ROWS = Number(process.env.BENCH_LIST_ROWS ?? 1_000_000);
const FEED_ROWS = Number(process.env.BENCH_FEED_ROWS ?? 200_000);
const WORKER_ROWS = Number(process.env.BENCH_WORKER_ROWS ?? 5_000);
const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 20_000);
/** Submissions the customer's funds cover; the rest must be refused with INSUFFICIENT_FUNDS. */
const FUNDED = Number(process.env.BENCH_SUBMIT_FUNDED ?? 1_000);
/** BENCH_PARTS: a comma-separated subset of lists, feed, worker, submissions (default all). */
const PARTS = (process.env.BENCH_PARTS ?? 'lists,feed,worker,submissions').split(',');
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
    } finally {
      db.close();
    }
    const seconds = (performance.now() - t0) / 1000;
    const steps = WORKER_ROWS * 4;
    console.log(`worker: ${WORKER_ROWS} withdrawals SUBMITTED → COMPLETED (${steps} steps, ${WORKER_ROWS * 3} ledger rows) in ${seconds.toFixed(1)} s = ${(steps / seconds).toFixed(0)} steps/s`);
    return { withdrawals: WORKER_ROWS, steps, stepsPerSecond: steps / seconds };
  } finally {
    await stop(s);
  }
}

async function submissions(dir: string, results: Measure[]): Promise<Record<string, number>> {
  const f = await provision(path.join(dir, 'submit.db'));
  const beneficiary = seedBeneficiary(f.file, f);
  const ids = seedWithdrawals(f.file, f, beneficiary, SUBMISSIONS, 'APPROVED', { amount: '1000', fee: '100' });
  const affordable = FUNDED;
  seedBalance(f.file, f, BigInt(affordable) * 1100n, 0n);
  const s = await startService(f.file, { SANDBOX_STEP_DELAY_MS: '600000' });
  try {
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
    const m = await measure('submissions on one customer', s.url, f, make);
    results.push(m);
    const db = new Database(f.file, { readonly: true });
    try {
      const { n } = db.prepare(`select count(*) as n from crypto_withdrawals where status = 'SUBMITTED'`).get() as { n: number };
      const b = db.prepare(`select available_minor as a, held_minor as h from balances where customer_id = ?`).get(f.customerId) as { a: string; h: string };
      // Answered 200: every completed request that was not refused (autocannon may leave a few unanswered
      // at the end of its run; those may have committed too, so they bound the count from above).
      const ok = m.requests - m.non2xx;
      const unanswered = Math.min(next, ids.length) - m.requests;
      console.log(`submissions: ${m.requests} answered (${ok} accepted, ${m.non2xx} refused), ${unanswered} cut off; ${n} SUBMITTED (funds for ${affordable}); available ${b.a}, held ${b.h}`);
      if (n > affordable || n < Math.min(ok, affordable) || n > ok + unanswered) throw new Error(`SUBMITTED ${n} does not match the answers`);
      if (BigInt(b.a) !== BigInt(affordable - n) * 1100n || BigInt(b.h) !== BigInt(n) * 1100n) throw new Error('the balance does not match the submissions');
      return { rps: m.rps, p99: m.p99, answered: m.requests, accepted: n, refused: m.non2xx };
    } finally {
      db.close();
    }
  } finally {
    await stop(s);
  }
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
  console.log(JSON.stringify({ at: new Date().toISOString(), rows: { list: LIST_ROWS, feed: FEED_ROWS }, summary }, null, 2));
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
