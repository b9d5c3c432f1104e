// §18 C4: a customer's EVM deposit address, allocated once from the xpub's counter in the transaction that
// needs it (createCustomer when the partner has an EVM route; `route create|update --rail EVM` for the
// partner's customers without one), the same on all of the customer's EVM routes.
import { lockClient, shareClient } from '../../../db/clients-repository.js';
import type { Engine } from '../../../db/engine.js';
import type { Exec } from '../../../db/exec.js';
import { customersOfClientInOrder, type CustomerKey } from '../../customers/index.js';
import { hasEvmRoute, partnersWithEvmRoutes } from '../../routes/index.js';
import { deriver } from './derivation.js';
import { customersWithEvmAddress, evmRoutesKey, findEvmAddress, insertEvmAddress, takeAddressIndex } from './repository.js';
import type { EvmAddressRow } from '../tables.js';

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
  // Claims the client's row: a createCustomer that shares it (shareClient) runs before or after this one.
  await lockClient(tx, clientId);
  const made: EvmAddressRow[] = [];
  let after: CustomerKey | undefined;
  for (;;) {
    const page = await customersOfClientInOrder(tx, clientId, after, CUSTOMERS_PER_PAGE);
    if (page.length === 0) return made;
    const allocated = await customersWithEvmAddress(
      tx,
      page.map((c) => c.customerId),
    );
    for (const c of page) if (!allocated.has(c.customerId)) made.push(await allocateEvmAddress(tx, c.customerId, xpub, at));
    after = page.at(-1);
  }
}

/** Customers read per page while a partner's addresses are allocated. */
const CUSTOMERS_PER_PAGE = 500;

/**
 * C4 on createCustomer: an address when an EVM route is mapped to the partner. Without a configured
 * xpub (a server with the rail off) none is allocated here; the next `route create|update --rail EVM`
 * for the partner allocates it.
 */
export async function allocateOnNewCustomer(tx: Exec, clientId: string, customerId: string, xpub: string | null, at: string): Promise<EvmAddressRow | undefined> {
  if (xpub === null) return undefined;
  // PostgreSQL: a route change holds evmRoutesKey exclusively and claims the client's row, so it waits for
  // this customer's commit and sees the customer, or this one runs again and sees the route.
  await shareClient(tx, evmRoutesKey(clientId), clientId);
  if (!(await hasEvmRoute(tx, clientId))) return undefined;
  return allocateEvmAddress(tx, customerId, xpub, at);
}

/** The customer's EVM deposit address (EIP-55), or undefined when none is allocated. */
export async function evmAddressOf(x: Exec, customerId: string): Promise<string | undefined> {
  return (await findEvmAddress(x, customerId))?.address;
}

/**
 * C4 (settled): at the rail's start, before its first poll, every customer of a partner with an EVM route
 * that has no address yet (created by a process without the rail) is given one, a partner per transaction
 * holding `evmRoutesKey` as a route change does. Returns how many were allocated.
 */
export async function allocateMissingEvmAddresses(writer: Engine['writer'], xpub: string, at: string): Promise<number> {
  let made = 0;
  for (const clientId of await writer.run((x) => partnersWithEvmRoutes(x)))
    made += (await writer.run((tx) => allocateEvmAddressesOf(tx, clientId, xpub, at), { exclusive: evmRoutesKey(clientId) })).length;
  return made;
}
