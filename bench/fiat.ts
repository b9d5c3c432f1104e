// `npm run bench:fiat` (also part of `npm run bench`): fiat withdrawals (§14.7, §16.4), on SQLite, then on
// PostgreSQL (BENCH_PG_URL, a schema of its own dropped afterwards; skipped when it does not answer).
// Per engine, one service process:
//   set-up through the API (SANDBOX_STEP_DELAY_MS=0): a VERIFIED customer, SEPA enabled (fee 25), its EUR
//   account approved by the worker, an IBAN bank account, its SEPA capability activated (and reviewed by
//   the worker), funds for BENCH_FIAT_FUNDED withdrawals by one fiat deposit, BENCH_FIAT_SUBMISSIONS
//   drafts (1000 + fee 25 each);
//   1. submissions racing on the one balance: the service restarted with SANDBOX_STEP_DELAY_MS=600000 (the
//      worker leaves them in SUBMITTED), every draft submitted once, CONNECTIONS at once; submissions
//      answered per second; afterwards exactly BENCH_FIAT_FUNDED SUBMITTED with one HOLD each, the others
//      refused INSUFFICIENT_FUNDS, the balance exact;
//   2. the worker: the service restarted with SANDBOX_STEP_DELAY_MS=0, WORKER_POLL_INTERVAL_MS=10; it moves
//      every SUBMITTED withdrawal to COMPLETED (three transitions: COMPLIANCE_REVIEW, SENT_TO_BANK with
//      FIAT_WITHDRAWAL and FIAT_WITHDRAWAL_FEE, COMPLETED); transitions per second from the moment they
//      are made due (the service already listening) to the last COMPLETED; afterwards each has its three
//      rows and five events, the balance exact.
// Each figure against a floor of its engine (FLOORS, docs/performance.md).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import pg from 'pg';
import { operationHashOf } from '../src/core/operation-hash.js';
import { openEngine } from '../src/db/engine.js';
import { signedHeaders } from '../src/http/signature.js';
import { verificationDecide } from '../src/modules/customers/operators.js';
import { enableRail } from '../src/modules/fiat-rails/operators.js';
import { cpuSecondsOf } from './cpu.js';
import { CONNECTIONS, provision, startService, stop, type Fixture, type Proc } from './harness.js';
import { onPgSchema, pgAnswers } from './pg-schema.js';

const SUBMISSIONS = Number(process.env.BENCH_FIAT_SUBMISSIONS ?? 1000);
const FUNDED = Number(process.env.BENCH_FIAT_FUNDED ?? 400);
/** BENCH_ENGINES: sqlite, pg or both (default), comma-separated. */
const ENGINES = (process.env.BENCH_ENGINES ?? 'sqlite,pg').split(',');
const AMOUNT = 1000n;
const FEE = 25n;
const IBAN = 'DE89370400440532013000';
/** How long the worker may go without a transition before the run is called stuck. */
const STALL_MS = 60_000;

type Floors = { submissions: number; workerSteps: number };

/**
 * The floors, per second and per engine: about half of what a run on this 2-core host gave while it was
 * shared and loaded (load average 8–10, docs/performance.md), so that a run falls below one for a
 * regression, not for the load. For scale, the crypto submissions race (the same work less the capability
 * and bank account reads) gave 664 req/s on SQLite and 40 req/s on PostgreSQL unloaded, and the crypto
 * worker 514 and 256 steps/s (bench:lifecycle).
 */
