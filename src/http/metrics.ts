// GET /metrics (Prometheus text format, prom-client): what an operator graphs and alerts on. One
// registry per running service (not prom-client's global one), so several services in one process —
// the tests — keep their own counts. Labels are route templates, never raw paths or ids. An area's own
// gauges are declared in its runtime.ts (`metrics`) and registered here by src/service.ts.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Engine } from '../db/engine.js';
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

  /** Gauges read when scraped: the worker's due records per task, the writer's counters. */
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
      name: 'db_writer_events',
      help: "The database writer's counters since start (SQLite: batches, jobs, fsyncs, busy retries; PostgreSQL: transactions, retries, pool waiting).",
      labelNames: ['counter'],
      registers: [this.registry],
      collect() {
        for (const [counter, value] of Object.entries(engine.stats())) this.set({ counter }, value);
      },
    });
  }

  async text(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
