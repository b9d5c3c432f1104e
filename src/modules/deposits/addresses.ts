// §10.3 a deposit wallet's address on a rail whose addresses another module keeps (§18.1: the EVM rail's
// C4 addresses), without deposits importing it (no module cycle): that module registers its lookup here
// from its own hooks.ts, wired by src/engine/open.ts with every engine a process opens.
import type { Exec } from '../../db/exec.js';

/** The customer's deposit address on the rail, or undefined when none is allocated. */
export type DepositAddressLookup = (db: Exec, customerId: string) => Promise<string | undefined>;

const lookups = new Map<string, DepositAddressLookup>();

/** Registers the rail's lookup (the last registration of a rail stands). */
export function provideDepositAddresses(rail: string, lookup: DepositAddressLookup): void {
  lookups.set(rail, lookup);
}

/** The customer's address on the rail; undefined when none is allocated or no module keeps the rail's. */
export async function depositAddressOf(rail: string, db: Exec, customerId: string): Promise<string | undefined> {
  return lookups.get(rail)?.(db, customerId);
}
