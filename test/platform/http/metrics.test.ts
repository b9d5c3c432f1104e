// GET /metrics: Prometheus text with requests by route template and status, latency histograms, the
// group commit's batch sizes (SQLite), and the worker's and webhooks' queue depths, read when scraped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINE } from '../../helpers/pg.js';
import { loadConfig } from '../../../src/config.js';
import { Scenario, startTestServer, toReply, type TestServer } from '../../helpers/harness.js';
import { expectRestProblem } from '../../helpers/problems.js';

let server: TestServer;
let s: Scenario;
beforeAll(async () => {
  // The worker's own timer slowed: a queue depth is read before the worker can take the step it counts.
  server = await startTestServer({ WORKER_POLL_INTERVAL_MS: '10000' });
  s = await Scenario.create(server);
});
afterAll(() => server.stop());

async function scrape(): Promise<string> {
  const res = await fetch(`${server.url}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

/** The value of one sample line, e.g. `http_requests_total{route="/graphql",method="POST",status="200"}`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const inner = /\{(.*)\}/.exec(line)?.[1] ?? '';
    if (want.every((l) => inner.split(',').includes(l))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('GET /metrics', () => {
  it('counts requests by route template (never an id), method and status, with latency histograms', async () => {
    const customerId = await s.customer();
    const missing = '8e1f4c52-4a1b-4c3d-9e8f-0a1b2c3d4e5f';
    for (let i = 0; i < 2; i++) expect((await server.request(s.client, 'GET', `/partner/v1/crypto/withdrawals/${missing}`)).status).toBe(404);
    expect((await server.request(s.client, 'GET', `/partner/v1/customers/${customerId}/balances`)).status).toBe(200);
    const text = await scrape();
    expect(sample(text, 'http_requests_total', { route: '/partner/v1/crypto/withdrawals/:withdrawalId', method: 'GET', status: '404' })).toBe(2);
    expect(sample(text, 'http_requests_total', { route: '/partner/v1/customers/:customerId/balances', method: 'GET', status: '200' })).toBe(1);
    expect(sample(text, 'http_requests_total', { route: '/graphql', method: 'POST', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(missing);
    expect(text).not.toContain(customerId);
    expect(sample(text, 'http_request_duration_seconds_count', { route: '/partner/v1/crypto/withdrawals/:withdrawalId', method: 'GET' })).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_bucket', { route: '/partner/v1/crypto/withdrawals/:withdrawalId', method: 'GET', le: '+Inf' })).toBe(2);
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
  });

  it('unknown paths share one label', async () => {
    expect((await fetch(`${server.url}/no/such/path/123`)).status).toBe(404);
    const text = await scrape();
    expect(sample(text, 'http_requests_total', { route: 'unmatched', method: 'GET', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('/no/such/path');
  });

  it('group-commit batch sizes (SQLite) and the writer counters', async () => {
    const text = await scrape();
    const batches = sample(text, 'group_commit_batch_jobs_count') ?? 0;
    if (TEST_ENGINE === 'pg') expect(batches).toBe(0);
    else expect(batches).toBeGreaterThan(0);
    expect(text).toMatch(/^db_writer_events\{counter="[a-zA-Z]+"\} \d+/m);
  });

  it('worker and webhook queue depths follow the records', async () => {
    const before = await scrape();
    expect(sample(before, 'worker_queue_depth', { task: 'withdrawal-transfers' })).toBe(0);
    expect(sample(before, 'webhook_queue_depth')).toBe(0);

    // A webhook endpoint of the client and a deposit: an event to deliver.
    const hook = await server.gql(s.client, `mutation { createWebhookEndpoint(input: { url: "http://127.0.0.1:9/hooks" }) { endpoint { endpointId } } }`);
    expect(hook.body.errors, hook.text).toBeUndefined();
    const customerId = await s.customer();
    const dep = await server.gql(s.client, `mutation($c: UUID!, $i: SimulateCryptoDepositInput!) { simulateCryptoDeposit(customerId: $c, input: $i) { depositId } }`, {
      c: customerId,
      i: { routeCode: s.routeCode, amountMinor: '5000000', fromAddress: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359' },
    });
    expect(dep.body.errors, dep.text).toBeUndefined();
    expect(sample(await scrape(), 'webhook_queue_depth')).toBeGreaterThan(0);

    // A refund submitted and confirmed is queued for the worker's next step, due once the delay passes.
    const depositId: string = dep.body.data.simulateCryptoDeposit.depositId;
    const draft = await s.refundDraft(depositId);
    expect(draft.body.errors, draft.text).toBeUndefined();
    const refundId: string = draft.body.data.createCryptoRefundApprovalDraft.refundId;
    for (const [action, type] of [['submission', 'CRYPTO_REFUND_SUBMIT'], ['confirmation', 'CRYPTO_REFUND_CONFIRM']] as const) {
      const r = await server.request(s.client, 'POST', `/partner/v1/crypto/refunds/${refundId}/${action}`, { body: s.stepInput(type, refundId) });
      expect(r.status, r.text).toBe(200);
    }
    server.clock.advance(server.config.sandboxStepDelayMs);
    expect(sample(await scrape(), 'worker_queue_depth', { task: 'refund-transfers' })).toBe(1);
  });
});

describe('GET /metrics in production (lifecycle settled point 12)', () => {
  const TOKEN = `mt_${'k7Q'.repeat(11)}`; // 36 characters
  let withToken: TestServer;
  let without: TestServer;
  beforeAll(async () => {
    withToken = await startTestServer({ NODE_ENV: 'production', METRICS_TOKEN: TOKEN });
    without = await startTestServer({ NODE_ENV: 'production' });
  }, 30_000);
  afterAll(async () => {
    await withToken?.stop();
    await without?.stop();
  });

  const get = (on: TestServer, headers: Record<string, string> = {}) => fetch(`${on.url}/metrics`, { headers }).then(toReply);

  it('answers only Authorization: Bearer <METRICS_TOKEN> (the scheme in any case)', async () => {
    for (const authorization of [`Bearer ${TOKEN}`, `bearer ${TOKEN}`]) {
      const r = await get(withToken, { authorization });
      expect(r.status, r.text).toBe(200);
      expect(r.text).toMatch(/^# HELP http_requests_total /m);
      expect(r.text).toMatch(/^rail_halted/m);
    }
  });

  it('any other request is an unknown path: 404 NOT_FOUND, nothing of the metrics, never the token', async () => {
    const cases: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Basic ${Buffer.from(`prometheus:${TOKEN}`).toString('base64')}` },
      { authorization: TOKEN },
      { authorization: `Bearer ${TOKEN} ${TOKEN}` },
    ];
    for (const headers of cases) {
      const r = await get(withToken, { ...headers, 'x-request-id': 'scrape-1' });
      expectRestProblem(r, 404, 'NOT_FOUND');
      expect(r.headers.get('x-request-id')).toBe('scrape-1');
      expect(r.text).not.toContain('http_requests_total');
      expect(r.text).not.toContain(TOKEN);
    }
  });

  it('without METRICS_TOKEN every request is 404; /healthz and /readyz stay unsigned and say only up and ready', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }] as Record<string, string>[]) expectRestProblem(await get(without, headers), 404, 'NOT_FOUND');
    for (const on of [without, withToken]) {
      const health = await fetch(`${on.url}/healthz`).then(toReply);
      expect([health.status, health.body]).toEqual([200, { status: 'ok' }]);
      const ready = await fetch(`${on.url}/readyz`).then(toReply);
      expect([ready.status, ready.body]).toEqual([200, { status: 'ready' }]);
    }
  });

  it('a METRICS_TOKEN shorter than 32 characters stops the start, naming the variable and never its value', () => {
    const short = 'short-secret-0123456789abcdefgh'; // 31
    let message = '';
    try {
      loadConfig({ METRICS_TOKEN: short });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toContain('METRICS_TOKEN');
    expect(message).toContain('32');
    expect(message).not.toContain(short);
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    expect(loadConfig({}).metricsToken).toBeUndefined();
  });
});
