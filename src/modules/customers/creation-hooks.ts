// What modules above customers add to a customer's creation, without customers importing them (no module
// cycle): each registers here from its own hooks.ts, wired by src/engine/open.ts with every engine a
// process opens, and createCustomer runs them in its transaction, after the customer's event.
import type { Services } from '../../core/context.js';
import type { Exec } from '../../db/exec.js';
import type { CustomerRow } from './tables.js';

/** Runs in createCustomer's transaction: a rolled-back creation keeps nothing it wrote (§18 C4). */
export type CustomerCreatedHook = (tx: Exec, customer: CustomerRow, services: Services) => Promise<void>;

const hooks = new Set<CustomerCreatedHook>();

/** Registers a hook once (a registration is kept once, however often a process wires its hooks). */
export function onCustomerCreated(hook: CustomerCreatedHook): void {
  hooks.add(hook);
}

/** Every registered hook, in registration order. */
export async function customerCreated(tx: Exec, customer: CustomerRow, services: Services): Promise<void> {
  for (const hook of hooks) await hook(tx, customer, services);
}
