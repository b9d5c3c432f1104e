// §10.11 data upgrades: code that runs once per database, after the SQL migrations and before the
// server answers (startService listens only once they are done, so `/readyz` waits for them). Each one
// runs in ONE write transaction together with its marker row in `upgrades`: a crash leaves all or none,
// and a database that has the marker is never converted again. A fresh database gets the marker with
// nothing to convert. Two processes starting at once on PostgreSQL: the second one's marker insert waits
// for the first one's commit and conflicts; the writer runs its job again, which finds the marker.
// They apply the modules' rules (deposit views, events, ledger postings), so they sit above the modules,
// not under db/, and service.ts runs them.
import type { Engine } from '../db/engine.js';
import { customerVerification } from './customer-verification.js';
import { moneyLifecycle } from './money-lifecycle.js';
import type { Upgrade } from './upgrade.js';
import { claimUpgrade } from '../db/upgrades-repository.js';

/** In the order they apply. */
export const UPGRADES: readonly Upgrade[] = [moneyLifecycle, customerVerification];

/** Applies every upgrade this database lacks; resolves with those applied here and their record counts. */
export async function runUpgrades(
  engine: Pick<Engine, 'writer'>,
  o: { clock: () => Date; sandboxStepDelayMs: number },
): Promise<{ name: string; records: number }[]> {
  const applied: { name: string; records: number }[] = [];
  for (const u of UPGRADES) {
    const records = await engine.writer.run(async (tx) => {
      const now = o.clock();
      if (!(await claimUpgrade(tx, u.name, now.toISOString()))) return undefined;
      return u.apply(tx, { now, sandboxStepDelayMs: o.sandboxStepDelayMs });
    });
    if (records !== undefined) applied.push({ name: u.name, records });
  }
  return applied;
}
