// §14.3 the owners of rounds: a record type whose review asks through the loop registers here (its
// module's hooks.ts), so the loop's timeout step can hand the owner its change without knowing its tables,
// as collections' payment target kinds do.
import type { Exec } from '../../db/exec.js';
import type { InformationSubject } from './catalog.js';

export type InformationOwner = {
  /** The owner's resource type (§11.1), the rounds' `ownerType`. */
  ownerType: string;
  subject: InformationSubject;
  /**
   * The timeout won the round (§14.3): the owner's move to REJECTED, statusInfo "Additional information
   * not provided" (a withdrawal's RELEASE too), with its event, in the step's transaction. It throws when
   * the owner is not where the round left it (never expected: the round and the status change together).
   */
  timedOut(tx: Exec, ownerId: string, at: string): Promise<void>;
};

const owners = new Map<string, InformationOwner>();

/** Registers (again: replaces) the owner of `ownerType`. */
export function provideInformationOwner(owner: InformationOwner): void {
  owners.set(owner.ownerType, owner);
}

export function informationOwner(ownerType: string): InformationOwner {
  const owner = owners.get(ownerType);
  if (!owner) throw new Error(`information owner ${ownerType}: not registered (its module's hooks.ts provides it)`);
  return owner;
}
