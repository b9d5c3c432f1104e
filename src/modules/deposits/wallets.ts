// §10.3 deposit wallets are derived, not provisioned (D5): a customer's wallet on a route is the route
// plus an address that is a pure function of both.
import type { RouteRow } from '../routes/index.js';
import { depositWalletAddress } from '../../core/addresses/derive.js';
import type { Blockchain } from '../../core/addresses/index.js';

export function walletView(route: RouteRow, customerId: string) {
  return {
    customerId,
    routeCode: route.routeCode,
    blockchain: route.blockchain,
    currency: route.currency,
    currencyScale: route.currencyScale,
    address: depositWalletAddress(route.blockchain as Blockchain, route.routeCode, customerId),
    status: route.enabled ? ('ACTIVE' as const) : ('DISABLED' as const),
    travelRuleThresholdMinor: route.travelRuleThresholdMinor,
  };
}
