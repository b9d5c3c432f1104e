// Routes, the screening deny list and the sandbox failure list: plain reads and writes, no rules.
import { and, asc, eq, exists, gt, sql, type Column, type SQL } from 'drizzle-orm';
import type { Exec } from '../../db/exec.js';
import { prepared } from '../../db/prepared.js';
import type { RouteRow } from './tables.js';

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

/** The scales of every route of a currency, whoever it is mapped to (§10.2: one scale per currency). */
export async function scalesOfCurrency(x: Exec, currency: string): Promise<number[]> {
  const t = x.t.routes;
  const rows = await x.q.selectDistinct({ scale: t.currencyScale }).from(t).where(eq(t.currency, currency));
  return rows.map((r) => r.scale);
}

export type RouteChange = Partial<
  Pick<RouteRow, 'feeAmountMinor' | 'minAmountMinor' | 'maxAmountMinor' | 'travelRuleThresholdMinor' | 'rail' | 'tokenContract' | 'tokenDecimals' | 'evmTokenKey'>
> & { updatedAt: string };

/** Changes one partner's mapping of a route; undefined when there is none. */
export async function updateRoute(x: Exec, routeCode: string, clientId: string, set: RouteChange): Promise<RouteRow | undefined> {
  const t = x.t.routes;
  return (await x.q.update(t).set(set).where(and(eq(t.routeCode, routeCode), eq(t.clientId, clientId))).returning())[0];
}

/** §18 C4: whether an EVM route is mapped to the partner (its new customers then take an address). */
export async function hasEvmRoute(x: Exec, clientId: string): Promise<boolean> {
  const t = x.t.routes;
  return (await x.q.select({ code: t.routeCode }).from(t).where(and(eq(t.clientId, clientId), eq(t.rail, 'EVM'))).limit(1)).length > 0;
}

/** §18 C1 uq_evm_route_token: the partner's EVM route of a token (`key`: lower-case contract, or "native"). */
export async function findEvmRouteByToken(x: Exec, clientId: string, key: string): Promise<RouteRow | undefined> {
  const t = x.t.routes;
  return (await x.q.select().from(t).where(and(eq(t.clientId, clientId), eq(t.evmTokenKey, key))))[0];
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

/** Removes a deny-list entry; whether there was one. */
export async function deleteDenied(x: Exec, blockchain: string, addressKey: string): Promise<boolean> {
  const t = x.t.screeningDenylist;
  const rows = await x.q.delete(t).where(and(eq(t.blockchain, blockchain), eq(t.addressKey, addressKey))).returning({ b: t.blockchain });
  return rows.length > 0;
}

/** Adds or replaces the forced failure of a destination. */
export async function saveSandboxFailure(x: Exec, blockchain: string, addressKey: string, failAt: string, createdAt: string): Promise<void> {
  const t = x.t.sandboxFailures;
  await x.q
    .insert(t)
    .values({ blockchain, addressKey, failAt, createdAt })
    .onConflictDoUpdate({ target: [t.blockchain, t.addressKey], set: { failAt, createdAt } });
}

/** Removes the forced failure of a destination; whether there was one. */
export async function deleteSandboxFailure(x: Exec, blockchain: string, addressKey: string): Promise<boolean> {
  const t = x.t.sandboxFailures;
  const rows = await x.q.delete(t).where(and(eq(t.blockchain, blockchain), eq(t.addressKey, addressKey))).returning({ b: t.blockchain });
  return rows.length > 0;
}

/**
 * §10.3 the routes mapped to a partner client, routeCode ascending in code-point order (PostgreSQL
 * compares under the "C" collation whatever the database's default), after `afterRouteCode`.
 */
export async function listRoutesOfClient(
  x: Exec,
  clientId: string,
  f: { afterRouteCode?: string; blockchain?: string; limit: number },
): Promise<RouteRow[]> {
  const t = x.t.routes;
  const code: SQL = x.engine === 'pg' ? sql`${t.routeCode} collate "C"` : sql`${t.routeCode}`;
  const where: SQL[] = [eq(t.clientId, clientId)];
  if (f.afterRouteCode !== undefined) where.push(gt(code, f.afterRouteCode));
  if (f.blockchain !== undefined) where.push(eq(t.blockchain, f.blockchain));
  return x.q
    .select()
    .from(t)
    .where(and(...where))
    .orderBy(asc(code))
    .limit(f.limit);
}

/** §10.7: the sandbox failure entry of a destination (its comparison key), if any. */
export async function findSandboxFailure(x: Exec, blockchain: string, addressKey: string): Promise<string | undefined> {
  const t = x.t.sandboxFailures;
  const rows = await x.q.select({ failAt: t.failAt }).from(t).where(and(eq(t.blockchain, blockchain), eq(t.addressKey, addressKey)));
  return rows[0]?.failAt;
}

/**
 * §18 C1: a condition for another module's query over its records: the route the record names by its
 * (routeCode, clientId) columns is on `rail` (the rail that moves the record).
 */
export function routeOnRail(x: Exec, rail: string, routeCode: Column, clientId: Column): SQL {
  const r = x.t.routes;
  return exists(
    x.q
      .select({ one: sql`1` })
      .from(r)
      .where(and(eq(r.routeCode, routeCode), eq(r.clientId, clientId), eq(r.rail, rail))),
  );
}
