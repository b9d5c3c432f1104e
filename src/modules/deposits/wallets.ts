// §10.3 deposit wallets are derived, not provisioned (D5): a customer's wallet on a SANDBOX route is the
// route plus an address that is a pure function of both. §18 C4: on an EVM route it is the customer's
// EVM deposit address, allocated from EVM_DEPOSIT_XPUB, the same on all of its EVM routes.
import type { Exec } from '../../db/exec.js';
import type { RouteRow } from '../routes/index.js';
import { depositWalletAddress } from '../../core/addresses/derive.js';
import type { Blockchain } from '../../core/addresses/index.js';
import { hook } from '../../core/hook.js';

/**
 * §18 C4 the customer's EVM deposit address, undefined while it has none. The evm module answers (it
 * allocates the addresses and follows deposits to them: it is above this one).
 */
export const customerEvmAddress = hook<(tx: Exec, customerId: string) => Promise<string | undefined>>(
  "a customer's EVM deposit address (evm: evmAddressOf)",
);

/** `evmAddress`: the customer's C4 address, for EVM routes; `chainId`: EVM_CHAIN_ID. */
export function walletView(route: RouteRow, customerId: string, evm: { address: string; chainId: number | null } = { address: '', chainId: null }) {
  const onEvm = route.rail === 'EVM';
  return {
    customerId,
    routeCode: route.routeCode,
    blockchain: route.blockchain,
    currency: route.currency,
    currencyScale: route.currencyScale,
    address: onEvm ? evm.address : depositWalletAddress(route.blockchain as Blockchain, route.routeCode, customerId),
    status: route.enabled ? ('ACTIVE' as const) : ('DISABLED' as const),
    travelRuleThresholdMinor: route.travelRuleThresholdMinor,
    // §18.1
    rail: route.rail,
    tokenContract: onEvm ? route.tokenContract : null,
    chainId: onEvm ? evm.chainId : null,
  };
}
