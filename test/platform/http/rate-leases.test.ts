// The PostgreSQL rate limit's leases (src/http/rate-limit.ts LeasedBuckets) against a model: several
// processes, each with its own leases, ask one exact shared bucket, which does what the database's
// statement does (src/db/rate-repository.ts; the statement itself is tested in pg-dialect.test.ts and
// the buckets end to end in rate-limit.test.ts and cross-process.test.ts on PostgreSQL).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LEASE_MS, LeasedBuckets, leaseCap, TokenBuckets, type Limit } from '../../../src/http/rate-limit.js';
import type { Taken } from '../../../src/db/rate-repository.js';

/** The shared bucket as the statement keeps it: refilled for the time since its last use, whole tokens out. */
class SharedBucket {
  private readonly rows = new Map<string, { tokens: number; atMs: number }>();
  asks = 0;
  taken = 0;

  async take(key: string, limit: Limit, nowMs: number, count: number): Promise<Taken> {
    this.asks += 1;
    await Promise.resolve(); // an answer comes later than the ask, as from the database
    const row = this.rows.get(key) ?? { tokens: limit.burst, atMs: nowMs };
    const available = Math.min(limit.burst, row.tokens + (Math.max(0, nowMs - row.atMs) / 1000) * limit.rps);
    const taken = Math.min(count, Math.floor(available));
    this.rows.set(key, { tokens: available - taken, atMs: Math.max(row.atMs, nowMs) });
    this.taken += taken;
    if (taken >= 1) return { taken, wait: 0 };
    return { taken: 0, wait: Math.max(1, Math.ceil((1 - (available - taken)) / limit.rps)) };
  }
}

const processes = (shared: SharedBucket, n: number) => Array.from({ length: n }, () => new LeasedBuckets((k, l, t, c) => shared.take(k, l, t, c)));

describe('rate-limit leases (PostgreSQL)', () => {
  it('the lease size: a tenth of a second of the rate and a sixteenth of the burst, 1 to 64', () => {
    expect(leaseCap({ rps: 1, burst: 3 })).toBe(1);
    expect(leaseCap({ rps: 200, burst: 1000 })).toBe(20);
    expect(leaseCap({ rps: 1000, burst: 320 })).toBe(20);
    expect(leaseCap({ rps: 1e9, burst: 1e9 })).toBe(64);
  });

  it('never above the limit across processes, and a request is refused only when the shared bucket had no token (model)', async () => {
    const step = fc.record({
      process: fc.nat(2),
      key: fc.constantFrom('a', 'b'),
      advanceMs: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 50 }), fc.integer({ min: 900, max: 2500 })),
      concurrent: fc.integer({ min: 1, max: 40 }),
    });
    const limit = fc.record({ rps: fc.integer({ min: 1, max: 2000 }), burst: fc.integer({ min: 1, max: 2000 }) });
    await fc.assert(
      fc.asyncProperty(limit, fc.array(step, { minLength: 1, maxLength: 30 }), async (l, steps) => {
        const shared = new SharedBucket();
        const procs = processes(shared, 3);
        let nowMs = 1_000_000;
        const startMs = nowMs;
        const passed = new Map<string, number>();
        for (const s of steps) {
          nowMs += s.advanceMs;
          const asksBefore = shared.asks;
          const waits = await Promise.all(Array.from({ length: s.concurrent }, () => procs[s.process]!.take(s.key, l, nowMs)));
          const ok = waits.filter((w) => w === 0).length;
          passed.set(s.key, (passed.get(s.key) ?? 0) + ok);
          // A refusal carries a Retry-After of whole seconds ≥ 1, and only after the shared bucket was asked.
          for (const w of waits) if (w !== 0) expect(w).toBeGreaterThanOrEqual(1);
          if (ok < s.concurrent) expect(shared.asks).toBeGreaterThan(asksBefore);
          // Never above: the burst plus the refill since the first request, per key.
          expect(passed.get(s.key)!).toBeLessThanOrEqual(l.burst + ((nowMs - startMs) / 1000) * l.rps);
        }
        // Every request that passed spent a token the shared bucket gave.
        expect([...passed.values()].reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(shared.taken);
      }),
      { numRuns: 300 },
    );
  });

  it('with a lease of one token (small limits) every request gets the answer one exact bucket gives', async () => {
    const step = fc.record({ advanceMs: fc.integer({ min: 0, max: 1500 }), concurrent: fc.integer({ min: 1, max: 6 }) });
    const limit = fc.record({ rps: fc.integer({ min: 1, max: 9 }), burst: fc.integer({ min: 1, max: 15 }) });
    await fc.assert(
      fc.asyncProperty(limit, fc.array(step, { minLength: 1, maxLength: 20 }), async (l, steps) => {
        expect(leaseCap(l)).toBe(1);
        const [leased] = processes(new SharedBucket(), 1);
        const exact = new TokenBuckets();
        let nowMs = 5_000;
        for (const s of steps) {
          nowMs += s.advanceMs;
          const got = await Promise.all(Array.from({ length: s.concurrent }, () => leased!.take('k', l, nowMs)));
          const want = Array.from({ length: s.concurrent }, () => exact.take('k', l, nowMs));
          expect(got).toEqual(want);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a busy client asks the shared bucket about once per lease, not once per request', async () => {
    const shared = new SharedBucket();
    const [p] = processes(shared, 1);
    const limit = { rps: 1e9, burst: 1e9 };
    let nowMs = 0;
    for (let round = 0; round < 100; round++) {
      nowMs += 1;
      const waits = await Promise.all(Array.from({ length: 32 }, () => p!.take('busy', limit, nowMs)));
      expect(waits.every((w) => w === 0)).toBe(true);
    }
    // 3,200 requests: leases of 1, 2, 4, … 64 tokens, then 64 at a time.
    expect(shared.asks).toBeLessThanOrEqual(3200 / 64 + 8);
  });

  it('tokens a process took and did not spend within the lease time are lost, never handed out later', async () => {
    const shared = new SharedBucket();
    const [p] = processes(shared, 1);
    const limit = { rps: 1000, burst: 1000 }; // leases of up to 64
    let nowMs = 0;
    for (let i = 0; i < 40; i++) await Promise.all(Array.from({ length: 16 }, () => p!.take('k', limit, nowMs)));
    const asks = shared.asks;
    nowMs += LEASE_MS;
    // The lease ran out: the next request asks the shared bucket for one token again.
    expect(await p!.take('k', limit, nowMs)).toBe(0);
    expect(shared.asks).toBe(asks + 1);
  });

  it('a limit changed on the running server starts a new lease under it', async () => {
    const shared = new SharedBucket();
    const [p] = processes(shared, 1);
    for (let i = 0; i < 10; i++) await Promise.all(Array.from({ length: 16 }, () => p!.take('k', { rps: 1000, burst: 1000 }, 0)));
    const asks = shared.asks;
    // Lowered to a burst the process's lease would exceed: the lease is dropped, the bucket asked.
    const waits = [];
    for (let i = 0; i < 3; i++) waits.push(await p!.take('k', { rps: 1, burst: 2 }, 0));
    expect(shared.asks).toBe(asks + 3);
    expect(waits).toEqual([0, 0, 1]);
  });
});
