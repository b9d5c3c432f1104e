// Token buckets: per partner client after authentication, and per source address for requests that
// fail it. On PostgreSQL the buckets are rows every server process shares, so N processes do not give a
// client N times its limit; on SQLite (one process per database file) they live in memory.
import type { Engine } from '../db/engine.js';
import { takeToken } from '../db/rate-repository.js';

export type Limit = { rps: number; burst: number };

/** Takes a token; resolves 0 when granted, else the seconds to wait (Retry-After). */
export type Buckets = { take(key: string, limit: Limit, nowMs: number): Promise<number> };

/** The buckets of an engine, in one namespace (`client`, `address`). */
export function rateBuckets(engine: Engine, namespace: string): Buckets {
  if (engine.kind === 'sqlite') {
    const memory = new TokenBuckets();
    return { take: async (key, limit, nowMs) => memory.take(key, limit, nowMs) };
  }
  return { take: (key, limit, nowMs) => takeToken(engine.relaxed, `${namespace}:${key}`, limit, nowMs) };
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
