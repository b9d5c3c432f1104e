// §18 C4, §18.1: what the EVM rail adds to the steps of modules below it, which import nothing of it:
// a customer's deposit address in createCustomer's transaction, and that address in its deposit wallets.
import type { HookWiring } from '../../core/hook.js';
import { onCustomerCreated, type CustomerCreatedHook } from '../customers/index.js';
import { provideDepositAddresses } from '../deposits/index.js';
import { allocateOnNewCustomer, evmAddressOf } from './addresses/allocation.js';

/** C4: the new customer's address when its partner has an EVM route (one function: registered once). */
const allocateForNewCustomer: CustomerCreatedHook = async (tx, customer, services) => {
  await allocateOnNewCustomer(tx, customer.clientId, customer.customerId, services.config.evm.depositXpub?.reveal() ?? null, customer.createdAt);
};

export default [() => onCustomerCreated(allocateForNewCustomer), () => provideDepositAddresses('EVM', evmAddressOf)] satisfies readonly HookWiring[];
