// §18 C4: a customer's EVM deposit address, allocated once from the xpub's counter in the transaction that
// needs it (createCustomer when the partner has an EVM route; `route create|update --rail EVM` for the
// partner's customers without one), the same on all of the customer's EVM routes.
import type { Exec } from '../../db/exec.js';
import { hasEvmRoute } from '../routes/index.js';
import { DepositAddresses } from './addresses.js';
import { customersWithoutEvmAddress, findEvmAddress, holdEvmRoutes, insertEvmAddress, takeAddressIndex, touchClientRow } from './addresses-repository.js';
import type { EvmAddressRow } from './tables.js';

/** The xpub's external chain, derived once per xpub. */
const derivers = new Map<string, DepositAddresses>();
function deriver(xpub: string): DepositAddresses {
  let d = derivers.get(xpub);
  if (!d) derivers.set(xpub, (d = new DepositAddresses(xpub)));
  return d;
}

/**
 * C4: the customer's address, allocated now if it has none: the next index of the counter (locked by
 * this transaction, so gapless), child 0/i of the xpub. Never twice per customer.
 */
export async function allocateEvmAddress(tx: Exec, customerId: string, xpub: string, at: string): Promise<EvmAddressRow> {
  const existing = await findEvmAddress(tx, customerId);
  if (existing) return existing;
  const addressIndex = await takeAddressIndex(tx);
  const address = deriver(xpub).at(addressIndex);
  const row: EvmAddressRow = { customerId, addressIndex, address, addressKey: address.toLowerCase(), createdAt: at };
  await insertEvmAddress(tx, row);
  return row;
}

/**
 * C4: every customer of the partner without an address gets one, in createdAt, then id, order. The
 * caller's transaction holds `evmRoutesKey(clientId)` exclusively (RunOptions.exclusive) and makes the
 * partner's route EVM in it, so no customer created meanwhile is left without an address.
 */
export async function allocateEvmAddressesOf(tx: Exec, clientId: string, xpub: string, at: string): Promise<EvmAddressRow[]> {
  await touchClientRow(tx, clientId);
  const made: EvmAddressRow[] = [];
  for (const customerId of await customersWithoutEvmAddress(tx, clientId)) made.push(await allocateEvmAddress(tx, customerId, xpub, at));
  return made;
}

/**
 * C4 on createCustomer: an address when an EVM route is mapped to the partner. Without a configured
 * xpub (a server with the rail off) none is allocated here; the next `route create|update --rail EVM`
 * for the partner allocates it.
 */
export async function allocateOnNewCustomer(tx: Exec, clientId: string, customerId: string, xpub: string | null, at: string): Promise<EvmAddressRow | undefined> {
  if (xpub === null) return undefined;
  await holdEvmRoutes(tx, clientId);
  if (!(await hasEvmRoute(tx, clientId))) return undefined;
  return allocateEvmAddress(tx, customerId, xpub, at);
}

/** The customer's EVM deposit address (EIP-55), or undefined when none is allocated. */
export async function evmAddressOf(x: Exec, customerId: string): Promise<string | undefined> {
  return (await findEvmAddress(x, customerId))?.address;
}
