// Token buckets: per partner client after authentication, and per source address for requests that
// fail it. On PostgreSQL the buckets are rows every server process shares, so N processes do not give a
// client N times its limit; on SQLite (one process per database file) they live in memory.
import type { Engine } from '../db/engine.js';
import { takeTokens, type Taken } from '../db/rate-repository.js';

export type Limit = { rps: number; burst: number };

/** Takes a token; resolves 0 when granted, else the seconds to wait (Retry-After). */
export type Buckets = { take(key: string, limit: Limit, nowMs: number): Promise<number> };

/** The buckets of an engine, in one namespace (`client`, `address`). */
export function rateBuckets(engine: Engine, namespace: string): Buckets {
  if (engine.kind === 'sqlite') {
    const memory = new TokenBuckets();
    return { take: async (key, limit, nowMs) => memory.take(key, limit, nowMs) };
  }
  return new LeasedBuckets((key, limit, nowMs, count) => takeTokens(engine.relaxed, `${namespace}:${key}`, limit, nowMs, count));
}

/** How long tokens a process took and has not spent stay spendable; after that they are lost, not given back. */
export const LEASE_MS = 1000;

/**
 * The most tokens a process takes at once: a tenth of a second of the rate, a sixteenth of the burst, at
 * most 64; 1 for small limits, where every request asks the shared bucket as before.
 */
export function leaseCap(limit: Limit): number {
  return Math.max(1, Math.min(64, Math.floor(limit.rps / 10), Math.floor(limit.burst / 16)));
}

type Lease = { limit: Limit; tokens: number; expiresAtMs: number; size: number; takenAtMs: number; waiting: number; taking?: Promise<number> };

/**
 * PostgreSQL: the shared buckets, asked once per lease rather than once per request. A process takes
 * tokens from the shared row before it spends them, so the tokens spent across processes never exceed
 * what the bucket gives; a busy client's requests spend tokens this process took a moment ago. The lease
 * starts at one token and doubles (up to leaseCap) while each is used up within LEASE_MS of being taken;
 * a client that slows down is back to one token per request. One request of a key asks at a time; the
 * others wait for its answer. What a lease costs a client: tokens one process took and did not spend
 * within LEASE_MS are lost, so across several processes a busy client can be refused a little before
 * its limit, never let above it.
 */
export class LeasedBuckets implements Buckets {
  private readonly leases = new Map<string, Lease>();

  constructor(
    private readonly takeShared: (key: string, limit: Limit, nowMs: number, count: number) => Promise<Taken>,
    private readonly maxKeys = 100_000,
  ) {}

  async take(key: string, limit: Limit, nowMs: number): Promise<number> {
    const lease = this.leaseOf(key, limit);
    for (;;) {
      if (lease.tokens >= 1 && nowMs < lease.expiresAtMs) {
        lease.tokens -= 1;
        return 0;
      }
      if (!lease.taking) break;
      lease.waiting += 1;
      try {
        const wait = await lease.taking;
        if (wait > 0) return wait;
      } finally {
        lease.waiting -= 1;
      }
    }
    const busy = nowMs - lease.takenAtMs < LEASE_MS;
    const size = Math.min(leaseCap(limit), Math.max(busy ? lease.size * 2 : 1, lease.waiting + 1));
    const taking = this.takeShared(key, limit, nowMs, size).then(({ taken, wait }) => {
      if (taken === 0) return wait;
      // The asking request's token first; the rest for the requests of this process after it.
      Object.assign(lease, { tokens: taken - 1, expiresAtMs: nowMs + LEASE_MS, size, takenAtMs: nowMs });
      return 0;
    });
    lease.taking = taking;
    try {
      return await taking;
    } finally {
      if (lease.taking === taking) lease.taking = undefined;
    }
  }

  private leaseOf(key: string, limit: Limit): Lease {
    const lease = this.leases.get(key);
    // A limit changed on the running server (partnerctl) starts a new lease under it.
    if (lease && lease.limit.rps === limit.rps && lease.limit.burst === limit.burst) return lease;
    const fresh: Lease = { limit, tokens: 0, expiresAtMs: 0, size: 1, takenAtMs: -Infinity, waiting: 0 };
    if (!lease && this.leases.size >= this.maxKeys) {
      // Bounded memory under a flood of distinct keys: forget the oldest entry (its tokens are lost).
      const oldest = this.leases.keys().next().value;
      if (oldest !== undefined) this.leases.delete(oldest);
    }
    this.leases.set(key, fresh);
    return fresh;
  }
}

type Bucket = { tokens: number; atMs: number };

export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly maxKeys = 100_000) {}

  private refill(key: string, limit: Limit, nowMs: number): Bucket {
    const bucket = this.buckets.get(key) ?? { tokens: limit.burst, atMs: nowMs };
    bucket.tokens = Math.min(limit.burst, bucket.tokens + ((nowMs - bucket.atMs) / 1000) * limit.rps);
    bucket.atMs = nowMs;
    return bucket;
  }

  private store(key: string, bucket: Bucket): void {
    if (!this.buckets.has(key) && this.buckets.size >= this.maxKeys) {
      // Bounded memory under a flood of distinct keys: forget the oldest entry.
      const oldest = this.buckets.keys().next().value;
      if (oldest !== undefined) this.buckets.delete(oldest);
    }
    this.buckets.set(key, bucket);
  }

  /** Seconds until a token is available (0: one is available now). Consumes nothing. */
  wait(key: string, limit: Limit, nowMs: number): number {
    const bucket = this.refill(key, limit, nowMs);
    this.store(key, bucket);
    return bucket.tokens >= 1 ? 0 : Math.max(1, Math.ceil((1 - bucket.tokens) / limit.rps));
  }

  /** Takes a token; returns 0 when granted, else the seconds to wait (Retry-After). */
  take(key: string, limit: Limit, nowMs: number): number {
    const wait = this.wait(key, limit, nowMs);
    if (wait === 0) this.buckets.get(key)!.tokens -= 1;
    return wait;
  }
}
