// §18.6 "C1 and C12, amended": a route stored before the currency rules (EUR and USD reserved; an EVM
// route's currency is its asset: ETH, or its token's symbol()) that breaks them is named in an error line at
// every start, and nothing is signed for it: its withdrawals and refunds wait in SCREENING with statusInfo
// "Route misconfigured" (event `updated`, once). Network calls (symbol()) are made outside transactions.
import type { Logger } from 'pino';
import type { Engine } from '../../../db/engine.js';
import { transition } from '../../lifecycle/index.js';
import { allRoutes, findRoute, routeCurrencyFault, type RouteRow } from '../../routes/index.js';
import { lifecycleOf, type TransferRecord } from '../../transfers/index.js';
import type { Chain } from '../chain.js';
import { readTokenSymbol } from './decimals.js';
import type { AnyKind } from '../kinds.js';
import { findHalt } from './repository.js';
import { statusInfoOf } from '../transfers-repository.js';

/** §18.6: the statusInfo of a SCREENING record that nothing will be signed for. */
export const ROUTE_MISCONFIGURED = 'Route misconfigured';

/**
 * The tokens' symbol() as this process read it (lower-case contract → symbol; null: the call failed).
 * Read once per process: partnerctl compared it at `route create|update --rail EVM`, so a differing answer
 * is a route stored before the rule (or a token that changed), and the start logs it.
 */
const symbols = new Map<string, string | null>();

async function symbolOf(chain: Chain, contract: string): Promise<string | null> {
  const key = contract.toLowerCase();
  if (!symbols.has(key)) symbols.set(key, (await readTokenSymbol(chain, contract)) ?? null);
  return symbols.get(key)!;
}

/** What the route breaks of §14.1 / §18.6 (undefined: nothing); a token's symbol() read when `chain` is given. */
async function faultOf(route: RouteRow, chain: Chain | undefined): Promise<string | undefined> {
  const symbol = chain && route.rail === 'EVM' && route.tokenContract !== null ? await symbolOf(chain, route.tokenContract) : undefined;
  return routeCurrencyFault(route, symbol);
}

/**
 * At every start: an error line for each enabled route that breaks the rules (a disabled one is the
 * operator's answer already). Without the rail (`chain` undefined) tokens' symbols are not read.
 */
export async function reportMisconfiguredRoutes(engine: Pick<Engine, 'read'>, chain: Chain | undefined, logger: Logger): Promise<number> {
  const routes = await allRoutes(engine.read);
  let named = 0;
  for (const route of routes) {
    if (!route.enabled) continue;
    const fault = await faultOf(route, chain);
    if (!fault) continue;
    named += 1;
    logger.error(
      { routeCode: route.routeCode, clientId: route.clientId, rail: route.rail, currency: route.currency },
      `route ${route.routeCode} of ${route.clientId} is misconfigured: ${fault}; nothing is signed for it until an operator disables it (partnerctl route disable --code ${route.routeCode})`,
    );
  }
  return named;
}

/**
 * The sender's check before it signs a record: true when the record's route breaks the rules, and the
 * record then waits in SCREENING with statusInfo "Route misconfigured" (its `updated` event written once,
 * by whichever process sees it first). A node that cannot be reached for symbol() throws (the pass is
 * tried again next poll).
 */
export async function routeMisconfigured(
  deps: { engine: Pick<Engine, 'read' | 'writer'>; chain: Chain; clock: () => Date },
  kind: AnyKind,
  r: TransferRecord,
): Promise<boolean> {
  const route = await findRoute(deps.engine.read, r.routeCode, r.clientId);
  if (!route || !(await faultOf(route, deps.chain))) return false;
  const at = deps.clock().toISOString();
  await deps.engine.writer.run(async (tx) => {
    if (await findHalt(tx)) return;
    if ((await statusInfoOf(tx, kind.resourceType, r.id)) === ROUTE_MISCONFIGURED) return;
    await transition(tx, lifecycleOf(kind), { id: r.id, from: 'SCREENING', to: 'SCREENING', at, statusInfo: ROUTE_MISCONFIGURED });
  });
  return true;
}