const FLOORS: Record<'SQLite' | 'PostgreSQL', Floors> = {
  SQLite: { submissions: 60, workerSteps: 50 },
  PostgreSQL: { submissions: 25, workerSteps: 50 },
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
  const db = new Database(f.file);
  try {
    return await work(async (text, params = []) => {
      const st = db.prepare(text.replace(/\$\d+/g, '?'));
      return st.reader ? (st.all(...params) as Record<string, unknown>[]) : (st.run(...params), []);
    });
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

async function until(what: string, probe: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    if (await probe()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const evidence = (operationType: string, pathId: Record<string, string>, input: Record<string, unknown>) => ({
  operationType,
  operationHash: operationHashOf(operationType, pathId, input),
  authorizedAt: new Date().toISOString(),
  authorizedByPartnerUserRef: 'bench',
  authorizationMethod: 'PASSKEY',
  mfaEvidenceRef: randomUUID(),
});

/** The set-up above; returns the drafts' ids. */
async function setUp(label: string, f: Fixture, sql: Sql, env: Record<string, string>): Promise<string[]> {
  const engine = await openEngine(f.databaseUrl ? { kind: 'pg', url: f.databaseUrl } : { kind: 'sqlite', file: f.file }, { poolSize: 1 });
  try {
    await verificationDecide(engine, f.customerId, 'VERIFIED', undefined);
    await enableRail(engine, { clientId: f.clientId, rail: 'SEPA', withdrawalFeeMinor: FEE.toString() });
  } finally {
    await engine.close();
  }
  const s = await startService(f.file, { SANDBOX_STEP_DELAY_MS: '0', WORKER_POLL_INTERVAL_MS: '10', ...env });
  try {
    const app = await signed(s.url, f, 'POST', `/partner/v1/customers/${f.customerId}/fiat/account-applications`, {
      currency: 'EUR', accountHolderName: 'Ada Lovelace', expectedMonthlyVolumeMinor: '500000', sourceOfFunds: 'Salary', accountPurpose: 'Savings',
    });
    if (app.status !== 200) throw new Error(`createFiatAccountApplication: ${app.status} ${JSON.stringify(app.body)}`);
    let fiatAccountId = '';
    await until('the application approved', async () => {
      const r = await signed(s.url, f, 'GET', `/partner/v1/fiat/account-applications/${app.body.applicationId}`);
      fiatAccountId = r.body?.fiatAccountId ?? '';
      return r.body?.status === 'APPROVED';
    });
    const bank = await signed(s.url, f, 'POST', `/partner/v1/customers/${f.customerId}/fiat/bank-accounts`, {
      accountType: 'IBAN', currency: 'EUR', holderName: 'Ada Lovelace', holderType: 'INDIVIDUAL', holderCountry: 'DE', isOwner: true, iban: IBAN,
    });
    if (bank.status !== 200) throw new Error(`createBankAccount: ${bank.status} ${JSON.stringify(bank.body)}`);
    const act = await signed(s.url, f, 'POST', `/partner/v1/customers/${f.customerId}/fiat/withdrawal-capabilities/SEPA/activation`, {
      expectedMonthlyVolumeMinor: '250000', withdrawalPurpose: 'Paying suppliers',
    });
    if (act.status !== 200) throw new Error(`activateFiatWithdrawalCapability: ${act.status} ${JSON.stringify(act.body)}`);
    await until('the SEPA capability ACTIVE', async () =>
      (await signed(s.url, f, 'GET', `/partner/v1/customers/${f.customerId}/fiat/withdrawal-capabilities`)).body?.items?.find((c: { rail: string }) => c.rail === 'SEPA')?.status === 'ACTIVE',
    );
    const dep = await signed(s.url, f, 'POST', `/partner/v1/fiat/accounts/${fiatAccountId}/deposit-simulations`, {
      amountMinor: String(BigInt(FUNDED) * (AMOUNT + FEE)), senderName: 'Charles Babbage', senderAccountIdentifier: 'GB82WEST12345698765432',
    });
    if (dep.status !== 200) throw new Error(`simulateFiatDeposit: ${dep.status} ${JSON.stringify(dep.body)}`);
    await until('the deposit credited', async () => (await signed(s.url, f, 'GET', `/partner/v1/fiat/deposits/${dep.body.fiatDepositId}`)).body?.status === 'COMPLETED');
    const t0 = performance.now();
    const ids: string[] = [];
    const draftPath = `/partner/v1/customers/${f.customerId}/fiat/withdrawals`;
    for (let i = 0; i < SUBMISSIONS; i += CONNECTIONS) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(CONNECTIONS, SUBMISSIONS - i) }, async () => {
          const input: Record<string, unknown> = { rail: 'SEPA', bankAccountId: bank.body.bankAccountId, amountMinor: String(AMOUNT), currency: 'EUR', currencyScale: 2, paymentReference: 'Bench', clientReference: randomUUID() };
          input.operationAuthorization = evidence('FIAT_WITHDRAWAL_CREATE', { customerId: f.customerId }, input);
          const r = await signed(s.url, f, 'POST', draftPath, input);
          if (r.status !== 200) throw new Error(`createFiatWithdrawalApprovalDraft: ${r.status} ${JSON.stringify(r.body)}`);
          return r.body.fiatWithdrawalId as string;
        }),
      );
      ids.push(...batch);
    }
    console.log(`${label}: set up; ${ids.length} drafts in ${((performance.now() - t0) / 1000).toFixed(1)} s (funds for ${FUNDED})`);
    return ids;
  } finally {
    await stop(s);
  }
}

type Submissions = { submissions: number; perSecond: number; p50: number; p99: number; accepted: number; refused: number; cpuMsPerRequest: number };

