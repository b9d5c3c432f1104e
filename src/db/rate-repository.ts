// Shared token buckets (PostgreSQL): one atomic upsert per request refills the bucket for the time
// since its last use, takes a token when one is there, and says whether it did.
import type { Exec } from './exec.js';
import { pgStatement } from './prepared.js';

// $1 the bucket, $2 the burst, $3 now (ms), $4 the rate (tokens per second). `available`: the tokens
// there are now, the stored ones plus the refill since at_ms, at most the burst. Prepared once per
// connection: it runs for every signed request.
const available = `least($2::float8, b.tokens + greatest(0, $3::bigint - b.at_ms) / 1000.0 * $4::float8)`;
const TAKE_TOKEN = `
  insert into rate_buckets as b (bucket_key, tokens, at_ms, granted) values ($1, $2::float8 - 1, $3::bigint, true)
  on conflict (bucket_key) do update set
    tokens = case when ${available} >= 1 then ${available} - 1 else ${available} end,
    at_ms = greatest(b.at_ms, $3::bigint),
    granted = ${available} >= 1
  returning tokens, granted`;

/** Seconds until a token is available (0: one was taken now). */
export async function takeToken(x: Exec, key: string, limit: { rps: number; burst: number }, nowMs: number): Promise<number> {
  const { rows } = await pgStatement<{ tokens: number; granted: boolean }>(x, 'takeToken', TAKE_TOKEN, [key, limit.burst, nowMs, limit.rps]);
  const row = rows[0];
  if (!row || row.granted) return 0;
  return Math.max(1, Math.ceil((1 - row.tokens) / limit.rps));
}
