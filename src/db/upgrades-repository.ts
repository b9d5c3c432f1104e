// Data upgrades' markers (§10.11): one row per upgrade applied.
import { eq } from 'drizzle-orm';
import type { Exec } from './exec.js';

/**
 * Claims an upgrade: true when this transaction inserted its marker, false when it was applied before.
 * On PostgreSQL a second process inserting the same marker waits for the first one's commit, then fails
 * (a unique or serialization conflict): the writer runs its job again, which then finds the marker.
 */
export async function claimUpgrade(x: Exec, name: string, at: string): Promise<boolean> {
  const t = x.t.upgrades;
  if ((await x.q.select().from(t).where(eq(t.name, name))).length > 0) return false;
  await x.q.insert(t).values({ name, appliedAt: at });
  return true;
}
