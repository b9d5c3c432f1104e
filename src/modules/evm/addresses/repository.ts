// §18 C4: the deposit address counter and the customers' addresses. Plain reads and writes, no rules.
import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Exec } from '../../../db/exec.js';
import { sharedKeyLockCall } from '../../../db/keyed-locks.js';
import { pgStatement } from '../../../db/prepared.js';
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

/** C4: a partner's customers that have no EVM address yet, in createdAt, then id, order. */
export async function customersWithoutEvmAddress(x: Exec, clientId: string): Promise<string[]> {
  const c = x.t.customers;
  const a = x.t.evmAddresses;
  // PostgreSQL compares text by byte under "C", as SQLite does: the same order on both engines.
  const ordered = (col: SQL | typeof c.customerId | typeof c.createdAt): SQL => (x.engine === 'pg' ? sql`${col} collate "C"` : sql`${col}`);
  const rows = await x.q
    .select({ id: c.customerId })
    .from(c)
    .leftJoin(a, eq(a.customerId, c.customerId))
    .where(and(eq(c.clientId, clientId), isNull(a.customerId)))
    .orderBy(asc(ordered(c.createdAt)), asc(ordered(c.customerId)));
  return rows.map((r) => r.id);
}

/** The key `route create|update --rail EVM` holds exclusively (RunOptions.exclusive) while it allocates a partner's addresses. */
export const evmRoutesKey = (clientId: string) => `evm-routes:${clientId}`;

/**
 * PostgreSQL, createCustomer before it asks whether the partner has an EVM route: the key of
 * `evmRoutesKey`, shared until commit, then the client's row FOR SHARE (as the webhooks' fan-out holds
 * a client's endpoints: insertDeliveriesOfEvent). A route change waits for the customer's commit, so
 * it sees the customer; and a customer whose snapshot is older than a committed route change fails on
 * the client row it wrote (`touchClientRow`) and runs again, seeing the route. SQLite: every job runs
 * alone.
 */
export async function holdEvmRoutes(x: Exec, clientId: string): Promise<void> {
  if (x.engine !== 'pg') return;
  await pgStatement(x, 'holdEvmRoutes', HOLD_EVM_ROUTES, [evmRoutesKey(clientId), clientId]);
}

const HOLD_EVM_ROUTES = `select ${sharedKeyLockCall('$1')} from partner_clients where client_id = $2 for share`;

/** Writes the client's row unchanged (see holdEvmRoutes). */
export async function touchClientRow(x: Exec, clientId: string): Promise<void> {
  const t = x.t.partnerClients;
  await x.q.update(t).set({ name: sql`${t.name}` }).where(eq(t.clientId, clientId));
}

/** C4: the allocated address of the lowest index, if any. */
export async function firstEvmAddress(x: Exec): Promise<EvmAddressRow | undefined> {
  const t = x.t.evmAddresses;
  return (await x.q.select().from(t).orderBy(asc(t.addressIndex)).limit(1))[0];
}

/** C4: the partners with at least one EVM route, in client id order. */
export async function partnersWithEvmRoutes(x: Exec): Promise<string[]> {
  const t = x.t.routes;
  return (await x.q.selectDistinct({ clientId: t.clientId }).from(t).where(eq(t.rail, 'EVM')).orderBy(asc(t.clientId))).map((r) => r.clientId);
}
