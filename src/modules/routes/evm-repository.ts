// §18 the routes on the EVM rail, as the rail reads them (its start, follower, status and the devnet's pay):
// plain reads of this module's table, no rules.
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Exec } from '../../db/exec.js';
import type { RouteRow } from './tables.js';

/** C2: whether any route (of any partner) is on the EVM rail. */
export async function anyEvmRoute(x: Exec): Promise<boolean> {
  const t = x.t.routes;
  return (await x.q.select({ code: t.routeCode }).from(t).where(eq(t.rail, 'EVM')).limit(1)).length > 0;
}

/** §18.4 devnet pay: a mapping of the route code on the EVM rail (any partner's; the first by client id). */
export async function firstEvmRouteOfCode(x: Exec, routeCode: string): Promise<RouteRow | undefined> {
  const t = x.t.routes;
  return (await x.q.select().from(t).where(and(eq(t.routeCode, routeCode), eq(t.rail, 'EVM'))).orderBy(t.clientId).limit(1))[0];
}

/** §18.6: every route of every partner, in route code, then client id, order. */
export async function allRoutes(x: Exec): Promise<RouteRow[]> {
  const t = x.t.routes;
  return x.q.select().from(t).orderBy(t.routeCode, t.clientId);
}

/** C4: the partners with at least one EVM route, in client id order. */
export async function partnersWithEvmRoutes(x: Exec): Promise<string[]> {
  const t = x.t.routes;
  return (await x.q.selectDistinct({ clientId: t.clientId }).from(t).where(eq(t.rail, 'EVM')).orderBy(asc(t.clientId))).map((r) => r.clientId);
}

/** C13: the token keys of all EVM routes (lower-case contracts, and "native" when any route is native ETH). */
export async function evmTokenKeys(x: Exec): Promise<string[]> {
  const t = x.t.routes;
  const rows = await x.q
    .selectDistinct({ key: t.evmTokenKey })
    .from(t)
    .where(and(eq(t.rail, 'EVM'), isNotNull(t.evmTokenKey)))
    .orderBy(asc(t.evmTokenKey));
  return rows.map((r) => r.key!);
}

/** C13: the partner's EVM route of a token key ('native' for ETH). */
export async function evmRouteOfToken(x: Exec, clientId: string, tokenKey: string): Promise<RouteRow | undefined> {
  const t = x.t.routes;
  return (
    await x.q
      .select()
      .from(t)
      .where(and(eq(t.clientId, clientId), eq(t.rail, 'EVM'), eq(t.evmTokenKey, tokenKey)))
  )[0];
}

/** §18.4 rail status: the token contracts of every EVM route (as stored, EIP-55; each once, in order). */
export async function evmTokenContracts(x: Exec): Promise<string[]> {
  const t = x.t.routes;
  const rows = await x.q
    .selectDistinct({ token: t.tokenContract })
    .from(t)
    .where(and(eq(t.rail, 'EVM'), sql`${t.tokenContract} is not null`))
    .orderBy(t.tokenContract);
  return rows.map((r) => r.token!);
}
