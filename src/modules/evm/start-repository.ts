// §18 C2, C14: what the rail's start and the devnet read beyond the rail's own rows. Plain reads, no rules.
import { and, eq } from 'drizzle-orm';
import type { Exec } from '../../db/exec.js';
import type { RouteRow } from '../routes/index.js';

/** C2: whether any route (of any partner) is on the EVM rail. */
export async function hasEvmRoutes(x: Exec): Promise<boolean> {
  const t = x.t.routes;
  return (await x.q.select({ code: t.routeCode }).from(t).where(eq(t.rail, 'EVM')).limit(1)).length > 0;
}


/** §18.4 devnet pay: a mapping of the route code on the EVM rail (any partner's; the first by client id). */
export async function findEvmRoute(x: Exec, routeCode: string): Promise<RouteRow | undefined> {
  const t = x.t.routes;
  return (await x.q.select().from(t).where(and(eq(t.routeCode, routeCode), eq(t.rail, 'EVM'))).orderBy(t.clientId).limit(1))[0];
}

/** §18.6: every route of every partner, for the start's check of the currency rules. */
export async function allRoutes(x: Exec): Promise<RouteRow[]> {
  const t = x.t.routes;
  return x.q.select().from(t).orderBy(t.routeCode, t.clientId);
}
