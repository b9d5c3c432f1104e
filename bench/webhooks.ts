// `npm run bench:webhooks` (also the last part of `npm run bench`): webhook delivery (§11.5) to a fast
// local receiver that answers 200 at once. Changes are wallet-beneficiary creates (one event each, one
// resource each, so no delivery waits for another's turn), sent through REST; a change's commit is
// taken as its 200 answer, its receipt as the receiver's arrival time of the delivery naming it.
//   - throughput: BENCH_WEBHOOK_EVENTS creates as fast as 16 connections go; deliveries/s = receipts over
//     the time from the first to the last receipt;
//   - latency: creates paced at BENCH_WEBHOOK_RATE/s for SECONDS; commit → receipt p50 / p99, with the
//     worker polling every WORKER_POLL_INTERVAL_MS (the default 100 ms, and 10 ms).
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { signedHeaders } from '../src/http/signature.js';
import { provision, SECONDS, startService, stop, type Fixture } from './harness.js';

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 3000);
const RATE = Number(process.env.BENCH_WEBHOOK_RATE ?? 50);

type Receipts = Map<string, number>;

function receiver(): Promise<{ url: string; receipts: Receipts; close(): Promise<void> }> {
  const receipts: Receipts = new Map();
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => (body += d));
    req.on('end', () => {
      const at = performance.now();
      const event = JSON.parse(body) as { resourceId: string };
      if (!receipts.has(event.resourceId)) receipts.set(event.resourceId, at);
      res.writeHead(200).end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
        receipts,
        close: () => new Promise((r) => server.close(() => r())),
      }),
    ),
  );
}

async function signed(url: string, f: Fixture, p: string, payload: unknown): Promise<{ status: number; body: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const body = JSON.stringify(payload);
  const headers = signedHeaders(f.secret, { method: 'POST', path: p, clientId: f.clientId, idempotencyKey: randomUUID(), body });
  const res = await fetch(url + p, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body });
  return { status: res.status, body: await res.json() };
}

/** One change: a beneficiary; resolves with its id and the time its commit was answered. */
async function change(url: string, f: Fixture): Promise<{ id: string; at: number }> {
  const r = await signed(url, f, `/partner/v1/customers/${f.customerId}/crypto/wallet-beneficiaries`, {
    routeCode: f.routeCode, label: 'Bench', blockchain: 'ETH', walletAddress: `0x${randomBytes(20).toString('hex')}`, isOwner: true, walletType: 'PRIVATE_WALLET', ownerType: 'INDIVIDUAL',
  });
  if (r.status !== 200) throw new Error(`create failed: ${JSON.stringify(r.body)}`);
  return { id: r.body.walletBeneficiaryId, at: performance.now() };
}

async function until(cond: () => boolean, ms = 120_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('deliveries did not all arrive');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;

async function run(dir: string, pollMs: number): Promise<Record<string, number>> {
  const f = await provision(path.join(dir, `webhooks-${pollMs}.db`));
  const s = await startService(f.file, { WORKER_POLL_INTERVAL_MS: String(pollMs), LOG_LEVEL: 'warn' });
  const r = await receiver();
  try {
    const created = await signed(s.url, f, '/graphql', {
      query: 'mutation($i: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $i) { endpoint { endpointId } } }',
      variables: { i: { url: r.url } },
    });
    if (created.status !== 200) throw new Error(`endpoint: ${JSON.stringify(created.body)}`);

    // Throughput.
    let sent = 0;
    const ids: string[] = [];
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (sent < EVENTS) {
          sent += 1;
          ids.push((await change(s.url, f)).id);
        }
      }),
    );
    await until(() => ids.every((id) => r.receipts.has(id)));
    const times = ids.map((id) => r.receipts.get(id)!);
    const seconds = (Math.max(...times) - Math.min(...times)) / 1000;
    const perSecond = ids.length / seconds;
    console.log(`webhooks (poll ${pollMs} ms): ${ids.length} deliveries in ${seconds.toFixed(1)} s = ${perSecond.toFixed(0)} deliveries/s`);

    // Latency at a steady rate.
    const commits: { id: string; at: number }[] = [];
    const pending: Promise<void>[] = [];
    const start = performance.now();
    for (let i = 0; i < RATE * SECONDS; i++) {
      const due = start + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((res) => setTimeout(res, wait));
      pending.push(change(s.url, f).then((c) => void commits.push(c)));
    }
    await Promise.all(pending);
    await until(() => commits.every((c) => r.receipts.has(c.id)));
    const latencies = commits.map((c) => r.receipts.get(c.id)! - c.at);
    const p50 = pct(latencies, 50);
    const p99 = pct(latencies, 99);
    console.log(`webhooks (poll ${pollMs} ms): commit → receipt at ${RATE}/s: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`);
    return { deliveriesPerSecond: perSecond, latencyP50: p50, latencyP99: p99 };
  } finally {
    await r.close();
    await stop(s);
  }
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'partner-bench-webhooks-'));
  console.log(`bench:webhooks: ${EVENTS} events, latency at ${RATE}/s for ${SECONDS} s, node ${process.version}, ${os.cpus().length} cores`);
  const summary = { poll100: await run(dir, 100), poll10: await run(dir, 10) };
  console.log(JSON.stringify({ at: new Date().toISOString(), summary }, null, 2));
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