/** 1. Every draft submitted once, CONNECTIONS at once; checked exact afterwards. */
async function submitAll(label: string, s: Proc, f: Fixture, sql: Sql, ids: string[]): Promise<Submissions> {
  let next = 0;
  const cpu0 = cpuSecondsOf(s.proc.pid!)!;
  const t0 = performance.now();
  const result = await autocannon({
    url: s.url,
    connections: Math.min(CONNECTIONS, ids.length),
    amount: ids.length,
    timeout: 60,
    requests: [
      {
        setupRequest: (req) => {
          const fiatWithdrawalId = ids[next++]!;
          const p = `/partner/v1/fiat/withdrawals/${fiatWithdrawalId}/submission`;
          const body = JSON.stringify({ operationAuthorization: evidence('FIAT_WITHDRAWAL_SUBMIT', { fiatWithdrawalId }, {}) });
          const headers = signedHeaders(f.secret, { method: 'POST', path: p, clientId: f.clientId, idempotencyKey: randomUUID(), body });
          return { ...req, method: 'POST', path: p, body, headers: { ...headers, 'content-type': 'application/json' } };
        },
      },
    ],
  });
  const seconds = (performance.now() - t0) / 1000;
  const cpuMs = (cpuSecondsOf(s.proc.pid!)! - cpu0) * 1000;
  if (result.errors > 0 || result.requests.total !== ids.length) throw new Error(`${label}: ${result.requests.total} of ${ids.length} answered, ${result.errors} errors`);
  const accepted = ids.length - result.non2xx;
  const submitted = await count(sql, `select count(*) as n from fiat_withdrawals where customer_id = $1 and status = 'SUBMITTED'`, [f.customerId]);
  const holds = await count(sql, `select count(*) as n from ledger_transactions where customer_id = $1 and type = 'HOLD'`, [f.customerId]);
  const refusals = await sql(`select problem_code as code, count(*) as n from audit_events where status >= 400 and operation = 'submitFiatWithdrawal' group by problem_code`);
  const b = (await sql(`select available_minor as a, held_minor as h from balances where customer_id = $1 and currency = 'EUR'`, [f.customerId]))[0]!;
  const each = AMOUNT + FEE;
  const wrong = [
    accepted !== FUNDED && `${accepted} accepted (funds for ${FUNDED})`,
    submitted !== accepted && `${submitted} SUBMITTED`,
    holds !== accepted && `${holds} HOLD rows`,
    refusals.some((r) => r.code !== 'INSUFFICIENT_FUNDS') && `refusals ${JSON.stringify(refusals)}`,
    (BigInt(String(b.a)) !== 0n || BigInt(String(b.h)) !== BigInt(accepted) * each) && `balance ${b.a} / ${b.h}`,
  ].filter(Boolean);
  if (wrong.length) throw new Error(`${label} submissions: ${wrong.join('; ')}`);
  const m = { submissions: ids.length, perSecond: ids.length / seconds, p50: result.latency.p50, p99: result.latency.p99, accepted, refused: result.non2xx, cpuMsPerRequest: cpuMs / ids.length };
  console.log(
    `${label}: ${ids.length} submissions on one balance in ${seconds.toFixed(1)} s = ${m.perSecond.toFixed(0)}/s (p50 ${m.p50} ms, p99 ${m.p99} ms); ` +
      `exactly ${accepted} accepted, ${m.refused} refused INSUFFICIENT_FUNDS, balance exact; service CPU ${m.cpuMsPerRequest.toFixed(2)} ms a submission`,
  );
  return m;
}

type Worker = { withdrawals: number; transitions: number; seconds: number; perSecond: number; cpuMsPerStep: number };

