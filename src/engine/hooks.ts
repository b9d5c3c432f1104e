// Where a lower module's hook (src/core/hook.ts) gets the higher module's function that answers it: the
// calls that would otherwise make two modules depend on each other in a circle. Wired with the events'
// subscribers whenever a process opens its engine (./open.ts).
import { unwiredHooks } from '../core/hook.js';
import { requireOwnCustomer as customerCheck } from '../core/customer-ownership.js';
import { onCustomerCreated, onCustomerSuspended, requireOwnCustomer } from '../modules/customers/index.js';
import { customerEvmAddress, depositOnRoute, refundAmountsOf } from '../modules/deposits/index.js';
import { allocateOnNewCustomer, evmAddressOf } from '../modules/evm/index.js';
import { revokeCustomerSessions } from '../modules/frontend/index.js';
import { refundAmountsOfDeposit, refundOnRoute } from '../modules/refunds/index.js';
import { routeHasRecords } from '../modules/routes/index.js';
import { withdrawalOnRoute } from '../modules/withdrawals/index.js';

/** Gives every hook its function (again on each call: the same ones). Throws on a hook left unwired. */
export function wireHooks(): void {
  // events, ledger and files → customers (§4.1)
  customerCheck.provide(requireOwnCustomer);
  // customers → frontend (§17.1: a suspension revokes the customer's sessions)
  onCustomerSuspended.provide(revokeCustomerSessions);
  // customers, deposits → evm (§18 C4: a new customer's deposit address, in its creation's transaction)
  onCustomerCreated.provide((tx, c, config) => allocateOnNewCustomer(tx, c.clientId, c.customerId, config.evm.depositXpub?.reveal() ?? null, c.createdAt));
  customerEvmAddress.provide(evmAddressOf);
  // deposits → refunds (§10.4 refundable)
  refundAmountsOf.provide(refundAmountsOfDeposit);
  // routes → deposits, withdrawals, refunds (§18 C1: a route becomes EVM only with nothing on it)
  routeHasRecords.provide(
    async (tx, routeCode, clientId) =>
      (await depositOnRoute(tx, routeCode, clientId)) || (await withdrawalOnRoute(tx, routeCode, clientId)) || (await refundOnRoute(tx, routeCode, clientId)),
  );
  const unwired = unwiredHooks();
  if (unwired.length > 0) throw new Error(`hooks without a function (src/engine/hooks.ts): ${unwired.join('; ')}`);
}
