// §18 C4: the deposit address counter and the customers' addresses. Plain reads and writes, no rules.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Exec } from '../../../db/exec.js';
import type { EvmAddressRow } from '../tables.js';

/** The one row of evm_address_counter. */
const ONE = 1;

/**
 * C4: takes the next child index. One statement that creates the counter row on first use or increments
 * it, so the row is written (locked) by the allocating transaction until it ends: a rolled-back
 * transaction takes none, and two allocating transactions run one after the other (on PostgreSQL the
 * second fails on the changed row and the writer runs it again; on SQLite every write job runs alone).
 */
export async function takeAddressIndex(x: Exec): Promise<number> {
  const t = x.t.evmAddressCounter;
  const rows = await x.q
    .insert(t)
    .values({ id: ONE, nextIndex: 1 })
    .onConflictDoUpdate({ target: t.id, set: { nextIndex: sql`${t.nextIndex} + 1` } })
    .returning({ next: t.nextIndex });
  return rows[0]!.next - 1;
}

export async function findEvmAddress(x: Exec, customerId: string): Promise<EvmAddressRow | undefined> {
  const t = x.t.evmAddresses;
  return (await x.q.select().from(t).where(eq(t.customerId, customerId)))[0];
}

/** The customer whose address this is (`addressKey`: lower case), if any. */
export async function findEvmAddressByKey(x: Exec, addressKey: string): Promise<EvmAddressRow | undefined> {
  const t = x.t.evmAddresses;
  return (await x.q.select().from(t).where(eq(t.addressKey, addressKey)))[0];
}

export async function insertEvmAddress(x: Exec, row: EvmAddressRow): Promise<void> {
  await x.q.insert(x.t.evmAddresses).values(row);
}

/** C4: which of these customers have an EVM address. */
export async function customersWithEvmAddress(x: Exec, customerIds: string[]): Promise<Set<string>> {
  if (customerIds.length === 0) return new Set();
  const t = x.t.evmAddresses;
  return new Set((await x.q.select({ id: t.customerId }).from(t).where(inArray(t.customerId, customerIds))).map((r) => r.id));
}

/** C13: the deposit addresses among `keys` (lower case). */
export async function evmAddressesAmong(x: Exec, keys: string[]): Promise<EvmAddressRow[]> {
  if (keys.length === 0) return [];
  const t = x.t.evmAddresses;
  return x.q.select().from(t).where(inArray(t.addressKey, keys));
}

/** The key `route create|update --rail EVM` holds exclusively (RunOptions.exclusive) while it allocates a partner's addresses. */
export const evmRoutesKey = (clientId: string) => `evm-routes:${clientId}`;

/** C4: the allocated address of the lowest index, if any. */
export async function firstEvmAddress(x: Exec): Promise<EvmAddressRow | undefined> {
  const t = x.t.evmAddresses;
  return (await x.q.select().from(t).orderBy(asc(t.addressIndex)).limit(1))[0];
}
