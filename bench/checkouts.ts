// `npm run bench:checkouts` (also part of `npm run bench`): getting paid (§15), on SQLite, then on
// PostgreSQL (BENCH_PG_URL, a schema of its own dropped afterwards; skipped when it does not answer).
// One service process each, its worker running beside the requests (SANDBOX_STEP_DELAY_MS=0: a payment's
// confirmation is due at once, WORKER_POLL_INTERVAL_MS=10):
//   1. one checkout: BENCH_CHECKOUT_PAYMENTS simulateCollectionPayment (confirm) into its one address, then
//      the worker's completions; payments detected per second (the requests) and detected and completed
//      per second (from the first request to the last COMPLETED); every counter checked exact afterwards;
//   2. BENCH_WALLETS collection wallets (seeded in SQL before the service starts, bench/seed-collections.ts),
//      BENCH_WALLET_PAYMENTS payments, each to the next wallet, measured and checked the same way;
//   3. the hosted page `GET /pay/{token}`, JSON and HTML (its QR code drawn each time), BENCH_SECONDS
//      each at saturation; CHECKOUT_PAGE_RATE_LIMIT_PER_MINUTE at its maximum so the limit stays out of it.
// Each figure against a floor of its engine (FLOORS, docs/performance.md): modest, the machine being shared.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import pg from 'pg';
import { openEngine } from '../src/db/engine.js';
import { verificationDecide } from '../src/modules/customers/operators.js';
import { signedHeaders } from '../src/http/signature.js';
import { cpuSecondsOf } from './cpu.js';
import { analyze, CONNECTIONS, provision, SECONDS, startService, stop, type Fixture, type Proc } from './harness.js';
import { onPgSchema, pgAnswers } from './pg-schema.js';
import { seedCollectionWallets } from './seed-collections.js';

const CHECKOUT_PAYMENTS = Number(process.env.BENCH_CHECKOUT_PAYMENTS ?? 600);
const WALLETS = Number(process.env.BENCH_WALLETS ?? 10_000);
/** Each to another wallet (in turn): the lookup of one address among BENCH_WALLETS, not the same few rows. */
const WALLET_PAYMENTS = Number(process.env.BENCH_WALLET_PAYMENTS ?? 1_000);
const WARM_PAYMENTS = 200;
/** BENCH_ENGINES: sqlite, pg or both (default), comma-separated. */
const ENGINES = (process.env.BENCH_ENGINES ?? 'sqlite,pg').split(',');
const PAYMENT_MINOR = 1000n;
const FROM = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
/** How long the worker may go without completing a payment before the run is called stuck. */
const STALL_MS = 60_000;

type Floors = { checkoutDetected: number; checkoutCompleted: number; walletDetected: number; walletCompleted: number; pageJson: number; pageHtml: number };

/**
 * The floors, per second and per engine: about half of what runs on this 2-core machine gave while other
 * work shared it (docs/performance.md), so that a run falls below one for a regression, not for the load.
 */
const FLOORS: Record<'SQLite' | 'PostgreSQL', Floors> = {
  SQLite: { checkoutDetected: 30, checkoutCompleted: 25, walletDetected: 35, walletCompleted: 30, pageJson: 150, pageHtml: 100 },
  PostgreSQL: { checkoutDetected: 8, checkoutCompleted: 6, walletDetected: 30, walletCompleted: 8, pageJson: 120, pageHtml: 100 },
};

/** A query on either engine: `$1`-style parameters (SQLite's `?` in order), rows as objects. */
type Sql = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

async function withSql<T>(f: Fixture, work: (sql: Sql) => Promise<T>): Promise<T> {
  if (f.databaseUrl) {
    const c = new pg.Client({ connectionString: f.databaseUrl });
    await c.connect();
    try {
      return await work(async (text, params = []) => (await c.query(text, params)).rows as Record<string, unknown>[]);
    } finally {
      await c.end();
    }
  }
  const db = new Database(f.file, { readonly: true });
  try {
    return await work(async (text, params = []) => db.prepare(text.replace(/\$\d+/g, '?')).all(...params) as Record<string, unknown>[]);
  } finally {
    db.close();
  }
}

