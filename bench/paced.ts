// Open-loop load at a fixed rate, for latency at a given throughput. autocannon's overallRate sends
// each second's budget in a burst at the start of the second, which measures queueing of the burst,
// not the server: here requests leave evenly spaced (every 2 ms, rate/500 at a time).
//
// The load generator shares the machine with the server, and its own pauses count as the server's
// latency (a response that arrives while the generator collects garbage is timed late). So it does as
// little as it can while it measures: every request is built and signed before the clock starts, and
// latencies go into a preallocated array.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

let runs = 0;

export type PacedResult = { rate: number; sent: number; ok: number; non2xx: number; errors: number; p50: number; p99: number; max: number };
export type PacedRequest = { method: string; path: string; headers: Record<string, string>; body: string };

/** The q-quantile of ascending `sorted` milliseconds, to 0.1 ms (0 when empty). */
export const percentile = (sorted: ArrayLike<number>, q: number): number =>
  Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) * 10) / 10;

/**
 * Sends `rate` requests a second for `warmUpSeconds + seconds` without a break, and reports on those
 * sent after the warm-up: the latency at a rate is its steady state, on connections already open, not
 * the catching up after whatever ran before (and not the opening of the connections).
 */
export async function pacedLoad(url: string, warmUpSeconds: number, seconds: number, rate: number, next: () => PacedRequest): Promise<PacedResult> {
  const skip = Math.ceil(warmUpSeconds * rate);
  const total = skip + Math.ceil(seconds * rate);
  const runId = ++runs;
  const requests = Array.from({ length: total }, (_, i) => {
    const r = next();
    const body = Buffer.from(r.body);
    return { method: r.method, path: r.path, headers: { ...r.headers, 'content-length': String(body.length), 'x-request-id': `paced-${runId}-${i}` }, body };
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const { hostname, port } = new URL(url);
  const latencies = new Float64Array(total);
  const sentAt = new Float64Array(total);
  let done = 0;
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  let sent = 0;
  let finish: () => void = () => {};
  const allDone = new Promise<void>((resolve) => (finish = resolve));
  const settle = () => {
    if (++done === total) finish();
  };
  const fire = () => {
    const i = sent++;
    const r = requests[i]!;
    const started = process.hrtime.bigint();
    sentAt[i] = Date.now();
    const req = http.request({ agent, hostname, port, method: r.method, path: r.path, headers: r.headers }, (res) => {
      res.resume();
      res.on('end', () => {
        latencies[i] = Number(process.hrtime.bigint() - started) / 1e6;
        if (i >= skip) {
          if (res.statusCode! >= 200 && res.statusCode! < 300) ok++;
          else non2xx++;
        }
        settle();
      });
    });
    req.on('error', () => {
      latencies[i] = Number.NaN;
      if (i >= skip) errors++;
      settle();
    });
    req.end(r.body);
  };
  const tickMs = 2;
  const start = Date.now();
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      // Catch up on ticks the timer was late for, so the rate holds.
      const due = Math.min(total, Math.floor(((Date.now() - start) / 1000) * rate));
      while (sent < due) fire();
      if (sent === total) {
        clearInterval(timer);
        resolve();
      }
    }, tickMs);
  });
  await allDone;
  agent.destroy();
  // PACED_DUMP=<dir>: each request's id, send time and latency, to join with the server's request log.
  if (process.env.PACED_DUMP) {
    const lines = Array.from(latencies, (ms, k) => JSON.stringify({ id: `paced-${runId}-${k}`, at: sentAt[k], ms, warmUp: k < skip }));
    fs.writeFileSync(path.join(process.env.PACED_DUMP, `paced-${runId}.jsonl`), lines.join('\n') + '\n');
  }
  const measured = latencies.subarray(skip);
  const sorted = Array.from(measured.filter((x) => !Number.isNaN(x))).sort((a, b) => a - b);
  const at = (q: number) => percentile(sorted, q);
  return { rate, sent: total - skip, ok, non2xx, errors, p50: at(0.5), p99: at(0.99), max: at(1) };
}
