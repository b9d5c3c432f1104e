// The partners' fiat rails: plain reads and writes, no rules.
import { and, asc, eq } from 'drizzle-orm';
import type { Exec } from '../../db/exec.js';
import type { PartnerFiatRailRow } from './tables.js';

export async function findPartnerRail(x: Exec, clientId: string, rail: string): Promise<PartnerFiatRailRow | undefined> {
  const t = x.t.partnerFiatRails;
  return (await x.q.select().from(t).where(and(eq(t.clientId, clientId), eq(t.rail, rail))))[0];
}

/** Every rail row of the partner, enabled or not, by rail name. */
export async function partnerRails(x: Exec, clientId: string): Promise<PartnerFiatRailRow[]> {
  const t = x.t.partnerFiatRails;
  return x.q.select().from(t).where(eq(t.clientId, clientId)).orderBy(asc(t.rail));
}

/** Creates the partner's rail, or replaces its settings (`partnerctl fiat rail enable`). */
export async function savePartnerRail(x: Exec, row: PartnerFiatRailRow): Promise<PartnerFiatRailRow> {
  const t = x.t.partnerFiatRails;
  const { clientId: _c, rail: _r, createdAt: _a, ...set } = row;
  return (await x.q.insert(t).values(row).onConflictDoUpdate({ target: [t.clientId, t.rail], set }).returning())[0]!;
}

export async function setPartnerRailEnabled(x: Exec, clientId: string, rail: string, enabled: boolean, updatedAt: string): Promise<PartnerFiatRailRow | undefined> {
  const t = x.t.partnerFiatRails;
  return (await x.q.update(t).set({ enabled, updatedAt }).where(and(eq(t.clientId, clientId), eq(t.rail, rail))).returning())[0];
}