const count = async (sql: Sql, text: string, params: unknown[] = []) => Number((await sql(text, params))[0]!.n);

async function signed(url: string, f: Fixture, method: string, p: string, payload?: unknown): Promise<{ status: number; body: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const body = payload === undefined ? '' : JSON.stringify(payload);
  const headers = signedHeaders(f.secret, { method, path: p, clientId: f.clientId, idempotencyKey: method === 'GET' ? null : randomUUID(), body });
  const res = await fetch(url + p, { method, headers: { ...headers, 'content-type': 'application/json' }, body: method === 'GET' ? undefined : body });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** §12.4: checkouts and wallets pass the gate only for a verified customer. */
async function verify(f: Fixture): Promise<void> {
  const engine = await openEngine(f.databaseUrl ? { kind: 'pg', url: f.databaseUrl } : { kind: 'sqlite', file: f.file }, { poolSize: 1 });
  try {
    await verificationDecide(engine, f.customerId, 'VERIFIED', undefined);
  } finally {
    await engine.close();
  }
}

type Payments = { payments: number; detectedPerSecond: number; completedPerSecond: number; drainSeconds: number; p50: number; p99: number; cpuMsPerPayment: number };

/**
 * `n` payments of PAYMENT_MINOR, the i-th to `to(i)`, CONNECTIONS at once; then waits for as many
 * COMPLETED as answered 200 (`completed` counts them). Refused or failed requests stop the run.
 */
async function pay(label: string, s: Proc, f: Fixture, n: number, to: (i: number) => string, completed: () => Promise<number>, quiet = false): Promise<Payments> {
  const p = '/partner/v1/crypto/collection-payment-simulations';
  let next = 0;
  const before = await completed();
  const cpu0 = cpuSecondsOf(s.proc.pid!)!;
  const t0 = performance.now();
  const result = await autocannon({
    url: s.url,
    connections: Math.min(CONNECTIONS, n),
    amount: n,
    // Payments into one row queue behind each other on PostgreSQL: seconds, not autocannon's default 10-s cut-off.
    timeout: 60,
    requests: [
      {
        setupRequest: (req) => {
          const body = JSON.stringify({ routeCode: f.routeCode, toAddress: to(next++), amountMinor: String(PAYMENT_MINOR), fromAddress: FROM });
          const headers = signedHeaders(f.secret, { method: 'POST', path: p, clientId: f.clientId, idempotencyKey: randomUUID(), body });
          return { ...req, method: 'POST', path: p, body, headers: { ...headers, 'content-type': 'application/json' } };
        },
      },
    ],
  });
  const detectedSeconds = (performance.now() - t0) / 1000;
  const ok = result.requests.total - result.non2xx;
  if (result.non2xx > 0 || result.errors > 0 || ok !== n) throw new Error(`${label}: ${ok} of ${n} payments answered 200 (non-2xx ${result.non2xx}, errors ${result.errors})`);
  let done = 0;
  let progressAt = performance.now();
  for (;;) {
    const c = (await completed()) - before;
    if (c >= n) break;
    if (c > done) [done, progressAt] = [c, performance.now()];
    else if (performance.now() - progressAt > STALL_MS) throw new Error(`${label}: stuck at ${c} of ${n} COMPLETED`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const seconds = (performance.now() - t0) / 1000;
  const m: Payments = {
    payments: n,
    detectedPerSecond: n / detectedSeconds,
    completedPerSecond: n / seconds,
    drainSeconds: seconds - detectedSeconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // The service process's CPU per payment, detection and completion: it moves less with the machine's other load than the rates do.
    cpuMsPerPayment: ((cpuSecondsOf(s.proc.pid!)! - cpu0) * 1000) / n,
  };
  if (!quiet)
    console.log(
      `${label}: ${n} payments detected in ${detectedSeconds.toFixed(1)} s = ${m.detectedPerSecond.toFixed(0)}/s (p50 ${m.p50} ms, p99 ${m.p99} ms); ` +
        `all COMPLETED ${m.drainSeconds.toFixed(1)} s later = ${m.completedPerSecond.toFixed(0)} detected and completed/s; service CPU ${m.cpuMsPerPayment.toFixed(2)} ms a payment`,
    );
  return m;
}

async function newCheckout(s: Proc, f: Fixture, amountMinor: bigint): Promise<{ checkoutId: string; address: string }> {
  const r = await signed(s.url, f, 'POST', `/partner/v1/customers/${f.customerId}/crypto/checkouts`, {
    routeCode: f.routeCode, amountMinor: String(amountMinor), currency: 'USDT', currencyScale: 6, expiresInSeconds: 3600,
  });
  if (r.status !== 200) throw new Error(`createCryptoCheckout: ${r.status} ${JSON.stringify(r.body)}`);
  return { checkoutId: r.body.checkoutId, address: r.body.address };
}

/** §15.3: after `n` COMPLETED payments of PAYMENT_MINOR into a checkout of n × PAYMENT_MINOR: PAID, every counter exact, one COLLECTION row each. */
async function verifyCheckout(s: Proc, f: Fixture, sql: Sql, checkoutId: string, n: number): Promise<void> {
  const c = (await signed(s.url, f, 'GET', `/partner/v1/crypto/checkouts/${checkoutId}`)).body;
  const total = String(BigInt(n) * PAYMENT_MINOR);
  const rows = await count(
    sql,
    `select count(*) as n from ledger_transactions l join collection_payments p on p.collection_payment_id = l.resource_id where l.type = 'COLLECTION' and p.checkout_id = $1`,
    [checkoutId],
  );
  const wrong = [
    c.status !== 'PAID' && `status ${c.status}`,
    c.amountPaidMinor !== total && `amountPaidMinor ${c.amountPaidMinor} (expected ${total})`,
    c.amountPendingMinor !== '0' && `amountPendingMinor ${c.amountPendingMinor}`,
    c.amountDueMinor !== '0' && `amountDueMinor ${c.amountDueMinor}`,
    c.overpaidMinor !== '0' && `overpaidMinor ${c.overpaidMinor}`,
    rows !== n && `${rows} COLLECTION rows`,
  ].filter(Boolean);
  if (wrong.length) throw new Error(`checkout after ${n} payments: ${wrong.join('; ')}`);
}

/** §15.5–§15.6: every wallet paid once has amountReceivedMinor PAYMENT_MINOR, one COLLECTION row each, the balance their sum. */
async function verifyWallets(s: Proc, f: Fixture, sql: Sql, n: number, before: bigint): Promise<void> {
  const paid = await count(sql, `select count(*) as n from collection_wallets where amount_received_minor = $1`, [String(PAYMENT_MINOR)]);
  const others = await count(sql, `select count(*) as n from collection_wallets where amount_received_minor not in ('0', $1)`, [String(PAYMENT_MINOR)]);
  const rows = await count(
    sql,
    `select count(*) as n from ledger_transactions l join collection_payments p on p.collection_payment_id = l.resource_id where l.type = 'COLLECTION' and p.target_type = 'COLLECTION_WALLET'`,
  );
  const balance = BigInt((await signed(s.url, f, 'GET', `/partner/v1/customers/${f.customerId}/balances`)).body.items.find((b: { currency: string }) => b.currency === 'USDT').availableMinor);
  const expected = before + BigInt(n) * PAYMENT_MINOR;
  const wrong = [
    paid !== Math.min(n, WALLETS) && `${paid} wallets received one payment`,
    n <= WALLETS && others !== 0 && `${others} wallets received another amount`,
    rows !== n && `${rows} COLLECTION rows`,
    balance !== expected && `balance ${balance} (expected ${expected})`,
  ].filter(Boolean);
  if (wrong.length) throw new Error(`wallets after ${n} payments: ${wrong.join('; ')}`);
}

type Page = { rps: number; p50: number; p99: number; requests: number; cpuMsPerRequest: number };

/** `GET /pay/{token}` unsigned, as a browser or an API client asks for it, at saturation. */
async function page(label: string, s: Proc, token: string, accept: string, seconds: number, quiet = false): Promise<Page> {
  const cpu0 = cpuSecondsOf(s.proc.pid!)!;
  const result = await autocannon({ url: `${s.url}/pay/${token}`, connections: CONNECTIONS, duration: seconds, headers: { accept } });
  const rps = result.requests.total / seconds;
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${label}: non-2xx ${result.non2xx}, errors ${result.errors} (the page's rate limit reached?)`);
  const m = { rps, p50: result.latency.p50, p99: result.latency.p99, requests: result.requests.total, cpuMsPerRequest: ((cpuSecondsOf(s.proc.pid!)! - cpu0) * 1000) / result.requests.total };
  if (!quiet) console.log(`${label}: ${rps.toFixed(0)} req/s  p50 ${m.p50} ms  p99 ${m.p99} ms  (${m.requests} requests)  service CPU ${m.cpuMsPerRequest.toFixed(2)} ms/request`);
  return m;
}

type Result = { checkout: Payments; wallets: Payments & { wallets: number; seedSeconds: number }; pageJson: Page; pageHtml: Page };

async function run(label: string, f: Fixture, env: Record<string, string>): Promise<Result> {
  await verify(f);
  const t0 = performance.now();
  const addresses = await seedCollectionWallets(f, WALLETS);
  const seedSeconds = (performance.now() - t0) / 1000;
  console.log(`${label}: ${WALLETS} buyers and collection wallets seeded in ${seedSeconds.toFixed(1)} s`);
  if (f.databaseUrl) await analyze(f.databaseUrl);
  const s = await startService(f.file, { SANDBOX_STEP_DELAY_MS: '0', WORKER_POLL_INTERVAL_MS: '10', CHECKOUT_PAGE_RATE_LIMIT_PER_MINUTE: '100000', ...env });
  try {
    return await withSql(f, async (sql) => {
      const completedOf = (checkoutId: string) => () => count(sql, `select count(*) as n from collection_payments where checkout_id = $1 and status = 'COMPLETED'`, [checkoutId]);
      const walletsCompleted = () => count(sql, `select count(*) as n from collection_payments where target_type = 'COLLECTION_WALLET' and status = 'COMPLETED'`);

      // Warm-up (JIT, caches, the statements' plans), not measured: a checkout of its own.
      const warm = await newCheckout(s, f, BigInt(WARM_PAYMENTS) * PAYMENT_MINOR);
      await pay(`${label} warm-up`, s, f, WARM_PAYMENTS, () => warm.address, completedOf(warm.checkoutId), true);

      // 1. One checkout, every payment to its one address.
      const one = await newCheckout(s, f, BigInt(CHECKOUT_PAYMENTS) * PAYMENT_MINOR);
      const checkout = await pay(`${label}, one checkout`, s, f, CHECKOUT_PAYMENTS, () => one.address, completedOf(one.checkoutId));
      await verifyCheckout(s, f, sql, one.checkoutId, CHECKOUT_PAYMENTS);
      await verifyCheckout(s, f, sql, warm.checkoutId, WARM_PAYMENTS);

      // 2. The wallets, one payment each in turn.
      const before = BigInt(CHECKOUT_PAYMENTS + WARM_PAYMENTS) * PAYMENT_MINOR;
      const w = await pay(`${label}, ${WALLETS} wallets`, s, f, WALLET_PAYMENTS, (i) => addresses[i % addresses.length]!, walletsCompleted);
      await verifyWallets(s, f, sql, WALLET_PAYMENTS, before);
      console.log(`  ${label}: counters exact (the checkouts PAID with amountPaidMinor = their payments, every wallet paid once, one COLLECTION row a payment, the balance their sum)`);

      // 3. The hosted page of a checkout with a payment (the page shows what is left due).
      const shown = await newCheckout(s, f, 5n * PAYMENT_MINOR);
      const link = await signed(s.url, f, 'POST', `/partner/v1/crypto/checkouts/${shown.checkoutId}/links`, {});
      if (link.status !== 200) throw new Error(`createCheckoutLink: ${link.status} ${JSON.stringify(link.body)}`);
      const token = (link.body.url as string).split('/').pop()!;
      await pay(`${label} page payment`, s, f, 1, () => shown.address, completedOf(shown.checkoutId), true);
      const json = await fetch(`${s.url}/pay/${token}`, { headers: { accept: 'application/json' } });
      const html = await fetch(`${s.url}/pay/${token}`, { headers: { accept: 'text/html' } });
      const jsonBody = (await json.json()) as { amountDueMinor?: string };
      const htmlBody = await html.text();
      if (json.status !== 200 || jsonBody.amountDueMinor !== String(4n * PAYMENT_MINOR) || html.status !== 200 || !htmlBody.includes('<svg'))
        throw new Error(`the page answered ${json.status} ${JSON.stringify(jsonBody)} / ${html.status}`);
      await page(`${label} page warm-up`, s, token, 'application/json', 1, true);
      await page(`${label} page warm-up`, s, token, 'text/html', 1, true);
      const pageJson = await page(`${label}, GET /pay/{token} JSON`, s, token, 'application/json', SECONDS);
      const pageHtml = await page(`${label}, GET /pay/{token} HTML`, s, token, 'text/html,application/xhtml+xml', SECONDS);
      return { checkout, wallets: { ...w, wallets: WALLETS, seedSeconds }, pageJson, pageHtml };
    });
  } finally {
    await stop(s);
  }
}

function report(results: Record<string, Result>): boolean {
  let allMet = true;
  console.log('\n| engine | measurement | per second | floor | met |\n|---|---|---:|---:|---|');
  for (const [engine, r] of Object.entries(results)) {
    const floors = FLOORS[engine as keyof typeof FLOORS];
    const rows: [string, number, number][] = [
      [`one checkout, ${r.checkout.payments} payments: detected`, r.checkout.detectedPerSecond, floors.checkoutDetected],
      ['one checkout: detected and completed', r.checkout.completedPerSecond, floors.checkoutCompleted],
      [`${r.wallets.wallets} wallets, ${r.wallets.payments} payments: detected`, r.wallets.detectedPerSecond, floors.walletDetected],
      [`${r.wallets.wallets} wallets: detected and completed`, r.wallets.completedPerSecond, floors.walletCompleted],
      ['GET /pay/{token}, JSON', r.pageJson.rps, floors.pageJson],
      ['GET /pay/{token}, HTML with its QR code', r.pageHtml.rps, floors.pageHtml],
    ];
    for (const [name, value, floor] of rows) {
      const met = value >= floor;
      allMet &&= met;
      console.log(`| ${engine} | ${name} | ${value.toFixed(0)} | ≥ ${floor} | ${met ? 'yes' : '**no**'} |`);
    }
  }
  return allMet;
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'partner-bench-checkouts-'));
  console.log(
    `bench:checkouts: ${CHECKOUT_PAYMENTS} payments into one checkout, ${WALLET_PAYMENTS} into ${WALLETS} wallets, ${CONNECTIONS} connections; ` +
      `the page ${SECONDS} s per form; node ${process.version}, ${os.cpus().length} cores`,
  );
  try {
    const results: Record<string, Result> = {};
    if (ENGINES.includes('sqlite')) results.SQLite = await run('SQLite', await provision(path.join(dir, 'checkouts.db')), {});
    if (ENGINES.includes('pg') && (await pgAnswers()))
      results.PostgreSQL = await onPgSchema('bench_checkout', async (databaseUrl) =>
        run('PostgreSQL', await provision(path.join(dir, 'checkouts-pg.db'), databaseUrl), { DATABASE_URL: databaseUrl }),
      );
    const met = report(results);
    console.log(JSON.stringify({ at: new Date().toISOString(), floors: FLOORS, results }, null, 2));
    if (!met) console.log('A figure is below its floor.');
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
