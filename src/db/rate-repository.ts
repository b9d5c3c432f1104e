// Shared token buckets (PostgreSQL): one atomic upsert per request refills the bucket for the time
// since its last use, takes a token when one is there, and says whether it did.
import { sql } from 'drizzle-orm';
import type { Exec } from './exec.js';

/** Seconds until a token is available (0: one was taken now). */
export async function takeToken(x: Exec, key: string, limit: { rps: number; burst: number }, nowMs: number): Promise<number> {
  const t = x.t.rateBuckets;
  const rps = sql`${limit.rps}::float8`;
  const burst = sql`${limit.burst}::float8`;
  const now = sql`${nowMs}::bigint`;
  // The tokens there are now: the stored ones plus the refill since at_ms, at most the burst.
  const available = sql`least(${burst}, ${t.tokens} + greatest(0, ${now} - ${t.atMs}) / 1000.0 * ${rps})`;
  const [row] = await x.q
    .insert(t)
    .values({ bucketKey: key, tokens: limit.burst - 1, atMs: nowMs, granted: true })
    .onConflictDoUpdate({
      target: t.bucketKey,
      set: {
        tokens: sql`case when ${available} >= 1 then ${available} - 1 else ${available} end`,
        atMs: sql`greatest(${t.atMs}, ${now})`,
        granted: sql`${available} >= 1`,
      },
    })
    .returning({ tokens: t.tokens, granted: t.granted });
  if (!row || row.granted) return 0;
  return Math.max(1, Math.ceil((1 - row.tokens) / limit.rps));
}