/** 2. The worker from its start to the last COMPLETED; each withdrawal's rows and events checked. */
async function worker(label: string, f: Fixture, sql: Sql, env: Record<string, string>): Promise<Worker> {
  const n = await count(sql, `select count(*) as n from fiat_withdrawals where customer_id = $1 and status = 'SUBMITTED'`, [f.customerId]);
  const completed = () => count(sql, `select count(*) as n from fiat_withdrawals where customer_id = $1 and status = 'COMPLETED'`, [f.customerId]);
  const s = await startService(f.file, { SANDBOX_STEP_DELAY_MS: '0', WORKER_POLL_INTERVAL_MS: '10', ...env });
  // Submitted under a step delay of ten minutes: made due now, once the service listens (its start-up
  // not timed), as they would be once the delay passed.
  const cpu0 = cpuSecondsOf(s.proc.pid!)!;
  const t0 = performance.now();
  await sql(`update fiat_withdrawals set due_at = $1 where customer_id = $2 and status = 'SUBMITTED'`, [new Date().toISOString(), f.customerId]);
  let cpuMs = 0;
  let seconds = 0;
  try {
    let done = 0;
    let progressAt = performance.now();
    for (;;) {
      const c = await completed();
      if (c >= n) {
        seconds = (performance.now() - t0) / 1000;
        break;
      }
      if (c > done) [done, progressAt] = [c, performance.now()];
      else if (performance.now() - progressAt > STALL_MS) throw new Error(`${label}: the worker stuck at ${c} of ${n} COMPLETED`);
      await new Promise((r) => setTimeout(r, 20));
    }
    cpuMs = (cpuSecondsOf(s.proc.pid!)! - cpu0) * 1000;
  } finally {
    await stop(s);
  }
  const rows = await count(sql, `select count(*) as n from ledger_transactions where customer_id = $1 and type in ('FIAT_WITHDRAWAL', 'FIAT_WITHDRAWAL_FEE')`, [f.customerId]);
  const events = await count(sql, `select count(*) as n from events where customer_id = $1 and type like 'fiat_withdrawal.%' and type <> 'fiat_withdrawal.approved'`, [f.customerId]);
  const b = (await sql(`select available_minor as a, held_minor as h from balances where customer_id = $1 and currency = 'EUR'`, [f.customerId]))[0]!;
  const wrong = [
    rows !== 2 * n && `${rows} settlement rows for ${n}`,
    events !== 4 * n && `${events} events after approval for ${n} (submitted, compliance_review, sent_to_bank, completed each)`,
    (String(b.a) !== '0' || String(b.h) !== '0') && `balance ${b.a} / ${b.h}`,
  ].filter(Boolean);
  if (wrong.length) throw new Error(`${label} worker: ${wrong.join('; ')}`);
  const transitions = 3 * n;
  const m = { withdrawals: n, transitions, seconds, perSecond: transitions / seconds, cpuMsPerStep: cpuMs / transitions };
  console.log(
    `${label}: the worker moved ${n} withdrawals SUBMITTED → COMPLETED (${transitions} transitions) in ${seconds.toFixed(1)} s = ${m.perSecond.toFixed(0)} steps/s; ` +
      `rows, events and balance exact; service CPU ${m.cpuMsPerStep.toFixed(2)} ms a step`,
  );
  return m;
}

type Result = { submissions: Submissions; worker: Worker };

async function run(label: string, f: Fixture, env: Record<string, string>): Promise<Result> {
  return withSql(f, async (sql) => {
    const ids = await setUp(label, f, sql, env);
    const s = await startService(f.file, { SANDBOX_STEP_DELAY_MS: '600000', WORKER_POLL_INTERVAL_MS: '10', ...env });
    let submissions: Submissions;
    try {
      // Warm-up (JIT, caches): reads of the drafts, not measured.
      for (const id of ids.slice(0, 50)) await signed(s.url, f, 'GET', `/partner/v1/fiat/withdrawals/${id}`);
      submissions = await submitAll(label, s, f, sql, ids);
    } finally {
      await stop(s);
    }
    return { submissions, worker: await worker(label, f, sql, env) };
  });
}

function report(results: Record<string, Result>): boolean {
  let allMet = true;
  console.log('\n| engine | measurement | per second | floor | met |\n|---|---|---:|---:|---|');
  for (const [engine, r] of Object.entries(results)) {
    const floors = FLOORS[engine as keyof typeof FLOORS];
    const rows: [string, number, number][] = [
      [`${r.submissions.submissions} submissions on one balance, funds for ${r.submissions.accepted}`, r.submissions.perSecond, floors.submissions],
      [`worker: ${r.worker.withdrawals} withdrawals SUBMITTED → COMPLETED, steps`, r.worker.perSecond, floors.workerSteps],
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
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'partner-bench-fiat-'));
  console.log(`bench:fiat: ${SUBMISSIONS} submissions, funds for ${FUNDED}, ${CONNECTIONS} connections; node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  try {
    const results: Record<string, Result> = {};
    if (ENGINES.includes('sqlite')) results.SQLite = await run('SQLite', await provision(path.join(dir, 'fiat.db')), {});
    if (ENGINES.includes('pg') && (await pgAnswers()))
      results.PostgreSQL = await onPgSchema('bench_fiat', async (databaseUrl) => run('PostgreSQL', await provision(path.join(dir, 'fiat-pg.db'), databaseUrl), { DATABASE_URL: databaseUrl }));
    const met = report(results);
    console.log(JSON.stringify({ at: new Date().toISOString(), load: os.loadavg(), floors: FLOORS, results }, null, 2));
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
