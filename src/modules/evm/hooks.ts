// §18 C4, §18.1: what the EVM rail adds to the steps of modules below it, which import nothing of it:
// a customer's deposit address in createCustomer's transaction, and that address in its deposit wallets.
import { lazily, type HookWiring } from '../../core/hook.js';
import { onCustomerCreated, type CustomerCreatedHook } from '../customers/index.js';
import { provideDepositAddresses } from '../deposits/index.js';

// The rail's address code (viem's HD derivation among it) loads when a customer is created or a deposit
// wallet shown, not with every engine a process opens.
const allocateOnNewCustomer = lazily(async () => (await import('./addresses/allocation.js')).allocateOnNewCustomer);
const evmAddressOf = lazily(async () => (await import('./addresses/allocation.js')).evmAddressOf);

/** C4: the new customer's address when its partner has an EVM route (one function: registered once). */
const allocateForNewCustomer: CustomerCreatedHook = async (tx, customer, services) => {
  await allocateOnNewCustomer(tx, customer.clientId, customer.customerId, services.config.evm.depositXpub?.reveal() ?? null, customer.createdAt);
};

export default [() => onCustomerCreated(allocateForNewCustomer), () => provideDepositAddresses('EVM', evmAddressOf)] satisfies readonly HookWiring[];
