// Open-loop load at a fixed rate, for latency at a given throughput. autocannon's overallRate sends
// each second's budget in a burst at the start of the second, which measures queueing of the burst,
// not the server: here requests leave evenly spaced (every 2 ms, rate/500 at a time).
import http from 'node:http';

export type PacedResult = { rate: number; sent: number; ok: number; non2xx: number; errors: number; p50: number; p99: number; max: number };

export async function pacedLoad(
  url: string,
  seconds: number,
  rate: number,
  next: () => { method: string; path: string; headers: Record<string, string>; body: string },
): Promise<PacedResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const { hostname, port } = new URL(url);
  const latencies: number[] = [];
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  let sent = 0;
  const inFlight = new Set<Promise<void>>();
  const fire = () => {
    const r = next();
    const started = process.hrtime.bigint();
    sent++;
    const p = new Promise<void>((resolve) => {
      const req = http.request({ agent, hostname, port, method: r.method, path: r.path, headers: { ...r.headers, 'content-length': Buffer.byteLength(r.body) } }, (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
          if (res.statusCode! >= 200 && res.statusCode! < 300) ok++;
          else non2xx++;
          resolve();
        });
      });
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(r.body);
    });
    inFlight.add(p);
    void p.then(() => inFlight.delete(p));
  };
  const tickMs = 2;
  let owed = 0;
  const start = Date.now();
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const elapsed = Date.now() - start;
      if (elapsed >= seconds * 1000) {
        clearInterval(timer);
        resolve();
        return;
      }
      // Catch up on ticks the timer was late for, so the rate holds.
      owed = (elapsed / 1000) * rate - sent;
      for (let i = 0; i < Math.floor(owed); i++) fire();
    }, tickMs);
  });
  await Promise.all(inFlight);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0) * 10) / 10;
  return { rate, sent, ok, non2xx, errors, p50: at(0.5), p99: at(0.99), max: at(1) };
}
