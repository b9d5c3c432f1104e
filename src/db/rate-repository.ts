// Shared token buckets (PostgreSQL): one atomic upsert refills the bucket for the time since its last use
// and takes up to the tokens asked for, as many whole tokens as are there, and says how many it took.
import type { Exec } from './exec.js';
import { pgStatement } from './prepared.js';

// $1 the bucket, $2 the burst, $3 now (ms), $4 the rate (tokens per second), $5 the tokens asked for.
// `available`: the tokens there are now, the stored ones plus the refill since at_ms, at most the burst;
// `taken`: whole tokens, at most $5 (0 when under one is there). `granted` is kept for processes of the
// release before, which read it. Prepared once per connection.
const available = `least($2::float8, b.tokens + greatest(0, $3::bigint - b.at_ms) / 1000.0 * $4::float8)`;
const takenOf = (tokens: string) => `least($5::float8, floor(${tokens}))`;
const TAKE_TOKENS = `
  insert into rate_buckets as b (bucket_key, tokens, at_ms, granted, taken)
  values ($1, $2::float8 - ${takenOf('$2::float8')}, $3::bigint, ${takenOf('$2::float8')} >= 1, ${takenOf('$2::float8')})
  on conflict (bucket_key) do update set
    tokens = ${available} - ${takenOf(available)},
    at_ms = greatest(b.at_ms, $3::bigint),
    granted = ${takenOf(available)} >= 1,
    taken = ${takenOf(available)}
  returning tokens, taken`;

export type Taken = {
  /** Whole tokens taken now, 0 to `count`. */
  taken: number;
  /** When none was taken, the seconds until one is there (Retry-After, at least 1); else 0. */
  wait: number;
};

/** Takes up to `count` tokens of the shared bucket `key` at once. */
export async function takeTokens(x: Exec, key: string, limit: { rps: number; burst: number }, nowMs: number, count: number): Promise<Taken> {
  const { rows } = await pgStatement<{ tokens: number; taken: number }>(x, 'takeTokens', TAKE_TOKENS, [key, limit.burst, nowMs, limit.rps, count]);
  // An upsert with RETURNING answers its one row.
  const row = rows[0]!;
  if (row.taken >= 1) return { taken: row.taken, wait: 0 };
  return { taken: 0, wait: Math.max(1, Math.ceil((1 - row.tokens) / limit.rps)) };
}
