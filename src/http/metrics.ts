// GET /metrics (Prometheus text format, prom-client): what an operator graphs and alerts on. One
// registry per running service (not prom-client's global one), so several services in one process —
// the tests — keep their own counts. Labels are route templates, never raw paths or ids.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Engine } from '../db/engine.js';
import { countPendingDeliveries } from '../modules/webhooks/index.js';
import { chainOf, countInflight, countWaiting, findFollower, findHalt, railStatus } from '../modules/evm/index.js';
import type { EvmConfig } from '../config/evm.js';
import type { WorkerTask } from '../core/task.js';

/** Records due per worker task are counted up to this many (a gauge, not an inventory). */
const DUE_COUNT_LIMIT = 10_000;

export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'route' | 'method' | 'status'>;
  private readonly duration: Histogram<'route' | 'method'>;
  private readonly batches: Histogram;

  constructor() {
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'Requests answered, by route template, method and status.',
      labelNames: ['route', 'method', 'status'],
      registers: [this.registry],
    });
    this.duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from the request read to the answer ready (durable), by route template and method.',
      labelNames: ['route', 'method'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [this.registry],
    });
    this.batches = new Histogram({
      name: 'group_commit_batch_jobs',
      help: 'SQLite group commit: jobs (request writes) per committed batch. PostgreSQL commits each job alone.',
      buckets: [1, 2, 4, 8, 16, 32, 64],
      registers: [this.registry],
    });
    collectDefaultMetrics({ register: this.registry });
  }

  request(route: string, method: string, status: number, seconds: number): void {
    this.requests.inc({ route, method, status: String(status) });
    this.duration.observe({ route, method }, seconds);
  }

  batch(jobs: number): void {
    this.batches.observe(jobs);
  }

  /** Gauges read when scraped: the worker's due records per task, the webhook queue, the writer's counters. */
  watch(engine: Engine, tasks: readonly WorkerTask[], clock: () => Date): void {
    const stepTasks = tasks.filter((t) => !('start' in t));
    new Gauge({
      name: 'worker_queue_depth',
      help: `Records whose next processing step is due now, per worker task (§10.7; counted up to ${DUE_COUNT_LIMIT}).`,
      labelNames: ['task'],
      registers: [this.registry],
      async collect() {
        for (const task of stepTasks) this.set({ task: task.name }, (await task.due(engine.read, clock(), DUE_COUNT_LIMIT)).length);
      },
    });
    new Gauge({
      name: 'webhook_queue_depth',
      help: 'Webhook deliveries still PENDING (§11.5): waiting for their attempt, retrying, or in flight.',
      registers: [this.registry],
      async collect() {
        this.set(await countPendingDeliveries(engine.read));
      },
    });
    new Gauge({
      name: 'db_writer_events',
      help: "The database writer's counters since start (SQLite: batches, jobs, fsyncs, busy retries; PostgreSQL: transactions, retries, pool waiting).",
      labelNames: ['counter'],
      registers: [this.registry],
      collect() {
        for (const [counter, value] of Object.entries(engine.stats())) this.set({ counter }, value);
      },
    });
  }

  /**
   * §18 the EVM rail: `rail_halted` always (1 while halted, C10 — RAIL_OFF included); with a chain, what is
   * in flight and waiting (C9), the follower's lag behind the head, and the hot wallet's balances. Chain
   * values are read at scrape time; a chain that does not answer leaves them unset, never fails the scrape.
   */
  watchRail(engine: Engine, evm: EvmConfig): void {
    const registry = this.registry;
    new Gauge({
      name: 'rail_halted',
      help: 'The EVM rail is halted (§18 C10): 1, with the reason as a label; 0 while it runs.',
      labelNames: ['reason'],
      registers: [registry],
      async collect() {
        this.reset();
        const halt = await findHalt(engine.read);
        this.set({ reason: halt?.reason ?? '' }, halt ? 1 : 0);
      },
    });
    new Gauge({
      name: 'rail_inflight',
      help: 'Withdrawals and refunds on the chain whose transaction is not yet final (§18 C9, EVM_MAX_INFLIGHT).',
      registers: [registry],
      async collect() {
        this.set(await countInflight(engine.read));
      },
    });
    new Gauge({
      name: 'rail_waiting',
      help: 'Withdrawals and refunds waiting in SCREENING for hot wallet capacity (§18 C9).',
      registers: [registry],
      async collect() {
        this.set(await countWaiting(engine.read));
      },
    });
    const chain = chainOf(evm, { timeoutMs: 2000, retryCount: 0 });
    if (!chain) return;
    new Gauge({
      name: 'rail_head_lag_blocks',
      help: "Blocks between the chain's head and the follower's next block to read (§18 C5–C6).",
      registers: [registry],
      async collect() {
        const [head, follower] = await Promise.all([chain.getBlockNumber({ cacheTime: 0 }).catch(() => undefined), findFollower(engine.read)]);
        if (head !== undefined && follower?.nextBlock != null) this.set(Math.max(0, Number(head) - follower.nextBlock + 1));
      },
    });
    new Gauge({
      name: 'rail_hot_wallet_balance',
      help: 'The hot wallet’s balance at latest: wei for ETH, token units per token contract (§18 C9).',
      labelNames: ['asset'],
      registers: [registry],
      async collect() {
        const status = await railStatus(engine.read, chain, evm).catch(() => undefined);
        if (status) for (const [asset, amount] of Object.entries(status.balances)) this.set({ asset }, Number(amount));
      },
    });
  }

  async text(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
