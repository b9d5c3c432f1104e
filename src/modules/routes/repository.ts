// Routes and the screening deny list: plain reads and writes, no rules.
import { and, eq, sql } from 'drizzle-orm';
import type { Exec } from '../../db/exec.js';
import { prepared } from '../../db/prepared.js';
import type { RouteRow } from '../../db/schema.js';

export async function findRoute(x: Exec, routeCode: string, clientId: string): Promise<RouteRow | undefined> {
  const rows = await prepared(
    x,
    'findRoute',
    (q, t) =>
      q
        .select()
        .from(t.routes)
        .where(and(eq(t.routes.routeCode, sql.placeholder('routeCode')), eq(t.routes.clientId, sql.placeholder('clientId')))),
    { routeCode, clientId },
  );
  return rows[0];
}

export async function insertRoute(x: Exec, row: Exec['t']['routes']['$inferInsert']): Promise<void> {
  await x.q.insert(x.t.routes).values(row);
}

/** Enables or disables every mapping of a route code; returns how many there were. */
export async function setRouteEnabled(x: Exec, routeCode: string, enabled: boolean, updatedAt: string): Promise<number> {
  const t = x.t.routes;
  return (await x.q.update(t).set({ enabled, updatedAt }).where(eq(t.routeCode, routeCode)).returning({ code: t.routeCode })).length;
}

export async function isDenied(x: Exec, blockchain: string, addressKey: string): Promise<boolean> {
  const rows = await prepared(
    x,
    'isDenied',
    (q, t) =>
      q
        .select({ b: t.screeningDenylist.blockchain })
        .from(t.screeningDenylist)
        .where(and(eq(t.screeningDenylist.blockchain, sql.placeholder('blockchain')), eq(t.screeningDenylist.addressKey, sql.placeholder('addressKey')))),
    { blockchain, addressKey },
  );
  return rows.length > 0;
}

export async function insertDenied(x: Exec, blockchain: string, addressKey: string, createdAt: string): Promise<void> {
  await x.q.insert(x.t.screeningDenylist).values({ blockchain, addressKey, createdAt }).onConflictDoNothing();
}
