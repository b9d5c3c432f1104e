// §4.2 Routes: what a partner may do on a routeCode. Existence is never revealed to other partners.
import type { Exec } from '../../db/exec.js';
import type { RouteRow } from './tables.js';
import type { CallContext } from '../../core/context.js';
import { Problem } from '../../core/problem.js';
import { findRoute } from './repository.js';

/** Unknown, disabled or not mapped to the caller → 403 ROUTE_NOT_PERMITTED. Read fresh: partnerctl changes apply at once. */
export async function requirePermittedRoute(tx: Exec, ctx: CallContext, routeCode: string): Promise<RouteRow> {
  const route = await findRoute(tx, routeCode, ctx.clientId);
  if (!route || !route.enabled)
    // The code sent is not repeated (§12.3: no answer repeats a refused value); the request names it.
    throw new Problem('ROUTE_NOT_PERMITTED', 'The routeCode names no route permitted for this partner.');
  return route;
}

/** Whether a module's records of the partner exist on the route. */
export type RouteRecordsCheck = (tx: Exec, routeCode: string, clientId: string) => Promise<boolean>;

const recordChecks = new Set<RouteRecordsCheck>();

/**
 * §18 C1: a module whose records name routes (deposits, withdrawals, refunds: above this one) registers
 * how to tell from its hooks.ts (src/core/hook.ts); a registration is kept once.
 */
export function provideRouteRecords(check: RouteRecordsCheck): void {
  recordChecks.add(check);
}

/** §18 C1: whether any record of the partner exists on the route (a route becomes EVM only with none). */
export async function routeHasRecords(tx: Exec, routeCode: string, clientId: string): Promise<boolean> {
  for (const check of recordChecks) if (await check(tx, routeCode, clientId)) return true;
  return false;
}

/** §4.4 bounds: > 0 and within the route's min and max (inclusive), compared as big integers. */
export function amountWithinRoute(route: RouteRow, amountMinor: string): boolean {
  const amount = BigInt(amountMinor);
  if (amount <= 0n) return false;
  if (route.minAmountMinor !== null && amount < BigInt(route.minAmountMinor)) return false;
  if (route.maxAmountMinor !== null && amount > BigInt(route.maxAmountMinor)) return false;
  return true;
}

export function describeBounds(route: RouteRow): string {
  const min = route.minAmountMinor ?? '1';
  return route.maxAmountMinor === null ? `at least ${min}` : `between ${min} and ${route.maxAmountMinor}`;
}

/** §18 C3 / §18.5: an operation of the sandbox simulator on an EVM route → 409 ROUTE_RAIL_UNSUPPORTED. */
export function requireSandboxRail(route: RouteRow, operation: string): void {
  if (route.rail !== 'SANDBOX')
    throw new Problem('ROUTE_RAIL_UNSUPPORTED', `Route "${route.routeCode}" is on the ${route.rail} rail: ${operation} is for SANDBOX routes only.`);
}

/** §18 C3: sandbox failure entries (§10.7) are captured only in sandbox mode and only on SANDBOX routes. */
export const sandboxFailuresApply = (route: RouteRow, sandbox: boolean) => sandbox && route.rail === 'SANDBOX';
