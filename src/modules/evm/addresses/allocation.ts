// §18 C4: a customer's EVM deposit address, allocated once from the xpub's counter in the transaction that
// needs it (createCustomer when the partner has an EVM route; `route create|update --rail EVM` for the
// partner's customers without one), the same on all of the customer's EVM routes.
import type { Exec } from '../../../db/exec.js';
import { hasEvmRoute } from '../../routes/index.js';
import type { Engine } from '../../../db/engine.js';
import { DepositAddresses, xpubFingerprint } from './derivation.js';
import {
  customersWithoutEvmAddress,
  evmRoutesKey,
  findEvmAddress,
  firstEvmAddress,
  holdEvmRoutes,
  insertEvmAddress,
  partnersWithEvmRoutes,
  takeAddressIndex,
  touchClientRow,
} from './repository.js';
import { findRail } from '../rail/repository.js';
import type { EvmAddressRow } from '../tables.js';

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

/**
 * C2, C4 (settled): whether `xpub` is not the deposit key this database's EVM rail was first started with
 * (its stored fingerprint), or — before that first start — not the key that derived the addresses already
 * allocated (checked on the lowest index). Every process that derives addresses asks this first.
 */
export async function depositXpubMismatch(x: Exec, xpub: string): Promise<boolean> {
  const rail = await findRail(x);
  if (rail) return rail.xpubFingerprint !== xpubFingerprint(xpub);
  const first = await firstEvmAddress(x);
  return first !== undefined && deriver(xpub).at(first.addressIndex) !== first.address;
}

/** The message a refused process exits with: names the variable, never its value (C11). */
export const DEPOSIT_XPUB_MISMATCH = "EVM_DEPOSIT_XPUB is not the deposit key this database's EVM rail derives its addresses with";

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
